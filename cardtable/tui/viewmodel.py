"""What the game screen draws, worked out without Textual: :class:`TableViewModel`.

The game screen (:mod:`cardtable.tui.screens.game`) shows one table: a title bar, a box
per seat, the table itself, the scores, the log, a status line, the viewer's hand, a
row of buttons and the keys in the footer.  What goes into each of them follows from
what the table says (the observation the viewer's seat sees, whose turn it is, the
legal moves, what the table offers) and from the game's own wording (the per-game
table widget, as a :class:`TableWording`).  This module turns the one into the
other, as plain data (:class:`TableView`), so that it can be read and tested without a
terminal; the screen only puts a :class:`TableView` into its widgets.

The facts a view is made from are a :class:`TableFacts`, read from a table by
:meth:`TableFacts.read`:

>>> from cardtable.games import get_rules
>>> from cardtable.session import Seat, TableSession
>>> from cardtable.tui.tables import table_for
>>> session = TableSession(get_rules("president").new_game(players=3, seed=1),
...                        [Seat.human("Ann"), Seat.bot_seat("Ben", "easy"), Seat.bot_seat("Cy", "easy")])
>>> facts = TableFacts.read(session)
>>> view = TableViewModel("president", table_for("president")).view(facts)
>>> view.title.plain
' President   round 1  ·  you are Ann  ·  seed 1'
>>> [seat.name for seat in view.seats], view.seats[0].viewer
(['Ann', 'Ben', 'Cy'], True)
>>> view.keys["take"], view.keys["undo"]
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple, Protocol

from rich.text import Text

from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.engine.payloads import EventKind
from cardtable.games import get_rules
from cardtable.lang import _, brief_number, ngettext, pgettext
from cardtable.session.notices import AgainstRules, ConnectionLost
from cardtable.tui.cardstyle import CardStyle
from cardtable.tui.refusal_words import refusal_text
from cardtable.tui.wording import (
    a_bot,
    away_words,
    clock_line,
    engine_text,
    fill,
    level_word,
    pause_line,
    presence_line,
    refusal_line,
)
from cardtable.userdata.meta import shown_name

if TYPE_CHECKING:
    from cardtable.cards import Card
    from cardtable.engine.events import Event
    from cardtable.engine.observation import Observation
    from cardtable.session.notices import Refusal, TimeRanOut
    from cardtable.session.protocol import SeatClock, TableProtocol

__all__ = [
    "HandShown",
    "hand_title",
    "LogFeed",
    "SeatShown",
    "TableContext",
    "TableFacts",
    "TableView",
    "TableViewModel",
    "TableWording",
]


class TableContext(NamedTuple):
    """What a table widget needs besides the observation: names and the card style."""

    names: tuple[str, ...]
    labels: tuple[str, ...]
    style: CardStyle
    #: whether the screen may address its viewer as "you" (not in hot-seat or replays)
    personal: bool = True

    def is_you(self, seat: int | None) -> bool:
        """Whether a sentence about ``seat`` speaks to the reader: the seat named You."""
        return seat is not None and 0 <= seat < len(self.names) and self.names[seat] == YOU

    def is_yours(self, seat: int | None) -> bool:
        """As :meth:`is_you`, and always for the viewer of a single-person table (whose
        own things are "yours" whatever their name)."""
        return self.personal or self.is_you(seat)

    def name(self, seat: int | None) -> str:
        """The seat's name as a label shows it (a seat box, a score table): ``You``, in
        the reader's language."""
        if seat is None or not 0 <= seat < len(self.names):
            return "?"
        return _("You") if self.names[seat] == YOU else shown_name(self.names[seat])

    def who(self, seat: int | None, start: bool = False) -> str:
        """The seat's name as a list of names in a sentence gives it (``Passed: you,
        Ben``): the seat named You is the person reading, ``You`` at the ``start``.

        >>> ctx = TableContext(("You", "Ada"), ("You", "Ada"), CardStyle())
        >>> ctx.who(0), ctx.who(0, start=True), ctx.who(1)
        ('you', 'You', 'Ada')
        """
        if not self.is_you(seat):
            return self.name(seat)
        return _("You") if start else pgettext("in a list of players", "you")

    def label(self, seat: int | None) -> str:
        """The seat's name with its kind (``Ada (hard)``), ``?`` for no seat."""
        if seat is None or not 0 <= seat < len(self.labels):
            return "?"
        return seat_label(self.labels[seat], self.names[seat] if seat < len(self.names) else "")

    def line(self, seat: int | None, mine: str, theirs: str, style: str = "", **values: str | int | Text) -> Text:
        """A whole sentence about ``seat``: ``mine`` where it speaks to the reader (the
        seat named You), else ``theirs`` with the seat's name as ``{player}``.  Each
        language inflects its own verbs, so both sentences are translated whole.

        >>> ctx = TableContext(("You", "Ada"), ("You", "Ada"), CardStyle())
        >>> ctx.line(0, "You pass", "{player} passes").plain, ctx.line(1, "You pass", "{player} passes").plain
        ('You pass', 'Ada passes')
        """
        if self.is_you(seat):
            return fill(mine, style, **values)
        return fill(theirs, style, player=self.name(seat), **values)

    def own_line(self, seat: int | None, mine: str, theirs: str, style: str = "", **values: str | int | Text) -> Text:
        """As :meth:`line`, speaking to the viewer of a single-person table too
        (``Your hand``, where hot-seat says ``Ben's hand``).

        >>> ctx = TableContext(("Ann", "Ben"), ("Ann", "Ben"), CardStyle(), personal=False)
        >>> ctx.own_line(1, "Your turn", "{player}'s turn").plain
        "Ben's turn"
        """
        if self.is_yours(seat):
            return fill(mine, style, **values)
        return fill(theirs, style, player=self.name(seat), **values)


