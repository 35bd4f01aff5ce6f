"""Durak: 36 cards, attack with throw-ins (podkidnoy), no transferring.

The spec is ``rules/durak.md``; docs/rules/durak.md explains it for players and
docs/api.md (section Durak) documents the observation, the outcome and the events.

>>> from cardtable.games import get_rules
>>> state = get_rules("durak").new_game(players=2, seed=5)
>>> state.current_player in (0, 1)
True
>>> state.legal_actions()[0].kind  # the opener must attack: no pass on an empty table
'attack'
>>> state.apply("take")
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: only the defender can take, and only after an attack

Who acts when (one player at a time):

- ``attack`` phase: the main attacker opens the bout with ``attack X``.
- ``defend`` phase: while an attacking card is unbeaten and the defender has not said
  ``take``, the defender plays ``defend A B`` (beat the attacking ``A`` with ``B``) or
  ``take``.
- ``throw_in`` phase: once every attacking card is beaten, or after ``take``, the
  attackers are asked in turn (main attacker first, then the other players in seat
  order after the defender) to ``attack X`` with a rank on the table or to ``pass``.
  Players without cards are not asked.
- The bout ends when every attacker has passed since the last card was added, or when
  nothing may be added any more (the limit is reached, or the defender has no cards).

The rules themselves are :mod:`cardtable.games.durak.kernel`: a
:class:`~cardtable.games.durak.kernel.Table` of small integers and bitmasks moved by plain
functions, which the bots' search and endgame solver play on too.  This module adds
what a public game needs on top: validation with reasons, events, observations,
notation (:class:`~cardtable.engine.actions.Action`), the deals of later rounds from the
seeded ``rng``, and saves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from cardtable.cards import (
    ALL_CARDS,
    SHORT_DECK,
    Card,
    Rank,
    RankOrder,
    Suit,
    cards_to_mask,
    format_cards,
    mask_to_cards,
    shuffled,
)
from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.engine.events import Event
from cardtable.engine.facts import Measure, RoundShare, StatCounter
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState, OptionSpec, Outcome, Rules, check_guessed_hands
from cardtable.games.durak import kernel

__all__ = [
    "DurakRules",
    "DurakState",
    "DurakObservation",
    "RULES",
    "HAND_SIZE",
    "MAX_ATTACKS",
    "DURAK_ORDER",
    "action_of",
    "move_of",
    "trumps_ruled_out",
]

DURAK_ORDER = RankOrder("durak", [Rank(r) for r in range(6, 15)])
"""Durak's ranks: 6 to ace."""

HAND_SIZE = kernel.HAND_SIZE
"""Players draw back up to this many cards after each bout."""

MAX_ATTACKS = kernel.MAX_ATTACKS
"""No bout has more attacking cards than this (nor than the defender held at its start)."""

_DECK_MASK = kernel.DECK_MASK
_SAME_RANK = kernel.SAME_RANK

# Actions are values: build each once, and the kernel's move for each, so the hot loop
# only looks them up.
_ATTACK = tuple(Action("attack", (card,)) for card in ALL_CARDS)
_DEFEND: dict[int, Action] = {
    kernel.defence(a.index, b.index): Action("defend", (a, b)) for a in SHORT_DECK for b in SHORT_DECK if a is not b
}
_ACTION_OF_MOVE: dict[int, Action] = {card.index: _ATTACK[card.index] for card in SHORT_DECK}
_ACTION_OF_MOVE.update(_DEFEND)
_ACTION_OF_MOVE[kernel.PASS] = PASS
_ACTION_OF_MOVE[kernel.TAKE] = TAKE
_MOVE_OF_ACTION: dict[Action, int] = {action: move for move, action in _ACTION_OF_MOVE.items()}
# Indexed by move (a list looks up faster than a dict in legal_actions' hot loop).
_ACTIONS_BY_MOVE: list[Action] = [_ACTION_OF_MOVE.get(move, TAKE) for move in range(max(_ACTION_OF_MOVE) + 1)]
# The same by identity: these actions live as long as the program, so their ids are
# theirs alone, and apply() finds a handed-out action's move without hashing it.
_MOVE_OF_ID: dict[int, int] = {id(action): move for move, action in _ACTION_OF_MOVE.items()}

# Shared by every throw-in event; events are read-only, so one dict serves them all.
_THROW_IN_INFO: dict[str, Any] = {"throw_in": True}
_NO_INFO: Mapping[str, Any] = MappingProxyType({})
# The events of moves are built as the tuples they are, without Event's defaults (one a move).
_new_tuple = tuple.__new__

