"""President's hard bot: a way out by force when there is one, else the search
(:class:`~cardtable.bots.president.model.PresidentSearchModel`), its answer checked head
to head against the normal move with paired play-outs."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from cardtable.bots.base import own_seat
from cardtable.bots.president.model import PresidentSearchModel, PresidentSimulator
from cardtable.bots.president.moves import canonical, move_of, play_move
from cardtable.bots.president.strategy import choose_gift, forced_line, normal_play, play_of, rank_counts, situation
from cardtable.bots.search import (
    DEFAULT_EXPLORATION,
    DEFAULT_TIME_BUDGET,
    Deadline,
    MoveValue,
    SearchBot,
    SearchResult,
)
from cardtable.cards import cards_to_mask
from cardtable.engine.actions import Action
from cardtable.games.president import PresidentObservation, give_action
from cardtable.games.president.kernel import NIBBLE_BITS, ORDERS, copy_table

__all__ = [
    "HardPresidentBot",
    "make_search_model",
    "usual_move",
    "check_candidates",
    "paired_playouts",
    "gift_candidates",
    "CHECKED_MOVES",
    "PAIRS_PER_ITERATION",
    "SEARCH_SHARE",
    "GIFT_CANDIDATE_RANKS",
]

CHECKED_MOVES = 1
"""How many of the search's most visited moves the hard bot plays out head to head
against the normal move before it decides (see ``HardPresidentBot.after_search``).  Three
did no better than one over 400 rounds (38.2% against 41.2% President finishes)."""

PAIRS_PER_ITERATION = 1 / 3
"""With a fixed iteration count, how many paired deals the head-to-head check plays per
search iteration (at least 8); with a time budget it runs to the end of the budget."""

SEARCH_SHARE = 0.6
"""The part of the hard bot's time budget spent growing the search tree; the rest checks
the search's move against the normal move with paired play-outs."""

GIFT_CANDIDATE_RANKS = 5
"""How many of its lowest ranks a gift back the review weighs is made of (see
:func:`gift_candidates`)."""


def gift_candidates(hand: int, count: int) -> list[int]:
    """The gifts back of ``count`` cards from ``hand`` (masks) the review weighs to find
    the best one: the normal gift (:func:`choose_gift`) first, then one gift for every
    choice of ranks among the :data:`GIFT_CANDIDATE_RANKS` lowest ranks held in the
    normal order (2s aside while other ranks are held), with the lowest suits: the
    suits never matter in President.  At most 16 gifts of two cards, 6 of one.

    The cards worth giving are the low ones the giver would struggle to get rid of;
    which of them (a whole low group, or a lone card rather than half a pair) is what
    the review values.

    >>> from cardtable.cards import cards_to_mask, mask_to_cards, parse_cards
    >>> hand = cards_to_mask(parse_cards("3C 4D 4H 9S JC KD 2S"))
    >>> [" ".join(str(c) for c in mask_to_cards(gift)) for gift in gift_candidates(hand, 1)]
    ['3C', '4D', '9S', 'JC', 'KD']
    >>> len(gift_candidates(hand, 2)), " ".join(str(c) for c in mask_to_cards(gift_candidates(hand, 2)[0]))
    (11, '4D 4H')
    """
    first = choose_gift(hand, count)
    held = [r for r in ORDERS[0] if hand >> (r - 2) * 4 & 15]
    ranks = ([r for r in held if r != 2] or held)[:GIFT_CANDIDATE_RANKS]
    pool = [i for r in ranks for i in range((r - 2) * 4, (r - 1) * 4) if hand >> i & 1]
    gifts = [first]
    seen = {_gift_ranks(first)}
    for combo in combinations(pool, count):
        gift = sum(1 << i for i in combo)
        key = _gift_ranks(gift)
        if key not in seen:
            seen.add(key)
            gifts.append(gift)
    return gifts


def _gift_ranks(gift: int) -> tuple[int, ...]:
    """A gift as the ranks it gives, the suits aside."""
    return tuple(sorted(i >> 2 for i in range(52) if gift >> i & 1))