#: the name of the seat that speaks to the person reading (the default name of a person)
YOU = "You"


def seat_label(label: str, name: str) -> str:
    """A seat's label (``Ben (normal)``) in the reader's words: the bot's level and
    the name You translated, the name itself as it is.

    >>> seat_label("Ben (hard)", "Ben"), seat_label("You", "You")
    ('Ben (hard)', 'You')
    """
    if label.startswith(f"{name} (") and label.endswith(")"):
        level = label[len(name) + 2 : -1]
        return f"{_('You') if name == YOU else shown_name(name)} ({level_word(level)})"
    return _("You") if label == YOU else shown_name(label)


def hand_title(ctx: TableContext, seat: int | None, cards: int) -> str:
    """The title over a seat's hand: whose it is and how many cards.

    >>> hand_title(TableContext(("You", "Ben"), ("You", "Ben"), CardStyle()), 0, 1)
    'Your hand · 1 card'
    """
    return ctx.own_line(
        seat,
        ngettext("Your hand · {count} card", "Your hand · {count} cards", cards),
        ngettext("{player}'s hand · {count} card", "{player}'s hand · {count} cards", cards),
        count=cards,
    ).plain


class TableWording(Protocol):
    """A game's own words and ways, as the view model asks them (each game's table
    widget, :class:`~cardtable.tui.tables.TableArea`, answers them)."""

    #: the buttons the game uses besides Play: ``pass``, ``take``
    extra_moves: tuple[str, ...]
    #: whether a move answers one card on the table, chosen by a key (Durak's defence)
    has_targets: bool
    #: how the status line says cards were handed over to the viewer: to you, to
    #: another seat (``{player}`` gave ``{cards}`` to ``{target}``), English, marked ``N_``
    gave_words: tuple[str, str]

    def sort_hand(self, obs: Observation) -> list[Card]: ...
    def in_hand_order(self, obs: Observation, cards: Sequence[Card]) -> list[Card]: ...
    def playable_cards(self, obs: Observation, legal: Sequence[Action]) -> set[Card]: ...
    def seat_status(self, obs: Observation, seat: int) -> list[str]: ...
    def seat_badges(self, obs: Observation, seat: int) -> list[str]: ...
    def prompt(self, obs: Observation, legal: Sequence[Action], ctx: TableContext) -> Text: ...
    def score_text(self, obs: Observation, ctx: TableContext) -> Text: ...
    def log_line(self, event: Event, ctx: TableContext, viewer: int) -> Text | None: ...
    def move_phrase(self, action: Action, ctx: TableContext) -> Text: ...


