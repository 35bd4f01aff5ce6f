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

Internally hands are card bitmasks (see :mod:`cardtable.cards`), so random play-outs
run fast; the public API speaks :class:`~cardtable.cards.Card` and
:class:`~cardtable.engine.actions.Action`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Any, ClassVar

from cardtable.cards import (
    ALL_CARDS,
    FULL_DECK,
    SUIT_MASKS,
    Card,
    Suit,
    iter_bits,
    mask_to_cards,
    shuffled,
)
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState, OptionSpec, Outcome, Rules, check_guessed_hands

__all__ = [
    "HeartsRules",
    "HeartsState",
    "HeartsObservation",
    "CompletedTrick",
    "RULES",
    "PASS_DIRECTIONS",
    "pass_direction_for_hand",
    "card_points",
    "trick_winner",
    "moon_scores",
]

NUM_SEATS = 4
HAND_SIZE = 13
PASS_SIZE = 3
TRICKS_PER_HAND = 13
POINTS_PER_HAND = 26
QUEEN_OF_SPADES_POINTS = 13

PASS_DIRECTIONS: tuple[str, ...] = ("left", "right", "across", "none")
"""The pass of hand ``n`` (from 1) is ``PASS_DIRECTIONS[(n - 1) % 4]``."""

# How many seats onward each direction's cards travel ("left" is the next seat).
_PASS_OFFSETS: dict[str, int] = {"left": 1, "right": 3, "across": 2, "none": 0}

_HEARTS = SUIT_MASKS[Suit.HEARTS]
_QS_INDEX = Card.parse("QS").index
_QS = 1 << _QS_INDEX
_TWO_OF_CLUBS = Card.parse("2C").mask
_PENALTY = _HEARTS | _QS
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

_PHASE_PASS, _PHASE_PLAY, _PHASE_OVER = 0, 1, 2
_PHASE_NAMES = ("pass", "play", "over")

# Cached actions: one per card to play, one per 3-card pass (filled on first use).
_PLAYS: tuple[Action, ...] = tuple(Action("play", (card,)) for card in ALL_CARDS)
_GIVES: dict[int, Action] = {}


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


def _points(mask: int) -> int:
    return (mask & _HEARTS).bit_count() + (QUEEN_OF_SPADES_POINTS if mask & _QS else 0)


def _give_action(mask: int) -> Action:
    action = _GIVES.get(mask)
    if action is None:
        action = _GIVES[mask] = Action("give", mask_to_cards(mask))
    return action


def _hidden_give(count: int) -> str:
    return "give" + " ?" * count


def trick_winner(cards: Sequence[int], seats: Sequence[int]) -> tuple[int, int]:
    """The seat that wins a full trick, and the trick's cards as a mask.

    ``cards`` are card indexes in play order and ``seats`` who played them.  No suit is
    trump: the highest card of the suit led wins (within a suit a higher index is a
    higher rank).

    >>> from cardtable.cards import cards_to_mask, parse_cards
    >>> winner, mask = trick_winner([c.index for c in parse_cards("5C AD 9C 2C")], [2, 3, 0, 1])
    >>> winner, mask == cards_to_mask(parse_cards("2C 5C 9C AD"))
    (0, True)
    """
    lead = cards[0] & 3
    best = 0
    mask = 0
    for position, index in enumerate(cards):
        mask |= 1 << index
        if index & 3 == lead and index > cards[best]:
            best = position
    return seats[best], mask


def moon_scores(points_taken: Sequence[int]) -> list[int]:
    """A hand's scores from the points each seat took: whoever took all 26 scores 0
    and everyone else 26.

    >>> moon_scores([26, 0, 0, 0]), moon_scores([3, 13, 10, 0])
    ([0, 26, 26, 26], [3, 13, 10, 0])
    """
    if POINTS_PER_HAND in points_taken:
        return [0 if points == POINTS_PER_HAND else POINTS_PER_HAND for points in points_taken]
    return list(points_taken)


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

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> HeartsState:
        return HeartsState(self, players, seed, options, deck)