PHASE_ATTACK = "attack"
PHASE_DEFEND = "defend"
PHASE_THROW_IN = "throw_in"
PHASE_OVER = "over"
_PHASE_NAMES = {
    kernel.ATTACK: PHASE_ATTACK,
    kernel.DEFEND: PHASE_DEFEND,
    kernel.THROW_IN: PHASE_THROW_IN,
    kernel.ROUND_OVER: PHASE_OVER,
    kernel.OVER: PHASE_OVER,
}


def action_of(move: int) -> Action:
    """The action of a kernel move (see :mod:`cardtable.games.durak.kernel`).

    >>> str(action_of(20)), str(action_of(kernel.defence(20, 24))), action_of(kernel.TAKE) is TAKE
    ('attack 7C', 'defend 7C 8C', True)
    """
    return _ACTION_OF_MOVE[move]


def move_of(action: Action) -> int:
    """The kernel move of a Durak action (``KeyError`` for anything else).

    >>> move_of(Action.parse("defend 7C 8C")) == kernel.defence(20, 24), move_of(PASS) == kernel.PASS
    (True, True)
    """
    return _MOVE_OF_ACTION[action]


_ATTACK_LISTS: dict[int, tuple[Action, ...]] = {}
_ATTACK_LISTS_MAX = 100_000


def _attacks(mask: int, trump: int) -> tuple[Action, ...]:
    """``attack X`` for every card of ``mask``, in legal-action order (cached: hot loop)."""
    key = mask << 2 | trump
    cached = _ATTACK_LISTS.get(key)
    if cached is None:
        if len(_ATTACK_LISTS) >= _ATTACK_LISTS_MAX:
            _ATTACK_LISTS.clear()  # keeps memory bounded; the cache refills quickly
        cached = _ATTACK_LISTS[key] = tuple(_ATTACK[i] for i in kernel.ordered(mask, trump))
    return cached


def trumps_ruled_out(observation: DurakObservation) -> tuple[int, ...]:
    """Per seat, the trumps (a mask) that it cannot hold beside its ``known_cards``.

    The opener showed the lowest trump dealt, so a seat that has drawn no card since
    the deal holds no lower trump, apart from one it picked up in a take (which is
    known); when nobody showed one, nobody was dealt a trump.  A seat that drew may
    hold any.  When ``observation``'s event log misses draws (a search's ``quiet``
    copy), nothing is ruled out.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=2, seed=0)  # spades; seat 0 showed 7S
    >>> [format_cards(mask_to_cards(mask)) for mask in trumps_ruled_out(state.observation(1))]
    ['6S', '6S']
    """
    players = observation.num_players
    shown: Card | None = None
    drawers = 0
    deck_left = len(SHORT_DECK) - HAND_SIZE * players
    for event in observation.events:
        if event.round != observation.round:
            continue
        if event.kind == "lowest_trump":
            shown = event.cards[0]
        elif event.kind == "draw" and event.seat is not None:
            drawers |= 1 << event.seat
            deck_left = event.info["deck_left"]
    if deck_left != observation.deck_count:
        return (0,) * players
    trumps = kernel.SUITS[observation.trump_suit]
    lower = trumps & ((1 << shown.index) - 1) if shown is not None else trumps
    return tuple(0 if drawers >> seat & 1 else lower for seat in range(players))


def _why_ruled_out(observation: DurakObservation) -> str:
    """The public fact :func:`trumps_ruled_out` read, in words."""
    for event in observation.events:
        if event.round == observation.round and event.kind == "lowest_trump":
            return f"{event.cards[0]} was the lowest trump dealt, and it has drawn no card since"
    return "nobody was dealt a trump, and it has drawn no card since"