class TableFacts(NamedTuple):
    """What a view is made from: the viewer's observation and what the table says
    besides (whose turn, the legal moves, what it offers)."""

    obs: Observation
    viewer: int
    names: tuple[str, ...]
    labels: tuple[str, ...]
    #: the seat to act (``None``: nobody, the game is over or waits)
    to_act: int | None
    #: the viewer's legal moves on the viewer's own turn (else none)
    legal: tuple[Action, ...] = ()
    #: several people share the keyboard: the screen names them, never "you"
    hotseat: bool = False
    #: hot-seat while only bots move: the table as everyone sees it, no hand
    table_only: bool = False
    #: nobody's seat is marked as the viewer's (a replay's spectator)
    spectator: bool = False
    #: a replay: the table is shown, no move is taken
    read_only: bool = False
    undo_offered: bool = False
    undo_used: bool = False
    #: this keyboard serves players elsewhere (the seats' pop-up is offered)
    hosting: bool = False
    #: the seed, where the title may give it
    seed: int | None = None
    #: who is connected at a table with players elsewhere (or that the connection is lost)
    presence: str = ""
    #: why nobody moves now (the table waits for a player elsewhere), in one line
    pause_line: str = ""
    #: the table's own words beside each seat (away, played by a bot)
    seat_words: tuple[tuple[str, ...], ...] = ()
    #: what the title bar and the hand's title say instead of the table's own words
    #: (a replay's move, a review's decision; a spectator's missing hand)
    heading: str | None = None
    hand_heading: str | None = None

    @property
    def my_turn(self) -> bool:
        """The viewer is to act, and may (not in a replay)."""
        return self.to_act == self.viewer and not self.read_only

    @classmethod
    def read(cls, table: TableProtocol, *, read_only: bool = False, spectator: bool = False,
             obs: Observation | None = None) -> TableFacts:
        """The facts of ``table`` for its viewer (``obs``: what is drawn, where the
        screen shows another observation than the viewer's; a replay's headings are
        added with ``_replace``)."""
        viewer = table.viewer
        handover = table.handover
        table_only = handover is not None and handover.table_only and not read_only
        if obs is None:
            if table_only and handover is not None:
                from dataclasses import replace

                obs = replace(handover.public_observation(), seat=viewer)
            else:
                obs = table.observation(viewer)
        to_act = table.to_act
        my_turn = to_act == viewer and not read_only
        names = tuple(seat.name for seat in table.seats)
        presence, undoing = table.presence, table.undoing
        here, seat_words = "", tuple[tuple[str, ...], ...]()
        if presence is not None:
            lost = isinstance(presence.pause, ConnectionLost) and not table.is_over
            # The host's last word on who is there is out of date once the connection is lost.
            here = _("disconnected") if lost else presence_line(presence.seats, _namer(names))
            away = {seen.seat: away_words(seen) for seen in presence.seats}
            seat_words = tuple(away.get(seat, ()) for seat in range(len(names)))
        return cls(
            obs=obs, viewer=viewer, names=names, labels=tuple(seat.label for seat in table.seats),
            to_act=to_act, legal=tuple(table.legal_actions()) if my_turn else (),
            hotseat=table.hotseat, table_only=table_only, spectator=spectator, read_only=read_only,
            undo_offered=undoing is not None, undo_used=undoing is not None and undoing.used,
            hosting=table.seating is not None and not read_only, seed=table.seed, presence=here,
            pause_line=cls.pause_of(table), seat_words=seat_words,
        )

    @staticmethod
    def pause_of(table: TableProtocol) -> str:
        """Why nobody moves at ``table`` now, in one line (``""``: nothing holds it up)."""
        presence = table.presence
        if presence is None or presence.pause is None:
            return ""
        return pause_line(presence.pause, _namer(tuple(seat.name for seat in table.seats)))


class SeatShown(NamedTuple):
    """One seat's box: its name and kind, cards in hand, what it is doing, its badges."""

    label: str
    name: str
    #: the cards in the seat's hand
    card_count: int
    words: tuple[str, ...]
    badges: tuple[str, ...]
    to_act: bool
    #: the viewer's own seat (marked as such)
    viewer: bool


