"""Hearts for four players: pass three cards, follow suit, avoid hearts and the Q♠.

The rules are ``docs/rules/hearts.md`` (the spec is ``shared/rules/hearts.md``).

A whole game is a series of hands.  Each hand starts with a pass (left, right, across,
then none, repeating): seats 0, 1, 2 and 3 each choose three cards with ``give``, and
only once all four have chosen are the cards handed over.  Then 13 tricks are played,
one card per action, and the points are scored.  The game ends after a hand in which
someone reached the target (default 100), unless the lowest total is tied.

>>> state = RULES.new_game(players=4, seed=5)
>>> state.observation(0).pass_direction, state.current_player
('left', 0)
>>> len(state.legal_actions()), state.legal_actions()[0].kind
(286, 'give')
>>> for _ in range(4):
...     state.apply(state.legal_actions()[0])
>>> state.observation(0).phase, state.current_player == state.observation(0).leader
('play', True)
>>> str(state.legal_actions()[0])
'2C'

The rules themselves are :mod:`cardtable.games.hearts.kernel`: a
:class:`~cardtable.games.hearts.kernel.Table` of bitmasks moved by plain functions, which
the hard bot's search plays on too.  This module adds what a player sees: validation
with a reason, events, observations, notation and saves; it speaks
:class:`~cardtable.cards.Card` and :class:`~cardtable.engine.actions.Action`.

While passing, ``legal_actions()`` is a :class:`PassChoices`: a sequence of the 286
passes that builds only the actions asked for.

>>> choices = RULES.new_game(players=4, seed=5).legal_actions()
>>> type(choices).__name__, len(choices), str(choices[285]), choices[285] in choices
('PassChoices', 286, 'give QC QS AH', True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from types import MappingProxyType
from typing import Any, ClassVar, overload

from cardtable.cards import (
    ALL_CARDS,
    FULL_DECK,
    SUIT_MASKS,
    Card,
    Rank,
    RankOrder,
    Suit,
    iter_bits,
    mask_to_cards,
    shuffle,
)
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.facts import Measure, StatCounter, score_per_round
from cardtable.engine.observation import Observation
from cardtable.engine.state import (
    GameState,
    OptionSpec,
    Outcome,
    Rules,
    check_guessed_hands,
)
from cardtable.errors import MalformedActionError
from cardtable.games.hearts import kernel
from cardtable.games.hearts.kernel import (
    PASS_DIRECTIONS,
    PASS_OFFSETS,
    moon_scores,
    trick_winner,
)
from cardtable.games.hearts.kernel import points as _points

__all__ = [
    "HeartsRules",
    "HeartsState",
    "HeartsObservation",
    "PassChoices",
    "CompletedTrick",
    "RULES",
    "play_action",
    "give_action",
    "PASS_DIRECTIONS",
    "PASS_OFFSETS",
    "pass_direction_for_hand",
    "card_points",
    "trick_winner",
    "moon_scores",
    "HEARTS_ORDER",
]

HEARTS_ORDER = RankOrder("hearts", [Rank(r) for r in range(2, 15)])
"""Hearts' ranks: 2 to ace."""

NUM_SEATS = kernel.SEATS
HAND_SIZE = kernel.HAND_SIZE
PASS_SIZE = kernel.PASS_SIZE
TRICKS_PER_HAND = kernel.TRICKS_PER_HAND
POINTS_PER_HAND = kernel.POINTS_PER_HAND
QUEEN_OF_SPADES_POINTS = kernel.QUEEN_OF_SPADES_POINTS

_HEARTS = kernel.HEARTS
_PENALTY = kernel.PENALTY
_TWO_OF_CLUBS = kernel.TWO_OF_CLUBS
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_PHASE_PASS, _PHASE_PLAY, _PHASE_OVER = kernel.PASS, kernel.PLAY, kernel.OVER
_PHASE_NAMES = ("pass", "play", "over")
_DIRECTION_OF_OFFSET = {offset: direction for direction, offset in PASS_OFFSETS.items()}

# The deck's cards as bits, in the deck's order (dealing shuffles these).
_DECK_BITS: tuple[int, ...] = tuple(card.mask for card in FULL_DECK)

# Cached actions: one per card to play, one per 3-card pass (filled on first use).
_PLAYS: tuple[Action, ...] = tuple(Action("play", (card,)) for card in ALL_CARDS)
_GIVES: dict[int, Action] = {}
# The plays of a set of playable cards of one suit (following suit: most plays), filled
# on first use; at most 4 * 2**13 sets.
_SUIT_PLAYS: dict[int, tuple[Action, ...]] = {}

# A play event's info, one read-only mapping per trick number (events are values).
_PLAY_INFO = tuple(MappingProxyType({"trick": number}) for number in range(TRICKS_PER_HAND + 1))
_new_tuple = tuple.__new__

# A card played is written down as one small int, ``seat << 6 | card index`` (below 256:
# Python keeps those ints made, so a play allocates nothing), until it becomes events.
# Its history entry is shared too: ``_SEAT_PLAYS[seat << 6 | index]`` is
# ``(seat, play_action(index))``, an immutable tuple made once.
_SEAT_PLAYS: tuple[tuple[int, Action], ...] = tuple(
    (move >> 6, _PLAYS[move & 63]) if move & 63 < len(ALL_CARDS) else None  # type: ignore[misc]
    for move in range(NUM_SEATS << 6)
)

