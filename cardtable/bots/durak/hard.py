"""Durak's hard bot: the exact endgame when it can (:mod:`cardtable.bots.durak.endgame`),
else the search (:class:`~cardtable.bots.durak.model.DurakSearchModel`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.bots.durak.endgame import ENDGAME_NODE_LIMIT, EndgameSolver, solve_endgame
from cardtable.bots.durak.model import DRAW_VALUE, PLAYOUT_NOISE, DurakSearchModel
from cardtable.bots.durak.reading import PublicMemory, trump_suit
from cardtable.bots.durak.strategy import normal_choice
from cardtable.bots.search import DEFAULT_EXPLORATION, DEFAULT_TIME_BUDGET, Deadline, SearchBot
from cardtable.engine.actions import Action
from cardtable.games.durak import DurakObservation

__all__ = ["HardDurakBot", "make_search_model", "ENDGAME_SHARE"]

ENDGAME_SHARE = 0.6
"""With a time budget, the share of it the endgame solver may use before the search
takes over with the rest."""


def make_search_model() -> DurakSearchModel:
    """The Durak search model (the convention ``benchmarks/search.py`` relies on)."""
    return DurakSearchModel()


class HardDurakBot(SearchBot[DurakObservation]):
    """Searches with :class:`DurakSearchModel`; plays a two-player endgame with an empty
    deck exactly (:class:`EndgameSolver`) when it can.

    ``time_budget`` seconds per decision (default 0.5; the endgame solver's time counts
    towards it), or exactly ``iterations`` iterations for reproducible play.
    ``draw_value``, ``playout_noise`` and ``read_defences`` go to the model (see
    :class:`DurakSearchModel`; the benchmarks turn them off one at a time).

    >>> HardDurakBot(seed=1, iterations=50).level
    'hard'
    """

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = DEFAULT_TIME_BUDGET,
        iterations: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        workers: int = 1,
        endgame_nodes: int = ENDGAME_NODE_LIMIT,
        draw_value: float = DRAW_VALUE,
        playout_noise: float = PLAYOUT_NOISE,
        read_defences: bool = True,
    ) -> None:
        model = DurakSearchModel(draw_value, playout_noise, read_defences)
        super().__init__(model, seed, time_budget, iterations, exploration, workers)
        self.endgame_nodes = endgame_nodes
        self.solver: EndgameSolver | None = None
        self.memory = PublicMemory()

    def shortcut(self, observation: DurakObservation, legal_actions: Sequence[Action], deadline: Deadline) -> Action | None:
        trump = trump_suit(observation)
        if self.solver is None or self.solver.trump != trump:
            self.solver = EndgameSolver(trump)
        elif len(self.solver.table) > 2_000_000:
            self.solver.table.clear()
        self.memory.update(observation)
        self.solver.stop = deadline.stop
        preferred = [normal_choice(observation, self.memory)]
        solved = solve_endgame(observation, self.endgame_nodes, self.solver, preferred, deadline.share(ENDGAME_SHARE))
        if solved is None:
            return None
        action, result = solved
        if result > 0.0:
            self.note = "solved-win" if result == 1.0 else "solved-draw"
            return action
        return None  # lost against best play: let the search look for the opponent's mistakes