class HandShown(NamedTuple):
    """The viewer's hand: its cards in order, which of them may be played (``None``:
    all alike, not the viewer's turn), the hint's cards, and the hand's title."""

    cards: tuple[Card, ...]
    playable: frozenset[Card] | None
    #: the cursor shows: the viewer chooses cards now
    cursor: bool
    hinted: frozenset[Card]
    title: str

    @property
    def has_unplayable(self) -> bool:
        """Some card of the hand cannot be part of a move now (the title says how it is marked)."""
        return self.playable is not None and any(card not in self.playable for card in self.cards)


class TableView(NamedTuple):
    """Everything the game screen draws from one table state (see the module's doc)."""

    facts: TableFacts
    context: TableContext
    #: the title bar: the game, the round, whose view
    title: Text
    seats: tuple[SeatShown, ...]
    hand: HandShown
    scores: Text
    #: what the status line says when nothing has just happened: what to do now
    prompt: Text
    #: the buttons under the hand: shown, and enabled (by their ids)
    shown: Mapping[str, bool]
    enabled: Mapping[str, bool]
    #: the keys that act here (by action name); keys not named always act
    keys: Mapping[str, bool] = MappingProxyType({})

    @property
    def obs(self) -> Observation:
        return self.facts.obs

    @property
    def legal(self) -> tuple[Action, ...]:
        return self.facts.legal


class LogFeed:
    """Which of the viewer's events the log has shown: each redraw adds only the new ones.

    >>> from cardtable.engine.events import Event
    >>> feed = LogFeed()
    >>> events = [Event(EventKind.ROUND_OVER, round=1), Event(EventKind.DEAL, round=2)]
    >>> fresh, new = feed.take(events[:1])
    >>> fresh, [event.kind.value for event in new]
    (False, ['round_over'])
    >>> fresh, new = feed.take(events)
    >>> fresh, [event.kind.value for event in new]
    (True, ['deal'])
    """

    def __init__(self) -> None:
        #: the first event of the viewer's observation not yet in the log
        self.seen = 0

    def restart(self) -> None:
        """The log was emptied (an undo, a hand-over): every event is new again."""
        self.seen = 0

    def take(self, events: Sequence[Event]) -> tuple[bool, list[Event]]:
        """The events not yet logged, and whether the log starts afresh before the last
        of them (each round's log does: a card played last round may be in a hand now;
        the last round's log stays once the game is over)."""
        start, fresh = self.seen, False
        # From the end back: a screen opened on a long game walks only its last round.
        for number in range(len(events) - 1, max(start, 1) - 1, -1):
            if events[number - 1].kind == EventKind.ROUND_OVER and events[number].kind != EventKind.GAME_OVER:
                start, fresh = number, True
                break
        self.seen = len(events)
        return fresh, list(events[start:])