@dataclass(frozen=True)
class DurakObservation(Observation):
    """Durak as one seat sees it.  Besides the common fields (see :class:`Observation`):

    - ``phase``: ``"attack"`` (the main attacker opens), ``"defend"``, ``"throw_in"``
      (an attacker may throw in or pass) or ``"over"``.
    - ``trump_suit``; ``trump_card``: the face-up card (always shown: everyone saw it);
      ``trump_card_holder``: the seat that drew it (or kept it in a 6-player deal), or
      ``None`` while it is still under the deck.
    - ``deck_count``: cards left to draw, the face-up trump included.
    - ``table``: ``(attacking card, beating card or None)`` pairs in the order played.
    - ``known_cards``: per seat, the cards everyone knows that seat holds (picked up in
      a take, the drawn trump, or the lowest trump it showed to open the round) and has
      not played since.
    - ``discard``: the discarded cards, in the order they went out of play.
    - ``main_attacker``, ``defender``: this bout's; ``attack_order``: the attackers in
      the order they are asked to throw in.
    - ``taking``: the defender has said ``take``.
    - ``limit``: the most attacking cards this bout may have;
      ``limit_left``: how many more may still be added;
      ``bout_start_defender_cards``: the defender's card count when the bout began.
    - ``passed``: attackers who passed since the last card was added.
    - ``in_game``: seats still playing this round; ``out``: seats out this round, in
      order.
    - ``record``: per seat ``(wins, losses)`` in the series; ``rounds_total``: how many
      rounds the series has.
    """

    phase: str
    trump_suit: Suit
    trump_card: Card
    trump_card_holder: int | None
    deck_count: int
    table: tuple[tuple[Card, Card | None], ...]
    known_cards: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    main_attacker: int | None
    defender: int | None
    attack_order: tuple[int, ...]
    taking: bool
    limit: int
    limit_left: int
    bout_start_defender_cards: int
    passed: tuple[int, ...]
    in_game: tuple[int, ...]
    out: tuple[int, ...]
    record: tuple[tuple[int, int], ...]
    rounds_total: int


class DurakRules(Rules):
    """Durak's fixed facts.  ``rounds`` (1-99) plays a series: 1 win to the first player
    out and 1 loss to the durak each round."""

    name = "durak"
    title = "Durak"
    min_players = 2
    max_players = 6
    options = (
        OptionSpec("rounds", 1, int, 1, 99, "rounds in the series (1 win to the first out, 1 loss to the durak)"),
    )
    deck = SHORT_DECK
    action_kinds = frozenset({"attack", "defend", "take", "pass"})
    default_players = 3
    blurb = "Attack and defend with a trump suit; don't be the last with cards."
    rank_order = DURAK_ORDER
    score_word = "wins−losses"
    stat_counters = (StatCounter("times_durak", "durak", "durak"),)
    arena_measure = Measure("durak rate", False, RoundShare("durak"), is_rate=True)
    bot_module = "cardtable.bots.durak"
    table_widget = "cardtable.tui.tables.durak:DurakTable"

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> DurakState:
        return DurakState(self, players, seed, options, deck)


def _table_field(name: str, doc: str) -> Any:
    """A read-write attribute of the state that is the kernel table's field ``name``."""

    def get_field(state: DurakState) -> Any:
        return getattr(state.table, name)

    def set_field(state: DurakState, value: Any) -> None:
        setattr(state.table, name, value)
        state._offered_moves = None
        state._offered_cards = -1

    return property(get_field, set_field, doc=doc)


class _DurakKernelView:
    """The Durak kernel's own answers about a :class:`kernel.Table` (see :class:`KernelView`).

    >>> state = RULES.new_game(players=2, seed=5)
    >>> view = state.kernel_view()
    >>> view.to_move() == state.current_player, view.legal_move_texts() == [str(a) for a in state.legal_actions()]
    (True, True)
    >>> view.scores()
    (0, 0)
    """

    def __init__(self, table: kernel.Table) -> None:
        self._table = table

    def to_move(self) -> int | None:
        return self._table.turn

    def legal_move_texts(self) -> list[str]:
        return [kernel.move_text(move) for move in kernel.legal_moves(self._table)]

    def scores(self) -> tuple[int, ...]:
        table = self._table
        return tuple(won - lost for won, lost in zip(table.wins, table.losses))