# What a pending log holds: plays as ints (above), events, and None where a hand starts.
_Pending = int | Event | None


_FULL = (1 << 52) - 1

# The plays of the cards of each byte of a 52-card mask: seven tables of 256 tuples.
_BYTE_PLAYS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(_PLAYS[card.index] for card in mask_to_cards(byte << 8 * chunk & _FULL)) for byte in range(256))
    for chunk in range(7)
)


def _plays_of(mask: int) -> list[Action]:
    """The play actions of the cards of ``mask``, in card-index order.

    >>> [str(play) for play in _plays_of(0b1011 | 1 << 51)]
    ['2C', '2D', '2S', 'AS']
    """
    plays = _SUIT_PLAYS.get(mask)
    if plays is not None:
        return [*plays]
    return _listed_plays(mask)


def _listed_plays(mask: int) -> list[Action]:
    """:func:`_plays_of` when the cache does not have ``mask`` (and fills it for one suit)."""
    b0, b1, b2, b3, b4, b5, b6 = _BYTE_PLAYS
    listed = [
        *b0[mask & 255],
        *b1[mask >> 8 & 255],
        *b2[mask >> 16 & 255],
        *b3[mask >> 24 & 255],
        *b4[mask >> 32 & 255],
        *b5[mask >> 40 & 255],
        *b6[mask >> 48],
    ]
    if not mask & ~SUIT_MASKS[(mask & -mask).bit_length() - 1 & 3]:
        _SUIT_PLAYS[mask] = tuple(listed)
    return listed


def pass_direction_for_hand(hand_number: int) -> str:
    """The pass direction of hand ``hand_number`` (from 1).

    >>> [pass_direction_for_hand(n) for n in range(1, 6)]
    ['left', 'right', 'across', 'none', 'left']
    """
    return PASS_DIRECTIONS[(hand_number - 1) % 4]


def card_points(cards: int | Card | tuple[Card, ...] | list[Card]) -> int:
    """Penalty points of some cards (a card, a list of cards, or a bitmask).

    >>> card_points(Card.parse("QS")), card_points([Card.parse("2H"), Card.parse("AS")])
    (13, 1)
    """
    if isinstance(cards, Card):
        mask = cards.mask
    elif isinstance(cards, int):
        mask = cards
    else:
        mask = 0
        for card in cards:
            mask |= card.mask
    return _points(mask)


def _give_action(mask: int) -> Action:
    action = _GIVES.get(mask)
    if action is None:
        action = _GIVES[mask] = Action.of_mask("give", mask)
    return action


def play_action(index: int) -> Action:
    """The action that plays the card of index ``index``: the same object every time, as
    ``legal_actions()`` hands out (so ``apply`` knows it without checking it again).

    >>> state = RULES.new_game(players=4, seed=1)
    >>> for _ in range(4):
    ...     state.apply(state.legal_actions()[0])
    >>> str(play_action(0)), state.legal_actions()[0] is play_action(0)
    ('2C', True)
    """
    return _PLAYS[index]


def give_action(mask: int) -> Action:
    """The action that passes the three cards of ``mask``: the same object every time, as
    ``legal_actions()`` hands out.

    >>> str(give_action(0b111))
    'give 2C 2D 2H'
    """
    return _GIVES.get(mask) or _give_action(mask)


def _pass_cards(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask``, from its cached give action if it has one."""
    given = _GIVES.get(mask)
    return given.cards if given is not None else mask_to_cards(mask)


def _hidden_give(count: int) -> str:
    return "give" + " ?" * count


def _mask_codes(mask: int) -> str:
    return " ".join(ALL_CARDS[i].code for i in iter_bits(mask))


@dataclass(frozen=True)
class CompletedTrick:
    """A finished trick: ``plays`` as ``(seat, card)`` in play order, its ``winner``
    and the penalty ``points`` it carried.

    >>> t = CompletedTrick(((0, Card.parse("2C")), (1, Card.parse("QS"))), 0, 13)
    >>> t.cards
    (Card.parse('2C'), Card.parse('QS'))
    """

    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order."""
        return tuple(card for _, card in self.plays)


@dataclass(frozen=True)
class HeartsObservation(Observation):
    """What one seat knows in Hearts (the shared fields are in :class:`Observation`).

    - ``phase``: ``"pass"`` (choosing cards to pass), ``"play"`` or ``"over"``.
    - ``hand_number``: the hand being played, from 1 (same as ``round``).
    - ``pass_direction``: ``"left"``, ``"right"``, ``"across"`` or ``"none"`` this hand;
      ``pass_target``: the seat this seat passes to (``None`` in a no-pass hand).
    - ``passed_seats``: the seats that have already chosen their pass this hand.
    - ``cards_given``: the three cards this seat chose to pass (empty until it chose);
      ``cards_received``: the three it received (empty until all four have passed).
    - ``trick``: the current trick as ``(seat, card)`` in play order; ``leader``: who
      led it (or leads next); ``lead_suit``: the suit led, or ``None``;
      ``trick_number``: the trick being played, 1 to 13.
    - ``last_trick``: the previous trick of this hand as a :class:`CompletedTrick`, or
      ``None``; ``tricks_played``: every finished trick of this hand, in order.
    - ``tricks_taken`` / ``points_taken``: per seat, tricks and penalty points taken
      this hand so far (before the moon rule).
    - ``hearts_broken``: whether a heart has been played this hand.
    - ``hand_scores``: per completed hand, each seat's points after the moon rule;
      ``moon_shooters``: per completed hand, the seat that shot the moon or ``None``;
      ``scores`` (shared field): the running totals; ``target``: the score that ends
      the game.
    """

    SEAT_PRIVATE: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {**Observation.SEAT_PRIVATE, "pass_target": None, "cards_given": (), "cards_received": ()}
    )

    phase: str
    hand_number: int
    pass_direction: str
    pass_target: int | None
    passed_seats: tuple[int, ...]
    cards_given: tuple[Card, ...]
    cards_received: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    lead_suit: Suit | None
    trick_number: int
    last_trick: CompletedTrick | None
    tricks_played: tuple[CompletedTrick, ...]
    tricks_taken: tuple[int, ...]
    points_taken: tuple[int, ...]
    hearts_broken: bool
    hand_scores: tuple[tuple[int, ...], ...]
    moon_shooters: tuple[int | None, ...]
    target: int


