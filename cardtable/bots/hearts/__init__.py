"""Computer players for Hearts: easy, normal and hard.

- **easy** avoids taking penalty points in the trick at hand when it can, and otherwise
  plays at random; it passes three cards drawn at random, the high ones more likely.
- **normal** passes dangerous cards (the Q♠; the A♠ and K♠ without low spades to cover
  them; high hearts; the last cards of a short suit, to be void), leads from the suit
  where its lowest card is safest, ducks under the winning card with its highest card
  that still loses, dumps the Q♠ as soon as it can do so safely (when void, or under
  the A♠ or K♠), then high spades and high hearts, and knows whether hearts are broken.
  On ties it looks at the score: it prefers to hand points to the leader of the game.
- **hard** searches (the shared ISMCTS of :mod:`cardtable.bots.search`, its iterations
  run on bitmasks by :class:`HeartsSimulator`, over deals of the hidden cards that agree with everything
  public, playing out each deal with the normal strategy and a little randomness),
  considers only one card of each group that plays alike (touching cards), remembers
  which players showed void in which suit and, in most deals, which cards their plays
  suggest they do not hold (:func:`soft_inferences`), detects an attempt to shoot the moon and
  adapts its defence: the would-be shooter is then played out as a shooter, so the
  search finds the trick to take or the stopper to keep.  It chooses its pass by
  playing whole hands out (:func:`search_pass`): each candidate pass on the same
  random deals, the other seats passing and playing as the normal bot does.

Every bot reads only its observation and the legal actions.  The strategies work on
card bitmasks (:mod:`cardtable.cards`), so the hard bot's play-outs stay fast.

The package's modules: :mod:`~cardtable.bots.hearts.masks` (the card masks they share),
:mod:`~cardtable.bots.hearts.reading` (what the tricks played tell),
:mod:`~cardtable.bots.hearts.strategy` (the heuristics, the easy and normal bots),
:mod:`~cardtable.bots.hearts.model` (the search model and its simulator),
:mod:`~cardtable.bots.hearts.passing` (the hard bot's pass search) and
:mod:`~cardtable.bots.hearts.hard` (the hard bot).  Every public name is offered by
the package itself, its module loaded when the name is first asked for (a table of easy
and normal bots loads only the strategies).

>>> from cardtable.games import get_rules
>>> state = get_rules("hearts").new_game(players=4, seed=3)
>>> bots = [BOT_LEVELS[level](seed) for seed, level in enumerate(["easy", "normal", "easy", "normal"])]
>>> for _ in range(60):
...     seat = state.current_player
...     state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
>>> state.observation(0).phase
'play'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.bots.hearts.strategy import (
    EasyHeartsBot,
    NormalHeartsBot,
    choose_card,
    choose_pass,
    pass_danger,
)
from cardtable.lazy import lazy_class, lazy_names

if TYPE_CHECKING:
    from cardtable.bots.hearts.hard import HARD_EXPLORATION, HardHeartsBot, make_search_model
    from cardtable.bots.hearts.measure import REVIEW_MEASURE
    from cardtable.bots.hearts.model import (
        DEAL_REUSE,
        PLAYOUT_NOISE,
        DealConstraints,
        HeartsSearchModel,
        HeartsSimulator,
        distinct_cards,
        hands_with,
        playout_policy,
        search_choices,
    )
    from cardtable.bots.hearts.passing import PASS_CANDIDATE_CARDS, pass_candidates, play_out_hand, search_pass
    from cardtable.bots.hearts.reading import (
        MOON_ALERT_POINTS,
        SOFT_INFERENCE_WEIGHT,
        moon_suspect,
        played_mask,
        soft_inferences,
        soft_inferences_from_tricks,
        void_suits,
        void_suits_from_tricks,
    )


__all__ = [
    "BOT_LEVELS",
    "REVIEW_MEASURE",
    "EasyHeartsBot",
    "NormalHeartsBot",
    "HardHeartsBot",
    "HeartsSearchModel",
    "HeartsSimulator",
    "DealConstraints",
    "make_search_model",
    "search_pass",
    "pass_candidates",
    "play_out_hand",
    "playout_policy",
    "distinct_cards",
    "search_choices",
    "hands_with",
    "choose_pass",
    "pass_danger",
    "choose_card",
    "moon_suspect",
    "played_mask",
    "void_suits",
    "void_suits_from_tricks",
    "soft_inferences",
    "soft_inferences_from_tricks",
    "HARD_EXPLORATION",
    "DEAL_REUSE",
    "PLAYOUT_NOISE",
    "PASS_CANDIDATE_CARDS",
    "MOON_ALERT_POINTS",
    "SOFT_INFERENCE_WEIGHT",
]

BOT_LEVELS: dict[str, Callable[[int | None], object]] = {
    "easy": EasyHeartsBot,
    "normal": NormalHeartsBot,
    "hard": lazy_class("cardtable.bots.hearts.hard", "HardHeartsBot"),
}
"""The factories ``make_bot`` uses: ``factory(seed) -> bot``."""

# Loaded when first asked for (PEP 562): a table of easy and normal bots needs only the
# strategies, never the search, its model or the review.
_MODULE_OF = {
    **dict.fromkeys(["HARD_EXPLORATION", "HardHeartsBot", "make_search_model"], "cardtable.bots.hearts.hard"),
    **dict.fromkeys(["REVIEW_MEASURE"], "cardtable.bots.hearts.measure"),
    **dict.fromkeys(
        ["DEAL_REUSE", "DealConstraints", "HeartsSearchModel", "HeartsSimulator", "PLAYOUT_NOISE", "distinct_cards",
         "hands_with", "playout_policy", "search_choices"],
        "cardtable.bots.hearts.model",
    ),
    **dict.fromkeys(
        ["PASS_CANDIDATE_CARDS", "pass_candidates", "play_out_hand", "search_pass"],
        "cardtable.bots.hearts.passing",
    ),
    **dict.fromkeys(
        ["MOON_ALERT_POINTS", "SOFT_INFERENCE_WEIGHT", "moon_suspect", "played_mask", "soft_inferences",
         "soft_inferences_from_tricks", "void_suits", "void_suits_from_tricks"],
        "cardtable.bots.hearts.reading",
    ),
}

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
