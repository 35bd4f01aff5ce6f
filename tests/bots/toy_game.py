"""A tiny imperfect-information trick-taking game, for testing the shared search only.

Twelve cards (jack to ace in clubs, diamonds and hearts), 2 or 3 players, ``hand_size``
cards each (default 4); with 2 players the 4 undealt cards stay hidden, so nobody knows
exactly what the opponent holds.  Seat 0 leads the first trick; players must follow the
led suit if they can; the highest card of the led suit wins the trick and its winner
leads the next.  A trick is worth one point.  The game is a single hand: whoever won the
most tricks wins (ties share the win).

The module also holds :class:`ToyModel`, a complete :class:`~tests.bots.oracles.SearchModel`
for the game -- the reference example of an adapter -- and the exact brute-force helpers
the tests check the search against.

>>> state = TOY_RULES.new_game(players=2, seed=1)
>>> state.current_player, len(state.legal_actions())
(0, 4)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.bots.search import sample_hands
from cardtable.cards import ALL_CARDS, SUIT_MASKS, Card, Rank, Suit, cards_to_mask, iter_bits, mask_to_cards
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.refusals import RuleRefusal
from cardtable.engine.state import GameState, OptionSpec, Outcome, Rules

from .oracles import StateSimulator

__all__ = [
    "TOY_DECK",
    "TOY_RULES",
    "ToyObservation",
    "ToyRules",
    "ToyState",
    "ToyModel",
    "forced_win",
    "perfect_info_value",
    "consistent_deals",
]

TOY_DECK: tuple[Card, ...] = tuple(c for c in ALL_CARDS if c.rank >= Rank.JACK and c.suit <= 2)
"""JC JD JH QC ... AH: twelve cards."""

_DECK_MASK = cards_to_mask(TOY_DECK)
_PLAY: tuple[Action, ...] = tuple(Action.play((card,)) for card in ALL_CARDS)


@dataclass(frozen=True)
class ToyObservation(Observation):
    """The shared fields, plus the trick on the table, who led it and tricks won."""

    trick: tuple[tuple[int, Card], ...] = ()
    leader: int = 0
    tricks_won: tuple[int, ...] = ()
    hand_size: int = 4


def _alone(values: Sequence[int], wanted: int) -> int | None:
    """The one seat whose value is ``wanted``, or ``None`` when several share it."""
    seats = [seat for seat, value in enumerate(values) if value == wanted]
    return seats[0] if len(seats) == 1 else None


class ToyRules(Rules):
    """The toy game's fixed facts."""

    name = "toy"
    title = "Toy tricks"
    min_players = 2
    max_players = 3
    options = (OptionSpec("hand_size", 4, int, 1, 4, "cards dealt to each player"),)
    deck = TOY_DECK
    action_kinds = frozenset({"play"})
    refusal_codes = frozenset({"game_over", "not_your_turn", "malformed", "one_card_at_a_time", "not_in_hand", "follow_suit"})

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> ToyState:
        state = ToyState(self, players, seed, options, deck)
        order = deck if deck is not None else list(TOY_DECK)
        if deck is None:
            state.rng.shuffle(order)
        size = options["hand_size"]
        hands = [0] * players
        for i in range(size * players):
            hands[i % players] |= order[i].mask
        state.hands = hands
        return state


TOY_RULES = ToyRules()


