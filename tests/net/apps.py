"""Players' apps at a hosted table: the real cardtable app of each remote seat, joined
over loopback and run headless (``run_test()``), driven through its keys.

:class:`AppTable` seats one app per remote seat of a :class:`NetHost` and plays their
moves as people would: it chooses from the legal moves the seat's own screen shows,
walks the cursor with the arrow keys, selects with space and plays with Enter (P to
pass, T to take, Tab to choose which attacking card to beat), all taken from the
table's keymap.  Between moves it lets every screen catch up with the host and checks
what each shows: its own hand, and every other seat's moves in its log.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from textual.events import Key

from cardtable.cards import Card
from cardtable.engine.actions import Action
from cardtable.errors import CardtableError
from cardtable.net.host import NetHost, format_address
from cardtable.net.remote import RemoteSession
from cardtable.tui.app import CardtableApp
from cardtable.tui.keymap import TABLE_KEYS, first_key
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.tui.widgets.hand import HandView
from tests import waiting
from tests.net.tables import held_view

#: the terminal every player's app runs in (the log shows beside the table)
SIZE = (80, 24)


@pytest.fixture(autouse=True)
def utf8_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps see a UTF-8 terminal whatever the machine's locale (import it into a
    test module to use it there)."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def key(action: str) -> str:
    """The key a player presses for the table's ``action`` (``play``, ``cursor(1)``)."""
    return first_key(action, TABLE_KEYS)


def screen_text(app: CardtableApp) -> str:
    """The app's screen as plain text, one line per row (the last frame drawn)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip).rstrip() for strip in strips)


def joined_app(host: NetHost, seat: int, name: str = "", **options: Any) -> CardtableApp:
    """The app of ``cardtable join`` with ``seat``'s code, bots and trick pauses unpaced."""
    return CardtableApp(join=(format_address(*host.address), host.codes[seat], name), bot_delay=0, trick_pause=0,
                        **options)


async def until(
    pilots: Sequence[Any], condition: Callable[[], bool], timeout: float = 10.0, what: Callable[[], object] = str
) -> None:
    """Let the apps run until ``condition`` holds (else fail, saying ``what()``), each
    pausing until the process is idle between two looks."""

    async def pause_each() -> None:
        for pilot in pilots:
            await pilot.pause()

    await waiting.until(condition, lambda: f"the screens getting there: {what()}", timeout, between=pause_each)


async def until_handled(
    pilots: Sequence[Any], condition: Callable[[], bool], timeout: float = 10.0, what: Callable[[], object] = str
) -> None:
    """:func:`until`, each app only handling what it was sent between two looks (not
    waiting for the whole process to go idle, which with several apps, a host and its
    bots' threads in one process is seldom: up to a second a look)."""

    async def handle_each() -> None:
        for pilot in pilots:
            await pilot._wait_for_screen()

    await waiting.until(condition, lambda: f"the screens getting there: {what()}", timeout, between=handle_each,
                        every=0.005)


#: the character a terminal sends with each named key the table binds
_CHARACTERS = {"space": " ", "enter": "\r", "tab": "\t", "escape": "\x1b"}


async def press(pilot: Any, *keys: str) -> None:
    """Press ``keys`` in ``pilot``'s app, each once the app has handled the one before.

    ``pilot.press`` waits after every key for the whole process to go idle, which, with
    several apps, a host and its bots' threads in one process, is seldom (up to a
    second a key): this waits for the app's screen to have handled the key instead.
    """
    for name in keys:
        pilot.app.post_message(Key(name, _CHARACTERS.get(name, name if len(name) == 1 else None)))
        # Once for the app to pass the key on to the screen, once for the screen to run it.
        await pilot._wait_for_screen()
        await pilot._wait_for_screen()


def game_screen(app: CardtableApp) -> GameScreen:
    """The app's table screen (under a pop-up, if one is open)."""
    screen = next((screen for screen in reversed(app.screen_stack) if isinstance(screen, GameScreen)), None)
    assert screen is not None, type(app.screen).__name__
    return screen


