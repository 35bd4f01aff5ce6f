"""Computer players for President: easy, normal and hard.

- **easy** plays the lowest legal combination: it leads every card of its lowest rank
  and follows with the lowest rank that beats the table, never passing when it can
  play; one time in ten it picks any legal action instead, and it gives back random
  cards in an exchange.
- **normal** keeps its 2s (the top rank of the order in force) and its fours of a kind
  to take the lead back, leads its lowest group whole, follows only with a group of
  exactly the size asked for and breaks pairs and triples only when it must (an
  opponent is about to go out, or its own hand is nearly empty).  It reads the visible
  cards: a group nobody can beat any more is a sure trick, and when its hand splits
  into sure tricks and one last group it plays them out.  It starts a revolution when
  its remaining cards are low, plays a 2 when the table is high or time is short, and
  plays harder when it is behind on score.  In an exchange it gives back its lowest
  cards, whole low groups first.
- **hard** first checks whether it can go out by force (:func:`forced_line`: a sequence
  of plays nobody can beat, whatever the hidden hands are, ending with its last cards).
  Otherwise it searches (:mod:`cardtable.bots.search`): ISMCTS over deals of the unseen
  cards that agree with everything public (the cards played, the hand sizes, the cards
  it gave in the exchange, and what an automatic gift it received says about the
  giver's hand).  It reads the opponents' play: the deals are drawn by a Metropolis
  walk that swaps cards between opponents and makes a deal :data:`INFERENCE_ODDS` times
  as likely for each play or pass this round that the normal strategy would not have
  made with that deal's hands (a normal player who leads a single 6 usually holds
  exactly one 6 and nothing lower but 2s and fours).  In the tree and in the play-outs
  the opponents play the normal strategy (the way normal opponents really play), so
  every branch of the tree is one of its own choices; play-outs run to the end of the
  round on bare card masks.  It plays for first place: a finishing place is worth 1 for
  President, 0.3 for second, 0.09 for third, ..., 0 for last (:data:`PLACE_DECAY`).
  Plays that differ only by suit are one move to the search.  Last, the normal move
  and the search's favourite other move are played out head to head on the same deals
  (paired play-outs), and the better one is played.

Every bot reads only its observation and the legal actions.  The strategies work on
card bitmasks (:mod:`cardtable.cards`), so the hard bot's play-outs stay fast.

The package's modules: :mod:`~cardtable.bots.president.strategy` (the heuristics, the
easy and normal bots), :mod:`~cardtable.bots.president.moves` (how the search names a
move), :mod:`~cardtable.bots.president.reading` (the constraints on a deal and the
opponents' plays the deals are weighed by), :mod:`~cardtable.bots.president.model` (the
search model and its simulator) and :mod:`~cardtable.bots.president.hard` (the hard
bot).  Every public name is offered by the package itself, its module loaded when the
name is first asked for (a table of easy and normal bots loads only the strategies).

>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=4, seed=3)
>>> bots = [BOT_LEVELS[level](seed) for seed, level in enumerate(["easy", "normal", "easy", "normal"])]
>>> while not state.is_over:
...     seat = state.current_player
...     state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
>>> len(state.outcome().order)
4
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.bots.president.strategy import (
    EASY_NOISE,
    EasyPresidentBot,
    NormalPresidentBot,
    Situation,
    choose_gift,
    forced_line,
    is_safe,
    normal_move,
    normal_play,
    play_of,
    rank_counts,
    seat_view,
    situation,
)
from cardtable.lazy import lazy_class, lazy_names

if TYPE_CHECKING:
    from cardtable.bots.president.hard import (
        CHECKED_MOVES,
        GIFT_CANDIDATE_RANKS,
        PAIRS_PER_ITERATION,
        SEARCH_SHARE,
        HardPresidentBot,
        check_candidates,
        gift_candidates,
        make_search_model,
        paired_playouts,
        usual_move,
    )
    from cardtable.bots.president.measure import REVIEW_MEASURE
    from cardtable.bots.president.model import (
        INFERENCE_BURN_IN,
        INFERENCE_ODDS,
        INFERENCE_STEPS,
        PLACE_DECAY,
        PLAYOUT_NOISE,
        PresidentSearchModel,
        PresidentSimulator,
    )
    from cardtable.bots.president.moves import (
        PASS_MOVE,
        canonical,
        move_action,
        move_of,
        play_move,
        search_moves,
        strategy_move,
    )
    from cardtable.bots.president.reading import DealConstraints, PlayCheck, deal_constraints, hands_with, round_checks


__all__ = [
    "BOT_LEVELS",
    "REVIEW_MEASURE",
    "EasyPresidentBot",
    "NormalPresidentBot",
    "HardPresidentBot",
    "PresidentSearchModel",
    "PresidentSimulator",
    "DealConstraints",
    "PlayCheck",
    "Situation",
    "make_search_model",
    "search_moves",
    "play_move",
    "move_of",
    "strategy_move",
    "move_action",
    "canonical",
    "PASS_MOVE",
    "normal_move",
    "normal_play",
    "usual_move",
    "check_candidates",
    "paired_playouts",
    "gift_candidates",
    "choose_gift",
    "forced_line",
    "rank_counts",
    "is_safe",
    "seat_view",
    "situation",
    "play_of",
    "deal_constraints",
    "round_checks",
    "hands_with",
    "EASY_NOISE",
    "PLAYOUT_NOISE",
    "PLACE_DECAY",
    "INFERENCE_ODDS",
    "INFERENCE_BURN_IN",
    "INFERENCE_STEPS",
    "CHECKED_MOVES",
    "PAIRS_PER_ITERATION",
    "SEARCH_SHARE",
    "GIFT_CANDIDATE_RANKS",
]

BOT_LEVELS: dict[str, Callable[[int | None], object]] = {
    "easy": EasyPresidentBot,
    "normal": NormalPresidentBot,
    "hard": lazy_class("cardtable.bots.president.hard", "HardPresidentBot"),
}
"""The factories ``make_bot`` uses: ``factory(seed) -> bot``."""

# Loaded when first asked for (PEP 562): a table of easy and normal bots needs only the
# strategies, never the search, its model or the review.
_MODULE_OF = {
    **dict.fromkeys(
        ["CHECKED_MOVES", "GIFT_CANDIDATE_RANKS", "HardPresidentBot", "PAIRS_PER_ITERATION", "SEARCH_SHARE",
         "check_candidates", "gift_candidates", "make_search_model", "paired_playouts", "usual_move"],
        "cardtable.bots.president.hard",
    ),
    **dict.fromkeys(["REVIEW_MEASURE"], "cardtable.bots.president.measure"),
    **dict.fromkeys(
        ["INFERENCE_BURN_IN", "INFERENCE_ODDS", "INFERENCE_STEPS", "PLACE_DECAY", "PLAYOUT_NOISE",
         "PresidentSearchModel", "PresidentSimulator"],
        "cardtable.bots.president.model",
    ),
    **dict.fromkeys(
        ["PASS_MOVE", "canonical", "move_action", "move_of", "play_move", "search_moves", "strategy_move"],
        "cardtable.bots.president.moves",
    ),
    **dict.fromkeys(
        ["DealConstraints", "PlayCheck", "deal_constraints", "hands_with", "round_checks"],
        "cardtable.bots.president.reading",
    ),
}

__getattr__, __dir__ = lazy_names(__name__, _MODULE_OF, __all__)
