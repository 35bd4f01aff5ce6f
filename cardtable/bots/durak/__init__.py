"""Computer players for Durak: easy, normal and hard.

- **easy** attacks with its lowest card (now and then one of its three lowest), defends
  each attacking card with the smallest card that beats it and takes only when it
  cannot beat, and throws in its lowest matching non-trump about half of the time.
- **normal** saves trumps: it opens with low non-trumps, preferring ranks it holds
  twice (so it can throw in again) and cards the defender apparently cannot beat; it
  throws in cheap cards and, above all, ranks the defender apparently lacks (a
  defender that took rather than beat a card shows it holds nothing higher in that
  suit); it defends with the cheapest cover of the whole table, and takes the coming
  draws into account: while the deck is still thick it takes low cards rather than
  spend high trumps or several trumps, and once the deck is empty it always fights.
- **hard** remembers every public card (the discard, the cards seen picked up, who
  showed which weakness) and searches (:mod:`cardtable.bots.search`, ISMCTS over
  deals of the unseen cards that agree with everything public, played on the rules
  kernel, :mod:`cardtable.games.durak.kernel`, and out with the normal strategy and a
  little randomness).  Once the deck is empty and two players are left, Durak is a
  game of perfect information: :func:`solve_endgame` solves it exactly (alpha-beta
  with a transposition table, over the kernel's heads-up moves) when it is small enough.

Every bot reads only its observation and the legal actions; an attacker with nothing
to throw in is still asked and passes, so a pass alone does not show a seat has no card
of the table's ranks (the hard bot's sampler reads it as a guess about cheap cards only).  The strategies work
on card bitmasks (:mod:`cardtable.cards`), so the hard bot's play-outs stay fast.  No
rules live here: what beats what, which ranks may be thrown in, the legal moves and
every move's consequences are the kernel's.

The package's modules: :mod:`~cardtable.bots.durak.strategy` (the heuristics, the easy
and normal bots), :mod:`~cardtable.bots.durak.reading` (what the public history tells),
:mod:`~cardtable.bots.durak.endgame` (the exact endgame solver),
:mod:`~cardtable.bots.durak.model` (the search model and its simulator) and
:mod:`~cardtable.bots.durak.hard` (the hard bot).  Every public name is offered by the
package itself, its module loaded when the name is first asked for (a table of easy and
normal bots loads only the strategies).

>>> from cardtable.games import get_rules
>>> state = get_rules("durak").new_game(players=2, seed=3)
>>> bots = [BOT_LEVELS["easy"](1), BOT_LEVELS["normal"](2)]
>>> while not state.is_over:
...     seat = state.current_player
...     state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
>>> state.outcome().is_over
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.bots.durak.strategy import (
    EasyDurakBot,
    NormalDurakBot,
    card_value,
    cheapest_cover,
    normal_attack,
    normal_choice,
    normal_defence,
    normal_move,
    normal_throw_in,
)
from cardtable.lazy import lazy_class, lazy_names

if TYPE_CHECKING:
    from cardtable.bots.durak.endgame import (
        ENDGAME_NODE_LIMIT,
        EndgameSolver,
        Position,
        endgame_position,
        solve_endgame,
    )
    from cardtable.bots.durak.hard import ENDGAME_SHARE, HardDurakBot, make_search_model
    from cardtable.bots.durak.measure import REVIEW_MEASURE
    from cardtable.bots.durak.model import (
        DRAW_VALUE,
        PLAYOUT_NOISE,
        DealGroups,
        DurakSearchModel,
        DurakSimulator,
        round_value,
    )
    from cardtable.bots.durak.reading import PublicMemory, gone_cards, trump_suit, unseen_cards


__all__ = [
    "BOT_LEVELS",
    "REVIEW_MEASURE",
    "EasyDurakBot",
    "NormalDurakBot",
    "HardDurakBot",
    "DurakSearchModel",
    "DurakSimulator",
    "DealGroups",
    "PublicMemory",
    "EndgameSolver",
    "Position",
    "endgame_position",
    "solve_endgame",
    "make_search_model",
    "card_value",
    "cheapest_cover",
    "normal_attack",
    "normal_defence",
    "normal_throw_in",
    "normal_choice",
    "normal_move",
    "round_value",
    "gone_cards",
    "unseen_cards",
    "trump_suit",
    "PLAYOUT_NOISE",
    "DRAW_VALUE",
    "ENDGAME_NODE_LIMIT",
    "ENDGAME_SHARE",
]

BOT_LEVELS: dict[str, Callable[[int | None], object]] = {
    "easy": EasyDurakBot,
    "normal": NormalDurakBot,
    "hard": lazy_class("cardtable.bots.durak.hard", "HardDurakBot"),
}
"""The factories ``make_bot`` uses: ``factory(seed) -> bot``."""

# Loaded when first asked for (PEP 562): a table of easy and normal bots needs only the
# strategies, never the search, its model or the review.
_MODULE_OF = {
    **dict.fromkeys(
        ["ENDGAME_NODE_LIMIT", "EndgameSolver", "Position", "endgame_position", "solve_endgame"],
        "cardtable.bots.durak.endgame",
    ),
    **dict.fromkeys(["ENDGAME_SHARE", "HardDurakBot", "make_search_model"], "cardtable.bots.durak.hard"),
    **dict.fromkeys(["REVIEW_MEASURE"], "cardtable.bots.durak.measure"),
    **dict.fromkeys(
        ["DRAW_VALUE", "DealGroups", "DurakSearchModel", "DurakSimulator", "PLAYOUT_NOISE", "round_value"],
        "cardtable.bots.durak.model",
    ),
    **dict.fromkeys(["PublicMemory", "gone_cards", "trump_suit", "unseen_cards"], "cardtable.bots.durak.reading"),
}

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
