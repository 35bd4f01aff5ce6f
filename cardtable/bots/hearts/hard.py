"""Hearts' hard bot: the shared search over one card of each group that plays alike
(:class:`~cardtable.bots.hearts.model.HeartsSearchModel`), and its own pass search
(:func:`~cardtable.bots.hearts.passing.search_pass`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.bots.base import own_seat
from cardtable.bots.hearts.model import HeartsSearchModel, search_choices
from cardtable.bots.hearts.passing import search_pass
from cardtable.bots.search import DEFAULT_TIME_BUDGET, Deadline, MoveValue, SearchBot
from cardtable.cards import cards_to_mask
from cardtable.engine.actions import Action
from cardtable.games.hearts import HeartsObservation, give_action
from cardtable.games.hearts.kernel import PASS_OFFSETS

__all__ = ["HardHeartsBot", "make_search_model", "HARD_EXPLORATION"]

HARD_EXPLORATION = 0.25
"""The hard bot's UCB1 constant.  A Hearts evaluation moves by a few hundredths between
good and bad moves (a point is 1/52), so the generic 0.7 spreads the visits almost
evenly; 0.25 took about 7% fewer points per hand against normal players in a 60-hand
trial at 200 iterations."""



def make_search_model() -> HeartsSearchModel:
    """The Hearts search model over every legal card (``benchmarks/search.py`` looks for
    this; the hard bot groups cards that play alike and searches its own root).

    >>> make_search_model().group_alike
    False
    """
    return HeartsSearchModel()


class HardHeartsBot(SearchBot[HeartsObservation]):
    """Plays by the shared ISMCTS with :class:`HeartsSearchModel` (whose
    :class:`HeartsSimulator` runs the iterations on bitmasks); passes by :func:`search_pass`.

    ``time_budget`` seconds per decision, the pass included (default 0.5), or exactly
    ``iterations`` iterations (and ``pass_playouts`` hands played out for the pass,
    default half of ``iterations``) for reproducible play.  ``infer=False`` deals the
    hidden cards from the voids alone, without :func:`soft_inferences`.

    >>> HardHeartsBot(seed=1, iterations=50).level
    'hard'
    """

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = DEFAULT_TIME_BUDGET,
        iterations: int | None = None,
        exploration: float = HARD_EXPLORATION,
        workers: int = 1,
        pass_playouts: int | None = None,
        infer: bool = True,
    ) -> None:
        self.pass_playouts = pass_playouts
        super().__init__(HeartsSearchModel(group_alike=True, infer=infer), seed, time_budget, iterations, exploration, workers)

    def pass_search(self, observation: HeartsObservation, legal_actions: Sequence[Action], deadline: Deadline) -> Action:
        if not self.searcher.record_outcomes:
            return give_action(self.choose_pass(observation, deadline))
        figures: list[tuple[int, int, float, dict[int, int]]] = []
        chosen = give_action(self.choose_pass(observation, deadline, figures))
        # The candidates that lasted longest first (the pass search drops the worse
        # half every few deals), then by their mean; the value as the search's.
        figures.sort(key=lambda f: (-f[1], -f[2]))
        self.figures = (
            tuple(MoveValue(give_action(mask), hands, 0.5 + mean / 52.0, points) for mask, hands, mean, points in figures),
            sum(f[1] for f in figures),
        )
        return chosen

    def root_moves(self, observation: HeartsObservation, legal_actions: Sequence[Action]) -> dict[Action, Action]:
        """One card of each group that plays alike (:func:`search_choices`)."""
        return {action: action for action in search_choices(observation, legal_actions)}

    def same_move(self, observation: HeartsObservation, first: Action, second: Action) -> bool:
        """Two plays alike (:func:`distinct_cards`), or the same pass."""
        if first.kind == "play" and second.kind == "play":
            return len(search_choices(observation, [first, second])) == 1
        return first == second

    def value_moves(
        self, observation: HeartsObservation, legal_actions: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[MoveValue, ...]:
        """Plays as every hard bot values them; passes by :func:`search_pass` over
        exactly ``moves``, on the same deals (none dropped: there are too few)."""
        if not moves or moves[0].kind != "give":
            return super().value_moves(observation, legal_actions, moves)
        masks = [cards_to_mask(move.cards) for move in moves]
        distinct = list(dict.fromkeys(masks))
        figures: list[tuple[int, int, float, dict[int, int]]] = []
        deadline = self.deadline()
        iterations = self.searcher.iterations
        playouts = None if iterations is None else self.pass_playouts or max(1, iterations // 2)
        offset = PASS_OFFSETS[observation.pass_direction]
        search_pass(
            cards_to_mask(observation.hand), own_seat(observation), offset, self.rng, playouts, deadline.end, deadline.stop,
            figures, distinct,
        )
        found = {mask: (hands, mean, points) for mask, hands, mean, points in figures}
        values = []
        for move, mask in zip(moves, masks):
            hands, mean, points = found.get(mask, (0, 0.0, {}))
            values.append(MoveValue(move, hands, 0.5 + mean / 52.0, points))
        return tuple(values)

    def choose_pass(
        self,
        observation: HeartsObservation,
        deadline: Deadline | None = None,
        figures: list[tuple[int, int, float, dict[int, int]]] | None = None,
    ) -> int:
        """The three cards to pass, as a bitmask, by :func:`search_pass` within the same
        budget as a play: to the decision's ``deadline`` (one starting now by default),
        or in fixed-iteration mode ``pass_playouts`` hands played out (default: half of
        ``iterations``, as a hand played out from the pass costs about twice a search
        iteration)."""
        if deadline is None:
            deadline = self.deadline()
        iterations = self.searcher.iterations
        playouts = None if iterations is None else self.pass_playouts or max(1, iterations // 2)
        offset = PASS_OFFSETS[observation.pass_direction]
        return search_pass(
            cards_to_mask(observation.hand), own_seat(observation), offset, self.rng, playouts, deadline.end, deadline.stop,
            figures,
        )