class ToyState(GameState):
    """One hand of the toy game; hands are bitmasks."""

    hands: list[int]

    def __init__(self, rules: Rules, players: int, seed: int, options: dict[str, Any], deck: Any) -> None:
        super().__init__(rules, players, seed, options, deck)
        self.hands = [0] * players
        self.trick: list[tuple[int, int]] = []  # (seat, card index)
        self.leader = 0
        self.turn: int | None = 0
        self.tricks_won = [0] * players
        self.played = 0

    @classmethod
    def from_parts(
        cls,
        players: int,
        hands: Sequence[int],
        trick: Sequence[tuple[int, int]] = (),
        leader: int = 0,
        tricks_won: Sequence[int] | None = None,
        played: int = 0,
        hand_size: int = 4,
        history: Sequence[tuple[int, Action]] = (),
    ) -> ToyState:
        """Build a position directly (tests and :meth:`ToyModel.sample_state`)."""
        state = cls(TOY_RULES, players, 0, {"hand_size": hand_size}, None)
        state.hands = list(hands)
        state.trick = list(trick)
        state.leader = leader
        state.tricks_won = list(tricks_won) if tricks_won is not None else [0] * players
        state.played = played
        state.history = list(history)
        state.turn = None if not any(state.hands) and not state.trick else (leader + len(trick)) % players
        return state

    @property
    def current_player(self) -> int | None:
        return self.turn

    def _legal_mask(self) -> int:
        hand = self.hands[self.turn]  # type: ignore[index]
        if self.trick:
            follow = hand & SUIT_MASKS[self.trick[0][1] & 3]
            if follow:
                return follow
        return hand

    def legal_actions(self) -> list[Action]:
        if self.turn is None:
            return []
        return [_PLAY[i] for i in iter_bits(self._legal_mask())]

    def _why_illegal(self, action: Action) -> RuleRefusal | None:
        if self.turn is None:
            return RuleRefusal("game_over")
        if len(action.cards) != 1:
            return RuleRefusal("one_card_at_a_time")
        card = action.cards[0]
        if not self.hands[self.turn] & card.mask:
            return RuleRefusal("not_in_hand", cards=(card,))
        if not self._legal_mask() & card.mask:
            return RuleRefusal("follow_suit", suit=Suit(self.trick[0][1] & 3))
        return None

    def _apply(self, action: Action) -> None:
        seat = self.turn
        assert seat is not None
        index = action.cards[0].index
        self.hands[seat] &= ~(1 << index)
        self.played |= 1 << index
        self.trick.append((seat, index))
        # Plays are public; the end of the hand is told as every game tells a round's end.
        self.events.append(Event("play", seat, action.cards, 1))
        if len(self.trick) < self.num_players:
            self.turn = (seat + 1) % self.num_players
            return
        suit = self.trick[0][1] & 3
        winner = max((i for i in self.trick if i[1] & 3 == suit), key=lambda item: item[1])[0]
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = winner
        self.turn = winner if self.hands[winner] else None
        if self.turn is None:
            self.events.append(Event("round_over", None, (), 1, {"last": _alone(self.tricks_won, min(self.tricks_won))}))

    def _observation(self, seat: int) -> ToyObservation:
        return ToyObservation(
            game="toy",
            seat=seat,
            num_players=self.num_players,
            current_player=self.turn,
            hand=mask_to_cards(self.hands[seat]),
            hand_sizes=tuple(bin(h).count("1") for h in self.hands),
            round=1,
            scores=tuple(self.tricks_won),
            history=tuple((s, str(a)) for s, a in self.history),
            events=tuple(self.events),
            is_over=self.turn is None,
            trick=tuple((s, ALL_CARDS[i]) for s, i in self.trick),
            leader=self.leader,
            tricks_won=tuple(self.tricks_won),
            hand_size=self.options["hand_size"],
        )

    def outcome(self) -> Outcome:
        best = max(self.tricks_won)
        over = self.turn is None
        return Outcome(
            game="toy",
            is_over=over,
            rounds_played=int(over),
            order=tuple(sorted(range(self.num_players), key=lambda s: -self.tricks_won[s])),
            titles=(None,) * self.num_players,
            scores=tuple(self.tricks_won),
            winners=tuple(s for s in range(self.num_players) if self.tricks_won[s] == best) if over else (),
            # The hand's one fact: who took the fewest tricks (None when several did).
            rounds=({"last": _alone(self.tricks_won, min(self.tricks_won))},) if over else (),
        )

    def _hand(self, seat: int) -> tuple[Card, ...]:
        return mask_to_cards(self.hands[seat])

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        self._clone_base(other)
        other.hands = list(self.hands)
        other.trick = list(self.trick)
        other.leader = self.leader
        other.turn = self.turn
        other.tricks_won = list(self.tricks_won)
        other.played = self.played
        return other


def win_value(tricks_won: Sequence[int], seat: int) -> float:
    """1 for a sole winner, 1/k for a k-way tie for most tricks, 0 otherwise."""
    best = max(tricks_won)
    if tricks_won[seat] != best:
        return 0.0
    return 1.0 / sum(1 for t in tricks_won if t == best)


def public_voids(observation: ToyObservation) -> list[int]:
    """Per seat, the mask of cards it cannot hold because it once failed to follow suit."""
    voids = [0] * observation.num_players
    players = observation.num_players
    led = None
    for position, (seat, text) in enumerate(observation.history):
        card = Card.parse(text)
        if position % players == 0:
            led = card.suit
        elif card.suit != led:
            voids[seat] |= SUIT_MASKS[led]
    return voids