class TableViewModel:
    """Turns a table's facts into a :class:`TableView`, in the game's own words
    (``wording``), and words what the screen says of the table's news."""

    def __init__(self, game: str, wording: TableWording, style: CardStyle | None = None) -> None:
        rules = get_rules(game)
        self.game_title = _(rules.title)
        self.round_noun = _(rules.round_noun)
        self.wording = wording
        self.style = style or CardStyle()
        self.log = LogFeed()

    # --- the view ------------------------------------------------------------------------
    def context(self, facts: TableFacts) -> TableContext:
        return TableContext(names=facts.names, labels=facts.labels, style=self.style, personal=not facts.hotseat)

    def view(self, facts: TableFacts, hint: Action | None = None) -> TableView:
        """What to draw for ``facts``, with ``hint``'s cards marked in the hand."""
        obs, wording = facts.obs, self.wording
        ctx = self.context(facts)
        my_turn = facts.my_turn
        seats = tuple(self.seat_shown(facts, seat) for seat in range(obs.num_players))
        cards = tuple(wording.sort_hand(obs))
        playable = frozenset(wording.playable_cards(obs, facts.legal)) if my_turn else None
        hinted = frozenset(hint.cards) if hint is not None and my_turn else frozenset()
        hand = HandShown(cards, playable, my_turn, hinted, self.hand_title(facts, ctx))
        offers = {move: self.offers(facts, move) for move in ("pass", "take")}
        # Hot-seat while only bots move: no hand is shown, so nothing of a move is offered.
        choosing = not facts.table_only
        return TableView(
            facts=facts, context=ctx,
            title=Text.assemble((f" {self.game_title} ", "bold black on #d4af37"), self.title_words(facts, ctx)),
            seats=seats, hand=hand, scores=wording.score_text(obs, ctx), prompt=self.prompt(facts, ctx),
            shown={
                "pass-button": offers["pass"], "take-button": offers["take"], "undo-button": facts.undo_offered,
                "play-button": choosing, "clear-button": choosing, "hint-button": choosing,
            },
            enabled={
                "play-button": my_turn,
                "pass-button": my_turn and PASS in facts.legal,
                "take-button": my_turn and TAKE in facts.legal,
            },
            keys=self.keys(facts),
        )

    def keys(self, facts: TableFacts | None) -> dict[str, bool]:
        """Which of the table's keys act: no Take in President, no Pass in Hearts, nor
        while leading or during an exchange, no Undo with several people at the table
        (before the first view: the game's keys)."""
        if facts is None:
            return {"pass_turn": "pass" in self.wording.extra_moves, "take": "take" in self.wording.extra_moves,
                    "next_target": self.wording.has_targets}
        keys = {
            "pass_turn": self.offers(facts, "pass"),
            "take": self.offers(facts, "take"),
            "undo": facts.undo_offered,
            "next_target": self.wording.has_targets,
            "seats": facts.hosting,
        }
        if facts.table_only:
            # No hand is shown while only bots move (hot-seat): no key of a move acts.
            keys.update(dict.fromkeys(_MOVE_KEYS, False))
        return keys

    def offers(self, facts: TableFacts, move: str) -> bool:
        """Whether the Pass or Take control belongs on screen now: the game has the move,
        a hand is shown, and, on the viewer's own turn, the move is legal (no Pass for a
        lead or a gift)."""
        if move not in self.wording.extra_moves or facts.table_only:
            return False
        if facts.obs.current_player != facts.viewer or facts.read_only:
            return True
        return (PASS if move == "pass" else TAKE) in facts.legal

    def seat_shown(self, facts: TableFacts, seat: int) -> SeatShown:
        obs = facts.obs
        words = facts.seat_words[seat] if seat < len(facts.seat_words) else ()
        return SeatShown(
            label=seat_label(facts.labels[seat], facts.names[seat]), name=self.context(facts).name(seat), card_count=obs.hand_sizes[seat],
            words=(*self.wording.seat_status(obs, seat), *words),
            badges=tuple(self.wording.seat_badges(obs, seat)),
            to_act=seat == obs.current_player,
            viewer=seat == facts.viewer and not facts.spectator and not facts.table_only,
        )

    def title_words(self, facts: TableFacts, ctx: TableContext) -> str:
        """The title bar after the game's name: the round, whose view, the seed, undo, who is here."""
        if facts.heading is not None:
            return facts.heading
        name = ctx.name(facts.viewer)
        if ctx.personal:
            who = _("your table") if ctx.is_you(facts.viewer) else _("you are {player}").format(player=name)
        elif facts.table_only:
            who = _("the table as everyone sees it")
        else:
            who = _("{player}'s view").format(player=name)
        undone = "  ·  " + _("undo used") if facts.undo_used else ""
        seed = "" if facts.seed is None else "  ·  " + _("seed {seed}").format(seed=facts.seed)
        presence = f"  ·  {facts.presence}" if facts.presence else ""
        return f"  {self.round_noun} {facts.obs.round}  ·  {who}{seed}{undone}{presence}"

    def hand_title(self, facts: TableFacts, ctx: TableContext) -> str:
        if facts.hand_heading is not None:
            return facts.hand_heading
        if facts.table_only:
            return _("No hand is shown while only bots play")
        return hand_title(ctx, facts.viewer, len(facts.obs.hand))

    # --- the status line -------------------------------------------------------------------
    def prompt(self, facts: TableFacts, ctx: TableContext) -> Text:
        """What the status line says when nothing has just happened: what to do now."""
        obs = facts.obs
        if obs.is_over:
            return Text(_("The game is over."), style="bold")
        if facts.pause_line:
            return Text(facts.pause_line, style="bold yellow")
        if facts.my_turn:
            # At a shared keyboard (hot-seat) the game's sentences name the person to act.
            return self.wording.prompt(obs, facts.legal, ctx)
        return Text(_("{player} to act.").format(player=ctx.label(obs.current_player)), style="italic")

    def clock(self, facts: TableFacts, clocks: Sequence[SeatClock]) -> Text:
        """The turn clock on the status line: the viewer's seconds left (bold, red in the
        last five), or whose clock runs (``Ann's clock: 12 s``); empty when none runs."""
        line = clock_line(clocks, facts.viewer, self.context(facts).name)
        mine = [clock.left for clock in clocks if clock.seat == facts.viewer]
        style = ("bold red" if mine[0] <= 5 else "bold") if mine else "italic"
        return Text(line, style=style)

    def time_ran_out(self, facts: TableFacts, notice: TimeRanOut) -> Text:
        """What a bot made for the viewer whose time ran out: ``Time ran out (15 s): an
        easy bot made your pass of 2♣ 3♦ Q♠.``"""
        ctx = self.context(facts)
        head = Text(_("Time ran out ({seconds} s): ").format(seconds=brief_number(notice.seconds)), style="bold yellow")
        bot = a_bot(notice.level)
        if notice.action is None:
            return head + ctx.own_line(notice.seat, _("{bot} moved for you."), _("{bot} moved for {player}."), bot=bot)
        move = self.wording.move_phrase(notice.action, ctx)
        if notice.action.kind == "play":
            return head + fill(_("{bot} played {move}."), bot=bot, move=move)
        return head + fill(_("{bot} made {move}."), bot=bot, move=move)

    def thinking(self, facts: TableFacts) -> Text:
        """``Ada (hard) is thinking…``, for the seat to act."""
        return Text(_("{player} is thinking…").format(player=self.context(facts).label(facts.to_act)), style="italic")

    def refusal(self, facts: TableFacts, refusal: Refusal | str) -> Text:
        """A refused move on the status line, its cards and seats written as everywhere
        else on screen (``Refused: 8♦ does not beat 6♠``): the engine's reason worded from
        its code and values in the player's language, a table's refusal from its kind, a
        line of the screen's own (a selection that is no move) as it is."""
        ctx = self.context(facts)
        if isinstance(refusal, AgainstRules):
            text = refusal_text(refusal.refusal, ctx.style, ctx.who, text_style="red")
        else:
            line = refusal if isinstance(refusal, str) else refusal_line(refusal, ctx.name)
            text = engine_text(line, ctx.style, seat_name=ctx.who, text_style="red")
        # TRANSLATORS: the status line after a refused move; {reason} says why.
        before, _middle, after = _("Refused: {reason}").partition("{reason}")
        return Text.assemble((before, "bold red"), text, (after, "bold red"))

    def received(self, facts: TableFacts, event: Event) -> Text:
        """``Ben gave you 2♣ 3♣`` (Hearts' pass, President's exchange), cards in hand order."""
        ctx = self.context(facts)
        cards = ctx.style.inline(self.wording.in_hand_order(facts.obs, event.cards))
        mine, theirs = self.wording.gave_words
        if not ctx.is_yours(facts.viewer):
            return fill(_(theirs), "bold", player=ctx.name(event.seat), target=ctx.name(facts.viewer), cards=cards)
        return fill(_(mine), "bold", player=ctx.name(event.seat), cards=cards)

    def undone(self, facts: TableFacts, action: Action) -> Text:
        """``Undone: your play of 5♣ and the moves after it.``"""
        return fill(_("{undone} {move} and the moves after it."), undone=Text(_("Undone:"), style="bold cyan"),
                    move=self.wording.move_phrase(action, self.context(facts)))

    def log_lines(self, facts: TableFacts) -> tuple[bool, list[Text]]:
        """The log's new lines since the last call, and whether the log starts afresh first."""
        ctx = self.context(facts)
        fresh, events = self.log.take(facts.obs.events)
        lines = [self.wording.log_line(event, ctx, facts.viewer) for event in events]
        return fresh, [line for line in lines if line is not None]


#: the table's keys that make or choose a move (none acts while no hand is shown)
_MOVE_KEYS = ("cursor", "cursor_end", "toggle_card", "select_rank", "clear", "play", "pass_turn", "take",
              "next_target", "hint", "type_move")


def _namer(names: tuple[str, ...]) -> Callable[[int], str]:
    """A seat's name by its number (``?`` for a seat the table does not have)."""
    return lambda seat: names[seat] if 0 <= seat < len(names) else "?"
