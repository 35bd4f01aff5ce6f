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
:mod:`~cardtable.bots.durak.hard` (the hard bot).  Every public name is imported from the
package itself.

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

from cardtable.bots.durak.endgame import ENDGAME_NODE_LIMIT, EndgameSolver, Position, endgame_position, solve_endgame
from cardtable.bots.durak.hard import ENDGAME_SHARE, HardDurakBot, make_search_model
from cardtable.bots.durak.model import (
    DRAW_VALUE,
    PLAYOUT_NOISE,
    DealGroups,
    DurakSearchModel,
    DurakSimulator,
    round_value,
)
from cardtable.bots.durak.reading import PublicMemory, gone_cards, trump_suit, unseen_cards
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
from cardtable.bots.review import ReviewMeasure

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
    "hard": HardDurakBot,
}
"""The factories ``make_bot`` uses: ``factory(seed) -> bot``."""


def _durak_words(value: float, also: float | None) -> str:
    return f"{value:.0%} chance of being the durak"


def _durak_cost_words(cost: float) -> str:
    """A cost in percentage points of the chance of being the durak.

    >>> _durak_cost_words(0.01), _durak_cost_words(0.123)
    ('1 point of durak chance', '12 points of durak chance')
    """
    points = round(cost * 100)
    return f"{points} point{'' if points == 1 else 's'} of durak chance"


REVIEW_MEASURE = ReviewMeasure(
    name="chance of being the durak",
    score=lambda outcome: 1.0 if outcome == 1 else 0.0,
    lower_is_better=True,
    threshold=0.05,
    describe=_durak_words,
    cost_words=_durak_cost_words,
)
"""The review's measure: the chance that the seat ends the round as the durak."""