class ToyModel:
    """The search adapter for the toy game: the pattern each real game follows.

    ``sample_state`` deals the unseen cards with :func:`sample_hands`, honouring hand
    sizes and every void a player has shown; with 2 players the undealt cards form one
    more "seat" (the talon) with no constraint.
    """

    def sample_state(self, observation: ToyObservation, rng: random.Random) -> ToyState:
        players = observation.num_players
        me = observation.seat
        mine = cards_to_mask(observation.hand)
        history = [(s, _PLAY[Card.parse(t).index]) for s, t in observation.history]
        played = 0
        for _, action in history:
            played |= action.mask
        unknown = _DECK_MASK & ~mine & ~played
        counts = list(observation.hand_sizes)
        counts[me] = 0
        counts.append(bin(unknown).count("1") - sum(counts))  # the undealt talon
        forbidden = public_voids(observation) + [0]
        forbidden[me] = 0
        dealt = sample_hands(unknown, counts, None, forbidden, rng)
        hands = dealt[:players]
        hands[me] = mine
        state = ToyState.from_parts(
            players,
            hands,
            trick=[(s, c.index) for s, c in observation.trick],
            leader=observation.leader,
            tricks_won=observation.tricks_won,
            played=played,
            hand_size=observation.hand_size,
            history=history,
        )
        state.events = list(observation.events)  # every event is public
        return state

    def simulator(self, observation: ToyObservation) -> StateSimulator[ToyState]:
        # The search plays the sampled states with the three methods below.
        return StateSimulator(self, observation)

    def playout_action(self, state: ToyState, seat: int, rng: random.Random) -> Action:
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]

    def evaluate(self, state: ToyState, seat: int) -> float:
        return win_value(state.tricks_won, seat)

    def is_terminal_for_search(self, state: ToyState) -> bool:
        return state.turn is None


# --- exact brute force, for the tests ------------------------------------------------


def consistent_deals(state: ToyState, seat: int) -> list[ToyState]:
    """Every full position ``seat`` cannot tell apart from ``state`` (voids included)."""
    observation = state.observation(seat)
    players = state.num_players
    others = [s for s in range(players) if s != seat]
    unknown = _DECK_MASK & ~state.hands[seat] & ~state.played
    pool = list(iter_bits(unknown))
    voids = public_voids(observation)
    deals = []
    sizes = [bin(state.hands[s]).count("1") for s in others]

    def place(index: int, remaining: list[int], hands: dict[int, int]) -> None:
        if index == len(others):
            full = [state.hands[seat] if s == seat else hands[s] for s in range(players)]
            deals.append(
                ToyState.from_parts(
                    players, full, state.trick, state.leader, state.tricks_won, state.played,
                    state.options["hand_size"], state.history,
                )
            )
            return
        s = others[index]
        for combo in itertools.combinations(remaining, sizes[index]):
            mask = sum(1 << i for i in combo)
            if mask & voids[s]:
                continue
            rest = [i for i in remaining if not mask >> i & 1]
            place(index + 1, rest, {**hands, s: mask})

    place(0, pool, {})
    return deals


def perfect_info_value(state: ToyState, seat: int) -> float:
    """The minimax win value for ``seat`` when everybody sees every card.

    ``seat`` maximises, all the others minimise (a coalition against it).
    """
    if state.turn is None:
        return win_value(state.tricks_won, seat)
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(perfect_info_value(child, seat))
    return max(values) if state.turn == seat else min(values)


def forced_win(deals: Sequence[ToyState], seat: int) -> bool:
    """Whether ``seat`` wins outright whatever the deal and whatever the others do.

    ``deals`` are the positions ``seat`` cannot tell apart; every action is public, so
    after each action only the deals where it was legal remain, and ``seat``'s choice
    may depend on what it has seen but not on the hidden deal (no strategy fusion).
    """
    if not deals:
        return True
    first = deals[0]
    if first.turn is None:
        return all(win_value(d.tricks_won, seat) == 1.0 for d in deals)
    if first.turn == seat:
        return any(forced_win(_after(deals, action), seat) for action in first.legal_actions())
    moves: dict[Action, None] = {}
    for deal in deals:
        for action in deal.legal_actions():
            moves[action] = None
    return all(forced_win(_after(deals, action), seat) for action in moves)


def _after(deals: Sequence[ToyState], action: Action) -> list[ToyState]:
    children = []
    for deal in deals:
        if deal.is_legal(action):
            child = deal.clone()
            child.apply(action)
            children.append(child)
    return children
