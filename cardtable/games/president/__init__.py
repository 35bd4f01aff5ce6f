"""President: shed your cards first; a series of rounds with titles and exchanges.

The rules are ``docs/rules/president.md`` (the spec: ``shared/rules/president.md``).

>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=4, seed=1, rounds=2)
>>> state.current_player, state.observation(0).phase
(0, 'play')
>>> str(state.legal_actions()[0])  # the lowest single card leads first
'3C'
>>> state.apply("pass")
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: the leader must play; passing is not allowed when leading

Inside, a hand is a 52-bit mask (bit ``card.index``); the four cards of one rank are a
4-bit "nibble" at ``(rank - 2) * 4``, so the sets a player can play from one rank are
the sub-nibbles of that rank's nibble, and their :class:`Action` objects are built once
at import time.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Any, ClassVar, Self

from cardtable.cards import (
    ALL_CARDS,
    FULL_DECK,
    PRESIDENT_ORDER,
    RANK_MASKS,
    REVOLUTION_ORDER,
    Card,
    Rank,
    RankOrder,
    iter_bits,
    mask_to_cards,
    shuffled,
)
from cardtable.engine.actions import PASS, Action
from cardtable.engine.events import Event
from cardtable.engine.facts import Measure, StatCounter, score_per_round
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState, OptionSpec, Outcome, Rules, check_guessed_hands

__all__ = [
    "PresidentRules",
    "PresidentState",
    "PresidentObservation",
    "RULES",
    "titles_for",
    "played_this_round",
    "PRESIDENT",
    "VICE_PRESIDENT",
    "CITIZEN",
    "VICE_SCUM",
    "SCUM",
]

PRESIDENT = "President"
VICE_PRESIDENT = "Vice-President"
CITIZEN = "Citizen"
VICE_SCUM = "Vice-Scum"
SCUM = "Scum"

_PLAY, _EXCHANGE, _OVER = 0, 1, 2
_PHASE_NAMES = ("play", "exchange", "over")


def titles_for(players: int) -> tuple[str, ...]:
    """The titles by finishing place (first to last) for a table of ``players``.

    >>> titles_for(3)
    ('President', 'Citizen', 'Scum')
    >>> titles_for(5)
    ('President', 'Vice-President', 'Citizen', 'Vice-Scum', 'Scum')
    """
    if players == 3:
        return (PRESIDENT, CITIZEN, SCUM)
    return (PRESIDENT, VICE_PRESIDENT) + (CITIZEN,) * (players - 4) + (VICE_SCUM, SCUM)


_TITLES: dict[int, tuple[str, ...]] = {n: titles_for(n) for n in range(3, 7)}

# --- precomputed tables ------------------------------------------------------------
_RANKS: tuple[int, ...] = tuple(range(2, 15))
_NORMAL_RANKS: tuple[int, ...] = tuple(int(r) for r in PRESIDENT_ORDER.ranks)
_REVOLUTION_RANKS: tuple[int, ...] = tuple(int(r) for r in REVOLUTION_ORDER.ranks)
# _POSITION[revolution][rank]: place of the rank in the order in force, 0 = lowest.
_POSITION: tuple[list[int], list[int]] = ([0] * 15, [0] * 15)
for _i, _r in enumerate(_NORMAL_RANKS):
    _POSITION[0][_r] = _i
for _i, _r in enumerate(_REVOLUTION_RANKS):
    _POSITION[1][_r] = _i


def _sub_nibbles(nibble: int, size: int) -> list[int]:
    """The ``size``-card subsets of a 4-bit suit set, in card-index order."""
    suits = [s for s in range(4) if nibble >> s & 1]
    return [sum(1 << s for s in combo) for combo in combinations(suits, size)]


# _PLAYS[rank][nibble][size]: the play actions of ``size`` cards of ``rank`` that can be
# made from the suits in ``nibble``.
_PLAYS: list[list[list[tuple[Action, ...]]]] = [[] for _ in range(15)]
for _r in _RANKS:
    _shift = (_r - 2) * 4
    _by_subset = {
        sub: Action.play(ALL_CARDS[_shift + s] for s in range(4) if sub >> s & 1)
        for sub in range(1, 16)
    }
    _PLAYS[_r] = [
        [()] + [tuple(_by_subset[sub] for sub in _sub_nibbles(nib, size)) for size in range(1, 5)]
        for nib in range(16)
    ]

# Per rank order (0 normal, 1 revolution), low to high: (bit shift, _PLAYS[rank]) with
# each nibble's tuple cut after the largest size it allows, so ``len`` says what it holds.
_RANK_TABLES: tuple[list[tuple[int, list[tuple[tuple[Action, ...], ...]]]], ...] = tuple(
    [
        ((r - 2) * 4, [tuple(by_size[: nib.bit_count() + 1]) for nib, by_size in enumerate(_PLAYS[r])])
        for r in ranks
    ]
    for ranks in (_NORMAL_RANKS, _REVOLUTION_RANKS)
)
# _ABOVE[revolution][rank]: (bit shift, _PLAYS[higher]) for each rank that beats ``rank``.
_ABOVE: tuple[list[list[tuple[int, Any]]], ...] = tuple(
    [
        [((q - 2) * 4, _PLAYS[q]) for q in ranks[_POSITION[rev][r] + 1 :]] if r >= 2 else []
        for r in range(15)
    ]
    for rev, ranks in enumerate((_NORMAL_RANKS, _REVOLUTION_RANKS))
)

_GIVES: dict[int, Action] = {}
"""Give actions by card mask, made on first use."""

# Exchange strength in the normal order, whatever order is in force: 2s best, then by
# the higher suit index so that the Scum's choice is always the same.
_GIFT_STRENGTH: tuple[int, ...] = tuple(
    _POSITION[0][c.rank] * 4 + c.suit for c in ALL_CARDS
)


_NO_INFO: Mapping[str, Any] = MappingProxyType({})
_PASS_EVENTS: dict[tuple[int, int], Event] = {}


def _pass_event(seat: int, round_number: int) -> Event:
    # Events are immutable values, so one object per (seat, round) serves every game.
    event = _PASS_EVENTS.get((seat, round_number))
    if event is None:
        event = _PASS_EVENTS[seat, round_number] = Event("pass", seat, (), round_number, _NO_INFO)
    return event


def _give_action(mask: int) -> Action:
    action = _GIVES.get(mask)
    if action is None:
        action = _GIVES[mask] = Action.give(mask_to_cards(mask))
    return action


def _best_cards(hand: int, count: int) -> int:
    """The mask of the ``count`` best cards of ``hand`` for an automatic gift."""
    chosen = sorted(iter_bits(hand), key=_GIFT_STRENGTH.__getitem__, reverse=True)[:count]
    return sum(1 << i for i in chosen)


def _rank_label(rank: int) -> str:
    return Rank(rank).label


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@dataclass(frozen=True)
class PresidentObservation(Observation):
    """What one seat knows in a game of President, beyond the base fields.

    - ``phase``: ``"exchange"`` (gifts before a round), ``"play"`` or ``"over"``.
    - ``rank_order``: the :class:`RankOrder` in force, low to high; ``revolution``:
      whether it is the inverted one; ``revolution_enabled``: the option.
    - ``rounds_total``: rounds in the series (``round`` is the current one, from 1).
    - ``table``: the cards of the set on the table (empty when clear);
      ``table_owner``: the seat that played it, or ``None``.
    - ``trick``: every play and pass of the current trick as ``(seat, notation)``.
    - ``passed``: the seats that passed in this trick, ascending.
    - ``leader``: the seat that led this trick (or leads the next one).
    - ``finished``: the seats that went out this round, first place first.
    - ``titles``: each seat's title from the last completed round, or ``None`` in the
      first round.
    - ``round_points``: each completed round's points, per seat.
    - ``exchange_given`` / ``exchange_received``: this seat's cards given and received
      in this round's exchange (automatic gifts included); empty otherwise.
    - ``exchange_due``: how many cards this seat must give back now (0 if none).
    """

    SEAT_PRIVATE: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {**Observation.SEAT_PRIVATE, "exchange_given": (), "exchange_received": (), "exchange_due": 0}
    )

    phase: str
    rank_order: RankOrder
    revolution: bool
    revolution_enabled: bool
    rounds_total: int
    table: tuple[Card, ...]
    table_owner: int | None
    trick: tuple[tuple[int, str], ...]
    passed: tuple[int, ...]
    leader: int | None
    finished: tuple[int, ...]
    titles: tuple[str | None, ...]
    round_points: tuple[tuple[int, ...], ...]
    exchange_given: tuple[Card, ...]
    exchange_received: tuple[Card, ...]
    exchange_due: int


class PresidentRules(Rules):
    """President for 3 to 6 players with the 52-card deck.

    Options: ``rounds`` (1-99, default 1) and ``revolution`` (default on).

    >>> RULES.new_game(players=3, seed=2, revolution="off").options
    {'rounds': 1, 'revolution': False}
    """

    name = "president"
    title = "President"
    min_players = 3
    max_players = 6
    options = (
        OptionSpec("rounds", 1, int, 1, 99, "rounds in the series; exchanges before every round after the first"),
        OptionSpec("revolution", True, bool, help="a four of a kind inverts the rank order"),
    )
    deck = FULL_DECK
    action_kinds = frozenset({"play", "pass", "give"})
    default_players = 4
    blurb = "Shed your cards first; beat sets of equal rank."
    rank_order = PRESIDENT_ORDER
    # A newcomer's President is a series of five rounds, so they meet the titles and the
    # card exchange that make the game; the API and simulate keep one round a game.
    table_options = MappingProxyType({"rounds": 5})
    stat_counters = (
        StatCounter(
            "titles", "titles", "titles",
            MappingProxyType({"President": "P", "Vice-President": "VP", "Citizen": "C", "Vice-Scum": "VS", "Scum": "S"}),
        ),
    )
    arena_measure = Measure("points per round", True, score_per_round)
    bot_module = "cardtable.bots.president"
    table_widget = "cardtable.tui.tables.president:PresidentTable"

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> PresidentState:
        return PresidentState(self, players, seed, options, deck)


class PresidentState(GameState):
    """A game of President: a series of ``rounds`` rounds.

    Legal actions come in a fixed order: plays by number of cards, then by rank from
    lowest to highest in the order in force, then by card index; ``pass`` last.  In an
    exchange, every set of cards the giver may hand back, by card index.

    >>> state = RULES.new_game(players=3, deck=[c for c in FULL_DECK])
    >>> [str(c) for c in state.hand(0)][:4]
    ['2C', '2S', '3H', '4D']
    >>> state.apply("3H"); state.current_player
    1
    """

    rules: PresidentRules

    def __init__(
        self,
        rules: PresidentRules,
        players: int,
        seed: int,
        options: dict[str, Any],
        deck: list[Card] | None,
    ) -> None:
        super().__init__(rules, players, seed, options, deck)
        self._rounds_total: int = options["rounds"]
        self._revolution_enabled: bool = options["revolution"]
        self.scores: list[int] = [0] * players
        self._round_results: list[dict[str, Any]] = []
        self._last_titles: list[str | None] = [None] * players
        self._revolution_total = 0
        # History indexes of exchange gives -> the two seats that may see the cards.
        self._private_gives: dict[int, tuple[int, int]] = {}
        self._start_round(1, list(deck) if deck is not None else shuffled(rules.deck, self.rng))

    # --- round set-up ------------------------------------------------------------
    def _start_round(self, number: int, deck: list[Card]) -> None:
        n = self.num_players
        self.round_number = number
        hands = [0] * n
        for i, card in enumerate(deck):
            hands[i % n] |= card.mask
        self.hands = hands
        self.revolution = False
        self._revolutions_this_round = 0
        self.table_mask = 0
        self.table_cards: tuple[Card, ...] = ()
        self.table_rank = 0
        self.table_size = 0
        self.table_owner = -1
        self.passed = 0
        self.out = 0
        self.finished: list[int] = []
        self.trick: list[tuple[int, Action]] = []
        self.given = [0] * n
        self.received = [0] * n
        self._exchange_steps: list[tuple[int, int, int]] = []
        for seat in range(n):
            self.events.append(
                Event("deal", seat, mask_to_cards(hands[seat]), number, visible_to=(seat,))
            )
        if number == 1:
            self.leader = 0
            self.phase = _PLAY
            self._turn: int | None = 0
            return
        order = self._round_results[-1]["order"]
        president, scum = order[0], order[-1]
        self._gift(scum, president, 2, automatic=True)
        if n >= 4:
            self._gift(order[-2], order[1], 1, automatic=True)
            self._exchange_steps = [(president, scum, 2), (order[1], order[-2], 1)]
        else:
            self._exchange_steps = [(president, scum, 2)]
        self.leader = scum
        self.phase = _EXCHANGE
        self._turn = president

    def _gift(self, giver: int, receiver: int, count: int | None, automatic: bool, mask: int = 0) -> None:
        if automatic:
            mask = _best_cards(self.hands[giver], count or 0)
        self.hands[giver] &= ~mask
        self.hands[receiver] |= mask
        self.given[giver] |= mask
        self.received[receiver] |= mask
        self.events.append(
            Event(
                "exchange",
                giver,
                mask_to_cards(mask),
                self.round_number,
                {"to": receiver, "automatic": automatic},
                visible_to=(giver, receiver),
            )
        )

    # --- the turn ----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self._turn

    @property
    def rank_order(self) -> RankOrder:
        """The rank order in force."""
        return REVOLUTION_ORDER if self.revolution else PRESIDENT_ORDER

    def legal_actions(self) -> list[Action]:
        seat = self._turn
        if seat is None:
            return []
        hand = self.hands[seat]
        if self.phase == _EXCHANGE:
            count = self._exchange_steps[0][2]
            return [
                _give_action(sum(1 << i for i in combo))
                for combo in combinations(iter_bits(hand), count)
            ]
        actions: list[Action] = []
        size = self.table_size
        if size == 0:
            # (plays by size, then by rank): gather the ranks held once, then one pass per size.
            held = [
                plays[nibble]
                for shift, plays in _RANK_TABLES[self.revolution]
                if (nibble := hand >> shift & 15)
            ]
            for size in (1, 2, 3, 4):
                for by_size in held:
                    if len(by_size) > size:
                        actions.extend(by_size[size])
            return actions
        for shift, plays in _ABOVE[self.revolution][self.table_rank]:
            nibble = hand >> shift & 15
            if nibble:
                actions.extend(plays[nibble][size])
        actions.append(PASS)
        return actions

    def _why_illegal(self, action: Action) -> str | None:
        seat = self._turn
        if seat is None:
            return "the game is over; no more actions"
        kind = action.kind
        hand = self.hands[seat]
        if self.phase == _EXCHANGE:
            count = self._exchange_steps[0][2]
            if kind != "give":
                return f"first give back {_plural(count, 'card')} of your choice, e.g. 'give {self._example_give(count)}'"
            missing = action.mask & ~hand
            if missing:
                return _not_in_hand(missing)
            if len(action.cards) != count:
                return f"must give {_plural(count, 'card')}"
            return None
        if kind == "give":
            return "there is no card exchange now; play cards or pass"
        if kind == "pass":
            if self.table_size == 0:
                return "the leader must play; passing is not allowed when leading"
            return None
        if kind != "play":
            return f"'{action}' is not a President action"
        mask = action.mask
        missing = mask & ~hand
        if missing:
            return _not_in_hand(missing)
        rank = (mask & -mask).bit_length() + 7 >> 2
        if mask & ~RANK_MASKS[rank]:
            return "all cards played together must have the same rank"
        size = len(action.cards)
        if self.table_size:
            if size != self.table_size:
                return f"must play {_plural(self.table_size, 'card')}, like the table"
            position = _POSITION[self.revolution]
            if position[rank] <= position[self.table_rank]:
                reason = f"{_rank_label(rank)} does not beat {_rank_label(self.table_rank)}"
                return reason + " (revolution: the order is inverted)" if self.revolution else reason
        return None

    def _example_give(self, count: int) -> str:
        cards = mask_to_cards(self.hands[self._turn or 0])[:count]
        return " ".join(str(c) for c in cards)

    def _apply(self, action: Action) -> None:
        seat = self._turn
        assert seat is not None
        kind = action.kind
        if kind == "play":
            self._play(seat, action)
        elif kind == "pass":
            self.passed |= 1 << seat
            self.trick.append((seat, action))
            self.events.append(_pass_event(seat, self.round_number))
            self._advance(seat)
        else:
            giver, receiver, _ = self._exchange_steps.pop(0)
            self._private_gives[len(self.history)] = (giver, receiver)
            self._gift(giver, receiver, None, automatic=False, mask=action.mask)
            if self._exchange_steps:
                self._turn = self._exchange_steps[0][0]
            else:
                self.phase = _PLAY
                self._turn = self.leader

    def _play(self, seat: int, action: Action) -> None:
        mask = action.mask
        self.hands[seat] &= ~mask
        rank = (mask & -mask).bit_length() + 7 >> 2
        self.table_mask = mask
        self.table_cards = action.cards
        self.table_rank = rank
        size = self.table_size = len(action.cards)
        self.table_owner = seat
        self.trick.append((seat, action))
        number = self.round_number
        self.events.append(Event("play", seat, action.cards, number, _NO_INFO))
        if size == 4 and self._revolution_enabled:
            self.revolution = not self.revolution
            self._revolutions_this_round += 1
            self._revolution_total += 1
            self.events.append(Event("revolution", seat, (), number, {"active": self.revolution}))
        if not self.hands[seat]:
            self._go_out(seat)
            if len(self.finished) == self.num_players - 1:
                for last in range(self.num_players):
                    if not self.out >> last & 1:
                        self._go_out(last)
                self._end_round()
                return
        self._advance(seat)

    def _go_out(self, seat: int) -> None:
        self.out |= 1 << seat
        self.finished.append(seat)
        place = len(self.finished)
        self.events.append(
            Event(
                "out",
                seat,
                (),
                self.round_number,
                {"place": place, "title": _TITLES[self.num_players][place - 1]},
            )
        )

    def _advance(self, seat: int) -> None:
        """Give the turn to the next seat that may still act in this trick, or end it."""
        n = self.num_players
        blocked = self.out | self.passed | (1 << self.table_owner)
        candidate = seat
        for _ in range(n - 1):
            candidate = candidate + 1 if candidate + 1 < n else 0
            if not blocked >> candidate & 1:
                self._turn = candidate
                return
        self._win_trick()

    def _win_trick(self) -> None:
        winner = self.table_owner
        leader = winner
        n = self.num_players
        while self.out >> leader & 1:
            leader = leader + 1 if leader + 1 < n else 0
        self.events.append(
            Event(
                "trick",
                winner,
                self.table_cards,
                self.round_number,
                {"leader": leader},
            )
        )
        self.table_mask = self.table_rank = self.table_size = 0
        self.table_cards = ()
        self.table_owner = -1
        self.passed = 0
        self.trick = []
        self.leader = leader
        self._turn = leader

    def _end_round(self) -> None:
        n = self.num_players
        order = list(self.finished)
        place_titles = _TITLES[n]
        titles: list[str | None] = [None] * n
        points = [0] * n
        for place, seat in enumerate(order):
            titles[seat] = place_titles[place]
            points[seat] = n - place
            self.scores[seat] += n - place
        result = {
            "round": self.round_number,
            "order": order,
            "titles": titles,
            "points": points,
            "revolutions": self._revolutions_this_round,
        }
        self._round_results.append(result)
        self._last_titles = list(titles)
        self.events.append(
            Event(
                "round_over",
                None,
                (),
                self.round_number,
                {"order": order, "titles": titles, "points": points, "scores": list(self.scores)},
            )
        )
        self.table_mask = self.table_rank = self.table_size = 0
        self.table_cards = ()
        self.table_owner = -1
        self.passed = 0
        self.trick = []
        if self.round_number >= self._rounds_total:
            self.phase = _OVER
            self._turn = None
            self.events.append(
                Event(
                    "game_over",
                    None,
                    (),
                    self.round_number,
                    {"winners": list(self._winners()), "scores": list(self.scores)},
                )
            )
        else:
            self._start_round(self.round_number + 1, shuffled(self.rules.deck, self.rng))

    def _winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    # --- views -------------------------------------------------------------------
    def _hand(self, seat: int) -> tuple[Card, ...]:
        return mask_to_cards(self.hands[seat])

    def _public_history(self, seat: int | None) -> tuple[tuple[int, str], ...]:
        """The actions as ``seat`` may see them: others' exchange gives show as ``give ? ?``."""
        private = self._private_gives
        shown = []
        for index, (actor, action) in enumerate(self.history):
            viewers = private.get(index)
            if viewers is not None and seat not in viewers:
                shown.append((actor, "give" + " ?" * len(action.cards)))
            else:
                shown.append((actor, str(action)))
        return tuple(shown)

    def _observation(self, seat: int) -> PresidentObservation:
        due = 0
        if self.phase == _EXCHANGE and self._exchange_steps[0][0] == seat:
            due = self._exchange_steps[0][2]
        return PresidentObservation(
            game=self.rules.name,
            seat=seat,
            num_players=self.num_players,
            current_player=self._turn,
            hand=mask_to_cards(self.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            round=self.round_number,
            scores=tuple(self.scores),
            history=self._public_history(seat),
            events=self.events_for(seat),
            is_over=self._turn is None,
            phase=_PHASE_NAMES[self.phase],
            rank_order=self.rank_order,
            revolution=self.revolution,
            revolution_enabled=self._revolution_enabled,
            rounds_total=self._rounds_total,
            table=self.table_cards,
            table_owner=self.table_owner if self.table_owner >= 0 else None,
            trick=tuple((s, str(a)) for s, a in self.trick),
            passed=tuple(s for s in range(self.num_players) if self.passed >> s & 1),
            leader=self.leader if self._turn is not None else None,
            finished=tuple(self.finished),
            titles=tuple(self._last_titles),
            round_points=tuple(tuple(r["points"]) for r in self._round_results),
            exchange_given=mask_to_cards(self.given[seat]),
            exchange_received=mask_to_cards(self.received[seat]),
            exchange_due=due,
        )

    def outcome(self) -> Outcome:
        """The standing: see docs/api.md, section President.

        ``details`` holds ``revolutions`` (inversions over the whole game),
        ``rounds_total``, and ``current_round`` (number, seats out so far in order,
        whether a revolution is on) while a round is being played, else ``None``.
        """
        over = self._turn is None
        last = self._round_results[-1] if self._round_results else None
        current = None
        if not over:
            current = {
                "round": self.round_number,
                "finished": list(self.finished),
                "revolution": self.revolution,
            }
        return Outcome(
            game=self.rules.name,
            is_over=over,
            rounds_played=len(self._round_results),
            order=tuple(last["order"]) if last else (),
            titles=tuple(self._last_titles),
            scores=tuple(self.scores),
            winners=self._winners() if over else (),
            rounds=tuple(
                {
                    "round": r["round"],
                    "order": list(r["order"]),
                    "titles": list(r["titles"]),
                    "points": list(r["points"]),
                    "revolutions": r["revolutions"],
                }
                for r in self._round_results
            ),
            details={
                "revolutions": self._revolution_total,
                "rounds_total": self._rounds_total,
                "current_round": current,
            },
        )

    def clone(self) -> Self:
        new = object.__new__(type(self))
        self._clone_base(new)
        new._rounds_total = self._rounds_total
        new._revolution_enabled = self._revolution_enabled
        new.scores = list(self.scores)
        new._round_results = list(self._round_results)  # entries are never changed
        new._last_titles = list(self._last_titles)
        new._revolution_total = self._revolution_total
        new._private_gives = dict(self._private_gives)
        new.round_number = self.round_number
        new.hands = list(self.hands)
        new.revolution = self.revolution
        new._revolutions_this_round = self._revolutions_this_round
        new.table_mask = self.table_mask
        new.table_cards = self.table_cards
        new.table_rank = self.table_rank
        new.table_size = self.table_size
        new.table_owner = self.table_owner
        new.passed = self.passed
        new.out = self.out
        new.finished = list(self.finished)
        new.trick = list(self.trick)
        new.given = list(self.given)
        new.received = list(self.received)
        new._exchange_steps = list(self._exchange_steps)
        new.leader = self.leader
        new.phase = self.phase
        new._turn = self._turn
        return new


    @classmethod
    def from_observation(
        cls,
        observation: PresidentObservation,
        hands: Sequence[int | Iterable[Card]],
        rng: random.Random | None = None,
    ) -> Self:
        """A full state that matches ``observation`` with the cards in hand set to ``hands``.

        This is how a searching bot turns a guess about the hidden cards (``hands``: the
        cards each seat holds now, as bitmasks or cards) into a state it can play out.
        Only a round being played can be rebuilt (phase ``play``).  ``hands[seat]`` must
        be the observer's own hand, every size must be the public one, and the hands
        together with the cards played this round must hold each card once; otherwise
        :class:`ValueError` says what is wrong.  ``rng`` (default: seeded with 0) drives
        the deals of later rounds.

        Everything public is restored: scores and earlier rounds, titles, the order in
        force, the table, who passed, who is out, who leads, the observer's exchange.
        Exchange gives the observer never saw stay placeholders in ``history`` and the
        event log is the observer's view, so the state shows the observer exactly
        ``observation``; it is meant for search, not for saving.

        >>> state = RULES.new_game(players=4, seed=2)
        >>> for _ in range(6):
        ...     state.apply(state.legal_actions()[0])
        >>> seat = state.current_player
        >>> seen = state.observation(seat)
        >>> rebuilt = PresidentState.from_observation(seen, state.hands)
        >>> rebuilt.observation(seat) == seen, rebuilt.legal_actions() == state.legal_actions()
        (True, True)
        """
        if observation.phase != "play":
            raise ValueError(f"only a round being played can be rebuilt, not the {observation.phase} phase")
        n = observation.num_players
        seat = observation.seat
        number = observation.round
        masks = check_guessed_hands(observation, hands, [played_this_round(observation)], _ALL_MASK)
        state = cls._rebuilt(
            RULES,
            observation,
            {"rounds": observation.rounds_total, "revolution": observation.revolution_enabled},
            (),
            rng,
        )
        state._rounds_total = observation.rounds_total
        state._revolution_enabled = observation.revolution_enabled
        state.scores = list(observation.scores)
        revolutions = [e.round for e in observation.events if e.kind == "revolution"]
        state._revolution_total = len(revolutions)
        state._revolutions_this_round = revolutions.count(number)
        state._round_results = []
        for index, points in enumerate(observation.round_points, start=1):
            order = sorted(range(n), key=lambda s: -points[s])
            titles: list[str | None] = [None] * n
            for place, who in enumerate(order):
                titles[who] = _TITLES[n][place]
            state._round_results.append(
                {"round": index, "order": order, "titles": titles, "points": list(points),
                 "revolutions": revolutions.count(index)}
            )
        state._last_titles = list(observation.titles)
        # Each give in the history pairs, in order, with an exchange event that names its receiver.
        receivers = [e.info["to"] for e in observation.events if e.kind == "exchange" and not e.info["automatic"]]
        state.history = []
        state._private_gives = {}
        for index, (actor, text) in enumerate(observation.history):
            if text.startswith("give"):
                receiver = receivers.pop(0)
                state._private_gives[index] = (actor, receiver)
                if "?" in text:
                    state.history.append((actor, Action.give(ALL_CARDS[: text.count("?")])))
                    continue
            state.history.append((actor, Action.parse(text)))
        state.round_number = number
        state.hands = masks
        state.revolution = observation.revolution
        state.table_cards = tuple(observation.table)
        state.table_mask = _mask_of(observation.table)
        state.table_rank = observation.table[0].rank if observation.table else 0
        state.table_size = len(observation.table)
        state.table_owner = observation.table_owner if observation.table_owner is not None else -1
        state.passed = sum(1 << s for s in observation.passed)
        state.out = sum(1 << s for s in observation.finished)
        state.finished = list(observation.finished)
        state.trick = [(actor, Action.parse(text)) for actor, text in observation.trick]
        state.given = [0] * n
        state.received = [0] * n
        if seat is not None:  # a spectator saw no one's exchange
            state.given[seat] = _mask_of(observation.exchange_given)
            state.received[seat] = _mask_of(observation.exchange_received)
        state._exchange_steps = []
        assert observation.leader is not None, "in the play phase someone always leads"
        state.leader = observation.leader
        state.phase = _PLAY
        state._turn = observation.current_player
        return state


def played_this_round(observation: PresidentObservation) -> int:
    """The mask of every card played in the observation's current round (the table's too).

    >>> state = RULES.new_game(players=3, seed=1)
    >>> state.apply(state.legal_actions()[0])
    >>> mask_to_cards(played_this_round(state.observation(1))) == state.observation(1).table
    True
    """
    number = observation.round
    mask = 0
    for event in observation.events:
        if event.kind == "play" and event.round == number:
            for card in event.cards:
                mask |= card.mask
    return mask


_ALL_MASK = (1 << len(ALL_CARDS)) - 1


def _mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def _not_in_hand(missing: int) -> str:
    cards = [str(c) for c in mask_to_cards(missing)]
    if len(cards) == 1:
        return f"{cards[0]} is not in your hand"
    return f"{', '.join(cards[:-1])} and {cards[-1]} are not in your hand"


RULES = PresidentRules()
"""The President rules object, as ``cardtable.games.get_rules("president")`` returns it."""