class DurakState(GameState):
    """A Durak game: one round, or a series of ``rounds`` rounds.

    The game itself is ``table``, a :class:`~cardtable.games.durak.kernel.Table` moved
    by the kernel's functions; its fields read (and, for tests and search, write) as
    attributes of the state too, under their older names: ``hands``, ``stock``,
    ``stock_pos``, ``trump`` (the suit), ``trump_idx`` (the face-up card),
    ``trump_holder``, ``attacker``, ``defender``, ``ask_order``, ``limit``,
    ``table_att``, ``table_def``, ``unbeaten``, ``table_mask``, ``rank_mask``,
    ``passed``, ``taking``, ``active``, ``out_order``, ``wins``, ``losses``,
    ``round_no``, ``total_rounds``; ``phase`` reads as its name.  Beside the kernel the
    state keeps what only observers need: ``known`` (per seat, the cards everyone saw
    it pick up and it has not played since), ``discard`` (in the order discarded) and
    ``round_results``.

    ``apply`` skips the legality check for an action the last ``legal_actions()`` of
    this position offered; any other action is checked.

    ``quiet`` (default off) is for a search's throw-away copies: the moves and bouts
    then add no events to the log (rounds still do), so play is faster but the log,
    and the observations built from it, stop at the moment it was set.
    """

    rules: DurakRules
    table: kernel.Table

    quiet: bool = False

    hands = _table_field("hands", "Per seat, the cards held (masks).")
    stock = _table_field("stock", "The card indexes to draw, from ``stock_pos`` on; the face-up trump last.")
    stock_pos = _table_field("stock_pos", "How many cards of ``stock`` are drawn.")
    trump = _table_field("trump", "The trump suit's number.")
    trump_idx = _table_field("trump_card", "The face-up trump card's index.")
    trump_mask = _table_field("trump_mask", "The trump suit's cards (a mask).")
    trump_holder = _table_field("trump_holder", "Who drew (or kept) the face-up trump, else ``None``.")
    active = _table_field("active", "Per seat, still in the round.")
    out_order = _table_field("out", "The seats out of this round, in order.")
    emptied = _table_field("emptied", "Per seat, the move number at which its hand last became empty.")
    attacker = _table_field("attacker", "This bout's main attacker.")
    defender = _table_field("defender", "This bout's defender.")
    ask_order = _table_field("ask", "The attackers in the order they are asked to throw in.")
    start_cards = _table_field("start_cards", "The defender's cards when the bout began.")
    limit = _table_field("limit", "The most attacking cards this bout may have.")
    table_att = _table_field("attacks", "This bout's attacking cards, in the order played.")
    table_def = _table_field("defences", "The card that beat each attacking card, -1 while unbeaten.")
    unbeaten = _table_field("unbeaten", "The unbeaten attacking cards (a mask).")
    table_mask = _table_field("cards", "Every card on the table (a mask).")
    rank_mask = _table_field("ranks", "Every card of a rank on the table (a mask): what may be thrown in.")
    passed = _table_field("passed", "A bit per attacker who passed since the last card was added.")
    taking = _table_field("taking", "Whether the defender has said take.")
    wins = _table_field("wins", "Per seat, rounds won (first out) in the series.")
    losses = _table_field("losses", "Per seat, rounds lost (the durak) in the series.")
    round_no = _table_field("round", "The round being played (from 1).")
    total_rounds = _table_field("rounds", "How many rounds the series has.")

    def __init__(
        self,
        rules: DurakRules,
        players: int,
        seed: int,
        options: dict[str, Any],
        deck: Sequence[Card] | None,
    ) -> None:
        super().__init__(rules, players, seed, options, deck)
        self.table = kernel.new_table(players, int(options["rounds"]))
        self.round_results: list[dict[str, Any]] = []
        # What the last legal_actions() offered: the moves while defending, the cards to
        # attack with otherwise (None and -1: nothing offered since the state last changed).
        self._offered_moves: list[int] | None = None
        self._offered_cards = -1
        # What the kernel reports of a bout's end (see kernel.Log), read and emptied after each move.
        self._log: kernel.Log = []
        first = list(deck) if deck is not None else shuffled(rules.deck, self.rng)
        self._start_round([card.index for card in first])

    @property
    def phase(self) -> str:
        """``"attack"``, ``"defend"``, ``"throw_in"`` or ``"over"``."""
        return _PHASE_NAMES[self.table.phase]

    # --- rounds and bouts -------------------------------------------------
    def _start_round(self, order: list[int]) -> None:
        table = self.table
        kernel.deal(table, order)
        n = self.num_players
        self.known = [0] * n
        if table.trump_holder is not None:
            # Six players: the last card dealt shows the trump and stays in its owner's hand.
            self.known[table.trump_holder] = 1 << table.trump_card
        self.discard: list[int] = []
        round_no = table.round
        trump_card = ALL_CARDS[table.trump_card]
        for seat in range(n):
            self.events.append(
                Event("deal", seat, mask_to_cards(table.hands[seat]), round_no, {"count": HAND_SIZE}, (seat,))
            )
        self.events.append(
            Event("trump", table.trump_holder, (trump_card,), round_no,
                  {"suit": trump_card.suit.letter, "kept_by": table.trump_holder})
        )
        lowest = kernel.lowest_trump(table.hands, table.trump_mask)
        if lowest is not None:
            self.events.append(Event("lowest_trump", lowest[0], (ALL_CARDS[lowest[1]],), round_no))
            # The opener showed it to everyone: it is public until played.
            self.known[lowest[0]] |= 1 << lowest[1]

    def _play(self, seat: int, move: int) -> None:
        """Make the kernel ``move`` for ``seat`` (the seat to act) and log what happened."""
        self._offered_moves = None
        self._offered_cards = -1
        table = self.table
        quiet = self.quiet
        events = self.events
        round_no = table.round
        if move < kernel.PASS:
            self.known[seat] &= ~(1 << move)
            if quiet:
                pass
            elif table.attacks:
                events.append(_new_tuple(Event, ("attack", seat, (ALL_CARDS[move],), round_no, _THROW_IN_INFO, None, 1)))
            else:
                # The opening card starts the bout: say who defends and how far it may go.
                info = {"throw_in": False, "defender": table.defender, "limit": table.limit,
                        "attackers": list(table.ask)}
                events.append(_new_tuple(Event, ("attack", seat, (ALL_CARDS[move],), round_no, info, None, 1)))
        elif move == kernel.PASS:
            if not quiet:
                events.append(_new_tuple(Event, ("pass", seat, (), round_no, _NO_INFO, None, 0)))
        elif move == kernel.TAKE:
            if not quiet:
                events.append(_new_tuple(Event, ("take", seat, (), round_no, _NO_INFO, None, 0)))
        else:
            self.known[seat] &= ~(1 << (move & 63))
            if not quiet:
                cards = (ALL_CARDS[move >> 6], ALL_CARDS[move & 63])
                events.append(_new_tuple(Event, ("defend", seat, cards, round_no, _NO_INFO, None, 2)))
        log = self._log
        kernel.play(table, move, log)
        if log:
            self._record(log, round_no)
            log.clear()

    def _record(self, log: kernel.Log, round_no: int) -> None:
        """Turn what the kernel reports after a move (a bout's end) into events."""
        quiet = self.quiet
        events = self.events
        known = self.known
        for entry in log:
            kind = entry[0]
            if kind == "bout_over":
                _, defender, played, taken, attacker = entry
                if taken:
                    for index in played:
                        known[defender] |= 1 << index
                else:
                    self.discard.extend(played)
                if not quiet:
                    # One event says how the bout ended and where the table cards went.
                    cards = tuple([ALL_CARDS[i] for i in played])
                    info = {"result": "taken" if taken else "defended", "attacker": attacker}
                    events.append(_new_tuple(Event, ("bout_over", defender, cards, round_no, info, None, len(cards))))
            elif kind == "draw":
                _, seat, drawn, left = entry
                if not quiet:
                    cards = tuple([ALL_CARDS[i] for i in drawn])
                    events.append(_new_tuple(Event, ("draw", seat, cards, round_no, {"deck_left": left}, (seat,), len(cards))))
            elif kind == "trump_drawn":
                seat = entry[1]
                trump_card = self.table.trump_card
                known[seat] |= 1 << trump_card
                if not quiet:
                    events.append(Event("trump_drawn", seat, (ALL_CARDS[trump_card],), round_no))
            elif kind == "out":
                events.append(Event("out", entry[1], (), round_no, {"place": entry[2]}))
            else:
                self._end_round(entry[1])

    def _end_round(self, durak: int | None) -> None:
        table = self.table
        round_no = table.round
        first_out = table.out[0]
        if durak is not None:
            self.events.append(Event("durak", durak, (), round_no))
        order = list(table.out) + ([durak] if durak is not None else [])
        result = {
            "round": round_no,
            "order": order,
            "first_out": first_out,
            "durak": durak,
            "draw": durak is None,
        }
        self.round_results.append(result)
        self.events.append(Event("round_over", None, (), round_no, dict(result)))
        if round_no < table.rounds:
            self._start_round([card.index for card in shuffled(self.rules.deck, self.rng)])
            return
        kernel.finish_game(table)
        self.events.append(
            Event("game_over", None, (), round_no, {"winners": list(self._winners())})
        )

    def _table_order(self) -> list[int]:
        """Table cards in the order played: each attacking card, then its beating card."""
        return kernel.table_order(self.table)

    # --- the turn ---------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The one seat that acts now (see the phases above), ``None`` once over."""
        return self.table.turn

    def kernel_view(self) -> _DurakKernelView:
        return _DurakKernelView(self.table)

    def legal_actions(self) -> list[Action]:
        """Every legal action, in this order.

        - Opening (``attack`` phase): ``attack X`` for each card in hand, non-trumps by
          rank then suit, then trumps by rank.
        - ``defend`` phase: ``defend A B`` grouped by unbeaten attacking card ``A`` in
          the order played, each group's beating cards non-trumps first then trumps,
          by rank; then ``take``.
        - ``throw_in`` phase: ``attack X`` for each card of a rank on the table (same
          order as the opening), then ``pass``.
        """
        table = self.table
        if table.turn is None:
            return []
        phase = table.phase
        if phase == kernel.DEFEND:
            moves = kernel.legal_moves(table)
            self._offered_moves = moves
            return list(map(_ACTIONS_BY_MOVE.__getitem__, moves))
        # Opening or throwing in: kernel.legal_moves' cards, as cached actions (the hot
        # loop of every random game), and passing when throwing in.
        cards = kernel.attack_cards(table)
        self._offered_cards = cards
        actions = list(_attacks(cards, table.trump))
        if phase == kernel.THROW_IN:
            actions.append(PASS)
        return actions

    def apply(self, action: Action | str) -> None:
        # An action legal_actions() handed out for this very position is legal as it is.
        move = _MOVE_OF_ID.get(id(action))
        if move is not None:
            table = self.table
            phase = table.phase
            if phase == kernel.DEFEND:
                offered = self._offered_moves
                given = offered is not None and move in offered
            else:
                cards = self._offered_cards
                if cards < 0:
                    given = False
                elif move < kernel.PASS:
                    given = bool(cards >> move & 1)
                else:
                    given = move == kernel.PASS and phase == kernel.THROW_IN
            if given:
                seat: int = table.turn  # type: ignore[assignment]
                self._play(seat, move)
                self.history.append((seat, action))  # type: ignore[arg-type]
                return
        super().apply(action)

    def _why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else one line saying why not.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("durak").new_game(players=2, seed=5)
        >>> state.why_illegal(Action.parse("pass"))
        'the main attacker must open the bout with a card; passing is not allowed'
        """
        table = self.table
        seat = table.turn
        if seat is None:
            return "the game is over; no more actions"
        kind = action.kind
        phase = table.phase
        hand = table.hands[seat]
        if kind == "attack":
            card = action.cards[0]
            if phase == kernel.DEFEND:
                return "you are defending: beat an attacking card (defend A B) or take"
            if not card.mask & _DECK_MASK:
                return f"{card} is not in the Durak deck (6 to A)"
            if not hand & card.mask:
                return f"{card} is not in your hand"
            if not kernel.attack_cards(table) & card.mask:
                ranks = " ".join(sorted({ALL_CARDS[i].rank.label for i in self._table_order()},
                                        key=lambda label: "6789 10JQKA".index(label)))
                return f"you can only throw in a rank already on the table ({ranks}), not a {card.rank.label}"
            return None
        if kind == "defend":
            if phase != kernel.DEFEND:
                if phase == kernel.ATTACK:
                    return "you are attacking: open the bout with attack X"
                return "there is nothing to beat now: throw in (attack X) or pass"
            attacking, beating = action.cards
            if not table.cards & attacking.mask or attacking.index not in table.attacks:
                return f"{attacking} is not an attacking card on the table"
            if not table.unbeaten & attacking.mask:
                return f"{attacking} is already beaten"
            if not beating.mask & _DECK_MASK:
                return f"{beating} is not in the Durak deck (6 to A)"
            if not hand & beating.mask:
                return f"{beating} is not in your hand"
            if not kernel.beats(attacking.index, beating.index, table.trump):
                if attacking.suit == table.trump:
                    return f"{beating} does not beat {attacking}: only a higher trump beats a trump"
                if beating.suit != attacking.suit:
                    return (f"{beating} does not beat {attacking}: "
                            f"play a higher {attacking.suit.name.lower()} card or a trump")
                return f"{beating} does not beat {attacking}: {beating.rank.label} is lower than {attacking.rank.label}"
            return None
        if kind == "take":
            if phase != kernel.DEFEND:
                if table.taking and seat != table.defender:
                    return "you have already said take; the attackers may still throw in"
                return "only the defender can take, and only after an attack"
            return None
        if kind == "pass":
            if phase == kernel.ATTACK:
                return "the main attacker must open the bout with a card; passing is not allowed"
            if phase == kernel.DEFEND:
                return "the defender cannot pass: beat an attacking card (defend A B) or take"
            return None
        return f"'{action}' is not a Durak action"

    def _apply(self, action: Action) -> None:
        seat = self.table.turn
        assert seat is not None
        move = _MOVE_OF_ID.get(id(action))
        self._play(seat, _MOVE_OF_ACTION[action] if move is None else move)

    # --- views ------------------------------------------------------------
    def _hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in index order (full information: not for bots)."""
        return mask_to_cards(self.table.hands[seat])

    @property
    def scores(self) -> tuple[int, ...]:
        """Wins minus losses per seat."""
        table = self.table
        return tuple(won - lost for won, lost in zip(table.wins, table.losses))

    def _observation(self, seat: int) -> DurakObservation:
        """The game as ``seat`` sees it: its own hand and the public facts only.

        >>> from cardtable.games import get_rules
        >>> view = get_rules("durak").new_game(players=3, seed=2).observation(1)
        >>> len(view.hand), view.deck_count, view.phase
        (6, 18, 'attack')
        """
        table = self.table
        over = table.turn is None
        return DurakObservation(
            game=self.rules.name,
            seat=seat,
            num_players=self.num_players,
            current_player=table.turn,
            hand=mask_to_cards(table.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in table.hands),
            round=table.round,
            scores=self.scores,
            history=self._public_history(seat),
            events=self.events_for(seat),
            is_over=over,
            phase=_PHASE_NAMES[table.phase],
            trump_suit=Suit(table.trump),
            trump_card=ALL_CARDS[table.trump_card],
            trump_card_holder=table.trump_holder,
            deck_count=len(table.stock) - table.stock_pos,
            table=tuple(
                (ALL_CARDS[a], ALL_CARDS[d] if d >= 0 else None)
                for a, d in zip(table.attacks, table.defences)
            ),
            known_cards=tuple(mask_to_cards(mask) for mask in self.known),
            discard=tuple(ALL_CARDS[i] for i in self.discard),
            main_attacker=None if over else table.attacker,
            defender=None if over else table.defender,
            attack_order=() if over else table.ask,
            taking=table.taking,
            limit=table.limit,
            limit_left=0 if over else table.limit - len(table.attacks),
            bout_start_defender_cards=table.start_cards,
            passed=tuple(s for s in table.ask if (table.passed >> s) & 1),
            in_game=tuple(s for s in range(self.num_players) if table.active[s]),
            out=tuple(table.out),
            record=tuple(zip(table.wins, table.losses)),
            rounds_total=table.rounds,
        )

    def _winners(self) -> tuple[int, ...]:
        scores = self.scores
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def outcome(self) -> Outcome:
        """Places, the durak and the series record.

        ``order`` is the last completed round's places (out order, the durak last); while
        the first round is still going, the players out so far.
        """
        table = self.table
        over = table.turn is None
        last = self.round_results[-1] if self.round_results else None
        order = tuple(last["order"]) if last else tuple(table.out)
        durak = last["durak"] if last else None
        titles = tuple("Durak" if last and seat == durak else None for seat in range(self.num_players))
        return Outcome(
            game=self.rules.name,
            is_over=over,
            rounds_played=len(self.round_results),
            order=order,
            titles=titles,
            scores=self.scores,
            winners=self._winners() if over else (),
            rounds=tuple(dict(result) for result in self.round_results),
            details={
                "record": [{"wins": won, "losses": lost} for won, lost in zip(table.wins, table.losses)],
                "durak": durak,
                "draw": bool(last and last["draw"]),
            },
        )

    @classmethod
    def from_observation(
        cls,
        observation: DurakObservation,
        hands: Sequence[int | Sequence[Card]],
        rng: random.Random | None = None,
        *,
        stock: Sequence[Card | int] = (),
    ) -> DurakState:
        """A full state that matches ``observation``, with the hidden cards filled in.

        This is how a searching bot turns a guess about the hidden cards into a state it
        can play out: ``hands`` gives the cards every seat holds now (bitmasks or cards),
        ``stock`` the cards still to draw from the top, *without* the face-up trump,
        which stays last.  ``hands[observation.seat]`` must be the observer's hand, the
        sizes must be the public ones, every seat must hold its publicly known cards
        (the lowest trump shown at the deal among them, until played) and no trump that
        :func:`trumps_ruled_out` rules out, and together with the table and the discard
        every card of the deck must be in exactly one place; otherwise
        :class:`ValueError` says what is wrong.  ``rng``
        (default: seeded with 0) drives the deals of later rounds.  The signature is
        President's and Hearts' with ``stock`` added: it is keyword-only, so an ``rng``
        given by position is the ``rng`` in every game.

        Everything public is restored (series record, finished rounds, out order, the
        bout on the table, the passes, the known cards); the event log is the observer's
        view, so the rebuilt state shows the observer exactly ``observation``.  It is
        meant for search, not for saving.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("durak").new_game(players=2, seed=4)
        >>> for _ in range(3):
        ...     state.apply(state.legal_actions()[0])
        >>> seat = state.current_player
        >>> seen = state.observation(seat)
        >>> hidden = [ALL_CARDS[i] for i in state.stock[state.stock_pos:-1]]
        >>> rebuilt = DurakState.from_observation(seen, state.hands, stock=hidden)
        >>> rebuilt.observation(seat) == seen, rebuilt.legal_actions() == state.legal_actions()
        (True, True)
        """
        if observation.is_over:
            raise ValueError("a finished game cannot be rebuilt for play")
        players = observation.num_players
        trump_idx = observation.trump_card.index
        stock_idx = [item if isinstance(item, int) else item.index for item in stock]
        deck_count = observation.deck_count
        if len(stock_idx) != max(deck_count - 1, 0):
            raise ValueError(f"the stock holds {max(deck_count - 1, 0)} hidden cards, not {len(stock_idx)}")
        table_cards = [card for pair in observation.table for card in pair if card is not None]
        groups: list[int] = [1 << i for i in stock_idx]
        groups += [card.mask for card in table_cards] + [card.mask for card in observation.discard]
        if deck_count:
            groups.append(1 << trump_idx)
        masks = check_guessed_hands(observation, hands, groups, _DECK_MASK)
        for other, cards in enumerate(observation.known_cards):
            for card in cards:
                if not masks[other] & card.mask:
                    raise ValueError(f"seat {other} must hold {card}, which everyone knows it holds")
        for other, ruled_out in enumerate(trumps_ruled_out(observation)):
            wrong = masks[other] & ruled_out & ~cards_to_mask(observation.known_cards[other])
            if wrong:
                raise ValueError(f"seat {other} cannot hold {format_cards(mask_to_cards(wrong))}: "
                                 + _why_ruled_out(observation))
        state = cls._rebuilt(
            RULES,
            observation,
            {"rounds": observation.rounds_total},
            [(actor, Action.parse(text)) for actor, text in observation.history],
            rng,
        )
        state._offered_moves = None
        state._offered_cards = -1
        state._log = []
        table = state.table = kernel.new_table(players, observation.rounds_total)
        table.round = observation.round
        table.wins = [won for won, _ in observation.record]
        table.losses = [lost for _, lost in observation.record]
        state.round_results = [dict(e.info) for e in observation.events if e.kind == "round_over"]
        if state.round_results:
            table.durak = state.round_results[-1]["durak"]
        state.known = [sum(card.mask for card in cards) for cards in observation.known_cards]
        table.trump_card = trump_idx
        table.trump_holder = observation.trump_card_holder
        table.stock = tuple(stock_idx) + ((trump_idx,) if deck_count else ())
        table.stock_pos = 0
        table.trump = trump_idx & 3
        table.trump_mask = kernel.SUITS[table.trump]
        table.hands = masks
        table.active = [s in observation.in_game for s in range(players)]
        table.out = list(observation.out)
        table.clock = len(state.history)
        # Who emptied their hand during this bout, and when: it orders players going out together.
        table.emptied = emptied = [0] * players
        for index in range(len(state.history) - 1, -1, -1):
            actor, action = state.history[index]
            if action.kind in ("attack", "defend") and table.active[actor] and not masks[actor] \
                    and not emptied[actor]:
                emptied[actor] = index
        state.discard = [card.index for card in observation.discard]
        # Both are None only once the game is over, which was refused above.
        assert observation.main_attacker is not None and observation.defender is not None
        table.attacker = observation.main_attacker
        table.defender = observation.defender
        table.ask = tuple(observation.attack_order)
        table.start_cards = observation.bout_start_defender_cards
        table.limit = observation.limit
        table.attacks = [a.index for a, _ in observation.table]
        table.defences = [d.index if d is not None else -1 for _, d in observation.table]
        table.unbeaten = sum(a.mask for a, d in observation.table if d is None)
        table.cards = sum(card.mask for card in table_cards)
        table.ranks = 0
        for card in table_cards:
            table.ranks |= _SAME_RANK[card.index]
        table.passed = sum(1 << s for s in observation.passed)
        table.taking = observation.taking
        table.phase = {PHASE_ATTACK: kernel.ATTACK, PHASE_DEFEND: kernel.DEFEND,
                       PHASE_THROW_IN: kernel.THROW_IN}[observation.phase]
        table.turn = observation.current_player
        return state

    def clone(self) -> DurakState:
        """An independent copy."""
        new = object.__new__(DurakState)
        self._clone_base(new)
        new.table = kernel.copy_table(self.table)
        new.round_results = [dict(r) for r in self.round_results]
        new.known = list(self.known)
        new.discard = list(self.discard)
        new.quiet = self.quiet
        new._offered_moves = None
        new._offered_cards = -1
        new._log = []
        return new


RULES = DurakRules()
