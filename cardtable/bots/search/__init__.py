"""The search behind every hard bot: information-set Monte Carlo tree search (ISMCTS).

A hard bot knows only its observation.  Each iteration of the search:

1. deals a *determinization* (a "world"): a full game position that agrees with
   everything public in the observation, the hidden cards dealt at random
   (:func:`sample_hands` does that dealing for every game);
2. walks down one shared tree whose nodes are keyed by the move sequence from the
   root (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012), choosing by UCB1
   among the moves legal *in this world* and counting, for every legal child, that it
   was available;
3. adds one node, then plays the world out with the game's play-out policy to the end
   of the searched horizon (the end of the round);
4. backs up the world's value for the player who moved at each node.

The answer is the most visited root action (ties: the better mean, then the earlier
action in ``legal_actions``); it is always one of ``legal_actions``.

That loop (:meth:`ISMCTS.run`) is the only tree search in the project; every game and
the worker processes of :mod:`cardtable.bots.search.pool` run it.  What differs between
games sits behind a :class:`Simulator`: how to deal a world, list and play the moves in
it, play it out and score it.  A game gives the search a model (a :class:`Searchable`),
whose ``simulator(observation)`` builds the simulator of one decision, on the game's
rules kernel.  The hard bots are :class:`SearchBot` subclasses that fill in its
hooks (the root moves, a shortcut, the pass search, a check after the search); the
bot's time budget is split between them by one rule (:class:`Deadline`).

The package's modules: :mod:`~cardtable.bots.search.tree` (the loop, the protocols, the
root statistics), :mod:`~cardtable.bots.search.bot` (:class:`SearchBot` and how it tells
its decisions), :mod:`~cardtable.bots.search.sampling` (dealing the hidden cards) and
:mod:`~cardtable.bots.search.pool` (the worker processes).  Every public name is
imported from the package itself.

>>> import random
>>> from cardtable.bots.search import ISMCTS
>>> searcher = ISMCTS(iterations=200)
>>> # action = searcher.search(observation, legal_actions, model, random.Random(7))

With ``iterations=N`` the search is fully reproducible for a given rng seed; otherwise it
runs until ``time_budget`` seconds have passed, or to the deadline it is given (checked
before each iteration, so it overruns by at most one iteration).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.bots.search.bot import DECISION_MARGIN, Deadline, Decision, MoveValue, SearchBot, about_equal
    from cardtable.bots.search.pool import (
        PLAY_WORKERS,
        MergedSearch,
        StopFlag,
        available_cores,
        parallel_search,
        play_workers,
        shutdown_pool,
        warm_up,
        worker_pids,
    )
    from cardtable.bots.search.sampling import ImpossibleDealError, sample_hands
    from cardtable.bots.search.tree import (
        DEFAULT_EXPLORATION,
        DEFAULT_TIME_BUDGET,
        ISMCTS,
        Searchable,
        SearchResult,
        Simulator,
        choose_from_stats,
        search,
    )

__all__ = [
    "Searchable",
    "Simulator",
    "ISMCTS",
    "SearchResult",
    "SearchBot",
    "Decision",
    "MoveValue",
    "about_equal",
    "Deadline",
    "choose_from_stats",
    "search",
    "sample_hands",
    "ImpossibleDealError",
    "StopFlag",
    "DEFAULT_TIME_BUDGET",
    "DEFAULT_EXPLORATION",
    "DECISION_MARGIN",
    # the worker processes (cardtable.bots.search.pool)
    "MergedSearch",
    "available_cores",
    "parallel_search",
    "play_workers",
    "shutdown_pool",
    "warm_up",
    "worker_pids",
    "PLAY_WORKERS",
]


# Loaded when first asked for (PEP 562): the session and the screens ask only for the
# worker processes' settings (pool), and a table without a hard bot never loads the tree.
_MODULE_OF = {
    **dict.fromkeys(
        ["DECISION_MARGIN", "Deadline", "Decision", "MoveValue", "SearchBot", "about_equal"], "cardtable.bots.search.bot"
    ),
    **dict.fromkeys(
        ["PLAY_WORKERS", "MergedSearch", "StopFlag", "available_cores", "parallel_search", "play_workers",
         "shutdown_pool", "warm_up", "worker_pids"],
        "cardtable.bots.search.pool",
    ),
    **dict.fromkeys(["ImpossibleDealError", "sample_hands"], "cardtable.bots.search.sampling"),
    **dict.fromkeys(
        ["DEFAULT_EXPLORATION", "DEFAULT_TIME_BUDGET", "ISMCTS", "Searchable", "SearchResult", "Simulator",
         "choose_from_stats", "search"],
        "cardtable.bots.search.tree",
    ),
}

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