def usual_move(observation: PresidentObservation) -> Action:
    """The normal strategy's move in ``observation``, as the search names it
    (:func:`canonical`): the move the hard bot's check holds to unless the search's
    favourite does better.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=1)
    >>> str(usual_move(state.observation(state.current_player)))
    '3C'
    """
    return canonical(normal_play(observation))


def check_candidates(observation: PresidentObservation, moves: Sequence[Action], result: SearchResult) -> list[Action]:
    """The moves the hard bot's check plays out against each other: the normal move
    (:func:`usual_move`) first when it is one of ``moves``, then the search's choice and
    its most visited other moves, :data:`CHECKED_MOVES` of them."""
    usual = usual_move(observation)
    root = result.root
    by_visits = sorted(moves, key=lambda m: (-root.get(str(m), (0, 0.0))[0], moves.index(m)))
    candidates = [usual] if usual in moves else []
    for candidate in [result.action] + by_visits:
        if len(candidates) > CHECKED_MOVES:
            break
        if candidate not in candidates:
            candidates.append(candidate)
    return candidates


def paired_playouts(
    simulator: PresidentSimulator, moves: Sequence[Action], seat: int, rng: random.Random
) -> list[float]:
    """``seat``'s value after each of ``moves`` on one deal from ``rng``, every move's
    play-out with the same random choices afterwards (so the luck of the deal cancels
    between them).

    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=1)
    >>> observation = state.observation(state.current_player)
    >>> simulator = PresidentSimulator(PresidentSearchModel(), observation)
    >>> moves = [usual_move(observation), Action.parse("5C 5D")]
    >>> paired_playouts(simulator, moves, observation.seat, random.Random(2))
    [0.3, 1.0]
    """
    world = simulator.deal(rng)
    seed = rng.getrandbits(32)
    values = []
    for move in moves:
        table = copy_table(world)
        play_move(table, move_of(move))
        simulator.finish(table, random.Random(seed))
        values.append(simulator.value(table, seat))
    return values


def make_search_model() -> PresidentSearchModel:
    """The President search model (``benchmarks/search.py`` looks for this)."""
    return PresidentSearchModel()