class HeartsRules(Rules):
    """Hearts: exactly four players, the 52-card deck, option ``target`` (default 100)."""

    name = "hearts"
    title = "Hearts"
    round_noun = "hand"
    min_players = 4
    max_players = 4
    options = (
        OptionSpec(
            "target",
            100,
            int,
            minimum=1,
            maximum=10000,
            help="the game ends after a hand in which someone reaches this score",
        ),
    )
    deck = FULL_DECK
    action_kinds = frozenset({"play", "give"})
    default_players = 4
    blurb = "Avoid hearts and the queen of spades in tricks."
    rank_order = HEARTS_ORDER
    lower_score_wins = True
    stat_counters = (StatCounter("moons", "moons", "moon_shooter"),)
    arena_measure = Measure("points per hand", False, score_per_round)
    bot_module = "cardtable.bots.hearts"
    table_widget = "cardtable.tui.tables.hearts:HeartsTable"

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> HeartsState:
        return HeartsState(self, players, seed, options, deck)


class PassChoices(Sequence[Action]):
    """The legal passes of one hand: every three of its cards, as ``give`` actions, in
    lexicographic card-index order (``give 2C 2D 2H`` first).

    A lazy sequence, like python-chess's ``LegalMoveGenerator``: ``len()``, indexing
    and ``in`` work without building the other actions, iterating yields them one by
    one, and slicing gives a list.  It compares equal to any sequence of the same
    actions in the same order.

    >>> from cardtable.cards import cards_to_mask, parse_cards
    >>> choices = PassChoices(cards_to_mask(parse_cards("2C 3C 4C 5C")))
    >>> len(choices), [str(a) for a in choices[:2]], str(choices[-1])
    (4, ['give 2C 3C 4C', 'give 2C 3C 5C'], 'give 3C 4C 5C')
    >>> Action.parse("give 5C 2C 4C") in choices, choices == list(choices)
    (True, True)
    """

    __slots__ = ("hand", "_count")

    def __init__(self, hand: int) -> None:
        self.hand = hand
        """The hand the cards are chosen from, as a bitmask."""
        self._count = kernel.pass_count(hand)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("pass choice index out of range")
        mask = kernel.pass_choice(self.hand, index)
        return _GIVES.get(mask) or _give_action(mask)

    def __iter__(self) -> Iterator[Action]:
        get = _GIVES.get
        for mask in kernel.pass_choices(self.hand):
            yield get(mask) or _give_action(mask)

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Action)
            and action.kind == "give"
            and kernel.pass_rank(self.hand, action.mask) >= 0
        )

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        rank = kernel.pass_rank(self.hand, action.mask) if action in self else -1
        if rank < 0 or rank < start or (stop is not None and rank >= stop):
            raise ValueError(f"{action} is not a legal pass here")
        return rank

    def count(self, action: Any) -> int:
        return 1 if action in self else 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PassChoices):
            return other.hand == self.hand
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == self._count and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<PassChoices of {_mask_codes(self.hand)}: {self._count} passes>"


def _table_field(name: str) -> Any:
    """A read-write attribute of the state that is the kernel table's field ``name``."""

    def set_field(state: HeartsState, value: Any) -> None:
        setattr(state.table, name, value)
        state._offered = 0
        state.current_player = state.table.current

    return property(attrgetter(f"table.{name}"), set_field, doc=f"The kernel table's ``{name}``.")


class _HeartsKernelView:
    """The Hearts kernel's own answers about a :class:`kernel.Table` (see :class:`KernelView`).

    >>> state = RULES.new_game(players=4, seed=1)
    >>> view = state.kernel_view()
    >>> view.to_move(), len(view.legal_move_texts()), view.scores()
    (0, 286, (0, 0, 0, 0))
    """

    def __init__(self, table: kernel.Table) -> None:
        self._table = table

    def to_move(self) -> int | None:
        return self._table.current

    def legal_move_texts(self) -> list[str]:
        table = self._table
        if table.current is None:
            return []
        if table.phase == _PHASE_PLAY:
            return [ALL_CARDS[index].code for index in kernel.bits(kernel.legal_plays(table))]
        return [f"give {_mask_codes(mask)}" for mask in kernel.pass_choices(table.hands[table.current])]

    def scores(self) -> tuple[int, ...]:
        return tuple(self._table.totals)


