"""Hosted tables for the network tests: a host on loopback and its players' clients."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

from cardtable.cards import Card
from cardtable.engine.state import GameState
from cardtable.games import get_rules
from cardtable.net.client import TableClient
from cardtable.net.host import Limits, NetHost, format_address, networked, seats_for, seats_from_state
from cardtable.net.protocol import news_of, pause_of, recent_log
from cardtable.session import Notice, Saver, SlotSaver, TableSession
from cardtable.session.notices import Moved, Refusal
from cardtable.tui.wording import news_line, pause_line, refusal_line
from cardtable.userdata.slots import GameSlot, unfinished_games

NAMES = ("Ann", "Ada", "Ben", "Cleo", "Dan", "Eve")

#: each game short: President two rounds (so an exchange), Hearts one hand
GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "president": (["remote", "remote", "easy"], {"rounds": 2}),
    "durak": (["remote", "remote", "easy"], {}),
    "hearts": (["remote", "remote", "remote", "easy"], {"target": 1}),
}

#: scripted players move far faster than people: the message rate limit has its own test
FAST = Limits(rate=10_000, burst=10_000, wrong_code_delay=0.01)


def told(client: TableClient) -> str:
    """The host's last status to ``client`` as its screen words it: what changed among the
    players, then why the table waits (the host sends both as data)."""
    names = {status.seat: status.name for status in client.seats}
    lines = [news_line(news_of(news), names.__getitem__) for news in client.told]
    if client.paused and client.pause is not None:
        lines.append(pause_line(pause_of(client.pause), names.__getitem__))
    return " ".join(lines)


def host_pause(host: NetHost) -> str:
    """Why ``host``'s table waits, as a screen words it (empty when it does not)."""
    waiting = host.waiting()
    if waiting is None:
        return ""
    return pause_line(pause_of(waiting), lambda seat: host.session.seats[seat].name)


def worded(client: TableClient, refusal: Refusal) -> str:
    """A refusal the host sent ``client``, as its screen words it."""
    names = {status.seat: status.name for status in client.seats}
    return refusal_line(refusal, names.__getitem__)


def refusals(client: TableClient) -> list[tuple[int, str]]:
    """The refusals the host sent ``client`` (``(seq, reason)``), as its screen words them."""
    return [(seq, worded(client, refusal)) for seq, refusal in client.refusals]


def new_state(game: str, kinds: list[str], seed: int = 1, **options: Any) -> GameState:
    state = get_rules(game).new_game(players=len(kinds), seed=seed, **options)
    state.meta["seats"] = [{"kind": kind, "name": NAMES[i]} for i, kind in enumerate(kinds)]
    return state


async def open_table(
    game: str,
    kinds: list[str],
    seed: int = 1,
    *,
    limits: Limits = FAST,
    on_send: Callable[[int, bytes], None] | None = None,
    saver: Saver | None = None,
    join: bool = True,
    listener: Callable[[Notice], None] | None = None,
    **options: Any,
) -> tuple[NetHost, list[TableClient]]:
    """A started host of a new game, and one client per remote seat (in seat order),
    joined unless ``join`` is false.  ``listener`` hears the session's notices before
    the host does."""
    state = new_state(game, kinds, seed, **options)
    seats = seats_for([(entry["kind"], entry["name"]) for entry in state.meta["seats"]])
    session = TableSession(state, seats, saver=saver)
    if listener is not None:
        session.listen(listener)
    host = NetHost(session, limits=limits, on_send=on_send, log_line=lambda _: None)
    await host.start()
    clients = [client_for(host, seat) for seat in host.remote_seats]
    if join:
        for client in clients:
            await client.join()
    return host, clients


async def reopen_table(
    host: NetHost,
    saver: SlotSaver,
    *,
    limits: Limits = FAST,
    on_send: Callable[[int, bytes], None] | None = None,
    listener: Callable[[Notice], None] | None = None,
) -> NetHost:
    """Stop ``host`` (its players are told goodbye) and let go of its save, then host the
    saved game again as ``cardtable resume`` does: its seats from the save, new codes.
    ``listener`` hears the new session's notices before the host does."""
    await host.close()
    host.session.close()
    saver.close()
    [saved] = unfinished_games()[0]
    slot, state = GameSlot.open(saved.path)
    assert networked(state)
    session = TableSession(state, seats_from_state(state), saver=SlotSaver(slot), resumed=True)
    if listener is not None:
        session.listen(listener)
    resumed = NetHost(session, limits=limits, on_send=on_send, log_line=lambda _: None)
    await resumed.start()
    return resumed


def client_for(host: NetHost, seat: int, **kwargs: Any) -> TableClient:
    """A client of ``seat``, unpaced (the tests' hosts lift the rate limit)."""
    return TableClient(format_address(*host.address), host.codes[seat], **{"max_rate": None, **kwargs})


async def autoplay(
    client: TableClient, rng: random.Random, until: Callable[[TableClient], bool] = lambda c: c.is_over
) -> int:
    """Play ``client``'s seat with random legal moves until ``until`` holds; return the moves made."""
    moves = 0
    while True:
        await client.wait_for(lambda c: until(c) or c.closed_reason is not None or (c.my_turn and bool(c.legal)))
        if until(client) or client.closed_reason is not None:
            return moves
        await client.act(rng.choice(client.legal))
        moves += 1


def cards_in(data: str | bytes) -> set[str]:
    """Every card code written anywhere in a JSON message (keys and strings, word by word)."""
    return cards_of(json.loads(data))