class HeartsState(GameState):
    """A game of Hearts in progress.  See the module docstring for an example.

    ``legal_actions()`` order: while passing, every 3-card ``give`` in lexicographic
    card-index order (``give 2C 2D 2H`` first); while playing, the playable cards in
    card-index order (by rank 2 to A, then suit C D H S).
    """

    rules: HeartsRules

    quiet: bool = False
    """When true, plays and tricks are not written to ``events`` or ``tricks_played``:
    a searching bot's play-outs never look at them, and skipping them makes play-outs
    faster.  Everything else (hands, points, scores, history) is kept as usual."""

    def __init__(
        self,
        rules: HeartsRules,
        players: int,
        seed: int,
        options: dict[str, Any],
        deck: list[Card] | None,
    ) -> None:
        super().__init__(rules, players, seed, options, deck)
        self.target: int = self.options["target"]
        self.totals: list[int] = [0] * NUM_SEATS
        # One dict per completed hand (see ``outcome().rounds``).
        self.hand_records: list[dict[str, Any]] = []
        self.hand_number = 0
        self._start_hand(deck)

    # --- dealing and hands ------------------------------------------------
    def _start_hand(self, deck: list[Card] | None) -> None:
        """Deal a hand (from ``deck`` if given, else from ``self.rng``) and open it."""
        self.hand_number += 1
        cards = deck if deck is not None else shuffled(self.rules.deck, self.rng)
        hands = [0] * NUM_SEATS
        for position, card in enumerate(cards):
            hands[position % NUM_SEATS] |= card.mask
        self.hands = hands
        self.chosen = [0] * NUM_SEATS  # cards set aside to pass, before the exchange
        self.received = [0] * NUM_SEATS
        self.won = [0] * NUM_SEATS  # every card taken in tricks this hand
        self.tricks_taken = [0] * NUM_SEATS
        self.trick_seats: list[int] = []
        self.trick_cards: list[int] = []
        self.completed: list[CompletedTrick] = []
        self.hearts_broken = False
        self.trick_number = 0  # tricks finished this hand
        self.direction = pass_direction_for_hand(self.hand_number)
        self.offset = _PASS_OFFSETS[self.direction]
        number = self.hand_number
        for seat in range(NUM_SEATS):
            self.events.append(
                Event(
                    "deal",
                    seat,
                    mask_to_cards(hands[seat]),
                    number,
                    {"pass_direction": self.direction},
                    (seat,),
                )
            )
        if self.offset:
            self.phase = _PHASE_PASS
            self.passed = 0
            self.leader: int | None = None
            self.current: int | None = 0
        else:
            self.passed = NUM_SEATS
            self._open_play()

    def _open_play(self) -> None:
        self.phase = _PHASE_PLAY
        self.leader = self._holder_of_two_of_clubs()
        self.current = self.leader

    def _holder_of_two_of_clubs(self) -> int:
        for seat in range(NUM_SEATS):
            if self.hands[seat] & _TWO_OF_CLUBS:
                return seat
        raise AssertionError("the 2C is in nobody's hand")

    # --- the turn ---------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current

    def _playable(self, seat: int) -> int:
        """The bitmask of the cards ``seat`` may play now (it must be their turn)."""
        hand = self.hands[seat]
        if not self.trick_cards:
            if self.trick_number == 0:
                return _TWO_OF_CLUBS
            if not self.hearts_broken and hand & ~_HEARTS:
                return hand & ~_HEARTS
            return hand
        following = hand & SUIT_MASKS[self.trick_cards[0] & 3]
        if following:
            return following
        if self.trick_number == 0 and hand & ~_PENALTY:
            return hand & ~_PENALTY
        return hand

    def legal_actions(self) -> list[Action]:
        seat = self.current
        if seat is None:
            return []
        if self.phase == _PHASE_PLAY:
            plays = _PLAYS
            return [plays[i] for i in iter_bits(self._playable(seat))]
        bits = [1 << i for i in iter_bits(self.hands[seat])]
        get = _GIVES.get
        return [
            get(a | b | c) or _give_action(a | b | c) for a, b, c in combinations(bits, PASS_SIZE)
        ]

    def _why_illegal(self, action: Action) -> str | None:
        seat = self.current
        if seat is None:
            return "the game is over; no more actions"
        kind = action.kind
        if self.phase == _PHASE_PASS:
            target = (seat + self.offset) % NUM_SEATS
            if kind != "give":
                return (
                    f"first pass 3 cards {self.direction} to seat {target} "
                    f"(for example: give 2C 3C QS)"
                )
            if len(action.cards) != PASS_SIZE:
                return f"you must pass exactly 3 cards, not {len(action.cards)}"
            missing = action.mask & ~self.hands[seat]
            if missing:
                return f"{_mask_codes(missing)} {'is' if missing.bit_count() == 1 else 'are'} not in your hand"
            return None
        if kind != "play":
            if self.direction == "none":
                return "there is no pass this hand; play a card"
            return "the cards have already been passed; play a card"
        if len(action.cards) != 1:
            return "play one card at a time"
        card = action.cards[0]
        mask = card.mask
        hand = self.hands[seat]
        if not mask & hand:
            return f"{card} is not in your hand"
        if mask & self._playable(seat):
            return None
        if not self.trick_cards:
            if self.trick_number == 0:
                return "the first trick must be led with the 2C"
            return "hearts are not broken yet; lead another suit"
        lead = self.trick_cards[0] & 3
        if hand & SUIT_MASKS[lead]:
            return f"you must follow suit: play {_SUIT_NAMES[lead]}"
        return "no hearts or QS on the first trick while you have another card"

    # --- carrying out actions ---------------------------------------------
    def _apply(self, action: Action) -> None:
        seat = self.current
        assert seat is not None
        if self.phase == _PHASE_PASS:
            self._choose_pass(seat, action.mask)
        else:
            self._play(seat, action.cards[0].index)

    def _choose_pass(self, seat: int, mask: int) -> None:
        self.hands[seat] &= ~mask
        self.chosen[seat] = mask
        target = (seat + self.offset) % NUM_SEATS
        info = {"to": target, "direction": self.direction}
        self.events.append(Event("give", seat, mask_to_cards(mask), self.hand_number, info, (seat,)))
        self.passed += 1
        if self.passed < NUM_SEATS:
            self.current = seat + 1
            return
        # Everyone has chosen: only now do the cards change hands.
        for giver in range(NUM_SEATS):
            receiver = (giver + self.offset) % NUM_SEATS
            cards = self.chosen[giver]
            self.hands[receiver] |= cards
            self.received[receiver] = cards
            self.events.append(
                Event(
                    "exchange",
                    giver,
                    mask_to_cards(cards),
                    self.hand_number,
                    {"to": receiver, "direction": self.direction},
                    (giver, receiver),
                )
            )
        self._open_play()

    def _play(self, seat: int, index: int) -> None:
        bit = 1 << index
        self.hands[seat] &= ~bit
        self.trick_seats.append(seat)
        self.trick_cards.append(index)
        if self.quiet:
            if bit & _HEARTS:
                self.hearts_broken = True
            if len(self.trick_cards) < NUM_SEATS:
                self.current = (seat + 1) % NUM_SEATS
                return
            self._finish_trick()
            return
        number = self.hand_number
        self.events.append(
            Event("play", seat, (ALL_CARDS[index],), number, {"trick": self.trick_number + 1})
        )
        if bit & _HEARTS and not self.hearts_broken:
            self.hearts_broken = True
            self.events.append(Event("hearts_broken", seat, (ALL_CARDS[index],), number))
        if len(self.trick_cards) < NUM_SEATS:
            self.current = (seat + 1) % NUM_SEATS
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        cards = self.trick_cards
        winner, mask = trick_winner(cards, self.trick_seats)
        points = _points(mask)
        self.won[winner] |= mask
        self.tricks_taken[winner] += 1
        self.trick_number += 1
        if not self.quiet:
            plays = tuple((s, ALL_CARDS[i]) for s, i in zip(self.trick_seats, cards))
            self.completed.append(CompletedTrick(plays, winner, points))
            self.events.append(
                Event(
                    "trick",
                    winner,
                    tuple(card for _, card in plays),
                    self.hand_number,
                    {
                        "trick": self.trick_number,
                        "points": points,
                        "plays": [[s, card.code] for s, card in plays],
                    },
                )
            )
        self.trick_seats = []
        self.trick_cards = []
        if self.trick_number < TRICKS_PER_HAND:
            self.leader = self.current = winner
            return
        self._finish_hand()

    def _finish_hand(self) -> None:
        raw = [_points(won) for won in self.won]
        shooter = next((seat for seat in range(NUM_SEATS) if raw[seat] == POINTS_PER_HAND), None)
        scored = moon_scores(raw)
        for seat in range(NUM_SEATS):
            self.totals[seat] += scored[seat]
        number = self.hand_number
        record = {
            "hand": number,
            "pass_direction": self.direction,
            "points_taken": raw,
            "scores": scored,
            "moon_shooter": shooter,
            "totals": list(self.totals),
        }
        self.hand_records.append(record)
        if shooter is not None:
            self.events.append(Event("moon", shooter, (), number, {"points": POINTS_PER_HAND}))
        self.events.append(Event("round_over", None, (), number, _copy_record(record)))
        if max(self.totals) >= self.target:
            lowest = min(self.totals)
            leaders = [seat for seat in range(NUM_SEATS) if self.totals[seat] == lowest]
            if len(leaders) == 1:
                self.phase = _PHASE_OVER
                self.current = None
                self.leader = None
                self.events.append(
                    Event(
                        "game_over",
                        leaders[0],
                        (),
                        number,
                        {"winners": leaders, "scores": list(self.totals)},
                    )
                )
                return
            self.events.append(
                Event("tie", None, (), number, {"seats": leaders, "score": lowest})
            )
        self._start_hand(None)

    # --- views ------------------------------------------------------------
    def _hand(self, seat: int) -> tuple[Card, ...]:
        return mask_to_cards(self.hands[seat])

    def _public_history(self, seat: int | None) -> tuple[tuple[int, str], ...]:
        """The history with other seats' passes hidden.

        Passes come in groups of four, one group per hand with a pass; group ``k``
        (from 0) goes left, right, across for ``k % 3`` = 0, 1, 2.  A pass is shown to
        its giver, and to its receiver once the group is complete (the exchange done).
        """
        gives_total = sum(1 for _, action in self.history if action.kind == "give")
        complete = gives_total - gives_total % NUM_SEATS
        shown = []
        gives_seen = 0
        offsets = (1, 3, 2)
        for actor, action in self.history:
            if action.kind == "give":
                receiver = (actor + offsets[(gives_seen // NUM_SEATS) % 3]) % NUM_SEATS
                visible = actor == seat or (receiver == seat and gives_seen < complete)
                gives_seen += 1
                if not visible:
                    shown.append((actor, _hidden_give(len(action.cards))))
                    continue
            shown.append((actor, str(action)))
        return tuple(shown)

    def _observation(self, seat: int) -> HeartsObservation:
        passing = self.phase == _PHASE_PASS
        exchanged = self.offset != 0 and not passing
        trick = tuple((s, ALL_CARDS[i]) for s, i in zip(self.trick_seats, self.trick_cards))
        return HeartsObservation(
            game=self.rules.name,
            seat=seat,
            num_players=NUM_SEATS,
            current_player=self.current,
            hand=mask_to_cards(self.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            round=self.hand_number,
            scores=tuple(self.totals),
            history=self._public_history(seat),
            events=self.events_for(seat),
            is_over=self.current is None,
            phase=_PHASE_NAMES[self.phase],
            hand_number=self.hand_number,
            pass_direction=self.direction,
            pass_target=(seat + self.offset) % NUM_SEATS if self.offset else None,
            passed_seats=tuple(range(self.passed)) if self.offset else (),
            cards_given=mask_to_cards(self.chosen[seat]),
            cards_received=mask_to_cards(self.received[seat]) if exchanged else (),
            trick=trick,
            leader=self.leader,
            lead_suit=Suit(self.trick_cards[0] & 3) if self.trick_cards else None,
            trick_number=min(self.trick_number + 1, TRICKS_PER_HAND),
            last_trick=self.completed[-1] if self.completed else None,
            tricks_played=tuple(self.completed),
            tricks_taken=tuple(self.tricks_taken),
            points_taken=tuple(_points(won) for won in self.won),
            hearts_broken=self.hearts_broken,
            hand_scores=tuple(tuple(r["scores"]) for r in self.hand_records),
            moon_shooters=tuple(r["moon_shooter"] for r in self.hand_records),
            target=self.target,
        )

    def outcome(self) -> Outcome:
        over = self.phase == _PHASE_OVER
        if self.hand_records:
            last = self.hand_records[-1]["scores"]
            order = tuple(sorted(range(NUM_SEATS), key=lambda s: (last[s], s)))
        else:
            order = ()
        winners: tuple[int, ...] = ()
        if over:
            lowest = min(self.totals)
            winners = tuple(s for s in range(NUM_SEATS) if self.totals[s] == lowest)
        rounds = tuple(_copy_record(r) for r in self.hand_records)
        return Outcome(
            game=self.rules.name,
            is_over=over,
            rounds_played=len(self.hand_records),
            order=order,
            titles=(None,) * NUM_SEATS,
            scores=tuple(self.totals),
            winners=winners,
            rounds=rounds,
            details={
                "hand_scores": [list(r["scores"]) for r in self.hand_records],
                "moon_shooters": [r["moon_shooter"] for r in self.hand_records],
                "target": self.target,
                "current_hand_points": [_points(won) for won in self.won],
            },
        )

    def clone(self) -> HeartsState:
        new = object.__new__(HeartsState)
        self._clone_base(new)
        new.target = self.target
        new.totals = list(self.totals)
        new.hand_records = list(self.hand_records)  # records are never changed once made
        new.hand_number = self.hand_number
        new.hands = list(self.hands)
        new.chosen = list(self.chosen)
        new.received = list(self.received)
        new.won = list(self.won)
        new.tricks_taken = list(self.tricks_taken)
        new.trick_seats = list(self.trick_seats)
        new.trick_cards = list(self.trick_cards)
        new.completed = list(self.completed)
        new.hearts_broken = self.hearts_broken
        new.trick_number = self.trick_number
        new.direction = self.direction
        new.offset = self.offset
        new.phase = self.phase
        new.passed = self.passed
        new.leader = self.leader
        new.current = self.current
        new.quiet = self.quiet
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
        state.target = observation.target
        state.totals = list(observation.scores)
        state.hand_records = _records_from_scores(observation.hand_scores, observation.moon_shooters)
        state.hand_number = observation.hand_number
        state.hands = masks
        state.direction = observation.pass_direction
        state.offset = _PASS_OFFSETS[state.direction]
        state.chosen = [0] * NUM_SEATS
        state.chosen[seat] = _cards_mask(observation.cards_given)
        state.received = [0] * NUM_SEATS
        state.received[seat] = _cards_mask(observation.cards_received)
        state.won = [0] * NUM_SEATS
        for trick in observation.tricks_played:
            state.won[trick.winner] |= _cards_mask(trick.cards)
        state.tricks_taken = list(observation.tricks_taken)
        state.trick_seats = [s for s, _ in observation.trick]
        state.trick_cards = [card.index for _, card in observation.trick]
        state.completed = list(observation.tricks_played)
        state.hearts_broken = observation.hearts_broken
        state.trick_number = len(observation.tricks_played)
        state.phase = _PHASE_PLAY
        state.passed = NUM_SEATS
        state.leader = observation.leader
        state.current = observation.current_player
        return state

    # --- invariants (for tests and debugging) -----------------------------
    def card_locations(self) -> Mapping[str, int]:
        """Where the 52 cards are, as bitmasks: ``hands``, ``passing``, ``trick``, ``won``.

        >>> state = RULES.new_game(players=4, seed=1)
        >>> sum(mask.bit_count() for mask in state.card_locations().values())
        52
        """
        hands = passing = trick = won = 0
        for seat in range(NUM_SEATS):
            hands |= self.hands[seat]
            won |= self.won[seat]
            if self.phase == _PHASE_PASS:
                passing |= self.chosen[seat]
        for index in self.trick_cards:
            trick |= 1 << index
        return {"hands": hands, "passing": passing, "trick": trick, "won": won}


def _cards_mask(cards: Any) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


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