class HardPresidentBot(SearchBot[PresidentObservation]):
    """Goes out by force when it can, else searches with :class:`PresidentSearchModel`.

    ``time_budget`` seconds per decision (default 0.5), or exactly ``iterations``
    iterations for reproducible play.  Exchanges are given like the normal bot.

    >>> HardPresidentBot(seed=1, iterations=50).level
    'hard'
    """

    level = "hard"
    model: PresidentSearchModel
    # The search gets most of the budget; the paired check of its answer the rest.
    search_share = SEARCH_SHARE

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = DEFAULT_TIME_BUDGET,
        iterations: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        workers: int = 1,
    ) -> None:
        super().__init__(PresidentSearchModel(), seed, time_budget, iterations, exploration, workers)

    def pass_search(self, observation: PresidentObservation, legal_actions: Sequence[Action], deadline: Deadline) -> Action:
        self.note = "gift"  # as the normal bot gives, without searching
        return give_action(choose_gift(cards_to_mask(observation.hand), observation.exchange_due))

    def shortcut(self, observation: PresidentObservation, legal_actions: Sequence[Action], deadline: Deadline) -> Action | None:
        hand, table_rank, table_size, unseen, _, _ = situation(observation)
        line = forced_line(
            rank_counts(hand), observation.revolution, rank_counts(unseen),
            observation.revolution_enabled, table_rank, table_size,
        )
        if line:
            self.note = "forced"  # a way out that nothing unseen can stop
            return play_of(hand, *line[0])
        return None

    def root_moves(self, observation: PresidentObservation, legal_actions: Sequence[Action]) -> dict[Action, Action]:
        """One move per (rank, size), named by :func:`canonical`; a lead is a whole group
        (see :func:`search_moves`)."""
        real: dict[Action, Action] = {}
        whole = cards_to_mask(observation.hand)
        for action in legal_actions:
            if not observation.table and action.kind == "play":
                rank = action.cards[0].rank
                if len(action.cards) != NIBBLE_BITS[whole >> (rank - 2) * 4 & 15]:
                    continue
            real.setdefault(canonical(action), action)
        return real

    def after_search(
        self, observation: PresidentObservation, moves: Sequence[Action], result: SearchResult, deadline: Deadline
    ) -> Action:
        """The best of the search's favourite moves and the normal move, head to head.

        With a few hundred play-outs per decision the most visited move is often a
        coin toss between moves of nearly equal value.  So the normal strategy's move
        and the search's :data:`CHECKED_MOVES` most visited other moves are played out
        from the same sampled deals with the same random choices afterwards (paired
        play-outs, which cancel most of the luck of the deal), and the one that does
        best is played; the normal move wins a tie.  This limits tactical mistakes.
        """
        candidates = check_candidates(observation, moves, result)
        if len(candidates) == 1:
            return candidates[0]
        simulator = self.model.simulator(observation)  # the tree's own play-outs and values
        seat = own_seat(observation)
        rng = self.rng
        pairs = self.searcher.iterations
        totals = [0.0] * len(candidates)
        done = 0
        while True:
            if pairs is not None:
                if done >= max(8, int(pairs * PAIRS_PER_ITERATION)):
                    break
            elif done >= 4 and deadline.passed():
                break
            for index, value in enumerate(paired_playouts(simulator, candidates, seat, rng)):
                totals[index] += value
            done += 1
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def same_move(self, observation: PresidentObservation, first: Action, second: Action) -> bool:
        """The same rank and number of cards (:func:`canonical`), or gifts of the same
        ranks: the suits do not matter."""
        if first.kind == "give" and second.kind == "give":
            return _gift_ranks(first.mask) == _gift_ranks(second.mask)
        return canonical(first) == canonical(second)

    def review_passes(
        self, observation: PresidentObservation, legal_actions: Sequence[Action], chosen: Action
    ) -> list[Action]:
        """The gifts back the review weighs: the hard bot gives as the normal bot does,
        without searching, so the review looks for the best gift among ``chosen`` (the
        normal gift) and the low alternatives of :func:`gift_candidates`."""
        gifts = [give_action(gift) for gift in gift_candidates(cards_to_mask(observation.hand), observation.exchange_due)]
        return [chosen] + [gift for gift in gifts if not self.same_move(observation, gift, chosen)]

    def value_moves(
        self, observation: PresidentObservation, legal_actions: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[MoveValue, ...]:
        """Plays valued as :meth:`after_search` checks them: every move played out from the
        same sampled deals with the same random choices afterwards (paired play-outs), so
        any legal play is valued, a lead of part of a group too.  Gifts back: empty (the
        review weighs them itself, see :meth:`review_passes`)."""
        if not moves or moves[0].kind == "give":
            return ()
        simulator = self.model.simulator(observation)
        seat = own_seat(observation)
        rng = self.rng
        deadline = self.deadline()
        pairs = self.searcher.iterations
        totals = [0.0] * len(moves)
        outcomes: list[dict[int, int]] = [{} for _ in moves]
        done = 0
        while True:
            if pairs is not None:
                if done >= pairs:
                    break
            elif done >= 4 and deadline.passed():
                break
            world = simulator.deal(rng)
            seed = rng.getrandbits(32)
            for index, move in enumerate(moves):
                table = copy_table(world)
                play_move(table, move_of(move))
                simulator.finish(table, random.Random(seed))
                totals[index] += simulator.value(table, seat)
                place = simulator.outcome(table, seat)
                outcomes[index][place] = outcomes[index].get(place, 0) + 1
            done += 1
        return tuple(MoveValue(move, done, totals[i] / done, outcomes[i]) for i, move in enumerate(moves))