def cards_of(value: Any) -> set[str]:
    """Every card code written anywhere in a JSON value (keys and strings, word by word)."""
    found: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, dict):
            for key, inner in item.items():
                walk(key)
                walk(inner)
        elif isinstance(item, list):
            for inner in item:
                walk(inner)
        elif isinstance(item, str):
            for word in item.replace(",", " ").replace("(", " ").replace(")", " ").split():
                code = card_code(word)
                if code is not None:
                    found.add(code)

    walk(value)
    return found


@functools.lru_cache(maxsize=4096)
def card_code(word: str) -> str | None:
    """The card ``word`` writes, as its code, if it writes one (the same words come
    again and again in a game's messages: each is read once)."""
    try:
        return str(Card.parse(word))
    except ValueError:
        return None


def hidden_from(state: GameState, seat: int, round_number: int | None = None) -> set[str]:
    """The cards ``seat`` may not know in deal ``round_number`` (default: the one being
    played): the deck but for the cards of that deal's events it may see (its own deal,
    plays, draws, gifts to and from it), and for the current deal its hand now."""
    events = state.events
    current = max((event.round for event in events), default=0)
    if round_number is None:
        round_number = current
    known = {str(card) for card in state.hand(seat)} if round_number == current else set()
    for event in events:
        if event.round == round_number and event.visible(seat):
            known.update(str(card) for card in event.cards)
    return {str(card) for card in state.rules.deck} - known


class LeakCheck:
    """Checks every message a host sends against the host's whole state at that moment.

    A card a seat may not know now (:func:`hidden_from`) must not be written anywhere in
    what it is sent about this deal; an event or a move of an earlier deal must not
    write a card that stayed hidden from the seat all through that deal.  (A card of an
    earlier deal may be in anyone's hand now: the deck was dealt again.)  Install
    :meth:`listen` on the session before the host, and :meth:`on_send` as its ``on_send``.
    """

    def __init__(self) -> None:
        self.state: GameState | None = None
        #: the table, whose observations show a choice made ahead of its turn as made
        self.session: TableSession | None = None
        #: the deal each move of the history was made in
        self.history_rounds: list[int] = []
        self.leaks: list[str] = []
        self.sent: dict[int, list[bytes]] = {}
        #: sends at which the neighbour's hand, sent instead, would have been caught
        self.would_catch = 0
        #: states after which a client would not hold exactly the seat's observation
        #: (``recent_log(session.observation(seat).to_dict())``)
        self.not_exact = 0
        #: per seat, the observation a client holds after the states sent so far
        self.held: dict[int, dict[str, Any]] = {}

    def listen(self, notice: Notice) -> None:
        if isinstance(notice, Moved):
            self.history_rounds.append(notice.events[0].round if notice.events else self.current_round())

    def current_round(self) -> int:
        assert self.state is not None
        return max((event.round for event in self.state.events), default=0)

    def on_send(self, seat: int, data: bytes) -> None:
        state = self.state
        assert state is not None
        self.sent.setdefault(seat, []).append(data)
        now = self.current_round()
        hidden = hidden_from(state, seat)
        earlier: dict[int, set[str]] = {}

        def hidden_in(round_number: int) -> set[str]:
            if round_number >= now:
                return hidden
            if round_number not in earlier:
                earlier[round_number] = hidden_from(state, seat, round_number)
            return earlier[round_number]

        message = json.loads(data)
        if message["type"] == "state":
            # A state leaves the client holding exactly the seat's observation, its log
            # cut to the recent part, as a bot of the seat would get it.
            held = self.held.get(seat)
            if message["full"]:
                held = recent_log(message["observation"])
            else:
                assert held is not None, "changes before a whole observation"
                held = {**held, **message["observation"]}
                for field, items in message.get("appended", {}).items():
                    held[field] = held[field] + items
                held = recent_log(held)
            self.held[seat] = held
            seen = self.session.observation(seat) if self.session is not None else state.observation(seat)
            if held != recent_log(seen.to_dict()):
                self.not_exact += 1
        leaked: set[str] = set()

        def check_events(events: list[dict[str, Any]]) -> None:
            for event in events:
                leaked.update(cards_of(event) & hidden_in(event["round"]))

        def check_history(moves: list[list[Any]]) -> None:
            # The moves sent are the last ones of the history: the n-th of k is move
            # len(history) - k + n of the game.
            start = len(state.history) - len(moves)
            for index, (_, text) in enumerate(moves, start=start):
                leaked.update(cards_of(text) & hidden_in(self.history_rounds[index]))

        def check_observation(fields: dict[str, Any]) -> None:
            for field, item in fields.items():
                if field == "events":
                    check_events(item)
                elif field == "history":
                    check_history(item)
                else:
                    leaked.update(cards_of(item) & hidden)

        for key, value in message.items():
            if key in ("observation", "appended"):
                check_observation(value)
            else:
                leaked.update(cards_of(value) & hidden)
        if leaked:
            self.leaks.append(f"seat {seat} was sent {sorted(leaked)} in {data[:300]!r}")
        if not state.is_over:
            other = state.observation((seat + 1) % state.num_players).to_dict()
            self.would_catch += bool(cards_of(other["hand"]) & hidden)


def held(table: GameState | TableSession, seat: int) -> dict[str, Any]:
    """What a client of ``seat`` holds when it is up to date: the seat's observation
    (a session's shows a choice made ahead of its turn as made) with its log cut to the
    recent part."""
    return recent_log(table.observation(seat).to_dict())


def held_view(table: GameState | TableSession, seat: int) -> Any:
    """:func:`held` as the game's own observation object, as a joined screen draws it."""
    from cardtable.net.observations import rebuild_observation

    game = table.game if isinstance(table, TableSession) else table.rules.name
    return rebuild_observation(game, held(table, seat))