def status(app: CardtableApp) -> str:
    """The table screen's status line, as plain text."""
    return str(game_screen(app).query_one("#status").render())


def title(app: CardtableApp) -> str:
    """The table screen's title bar (the round, the seat, who is at the table)."""
    return str(game_screen(app).query_one("#title-bar").render())


async def walk_to(pilot: Any, hand: HandView, card: Card) -> None:
    """Move the hand's cursor onto ``card`` with the arrow keys."""
    target = hand.cards.index(card)
    step = "cursor(1)" if target > hand.cursor else "cursor(-1)"
    if target != hand.cursor:
        await press(pilot, *[key(step)] * abs(target - hand.cursor))
    assert hand.cursor == target


async def select(pilot: Any, screen: GameScreen, cards: Sequence[Card]) -> None:
    """Select exactly ``cards`` in the hand: clear, then walk to each and press space."""
    hand = screen.query_one(HandView)
    if hand.selected:
        await press(pilot, key("clear"))
    for card in sorted(cards, key=hand.cards.index):
        await walk_to(pilot, hand, card)
        await press(pilot, key("toggle_card"))
    assert set(hand.selected_cards) == set(cards), (pilot.app.screen_stack, pilot.app.focused, hand.cursor, hand.cards)


async def press_move(pilot: Any, screen: GameScreen, action: Action) -> None:
    """Make ``action`` through the keys, as its player would (legal or not)."""
    if action.kind == "pass":
        await press(pilot, key("pass_turn"))
    elif action.kind == "take":
        await press(pilot, key("take"))
    elif action.kind == "defend" and len(action.cards) == 2:
        attacking, beating = action.cards
        for _ in range(len(action.cards) + 6):
            if screen.table._effective_target(screen.obs) == attacking:  # type: ignore[attr-defined]
                break
            await press(pilot, key("next_target"))
        await select(pilot, screen, [beating])
        await press(pilot, key("play"))
    else:
        await select(pilot, screen, action.cards)
        await press(pilot, key("play"))


class SeatApp:
    """One remote seat's player: the app joined with the seat's code, running headless."""

    def __init__(self, host: NetHost, seat: int, name: str = "") -> None:
        self.seat = seat
        self.app = joined_app(host, seat, name)
        self._run = self.app.run_test(size=SIZE)
        self.pilot: Any = None
        #: the first event of the screen's observation whose log line is not checked yet
        self.logged = 0

    async def open(self) -> SeatApp:
        self.pilot = await self._run.__aenter__()
        return self

    async def close(self) -> None:
        if self.pilot is not None:
            self.pilot = None
            await self._run.__aexit__(None, None, None)

    @property
    def screen(self) -> GameScreen:
        return game_screen(self.app)

    @property
    def at_table(self) -> bool:
        """The app shows the table (a round's result may be over it)."""
        return any(isinstance(screen, GameScreen) for screen in self.app.screen_stack)