class HeartsState(GameState):
    """A game of Hearts in progress.  See the module docstring for an example.

    ``legal_actions()`` order: while passing, every 3-card ``give`` in lexicographic
    card-index order (``give 2C 2D 2H`` first), as a lazy :class:`PassChoices`; while
    playing, the playable cards in card-index order (by rank 2 to A, then suit C D H S),
    as a list.  ``apply`` skips the legality check for an action object that the last
    ``legal_actions()`` of this position handed out; any other action is checked.

    The game itself is ``table``, a :class:`~cardtable.games.hearts.kernel.Table`
    moved by the kernel's functions; its fields read (and, for tests and search,
    write) as attributes of the state too: ``hands``, ``won``, ``trick_cards``,
    ``trick_seats``, ``current``, ``leader``, ``trick_number``, ``hearts_broken``,
    ``totals``, ``hand_number``, ``target`` and the rest.
    """

    rules: HeartsRules
    table: kernel.Table

    # Until a state's events are first set (by __init__, a clone or a rebuild), nothing
    # is pending; the setters give each state its own list.
    _pending: list[_Pending] = ()  # type: ignore[assignment]
    # Where the pending plays start, as the writer of events goes on from there: the
    # trick's cards and seats so far, the tricks done, hearts broken, the hand number.
    # Taken from the table when a play is written down with nothing pending.
    _cursor: tuple[list[int], list[int], int, bool, int]

    _quiet = False

    @property
    def quiet(self) -> bool:
        """When true, plays and tricks are not written to ``events`` or ``tricks_played``:
        a searching bot's play-outs never look at them, and skipping them makes play-outs
        faster.  Everything else (hands, points, scores, history) is kept as usual."""
        return self._quiet

    @quiet.setter
    def quiet(self, value: bool) -> None:
        # What is pending is written first: a quiet state then has nothing pending.
        if self._pending:
            self._write_pending()
        self._quiet = value

    hands = _table_field("hands")
    won = _table_field("won")
    tricks_taken = _table_field("tricks_taken")
    trick_cards = _table_field("trick_cards")
    trick_seats = _table_field("trick_seats")
    leader = _table_field("leader")
    current = _table_field("current")
    trick_number = _table_field("trick_number")
    hearts_broken = _table_field("hearts_broken")
    phase = _table_field("phase")
    offset = _table_field("offset")
    chosen = _table_field("chosen")
    received = _table_field("received")
    passed = _table_field("passed")
    hand_number = _table_field("hand_number")
    totals = _table_field("totals")
    target = _table_field("target")

    def __init__(
        self,
        rules: HeartsRules,
        players: int,
        seed: int,
        options: dict[str, Any],
        deck: list[Card] | None,
    ) -> None:
        self._completed: list[CompletedTrick] = []
        self._quiet = False
        super().__init__(rules, players, seed, options, deck)
        self.table = kernel.new_table(self.options["target"])
        # One dict per completed hand (see ``outcome().rounds``).
        self.hand_records: list[dict[str, Any]] = []
        # What the last legal_actions() offered: the playable cards as a mask, or minus
        # the mask of the hand a pass is chosen from (0: nothing offered since the state
        # last changed); the sign tells apply which it was without reading the phase.
        self._offered = 0
        self._start_hand(deck)
        self.current_player = self.table.current

    # Plays are written down as compact records and become events (and completed
    # tricks) only when someone reads them: a game played without looking at its events,
    # as by a benchmark or a simulation, never pays for them.
    @property
    def events(self) -> list[Event]:
        """Every event so far (see :class:`GameState`)."""
        if self._pending:
            self._write_pending()
        return self._events

    @events.setter
    def events(self, events: list[Event]) -> None:
        if self._pending:
            self._write_pending()
        self._pending = []
        self._events = events

    @property
    def completed(self) -> list[CompletedTrick]:
        """The tricks completed in this hand, in order."""
        if self._pending:
            self._write_pending()
        return self._completed

    @completed.setter
    def completed(self, tricks: list[CompletedTrick]) -> None:
        if self._pending:
            self._write_pending()
        self._pending = []
        self._completed = tricks

    def _record(self, event: Event) -> None:
        """Add ``event`` after everything before it, written or pending."""
        (self._pending if self._pending else self._events).append(event)

    def _note_play(self, move: int) -> None:
        """Write down the play ``move`` (``seat << 6 | index``), before the kernel plays it."""
        pending = self._pending
        if not pending:
            self._sync_cursor()
        pending.append(move)

    def _sync_cursor(self) -> None:
        table = self.table
        self._cursor = (
            list(table.trick_cards),
            list(table.trick_seats),
            table.trick_number,
            table.hearts_broken,
            table.hand_number,
        )

    def _write_pending(self) -> None:
        events = self._events
        completed = self._completed
        cards, seats, tricks, broken, number = self._cursor
        for record in self._pending:
            if record is None:
                self._completed = completed = []
                cards, seats, tricks, broken = [], [], 0, False
                number += 1
                continue
            if isinstance(record, Event):
                events.append(record)
                continue
            seat = record >> 6
            index = record & 63
            card = ALL_CARDS[index]
            # Event("play", ...) without its constructor's checks: one per card played.
            events.append(_new_tuple(Event, ("play", seat, (card,), number, _PLAY_INFO[tricks + 1], None, 1)))
            if not broken and (1 << index) & _HEARTS:
                broken = True
                events.append(Event("hearts_broken", seat, (card,), number))
            cards.append(index)
            seats.append(seat)
            if len(cards) < NUM_SEATS:
                continue
            tricks += 1
            played = tuple(map(ALL_CARDS.__getitem__, cards))
            plays = tuple(zip(seats, played))
            points = _points((1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3]))
            winner, _ = kernel.trick_winner(cards, seats)
            completed.append(CompletedTrick(plays, winner, points))
            events.append(
                Event(
                    "trick",
                    winner,
                    played,
                    number,
                    {"trick": tricks, "points": points, "plays": [[s, c.code] for s, c in plays]},
                )
            )
            cards, seats = [], []
        self._cursor = (cards, seats, tricks, broken, number)
        self._pending = []

    @property
    def direction(self) -> str:
        """This hand's pass direction: ``left``, ``right``, ``across`` or ``none``."""
        return _DIRECTION_OF_OFFSET[self.table.offset]

    # --- dealing and hands ------------------------------------------------
    def _start_hand(self, deck: list[Card] | None) -> None:
        """Deal a hand (from ``deck`` if given, else from ``self.rng``) and open it."""
        if deck is None:
            # Shuffling the cards' bits draws exactly what shuffling the cards would.
            bits = list(_DECK_BITS)
            shuffle(bits, self.rng)
            hands = [sum(bits[0::4]), sum(bits[1::4]), sum(bits[2::4]), sum(bits[3::4])]
        else:
            hands = [0] * NUM_SEATS
            for position, card in enumerate(deck):
                hands[position % NUM_SEATS] |= card.mask
        table = self.table
        kernel.deal(table, hands)
        if self._pending:
            self._pending.append(None)  # the new hand's tricks start once the old ones are written
        else:
            self._completed = []
        number = table.hand_number
        info = {"pass_direction": _DIRECTION_OF_OFFSET[table.offset]}
        for seat in range(NUM_SEATS):
            cards = mask_to_cards(hands[seat])
            self._record(_new_tuple(Event, ("deal", seat, cards, number, info, (seat,), len(cards))))

    # --- the turn ---------------------------------------------------------
    current_player: int | None = None
    """The seat that must act now, or ``None`` once over: the table's ``current``, kept
    as a plain attribute (set after every change of the table) because every loop that
    plays a game asks it before every move."""

    def kernel_view(self) -> _HeartsKernelView:
        return _HeartsKernelView(self.table)

    def _playable(self, seat: int) -> int:
        """The bitmask of the cards ``seat`` may play now (it must be their turn)."""
        table = self.table
        return kernel.playable(table.hands[seat], table.trick_cards, table.trick_number, table.hearts_broken)

    def legal_actions(self) -> Sequence[Action]:
        table = self.table
        seat = table.current
        if seat is None:
            return []
        if table.phase == _PHASE_PLAY:
            legal = kernel.playable(table.hands[seat], table.trick_cards, table.trick_number, table.hearts_broken)
            self._offered = legal
            # _plays_of()'s cache, inline: one look-up serves most cards of a game.
            plays = _SUIT_PLAYS.get(legal)
            if plays is not None:
                return [*plays]
            return _listed_plays(legal)
        hand = table.hands[seat]
        self._offered = -hand
        return PassChoices(hand)

    def choosing_seats(self) -> tuple[int, ...]:
        """While passing, every seat that has not passed yet chooses at once."""
        table = self.table
        if table.current is not None and table.phase == _PHASE_PASS:
            return tuple(range(table.passed, NUM_SEATS))
        return super().choosing_seats()

    def legal_actions_for(self, seat: int) -> Sequence[Action]:
        table = self.table
        if seat != table.current and seat in self.choosing_seats():
            return PassChoices(table.hands[seat])
        return super().legal_actions_for(seat)

    def why_illegal_for(self, seat: int, action: Action | str) -> str | None:
        table = self.table
        if seat == table.current or seat not in self.choosing_seats():
            return super().why_illegal_for(seat, action)
        try:
            parsed = self.parse_action(action)
        except MalformedActionError as exc:
            return str(exc)
        return self._why_not_a_pass(seat, parsed)

    def _why_not_a_pass(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is not a pass ``seat`` may choose now (the pass phase), or ``None``."""
        table = self.table
        if action.kind != "give":
            target = (seat + table.offset) % NUM_SEATS
            return f"first pass 3 cards {self.direction} to seat {target} (for example: give 2C 3C QS)"
        if len(action.cards) != PASS_SIZE:
            return f"you must pass exactly 3 cards, not {len(action.cards)}"
        missing = action.mask & ~table.hands[seat]
        if missing:
            return f"{_mask_codes(missing)} {'is' if missing.bit_count() == 1 else 'are'} not in your hand"
        return None

    def apply(self, action: Action | str) -> None:
        # An action legal_actions() handed out for this very position is legal as it is.
        offered = self._offered
        if offered > 0 and type(action) is Action:
            # The playable cards were offered: a play, if it is one of them.
            mask = action.mask
            index = mask.bit_length() - 1
            if mask & offered and action is _PLAYS[index]:
                # _play(), inline: this is every card of every game.
                self._offered = 0
                table = self.table
                seat: int = table.current  # type: ignore[assignment]
                move = seat << 6 | index
                pending = self._pending
                if pending:
                    pending.append(move)  # never while quiet: a quiet state has nothing pending
                elif not self._quiet:
                    self._sync_cursor()
                    pending.append(move)
                kernel.play(table, index)
                self.history.append(_SEAT_PLAYS[move])
                if not table.trick_cards and table.trick_number == TRICKS_PER_HAND:
                    self._finish_hand()
                self.current_player = table.current
                return
        elif offered and type(action) is Action:
            # A pass was offered (``_offered`` is minus the hand it is chosen from).
            mask = action.mask
            if not mask & ~(-offered) and action is _GIVES.get(mask):
                self._offered = 0
                table = self.table
                seat = table.current  # type: ignore[assignment]
                self._choose_pass(seat, mask)
                self.history.append((seat, action))
                self.current_player = table.current
                return
        GameState.apply(self, action)

    def _why_illegal(self, action: Action) -> str | None:
        table = self.table
        seat = table.current
        if seat is None:
            return "the game is over; no more actions"
        kind = action.kind
        if table.phase == _PHASE_PASS:
            return self._why_not_a_pass(seat, action)
        if kind != "play":
            if table.offset == 0:
                return "there is no pass this hand; play a card"
            return "the cards have already been passed; play a card"
        if len(action.cards) != 1:
            return "play one card at a time"
        card = action.cards[0]
        mask = card.mask
        hand = table.hands[seat]
        if not mask & hand:
            return f"{card} is not in your hand"
        if mask & self._playable(seat):
            return None
        if not table.trick_cards:
            if table.trick_number == 0:
                return "the first trick must be led with the 2C"
            return "hearts are not broken yet; lead another suit"
        lead = table.trick_cards[0] & 3
        if hand & SUIT_MASKS[lead]:
            return f"you must follow suit: play {_SUIT_NAMES[lead]}"
        return "no hearts or QS on the first trick while you have another card"

    # --- carrying out actions ---------------------------------------------
    def _apply(self, action: Action) -> None:
        self._offered = 0
        table = self.table
        seat = table.current
        assert seat is not None
        if table.phase == _PHASE_PASS:
            self._choose_pass(seat, action.mask)
        else:
            self._play(seat, action.cards[0].index)
        self.current_player = table.current

    def _choose_pass(self, seat: int, mask: int) -> None:
        table = self.table
        number = table.hand_number
        direction = self.direction
        target = (seat + table.offset) % NUM_SEATS
        info = {"to": target, "direction": direction}
        # Event(...) without its constructor's checks, and the cards of the cached give
        # action where there is one (the same cards as mask_to_cards, already made).
        cards = _pass_cards(mask)
        self._record(_new_tuple(Event, ("give", seat, cards, number, info, (seat,), len(cards))))
        if not kernel.give(table, mask):
            return
        # Everyone has chosen: the kernel has handed the cards over.
        for giver in range(NUM_SEATS):
            receiver = (giver + table.offset) % NUM_SEATS
            cards = _pass_cards(table.chosen[giver])
            info = {"to": receiver, "direction": direction}
            self._record(_new_tuple(Event, ("exchange", giver, cards, number, info, (giver, receiver), len(cards))))

    def _play(self, seat: int, index: int) -> None:
        table = self.table
        if not self._quiet:
            self._note_play(seat << 6 | index)
        kernel.play(table, index)
        if table.trick_number == TRICKS_PER_HAND and not table.trick_cards:
            self._finish_hand()

    def _finish_hand(self) -> None:
        table = self.table
        raw, scored = kernel.end_hand(table)
        shooter = next((seat for seat in range(NUM_SEATS) if raw[seat] == POINTS_PER_HAND), None)
        number = table.hand_number
        record = {
            "hand": number,
            "pass_direction": self.direction,
            "points_taken": raw,
            "scores": scored,
            "moon_shooter": shooter,
            "totals": list(table.totals),
        }
        self.hand_records.append(record)
        if shooter is not None:
            self._record(Event("moon", shooter, (), number, {"points": POINTS_PER_HAND}))
        self._record(Event("round_over", None, (), number, _copy_record(record)))
        winners = kernel.game_winners(table.totals, table.target)
        if len(winners) == 1:
            kernel.finish_game(table)
            self._record(
                Event("game_over", winners[0], (), number, {"winners": winners, "scores": list(table.totals)})
            )
            return
        if winners:
            self._record(Event("tie", None, (), number, {"seats": winners, "score": table.totals[winners[0]]}))
        self._start_hand(None)

    # --- views ------------------------------------------------------------
    def _hand(self, seat: int) -> tuple[Card, ...]:
        return mask_to_cards(self.table.hands[seat])

    def _actions_seen(
        self, history: list[tuple[int, Action]], seat: int | None, start: int, carry: Any
    ) -> tuple[list[tuple[int, str]], int, Any]:
        """The history from ``start`` on with other seats' passes hidden.

        Passes come in groups of four, one group per hand with a pass; group ``k``
        (from 0) goes left, right, across for ``k % 3`` = 0, 1, 2.  A pass is shown to
        its giver, and to its receiver once the group is complete (the exchange done):
        the items from the first pass of a group still open on are not final.
        ``carry`` is the number of passes before ``start``.
        """
        gives_seen = carry or 0
        gives_total = gives_seen + sum(1 for _, action in history[start:] if action.kind == "give")
        complete = gives_total - gives_total % NUM_SEATS
        shown: list[tuple[int, str]] = []
        final = -1
        final_carry = gives_seen
        offsets = (1, 3, 2)
        for actor, action in history[start:]:
            if action.kind == "give":
                if gives_seen >= complete and final < 0:
                    final, final_carry = len(shown), gives_seen
                receiver = (actor + offsets[(gives_seen // NUM_SEATS) % 3]) % NUM_SEATS
                visible = actor == seat or (receiver == seat and gives_seen < complete)
                gives_seen += 1
                if not visible:
                    shown.append((actor, _hidden_give(len(action.cards))))
                    continue
            shown.append((actor, str(action)))
        if final < 0:
            final, final_carry = len(shown), gives_seen
        return shown, final, final_carry

    def _observation(self, seat: int) -> HeartsObservation:
        table = self.table
        offset = table.offset
        passing = table.phase == _PHASE_PASS
        exchanged = offset != 0 and not passing
        trick = tuple((s, ALL_CARDS[i]) for s, i in zip(table.trick_seats, table.trick_cards))
        return HeartsObservation(
            game=self.rules.name,
            seat=seat,
            num_players=NUM_SEATS,
            current_player=table.current,
            hand=mask_to_cards(table.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in table.hands),
            round=table.hand_number,
            scores=tuple(table.totals),
            history=self._public_history(seat),
            events=self.events_for(seat),
            is_over=table.current is None,
            phase=_PHASE_NAMES[table.phase],
            hand_number=table.hand_number,
            pass_direction=self.direction,
            pass_target=(seat + offset) % NUM_SEATS if offset else None,
            passed_seats=tuple(range(table.passed)) if offset else (),
            cards_given=mask_to_cards(table.chosen[seat]),
            cards_received=mask_to_cards(table.received[seat]) if exchanged else (),
            trick=trick,
            leader=table.leader,
            lead_suit=Suit(table.trick_cards[0] & 3) if table.trick_cards else None,
            trick_number=min(table.trick_number + 1, TRICKS_PER_HAND),
            last_trick=self.completed[-1] if self.completed else None,
            tricks_played=tuple(self.completed),
            tricks_taken=tuple(table.tricks_taken),
            points_taken=tuple(kernel.hand_points(table.won)),
            hearts_broken=table.hearts_broken,
            hand_scores=self._seat_view("hand_scores", None, self.hand_records, _hand_scores_seen),
            moon_shooters=self._seat_view("moon_shooters", None, self.hand_records, _moon_shooters_seen),
            target=table.target,
        )

    def outcome(self) -> Outcome:
        table = self.table
        over = table.phase == _PHASE_OVER
        if self.hand_records:
            last = self.hand_records[-1]["scores"]
            order = tuple(sorted(range(NUM_SEATS), key=lambda s: (last[s], s)))
        else:
            order = ()
        winners: tuple[int, ...] = ()
        if over:
            lowest = min(table.totals)
            winners = tuple(s for s in range(NUM_SEATS) if table.totals[s] == lowest)
        rounds = tuple(_copy_record(r) for r in self.hand_records)
        return Outcome(
            game=self.rules.name,
            is_over=over,
            rounds_played=len(self.hand_records),
            order=order,
            titles=(None,) * NUM_SEATS,
            scores=tuple(table.totals),
            winners=winners,
            rounds=rounds,
            details={
                "hand_scores": [list(r["scores"]) for r in self.hand_records],
                "moon_shooters": [r["moon_shooter"] for r in self.hand_records],
                "target": table.target,
                "current_hand_points": kernel.hand_points(table.won),
            },
        )

    def clone(self) -> HeartsState:
        new = object.__new__(HeartsState)
        self._clone_base(new)
        new.table = kernel.copy_table(self.table)
        new.hand_records = list(self.hand_records)  # records are never changed once made
        new.completed = list(self.completed)
        new._quiet = self._quiet
        new._offered = 0
        new.current_player = new.table.current
        return new

    # --- rebuilding a state from what one seat knows -------------------------
    @classmethod
    def from_observation(
        cls,
        observation: HeartsObservation,
        hands: Sequence[int | Sequence[Card]],
        rng: random.Random | None = None,
    ) -> HeartsState:
        """A full state that matches ``observation`` with the cards in hand set to ``hands``.

        This is how a searching bot turns a guess about the hidden cards (``hands``: the
        cards each seat holds now, as bitmasks or cards) into a state it can play out.
        Only the play phase can be rebuilt: the observation must be of a hand being
        played.  ``hands[observation.seat]`` must be the observer's hand, the sizes
        must be the public ones, and together with the cards played this hand the
        hands must hold every card once; otherwise :class:`ValueError` says what is wrong.
        ``rng`` (default: seeded with 0) drives later deals of the rebuilt state.

        Everything public is restored: totals, earlier hands, the tricks of this hand,
        the current trick, who leads, whether hearts are broken, and the observer's
        pass.  The other seats' passes, which the observer never saw, are recorded in
        ``history`` as placeholders and the event log is the observer's view, so the
        rebuilt state shows the observer exactly ``observation`` but is meant for
        search, not for saving.

        >>> state = RULES.new_game(players=4, seed=2)
        >>> for _ in range(4):
        ...     state.apply(state.legal_actions()[0])
        >>> seat = state.current_player
        >>> seen = state.observation(seat)
        >>> rebuilt = HeartsState.from_observation(seen, state.hands)
        >>> rebuilt.observation(seat) == seen, rebuilt.legal_actions() == state.legal_actions()
        (True, True)
        """
        if observation.phase != "play":
            raise ValueError(f"only a hand being played can be rebuilt, not the {observation.phase} phase")
        seat = observation.seat
        if seat is None:
            raise ValueError("only a seat's observation can be rebuilt, not a spectator's")
        played = _cards_mask(card for trick in observation.tricks_played for card in trick.cards)
        played |= _cards_mask(card for _, card in observation.trick)
        masks = check_guessed_hands(observation, hands, [played], (1 << len(ALL_CARDS)) - 1)
        state = cls._rebuilt(
            RULES,
            observation,
            {"target": observation.target},
            [(actor, _parse_public(text)) for actor, text in observation.history],
            rng,
        )
        table = state.table = kernel.new_table(observation.target)
        table.totals = list(observation.scores)
        state.hand_records = _records_from_scores(observation.hand_scores, observation.moon_shooters)
        state._quiet = False
        state._offered = 0
        table.hand_number = observation.hand_number
        table.hands = masks
        table.offset = PASS_OFFSETS[observation.pass_direction]
        table.chosen[seat] = _cards_mask(observation.cards_given)
        table.received[seat] = _cards_mask(observation.cards_received)
        for trick in observation.tricks_played:
            table.won[trick.winner] |= _cards_mask(trick.cards)
        table.tricks_taken = list(observation.tricks_taken)
        table.trick_seats = [s for s, _ in observation.trick]
        table.trick_cards = [card.index for _, card in observation.trick]
        state.completed = list(observation.tricks_played)
        table.hearts_broken = observation.hearts_broken
        table.trick_number = len(observation.tricks_played)
        table.phase = _PHASE_PLAY
        table.passed = NUM_SEATS
        table.leader = observation.leader
        table.current = state.current_player = observation.current_player
        return state

    # --- invariants (for tests and debugging) -----------------------------
    def card_locations(self) -> Mapping[str, int]:
        """Where the 52 cards are, as bitmasks: ``hands``, ``passing``, ``trick``, ``won``.

        >>> state = RULES.new_game(players=4, seed=1)
        >>> sum(mask.bit_count() for mask in state.card_locations().values())
        52
        """
        table = self.table
        hands = passing = trick = won = 0
        for seat in range(NUM_SEATS):
            hands |= table.hands[seat]
            won |= table.won[seat]
            if table.phase == _PHASE_PASS:
                passing |= table.chosen[seat]
        for index in table.trick_cards:
            trick |= 1 << index
        return {"hands": hands, "passing": passing, "trick": trick, "won": won}


def _cards_mask(cards: Any) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def _hand_scores_seen(
    records: list[dict[str, Any]], seat: int | None, start: int, carry: Any
) -> tuple[list[tuple[int, ...]], int, None]:
    """The scores of each hand from ``records[start]`` on (a record is final once made)."""
    shown = [tuple(record["scores"]) for record in records[start:]]
    return shown, len(shown), None


def _moon_shooters_seen(
    records: list[dict[str, Any]], seat: int | None, start: int, carry: Any
) -> tuple[list[int | None], int, None]:
    """Who shot the moon in each hand from ``records[start]`` on."""
    shown = [record["moon_shooter"] for record in records[start:]]
    return shown, len(shown), None


# Stands for a pass the observer never saw (see ``HeartsState.from_observation``).
_UNSEEN_GIVE = Action("give", tuple(Card.parse(code) for code in ("2C", "3C", "4C")))


def _parse_public(text: str) -> Action:
    if text.startswith("give ?"):
        return _UNSEEN_GIVE
    return Action.parse(text)


def _records_from_scores(
    hand_scores: Sequence[Sequence[int]], moon_shooters: Sequence[int | None]
) -> list[dict[str, Any]]:
    """The hand records behind a public list of hand scores (see ``outcome().rounds``)."""
    records = []
    totals = [0] * NUM_SEATS
    for number, (scores, shooter) in enumerate(zip(hand_scores, moon_shooters), start=1):
        if shooter is None:
            raw = list(scores)
        else:
            raw = [POINTS_PER_HAND if seat == shooter else 0 for seat in range(NUM_SEATS)]
        totals = [total + score for total, score in zip(totals, scores)]
        records.append(
            {
                "hand": number,
                "pass_direction": pass_direction_for_hand(number),
                "points_taken": raw,
                "scores": list(scores),
                "moon_shooter": shooter,
                "totals": list(totals),
            }
        )
    return records


def _copy_record(record: Mapping[str, Any]) -> dict[str, Any]:
    return {key: list(value) if isinstance(value, list) else value for key, value in record.items()}


RULES = HeartsRules()