class AppTable:
    """A host and its remote seats' apps, played to the end through their keys.

    ``choose`` picks each move from the legal moves the seat's screen shows.
    """

    def __init__(self, host: NetHost, rng: random.Random) -> None:
        self.host = host
        self.rng = rng
        self.players: dict[int, SeatApp] = {}
        #: moves made through the apps' keys, and the host's refusals shown on their screens
        self.moves = 0
        self.refused: list[tuple[int, str]] = []
        self.rounds_seen: set[int] = set()

    @property
    def state(self) -> Any:
        return self.host.session.state

    @property
    def pilots(self) -> list[Any]:
        return [player.pilot for player in self.players.values() if player.pilot is not None]

    async def until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        await until_handled(self.pilots, condition, timeout, self.describe)

    def describe(self) -> str:
        """What each screen shows now, for a failure's message."""
        lines = [f"host: to act {self.host.session.to_act}, paused {self.host.paused}, handed {self.host.handed}, "
                 f"players {sorted(self.host.players)}"]
        for seat, player in self.players.items():
            if player.pilot is None:
                continue
            shown = f"{status(player.app)!r} | {title(player.app)!r}" if player.at_table else type(player.app.screen)
            lines.append(f"seat {seat} on {type(player.app.screen).__name__}: {shown}")
        return "\n".join(lines)

    async def seat(self, seat: int, name: str = "") -> SeatApp:
        """Open ``seat``'s app with its code (again, after a drop: the same command)."""
        old = self.players.pop(seat, None)
        if old is not None:
            await old.close()
        player = await SeatApp(self.host, seat, name).open()
        self.players[seat] = player
        await self.until(lambda: self.caught_up(player))
        return player

    async def seat_everyone(self) -> None:
        for seat in self.host.remote_seats:
            await self.seat(seat)
        await self.sync()

    async def close(self) -> None:
        for player in list(self.players.values()):
            await player.close()
        self.players.clear()

    # --- catching up --------------------------------------------------------------------
    def bots_done(self) -> bool:
        """No bot of the host moves now: a person is to act, the table waits or is over."""
        host = self.host
        if host.session.is_over or host.paused:
            return True
        to_act = host.session.to_act
        return to_act in host.remote_seats and to_act not in host.handed and host._bot_task is None

    def caught_up(self, player: SeatApp) -> bool:
        """``player``'s screen shows the host's latest state of its seat."""
        if not player.at_table or self.host.players.get(player.seat) is None:
            return False
        screen = player.screen
        return not screen.session.waiting and screen.obs == held_view(self.host.session, player.seat)

    async def sync(self, timeout: float = 10.0) -> None:
        """Wait for the bots and for every connected screen to show the host's state,
        then check the screens (and close a round's result, as its player would)."""
        connected = lambda: [p for p in self.players.values() if p.pilot is not None and p.seat in self.host.players]  # noqa: E731
        await self.until(lambda: self.bots_done() and all(self.caught_up(p) for p in connected()), timeout)
        for player in connected():
            self.check_screen(player)
            if isinstance(player.app.screen, RoundOverScreen) and not player.app.screen.game_over:
                self.rounds_seen.add(player.seat)
                await press(player.pilot, "enter")
                await self.until(lambda player=player: not isinstance(player.app.screen, RoundOverScreen))

    def check_screen(self, player: SeatApp) -> None:
        """The screen shows its own seat's hand as the host has it, the seat's legal
        moves on its turn, and a log line for each move the others made."""
        screen, seat = player.screen, player.seat
        assert isinstance(screen.session, RemoteSession) and screen.viewer == seat
        hand = screen.query_one(HandView)
        own = self.host.session.observation(seat).hand  # a pass chosen ahead has left it
        assert set(hand.cards) == set(own) and len(hand.cards) == len(own)
        if self.host.session.to_act == seat and not self.host.paused and not self.state.is_over:
            assert [str(a) for a in screen.legal] == [str(a) for a in self.host.session.legal_actions()]
        assert screen.obs is not None
        events = screen.obs.events
        # The log starts afresh with each round (once the game is over, the last one stays)
        # and keeps its newest entries.
        fresh = [i for i in range(1, len(events)) if events[i - 1].kind == "round_over" and events[i].kind != "game_over"]
        start = max(player.logged, max(fresh, default=0), len(events) - 50)
        lines = {line.plain for line in screen.log_lines}
        ctx = screen.context
        for event in events[start:]:
            if event.seat is not None and event.seat != seat:
                line = screen.table.log_line(event, ctx, seat)
                if line is not None:
                    assert line.plain in lines, (line.plain, sorted(lines))
        player.logged = len(events)

    # --- moves ----------------------------------------------------------------------------
    def turn(self) -> SeatApp | None:
        """The app whose player is to move now, if any."""
        to_act = self.host.session.to_act
        if self.host.paused or self.state.is_over or to_act in self.host.handed:
            return None
        return self.players.get(to_act) if to_act is not None else None

    async def move(self, player: SeatApp) -> Action:
        """``player`` makes one move, chosen from its screen's legal moves, through its keys."""
        screen, seat = player.screen, player.seat
        assert screen.session.human_to_act and screen.legal
        assert player.app.screen is screen, player.app.screen_stack
        action = self.rng.choice(list(screen.legal))
        before = len(self.state.history)
        await press_move(player.pilot, screen, action)
        await self.until(lambda: len(self.state.history) > before)
        assert self.state.history[before] == (seat, action)
        self.moves += 1
        return action

    def wrong_cards(self, player: SeatApp) -> list[Card] | None:
        """Cards of the hand whose move the screen sends but the host refuses, if any."""
        screen = player.screen
        assert screen.obs is not None
        for card in screen.query_one(HandView).cards:
            try:
                action = screen.table.build_action(screen.obs, screen.legal, [card])
            except CardtableError:
                continue
            if action not in screen.legal:
                return [card]
        return None

    async def refuse(self, player: SeatApp, cards: list[Card]) -> str:
        """``player`` plays ``cards`` that are no legal move: the status line shows the
        host's reason and nothing changes, on the host or on any screen."""
        screen = player.screen
        assert screen.obs is not None
        action = screen.table.build_action(screen.obs, screen.legal, cards)
        reason = self.state.why_illegal(action)
        assert reason is not None
        before = self.state.to_json()
        hands = {p.seat: list(p.screen.query_one(HandView).cards) for p in self.players.values()}
        await select(player.pilot, screen, cards)
        await press(player.pilot, key("play"))
        await self.until(lambda: status(player.app).startswith("Refused"))
        assert status(player.app) == screen.refusal(reason).plain  # the host's reason, as play shows it
        await self.sync()
        assert self.state.to_json() == before
        assert {p.seat: list(p.screen.query_one(HandView).cards) for p in self.players.values()} == hands
        assert screen.session.human_to_act  # still this player's move to make
        self.refused.append((player.seat, reason))
        return reason

    async def play_until(self, done: Callable[[], bool], timeout: float = 120.0) -> None:
        """Play every seat's moves (the apps' through their keys, the bots at the host)
        until ``done()`` or the game is over."""
        end = time.monotonic() + timeout
        while True:
            await self.sync()
            if done() or self.state.is_over:
                return
            player = self.turn()
            assert player is not None, "nobody can move: the table waits"
            await self.move(player)
            assert time.monotonic() < end, "the game took too long"

    # --- leaving and coming back ------------------------------------------------------------
    def others(self, seat: int) -> list[SeatApp]:
        return [p for s, p in self.players.items() if s != seat and p.seat in self.host.players]

    async def check_paused_for(self, seat: int) -> None:
        """Every other screen shows the pause, waiting for ``seat``'s player, who is away
        on their own turn (the tests drop or send away the player to move)."""
        name = self.host.session.seats[seat].name
        line = f"Paused: it is {name}'s turn and {name} is away; waiting for {name} to rejoin."
        await self.until(lambda: all(line in status(p.app)
                                     and f"away: {name}" in title(p.app) for p in self.others(seat)))

    async def drop(self, seat: int) -> None:
        """``seat``'s connection breaks (no goodbye): its screen says so, the table pauses."""
        player = self.players[seat]
        self.host.players[seat].ws.transport.abort()
        await self.until(lambda: "Disconnected:" in status(player.app) and seat not in self.host.players)
        assert "Run the same join command to come back." in status(player.app)
        assert title(player.app).endswith("  ·  disconnected") and "at the table" not in title(player.app)
        await self.check_paused_for(seat)

    async def leave(self, seat: int) -> None:
        """``seat``'s player quits the table (Q): the start screen, and the table pauses."""
        player = self.players[seat]
        await press(player.pilot, key("quit_table"))
        await self.until(lambda: not player.at_table and seat not in self.host.players)
        await self.check_paused_for(seat)
