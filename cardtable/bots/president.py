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

import math
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from operator import attrgetter

from cardtable.bots.base import own_seat
from cardtable.bots.review import ReviewMeasure
from cardtable.bots.search import (
    DEFAULT_EXPLORATION,
    DEFAULT_TIME_BUDGET,
    Deadline,
    MoveValue,
    SearchBot,
    SearchResult,
    sample_hands,
)
from cardtable.cards import Card
from cardtable.engine.actions import PASS, Action
from cardtable.games.president import (
    PresidentObservation,
    PresidentState,
    give_action,
    kernel,
    play_action,
    played_this_round,
)
from cardtable.games.president.kernel import (
    GIFT_STRENGTH,
    HIGHER,
    LOWEST,
    NIBBLE_BITS,
    ORDERS,
    POSITION,
    Table,
    can_beat,
    copy_table,
)

__all__ = [
    "BOT_LEVELS",
    "REVIEW_MEASURE",
    "EasyPresidentBot",
    "NormalPresidentBot",
    "HardPresidentBot",
    "PresidentSearchModel",
    "PresidentSimulator",
    "make_search_model",
    "search_moves",
    "play_move",
    "move_of",
    "strategy_move",
    "move_action",
    "canonical",
    "PASS_MOVE",
    "normal_move",
    "usual_move",
    "check_candidates",
    "paired_playouts",
    "choose_gift",
    "forced_line",
    "rank_counts",
    "is_safe",
    "seat_view",
]

EASY_NOISE = 0.1
"""How often the easy bot picks any legal action instead of the lowest combination."""

PLAYOUT_NOISE = 0.0
"""How often the hard bot's play-outs make a random legal move instead of the normal one.

None by default: the opponents it meets most are normal bots, whose play the normal
strategy on the sampled hands reproduces exactly, so noise would only blur them."""

PLACE_DECAY = 0.3
"""How a finishing place is valued by the search: first 1, then ``PLACE_DECAY`` to the
power of the place (0.3, 0.09, ...), last 0.  President is worth far more than
Vice-President, so the search plays for first place, not for a safe middle one."""

INFERENCE_ODDS = 0.02
"""How much less likely the hard bot's sampler holds a deal for each opponent play this
round that the normal strategy would not have made with that deal's hands."""

INFERENCE_BURN_IN = 600
"""Metropolis steps from a fresh uniform deal before the first sample of a decision."""

INFERENCE_STEPS = 8
"""Metropolis steps between two samples of one decision."""

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

_ALL = (1 << 52) - 1
_MEMO_LIMIT = 50_000
# What the memo of normal moves answers for a position it has not seen (None is a pass).
_MEMO_MISS: tuple[int, int] = (-1, -1)
_NORMAL_RANKS = ORDERS[0]
# One play per (rank, size), the suits fixed: how the search names a move.
_CANON: list[list[Action | None]] = [[None] * 5 for _ in range(15)]
for _r in _NORMAL_RANKS:
    for _k in range(1, 5):
        _CANON[_r][_k] = play_action(LOWEST[15][_k] << (_r - 2) * 4)

# One opponent action of this round for the hard bot's sampler (see _round_checks).
_Check = tuple[int, int, int, int, bool, int, bool, "tuple[int, int] | None"]

# --- hand arithmetic ----------------------------------------------------------------------


def rank_counts(mask: int) -> list[int]:
    """How many cards of each rank ``mask`` holds, indexed by rank (2 to 14).

    >>> from cardtable.cards import parse_cards, cards_to_mask
    >>> counts = rank_counts(cards_to_mask(parse_cards("3C 3H 2S")))
    >>> counts[3], counts[2], counts[14]
    (2, 1, 0)
    """
    return list(_counts(mask))


# A byte of a hand (two ranks) -> the two ranks' card counts, as two bytes.
_PAIR_COUNTS = tuple(bytes(((n & 15).bit_count(), (n >> 4).bit_count())) for n in range(256))


def _counts(mask: int) -> bytes:
    """:func:`rank_counts` as bytes, its fastest form (the play-outs call it most):
    indexes 0 and 1 are 0, then one byte per rank from the 2s to the aces."""
    t = _PAIR_COUNTS
    return b"".join((
        b"\0\0", t[mask & 255], t[mask >> 8 & 255], t[mask >> 16 & 255], t[mask >> 24 & 255],
        t[mask >> 32 & 255], t[mask >> 40 & 255], t[mask >> 48 & 15][:1],
    ))


def _random_bit(mask: int, rng: random.Random) -> int:
    """The index of one set bit of ``mask``, chosen uniformly."""
    pick = rng.randrange(mask.bit_count())
    for _ in range(pick):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def _play(hand: int, rank: int, size: int) -> Action:
    """The play of ``size`` cards of ``rank`` from ``hand`` (its lowest suits)."""
    shift = (rank - 2) * 4
    return play_action(LOWEST[hand >> shift & 15][size] << shift)


def seat_view(hands: Sequence[int], seat: int) -> tuple[int, int]:
    """What ``seat`` sees of the other hands in a world: every card in them (unseen to it)
    as a mask, and the fewest cards any opponent still playing holds (52 if none).

    >>> seat_view([0b1, 0b110, 0, 0b1000], 0)
    (14, 1)
    """
    unseen = 0
    fewest = 52
    for other_seat, other in enumerate(hands):
        if other_seat != seat and other:
            unseen |= other
            n = other.bit_count()
            if n < fewest:  # not min(): the tree asks this at every opponent's move
                fewest = n
    return unseen, fewest


def is_safe(rank: int, size: int, revolution: bool, unseen: Sequence[int], revolution_enabled: bool = True) -> bool:
    """Whether nobody can beat ``size`` cards of ``rank``, given the ``unseen`` rank counts.

    A four of a kind turns the order first (with revolution on), so it is beaten by a
    higher four in the new order.

    >>> unseen = rank_counts(0)
    >>> unseen[14] = 1            # one ace is still out
    >>> is_safe(13, 1, False, unseen), is_safe(13, 2, False, unseen)
    (False, True)
    """
    after = revolution != (size == 4 and revolution_enabled)
    for higher in HIGHER[after][rank]:  # noqa: SIM110 - a plain loop: all() costs more here
        if unseen[higher] >= size:
            return False
    return True


def forced_line(
    counts: Sequence[int],
    revolution: bool,
    unseen: Sequence[int],
    revolution_enabled: bool = True,
    table_rank: int = 0,
    table_size: int = 0,
) -> list[tuple[int, int]] | None:
    """A way to go out without letting anyone else play, as ``(rank, size)`` plays.

    ``counts`` are the seat's rank counts, ``unseen`` those of every card it cannot see
    (in other hands); with ``table_size`` the first play must beat the table.  Every
    play but the last must be safe (:func:`is_safe`): all others pass, the seat wins
    the trick and leads again.  The last play empties the hand.  ``None`` if no such
    line exists.  The search is exact: every split of the hand's ranks is tried.

    >>> from cardtable.cards import parse_cards, cards_to_mask
    >>> mine = rank_counts(cards_to_mask(parse_cards("2C 2D 4S")))
    >>> out = rank_counts(cards_to_mask(parse_cards("2H AS AC 3D")))
    >>> forced_line(mine, False, out)       # the pair of 2s cannot be beaten, then the 4
    [(2, 2), (4, 1)]
    >>> forced_line(mine, False, out, table_rank=14, table_size=1)  # on an ace: a 2, a 2, the 4
    [(2, 1), (2, 1), (4, 1)]
    """
    if not (revolution_enabled and 4 in counts):
        # Without a four the order never turns, and a group is safest played whole.  Only
        # the last play may be unsafe (the first one too when it must beat the table),
        # so two groups unsafe even whole (three when following) rule out every line.
        unsafe = 0
        for r in _NORMAL_RANKS:
            c = counts[r]
            if c and not is_safe(r, c, revolution, unseen, revolution_enabled):
                unsafe += 1
        if unsafe >= (3 if table_size else 2):
            return None
    failed: set[tuple[tuple[int, ...], bool]] = set()

    def lead(held: list[int], rev: bool) -> list[tuple[int, int]] | None:
        groups = [r for r in ORDERS[rev] if held[r]]
        if len(groups) == 1:
            return [(groups[0], held[groups[0]])]
        key = (tuple(held), rev)
        if key in failed:
            return None
        for r in reversed(groups):  # high ranks first: those are the safe ones
            for k in range(held[r], 0, -1):
                if is_safe(r, k, rev, unseen, revolution_enabled):
                    held[r] -= k
                    rest = lead(held, rev != (k == 4 and revolution_enabled))
                    held[r] += k
                    if rest is not None:
                        return [(r, k)] + rest
        failed.add(key)
        return None

    held = list(counts)
    if not table_size:
        return lead(held, revolution) if any(held) else None
    total = sum(held)
    for r in HIGHER[revolution][table_rank]:
        if held[r] < table_size:
            continue
        if total == table_size:
            return [(r, table_size)]
        if is_safe(r, table_size, revolution, unseen, revolution_enabled):
            held[r] -= table_size
            rest = lead(held, revolution != (table_size == 4 and revolution_enabled))
            held[r] += table_size
            if rest is not None:
                return [(r, table_size)] + rest
    return None


# --- the normal strategy --------------------------------------------------------------------


def normal_move(
    hand: int,
    table_rank: int,
    table_size: int,
    revolution: bool,
    revolution_enabled: bool,
    unseen: int,
    fewest_cards: int,
    behind: bool = False,
) -> tuple[int, int] | None:
    """The normal strategy's play as ``(rank, size)``, or ``None`` to pass.

    ``hand`` and ``unseen`` (every card in other hands) are card masks; ``table_size``
    is 0 when leading; ``fewest_cards`` is the smallest hand among the opponents still
    playing; ``behind``: whether the seat trails on score, which makes it play harder.

    >>> from cardtable.cards import parse_cards, cards_to_mask
    >>> hand = cards_to_mask(parse_cards("3C 3D 5H 9S 9C 2D"))
    >>> rest = 0xFFFFFFFFFFFFF & ~hand
    >>> normal_move(hand, 0, 0, False, True, rest, 13)      # lead the lowest group whole
    (3, 2)
    >>> normal_move(hand, 4, 1, False, True, rest, 13)      # a single: the 5, not a 3 from the pair
    (5, 1)
    >>> normal_move(hand, 10, 1, False, True, rest, 13) is None   # keep the 2 and the pairs
    True
    """
    counts = _counts(hand)
    size = table_size
    if size:
        options = [r for r in HIGHER[revolution][table_rank] if counts[r] >= size]
        if not options:
            return None
    order = ORDERS[revolution]
    top = order[-1]
    groups = [r for r in order if counts[r]]
    cards = hand.bit_count()
    if not groups:
        return None
    if len(groups) <= 4:
        line = forced_line(counts, revolution, _counts(unseen), revolution_enabled, table_rank, table_size)
        if line:
            return line[0]
    keep_fours = revolution_enabled
    if not table_size:
        if len(groups) == 1:
            return groups[0], counts[groups[0]]
        if keep_fours:
            for r in groups:
                if counts[r] == 4 and _revolution_helps(counts, r, revolution):
                    return r, 4
        plain = [r for r in groups if r != top and not (keep_fours and counts[r] == 4)]
        if plain:
            return plain[0], counts[plain[0]]
        if counts[top]:
            return top, counts[top]
        return groups[0], counts[groups[0]]

    if cards == size:
        return options[0], size
    urgent = fewest_cards <= (3 if behind else 2) or cards <= 4
    position = POSITION[revolution]
    for r in options:  # a group of exactly this size, not a control card
        if counts[r] == size and r != top and (counts[r] < 4 or not keep_fours or size == 4):
            return r, size
    for r in options:
        if r == top:
            # A 2 takes the lead back: worth it on a high table, or when time is short.
            plain_left = sum(1 for g in groups if g != top)
            if plain_left and (urgent or position[table_rank] >= (7 if behind else 8)):
                return r, size
            continue
        if counts[r] == 4 and keep_fours:
            continue
        if urgent:
            return r, size  # breaking a group, because an opponent is nearly out
    if urgent and keep_fours:
        for r in options:
            if counts[r] == 4 and fewest_cards <= 2:
                return r, size
    return None


def _revolution_helps(counts: Sequence[int], four: int, revolution: bool) -> bool:
    """Whether the cards besides ``four`` would be stronger in the inverted order."""
    position = POSITION[revolution]
    now = turned = held = 0
    for r in _NORMAL_RANKS:
        c = counts[r]
        if c and r != four:
            now += position[r] * c
            turned += (12 - position[r]) * c
            held += c
    return held > 0 and turned > now + held


def choose_gift(hand: int, count: int) -> int:
    """The ``count`` cards the normal bot gives back in an exchange, as a mask.

    Low cards in the normal order (the next round starts in it), preferring to give a
    whole low group away rather than break a pair.

    >>> from cardtable.cards import parse_cards, cards_to_mask, mask_to_cards
    >>> hand = cards_to_mask(parse_cards("3C 4D 4H 9S JC KD 2S"))
    >>> [str(c) for c in mask_to_cards(choose_gift(hand, 2))]
    ['4D', '4H']
    >>> [str(c) for c in mask_to_cards(choose_gift(hand, 1))]
    ['3C']
    """
    counts = rank_counts(hand)
    position = POSITION[0]
    cards = sorted(
        (i for i in range(52) if hand >> i & 1),
        key=lambda i: (position[(i >> 2) + 2], i),
    )
    low = [i for i in cards if (i >> 2) + 2 != 2][:6] or cards[:6]
    best, best_cost = 0, None
    for combo in combinations(low, count):
        taken: dict[int, int] = {}
        cost = 0
        for i in combo:
            r = (i >> 2) + 2
            taken[r] = taken.get(r, 0) + 1
            cost += position[r]
        for r, n in taken.items():
            cost += -3 if n == counts[r] else 2
        if best_cost is None or cost < best_cost:
            best, best_cost = sum(1 << i for i in combo), cost
    return best


# --- bots ------------------------------------------------------------------------------------


def _situation(observation: PresidentObservation) -> tuple[int, int, int, int, int, bool]:
    """hand, table rank, table size, unseen mask, fewest opponent cards, behind on score."""
    hand = _mask(observation.hand)
    table = observation.table
    unseen = _ALL & ~hand & ~played_this_round(observation)
    seat = own_seat(observation)
    sizes = [n for s, n in enumerate(observation.hand_sizes) if s != seat and n]
    scores = observation.scores
    behind = scores[seat] < max(scores)
    return hand, table[0].rank if table else 0, len(table), unseen, min(sizes, default=0), behind


def _normal_play(observation: PresidentObservation) -> Action:
    """:func:`normal_move` in ``observation``, as the action (the lowest suits of its rank)."""
    hand, table_rank, table_size, unseen, fewest, behind = _situation(observation)
    move = normal_move(
        hand, table_rank, table_size, observation.revolution,
        observation.revolution_enabled, unseen, fewest, behind,
    )
    return PASS if move is None else _play(hand, *move)


class EasyPresidentBot:
    """Plays the lowest legal combination, with a little randomness.

    >>> EasyPresidentBot(seed=1).level
    'easy'
    """

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: PresidentObservation, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if legal_actions[0].kind == "give" or self.rng.random() < EASY_NOISE:
            return legal_actions[self.rng.randrange(len(legal_actions))]
        if observation.table:
            return legal_actions[0]  # the lowest rank that beats the table, or pass
        hand = _mask(observation.hand)
        for r in ORDERS[observation.revolution]:
            nibble = hand >> (r - 2) * 4 & 15
            if nibble:
                return play_action(nibble << (r - 2) * 4)
        return legal_actions[0]


class NormalPresidentBot:
    """The heuristic player: see :func:`normal_move` and :func:`choose_gift`.

    >>> NormalPresidentBot(seed=1).level
    'normal'
    """

    level = "normal"

    def __init__(self, seed: int | None = None) -> None:
        # The strategy is deterministic; the rng is kept for the protocol's sake.
        self.rng = random.Random(seed)

    def choose(self, observation: PresidentObservation, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if legal_actions[0].kind == "give":
            return give_action(choose_gift(_mask(observation.hand), observation.exchange_due))
        return _normal_play(observation)


# --- the hard bot -----------------------------------------------------------------------------


# A move of the search: a play of (rank, size) is ``rank << 3 | size``, a pass 0.
PASS_MOVE = 0


def search_moves(table: Table) -> list[int]:
    """The moves of the seat to move as the search names them: one per (rank, size),
    suits aside, and a lead is always a whole group.

    Suits never matter within a round, so ``3C`` and ``3D`` are the same move; listing
    them once makes the search tree up to six times narrower.  Leading part of a group
    only leaves a weaker remnant behind, so the search leaves those leads out (to
    follow, breaking a group is often the only way, and it stays).  A move is carried
    out with the lowest suits of that rank the player holds (:func:`play_move`).

    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=1)
    >>> [str(move_action(move)) for move in search_moves(state.table)][:3]
    ['3C', '5C 5D', '6C']
    """
    hand = table.hands[table.current]  # type: ignore[index]
    size = table.table_size
    bits = NIBBLE_BITS
    if size == 0:
        moves = []
        for r in ORDERS[table.revolution]:
            count = bits[hand >> (r - 2) * 4 & 15]
            if count:
                moves.append(r << 3 | count)
        return moves
    moves = [r << 3 | size for r in HIGHER[table.revolution][table.table_rank] if bits[hand >> (r - 2) * 4 & 15] >= size]
    moves.append(PASS_MOVE)
    return moves


def play_move(table: Table, move: int) -> None:
    """Make the search's ``move`` on ``table`` with the rules kernel: a play with the
    lowest suits of its rank the seat to move holds, or a pass."""
    if move == PASS_MOVE:
        kernel.pass_turn(table)
        return
    shift = ((move >> 3) - 2) * 4
    kernel.play(table, LOWEST[table.hands[table.current] >> shift & 15][move & 7] << shift)  # type: ignore[index]


def move_of(action: Action) -> int:
    """The search's move for an action: its rank and size, or a pass.

    >>> move_of(Action.parse("7H 7S")) == 7 << 3 | 2, move_of(PASS)
    (True, 0)
    """
    if action.kind != "play":
        return PASS_MOVE
    return kernel.rank_of(action.mask) << 3 | len(action.cards)


def strategy_move(play: tuple[int, int] | None) -> int:
    """The search's move for a strategy's ``(rank, size)`` play, or ``None`` (a pass).

    >>> strategy_move((7, 2)) == 7 << 3 | 2, strategy_move(None)
    (True, 0)
    """
    return PASS_MOVE if play is None else play[0] << 3 | play[1]


def move_action(move: int) -> Action:
    """The action that names the search's ``move`` (:func:`canonical`'s suits)."""
    return PASS if move == PASS_MOVE else _CANON[move >> 3][move & 7]  # type: ignore[return-value]


def canonical(action: Action) -> Action:
    """The search's name for a play: the same rank and size, the lowest suits.

    >>> str(canonical(Action.parse("7H 7S")))
    '7C 7D'
    """
    if action.kind != "play":
        return action
    mask = action.mask
    return _CANON[(mask & -mask).bit_length() + 7 >> 2][len(action.cards)]  # type: ignore[return-value]


class PresidentSearchModel:
    """The :class:`~cardtable.bots.search.SearchModel` of President.

    - ``sample_state`` deals the unseen cards (neither in this seat's hand nor played
      this round) so that every seat keeps its public hand size; the cards this seat
      gave in this round's exchange stay with their receiver until played, and a seat
      that gave this seat its best cards automatically holds nothing better than the
      weakest of them (apart from what this seat gave it back).  The state is rebuilt
      with :meth:`PresidentState.from_observation`.
    - ``playout_action`` is :func:`normal_move` on the sampled hands, with a random
      move of :func:`search_moves` :data:`PLAYOUT_NOISE` of the time (a seat that cannot
      beat the table passes).
    - ``evaluate`` values the finishing place of the round searched: 1 for first, 0 for
      last, :data:`PLACE_DECAY` to the power of the place between (``place_values``
      overrides it).
    - Play-outs stop at the end of the round.

    Those methods state the model on ``PresidentState``; the search itself runs on
    :meth:`simulator`, the same deals, moves, play-out and values on the rules kernel's
    :class:`~cardtable.games.president.kernel.Table`.

    >>> model = PresidentSearchModel()
    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> sample = model.sample_state(state.observation(seat), random.Random(1))
    >>> sample.hand(seat) == state.hand(seat), len(sample.hand(0)) == len(state.hand(0))
    (True, True)
    """

    def __init__(
        self,
        place_values: Sequence[float] | None = None,
        noise: float = PLAYOUT_NOISE,
        inference: bool = True,
        model_opponents: bool = True,
    ) -> None:
        # place_values[place] (0 = first): what finishing there is worth, 1 down to 0.
        self.place_values = tuple(place_values) if place_values is not None else None
        self.noise = noise
        # normal_move's answers in play-outs: the same positions come back in many of
        # them (the searching seat's own hand above all), and the answer is a pure
        # function of the key.  Emptied when it grows past _MEMO_LIMIT.
        self._moves: dict[tuple[int, int, int, int, bool, bool, int], tuple[int, int] | None] = {}
        self._seen: PresidentObservation | None = None
        # The state rebuilt from the observation, and its kernel table: every sample
        # copies them and swaps in its own hands.
        self._template_state: PresidentState | None = None
        self._template: Table | None = None
        self._deal: tuple[int, list[int], list[int], list[int], list[int]] | None = None
        self.round_number = 0
        # Reading the opponents' plays (see _round_checks): the checks of this decision
        # per opponent, the Metropolis walk's current deal and each opponent's
        # disagreements in it.
        self.inference = inference
        self.model_opponents = model_opponents
        self._checks: list[list[_Check]] = []
        self._checks_count = 0
        self._chain: list[int] | None = None
        self._wrong: list[int] = []
        self._enabled = True
        self._log_odds = math.log(INFERENCE_ODDS)

    def __getstate__(self) -> dict[str, object]:
        # A search worker gets the settings, not this process's caches: the memo can
        # hold tens of thousands of entries, and prepare() rebuilds the rest.
        state = dict(self.__dict__)
        state.update(
            _moves={}, _seen=None, _template_state=None, _template=None, _deal=None, _checks=[], _chain=None, _wrong=[]
        )
        return state

    def prepare(self, observation: PresidentObservation) -> None:
        """Work out, once per decision, what every sample of ``observation`` shares."""
        if observation is self._seen:
            return
        seat = own_seat(observation)
        n = observation.num_players
        own = _mask(observation.hand)
        unknown = _ALL & ~own & ~played_this_round(observation)
        others = [s for s in range(n) if s != seat]
        known = [0] * n
        forbidden = [0] * n
        for event in observation.events:
            if event.kind != "exchange" or event.round != observation.round:
                continue
            receiver = event.info["to"]
            if event.seat == seat:
                known[receiver] |= _mask(event.cards) & unknown
            elif receiver == seat and event.info["automatic"] and event.cards:
                # The giver handed over its best cards: it kept nothing stronger.
                weakest = min(GIFT_STRENGTH[c.index] for c in event.cards)
                giver = event.seat
                assert giver is not None, "an exchange is always someone's give"
                forbidden[giver] |= sum(
                    1 << i for i in range(52) if GIFT_STRENGTH[i] > weakest
                )
        for s in range(n):
            forbidden[s] &= unknown & ~known[s]
        counts = [observation.hand_sizes[s] for s in others]
        deal = (
            unknown,
            counts,
            [known[s] for s in others],
            [forbidden[s] for s in others],
            others,
        )
        first = sample_hands(deal[0], deal[1], deal[2], deal[3], random.Random(0))
        template = PresidentState.from_observation(observation, self._hands(own, seat, others, first))
        self._template_state = template
        self._template = template.table
        self._deal = deal
        self._seen = observation
        self.round_number = observation.round
        self._enabled = observation.revolution_enabled
        self._checks = _round_checks(observation, others) if self.inference else [[] for _ in others]
        self._checks_count = sum(map(len, self._checks))
        self._log_odds = math.log(INFERENCE_ODDS)
        self._chain = None
        self._wrong = []

    @staticmethod
    def _hands(own: int, seat: int, others: list[int], dealt: list[int]) -> list[int]:
        hands = [0] * (len(others) + 1)
        hands[seat] = own
        for place, other in enumerate(others):
            hands[other] = dealt[place]
        return hands

    def disagreements(self, place: int, hand: int, limit: int = 52) -> int:
        """How many of the plays and passes this round of the opponent at ``place`` (in
        the deal's order) the normal strategy would not have made, had its hand now been
        ``hand``; counting stops past ``limit``.

        One opponent's count depends on its own hand alone: the rest is public.
        """
        wrong = 0
        enabled = self._enabled
        remembered = self._normal_move
        for later, before, table_rank, table_size, rev, fewest, behind, made in self._checks[place]:
            held = hand | later
            if made is None and table_size and not can_beat(held, table_rank, table_size, rev):
                continue  # it could not beat the table: any strategy passes
            move = remembered(held, _ALL & ~held & ~before, table_rank, table_size, rev, enabled, fewest, behind)
            if move != made:
                wrong += 1
                if wrong > limit:
                    break
        return wrong

    def _reweigh(self, dealt: list[int]) -> None:
        self._chain = dealt
        self._wrong = [self.disagreements(place, hand) for place, hand in enumerate(dealt)]

    def _step(self, rng: random.Random) -> None:
        """One Metropolis step over deals: swap a card between two opponents, and keep
        the swap with probability ``INFERENCE_ODDS`` to the power of the disagreements
        it adds (always, if it adds none)."""
        chain = self._chain
        # sample_deal sets up the deal and the chain before the first step.
        assert chain is not None and self._deal is not None
        places = len(chain)
        if places < 2:
            return
        _, _, known, forbidden, _ = self._deal
        a = rng.randrange(places)
        b = rng.randrange(places - 1)
        if b >= a:
            b += 1
        free_a = chain[a] & ~known[a] & ~forbidden[b]
        free_b = chain[b] & ~known[b] & ~forbidden[a]
        if not free_a or not free_b:
            return
        card_a = _random_bit(free_a, rng)
        card_b = _random_bit(free_b, rng)
        if card_a >> 2 == card_b >> 2:
            return  # the same rank: suits do not matter
        swap = 1 << card_a | 1 << card_b
        chance = rng.random()
        wrong = self._wrong
        limit = wrong[a] + wrong[b] + (int(math.log(chance) / self._log_odds) if chance > 0 else 52)
        new_a = self.disagreements(a, chain[a] ^ swap, limit)
        if new_a > limit:
            return
        new_b = self.disagreements(b, chain[b] ^ swap, limit - new_a)
        if new_a + new_b > limit:
            return
        chain[a] ^= swap
        chain[b] ^= swap
        wrong[a] = new_a
        wrong[b] = new_b

    def sample_deal(self, observation: PresidentObservation, rng: random.Random) -> list[int]:
        """The opponents' hands of one sample (in the order of the seats after this
        one's removal), drawn as :meth:`sample_state` describes."""
        self.prepare(observation)
        unknown, counts, known, forbidden, _ = self._deal  # type: ignore[misc]
        if not self._checks_count:
            return sample_hands(unknown, counts, known, forbidden, rng)
        if self._chain is None:
            self._reweigh(sample_hands(unknown, counts, known, forbidden, rng))
            steps = INFERENCE_BURN_IN
        else:
            steps = INFERENCE_STEPS
        for _ in range(steps):
            self._step(rng)
        return list(self._chain)  # type: ignore[arg-type]

    def sample_state(self, observation: PresidentObservation, rng: random.Random) -> PresidentState:
        dealt = self.sample_deal(observation, rng)
        # sample_deal prepared the deal and the template for this observation.
        assert self._deal is not None and self._template_state is not None
        state = self._template_state.clone()
        seat = own_seat(observation)
        state.hands = self._hands(state.hands[seat], seat, self._deal[4], dealt)
        return state

    def simulator(self, observation: PresidentObservation) -> PresidentSimulator:
        """The search's simulator for ``observation``: a :class:`PresidentSimulator`."""
        return PresidentSimulator(self, observation)

    def _normal_move(
        self, hand: int, unseen: int, table_rank: int, table_size: int, rev: bool, enabled: bool,
        fewest: int, behind: bool = False,
    ) -> tuple[int, int] | None:
        """:func:`normal_move`, remembered under the play-outs' key (which has room for
        ``behind``: play-outs never trail, so their keys match these)."""
        key = (hand, unseen, table_rank, table_size, rev, enabled, fewest | behind << 6)
        memo = self._moves
        move = memo.get(key, memo)
        if move is memo:
            move = memo[key] = normal_move(hand, table_rank, table_size, rev, enabled, unseen, fewest, behind)
        return move  # type: ignore[return-value]

    def policy_move(self, table: Table, seat: int) -> tuple[int, int] | None:
        """:func:`normal_move` for ``seat`` at ``table``, seeing what it would see
        (every card in other hands is unseen to it); remembered like the play-outs'."""
        unseen, fewest = seat_view(table.hands, seat)
        return self._normal_move(
            table.hands[seat], unseen, table.table_rank, table.table_size, table.revolution, table.revolution_enabled, fewest,
        )

    def playout_policy(self, rng: random.Random) -> kernel.Policy:
        """The play-outs' choice for :func:`~cardtable.games.president.kernel.play_out`:
        :func:`normal_move` for every seat, remembered, and a random move of
        :func:`search_moves` :data:`noise` of the time (from ``rng``)."""
        noise = self.noise
        chance = rng.random
        randrange = rng.randrange
        memo = self._moves
        miss = _MEMO_MISS
        enabled = self._enabled

        def policy(hands: list[int], turn: int, table_rank: int, size: int, rev: bool) -> tuple[int, int] | None:
            hand = hands[turn]
            if noise and chance() < noise:
                options: list[tuple[int, int] | None] = []
                if size:
                    for r in HIGHER[rev][table_rank]:
                        if NIBBLE_BITS[hand >> (r - 2) * 4 & 15] >= size:
                            options.append((r, size))
                    options.append(None)
                else:
                    for r in ORDERS[rev]:
                        count = NIBBLE_BITS[hand >> (r - 2) * 4 & 15]
                        if count:
                            options.append((r, count))
                return options[randrange(len(options))]
            unseen = 0
            fewest = 52
            for s in range(len(hands)):
                if s != turn:
                    other = hands[s]
                    if other:
                        unseen |= other
                        c = other.bit_count()
                        if c < fewest:
                            fewest = c
            key = (hand, unseen, table_rank, size, rev, enabled, fewest)
            move = memo.get(key, miss)  # None is a pass, so a miss needs its own marker
            if move is miss:
                move = memo[key] = normal_move(hand, table_rank, size, rev, enabled, unseen, fewest)
            return move

        return policy

    def playout_action(self, state: PresidentState, seat: int, rng: random.Random) -> Action:
        table = state.table
        hand = table.hands[seat]
        if table.table_size and not can_beat(hand, table.table_rank, table.table_size, table.revolution):
            return PASS  # the only legal move: the play-outs never ask the policy here
        if self.noise and rng.random() < self.noise:
            moves = search_moves(table)
            move: tuple[int, int] | None = None
            pick = moves[rng.randrange(len(moves))]
            if pick != PASS_MOVE:
                move = (pick >> 3, pick & 7)
        else:
            move = self.policy_move(table, seat)
        return PASS if move is None else _play(hand, *move)

    def is_terminal_for_search(self, state: PresidentState) -> bool:
        return state.round_number != self.round_number or state.current_player is None

    def playout(self, state: PresidentState, rng: random.Random) -> None:
        """Play the searched round of ``state`` out on its kernel table, as the loop over
        :meth:`playout_action` would (:func:`~cardtable.games.president.kernel.play_out`
        with :meth:`playout_policy`): no action, event or history is made, so the state
        is left finished on its table (for :meth:`evaluate`) and must not be played on."""
        if self.is_terminal_for_search(state):
            return
        self.trim_memo()
        kernel.play_out(state.table, self.playout_policy(rng))

    def trim_memo(self) -> None:
        """Empty the memo of normal moves once it holds more than ``_MEMO_LIMIT``."""
        if len(self._moves) > _MEMO_LIMIT:
            self._moves.clear()

    def evaluate(self, state: PresidentState, seat: int) -> float:
        orders = state.table.orders
        if len(orders) < self.round_number:
            return 0.5  # the round was cut short: no place yet
        return self.place_value(orders[self.round_number - 1], seat)

    def place_value(self, order: Sequence[int], seat: int) -> float:
        """What finishing the searched round in ``order`` is worth to ``seat``."""
        place = order.index(seat)
        if self.place_values is not None and len(order) == len(self.place_values):
            return self.place_values[place]
        return 0.0 if place == len(order) - 1 else PLACE_DECAY**place


class PresidentSimulator:
    """The search's :class:`~cardtable.bots.search.Simulator` for President, on the
    rules kernel: the same deals, moves, play-out and values as the ``PresidentState``
    methods of :class:`PresidentSearchModel`, without building states.

    - A world is a :class:`~cardtable.games.president.kernel.Table`: a copy of the
      position rebuilt from the observation with a sampled deal of the hidden cards
      (:meth:`PresidentSearchModel.sample_deal`).
    - Moves are :func:`search_moves`; with ``model_opponents`` every other seat has one
      move in the tree too, the normal strategy's, so every branch of the tree is one of
      the searcher's choices.
    - The play-out is :func:`~cardtable.games.president.kernel.play_out` with the
      model's :meth:`~PresidentSearchModel.playout_policy`, to the end of the round; a
      seat's value is :meth:`~PresidentSearchModel.place_value` of its place.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> simulator = PresidentSimulator(PresidentSearchModel(), state.observation(seat))
    >>> world = simulator.deal(random.Random(1))
    >>> simulator.to_move(world) == seat, simulator.stopped(world)
    (True, False)
    >>> simulator.finish(world, random.Random(2)); simulator.stopped(world)
    True
    >>> sorted(simulator.value(world, s) for s in range(4))
    [0.0, 0.09, 0.3, 1.0]
    """

    def __init__(self, model: PresidentSearchModel, observation: PresidentObservation) -> None:
        model.prepare(observation)
        assert model._template is not None and model._deal is not None, "prepare() set them"
        self.model = model
        self.observation = observation
        self._seat = seat = own_seat(observation)
        self._template = model._template
        self._own = model._template.hands[seat]
        self._others = model._deal[4]
        self._opponents = model.model_opponents
        self._round = model.round_number
        self._policy: kernel.Policy | None = None
        self._policy_rng: random.Random | None = None

    def root_key(self, action: Action) -> int:
        return move_of(action)

    def deal(self, rng: random.Random) -> Table:
        dealt = self.model.sample_deal(self.observation, rng)
        world = copy_table(self._template)
        hands = [0] * len(world.hands)
        hands[self._seat] = self._own
        for place, other in enumerate(self._others):
            hands[other] = dealt[place]
        world.hands = hands
        return world

    # Plain C callables rather than methods: the search calls these at every tree step.
    to_move = attrgetter("current")
    play = staticmethod(play_move)

    @staticmethod
    def stopped(world: Table) -> bool:
        """The round is over."""
        return world.current is None

    def moves(self, world: Table) -> list[int]:
        seat: int = world.current  # type: ignore[assignment]
        if self._opponents and seat != self._seat:
            return [strategy_move(self.model.policy_move(world, seat))]
        return search_moves(world)

    def finish(self, world: Table, rng: random.Random) -> None:
        if world.current is None:
            return
        if rng is not self._policy_rng:
            self._policy = self.model.playout_policy(rng)
            self._policy_rng = rng
        self.model.trim_memo()
        kernel.play_out(world, self._policy)  # type: ignore[arg-type]

    def value(self, world: Table, seat: int) -> float:
        return self.model.place_value(world.orders[self._round - 1], seat)

    def outcome(self, world: Table, seat: int) -> int:
        """``seat``'s finishing place in the round, 0 for President (the hint's measure)."""
        return world.orders[self._round - 1].index(seat)


def _round_checks(observation: PresidentObservation, others: list[int]) -> list[list[_Check]]:
    """Every play and pass of the opponents this round, as the normal strategy saw it.

    One list per opponent (in the order of ``others``), one tuple per action, in order:
    the cards it has played since (this play included, so its hand then was its hand now
    plus these), every card played before it, the table's rank and size, the order in
    force, the fewest cards an opponent of it held, whether it trailed on score, and the
    move it made as ``(rank, size)`` or ``None`` for a pass.  All of it is public.
    """
    number = observation.round
    seat = observation.seat
    n = observation.num_players
    place_of = {other: place for place, other in enumerate(others)}
    scores = observation.scores
    top = max(scores)
    # Forwards: the table each opponent action met.  ``moves`` lists every play and
    # pass in order as (seat, cards, table rank, table size, order, cards played before).
    moves: list[tuple[int, int, int, int, bool, int]] = []
    table_rank = table_size = 0
    rev = False  # every round starts in the normal order
    played = 0
    for event in observation.events:
        if event.round != number:
            continue
        kind = event.kind
        if kind == "trick":
            table_rank = table_size = 0
        elif kind == "revolution":
            rev = event.info["active"]
        elif kind == "play" or kind == "pass":
            mask = _mask(event.cards)
            actor = event.seat
            assert actor is not None, "a play or a pass is always someone's"
            moves.append((actor, mask, table_rank, table_size, rev, played))
            if kind == "play":
                played |= mask
                table_rank, table_size = event.cards[0].rank, len(event.cards)
    # Backwards: what each seat plays from each action on, and so its hand size then.
    later = [0] * n
    sizes = list(observation.hand_sizes)
    checks: list[list[_Check]] = [[] for _ in others]
    for who, mask, table_rank, table_size, rev, before in reversed(moves):
        if mask:
            later[who] |= mask
            sizes[who] += mask.bit_count()
        if who == seat:
            continue
        made = ((mask & -mask).bit_length() + 7 >> 2, mask.bit_count()) if mask else None
        fewest = min((c for s, c in enumerate(sizes) if s != who and c), default=0)
        checks[place_of[who]].append(
            (later[who], before, table_rank, table_size, rev, fewest, scores[who] < top, made)
        )
    for own in checks:
        own.reverse()
    return checks


def usual_move(observation: PresidentObservation) -> Action:
    """The normal strategy's move in ``observation``, as the search names it
    (:func:`canonical`): the move the hard bot's check holds to unless the search's
    favourite does better.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("president").new_game(players=4, seed=1)
    >>> str(usual_move(state.observation(state.current_player)))
    '3C'
    """
    return canonical(_normal_play(observation))


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
        return give_action(choose_gift(_mask(observation.hand), observation.exchange_due))

    def shortcut(self, observation: PresidentObservation, legal_actions: Sequence[Action], deadline: Deadline) -> Action | None:
        hand, table_rank, table_size, unseen, _, _ = _situation(observation)
        line = forced_line(
            rank_counts(hand), observation.revolution, rank_counts(unseen),
            observation.revolution_enabled, table_rank, table_size,
        )
        if line:
            self.note = "forced"  # a way out that nothing unseen can stop
            return _play(hand, *line[0])
        return None

    def root_moves(self, observation: PresidentObservation, legal_actions: Sequence[Action]) -> dict[Action, Action]:
        """One move per (rank, size), named by :func:`canonical`; a lead is a whole group
        (see :func:`search_moves`)."""
        real: dict[Action, Action] = {}
        whole = _mask(observation.hand)
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
        """The same rank and number of cards (:func:`canonical`): the suits do not matter."""
        return canonical(first) == canonical(second)

    def value_moves(
        self, observation: PresidentObservation, legal_actions: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[MoveValue, ...]:
        """Plays valued as :meth:`after_search` checks them: every move played out from the
        same sampled deals with the same random choices afterwards (paired play-outs), so
        any legal play is valued, a lead of part of a group too.  The exchange is not
        searched (the hard bot gives as the normal bot does): empty."""
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


BOT_LEVELS: dict[str, Callable[[int | None], object]] = {
    "easy": EasyPresidentBot,
    "normal": NormalPresidentBot,
    "hard": HardPresidentBot,
}
"""The factories ``make_bot`` uses: ``factory(seed) -> bot``."""


def _place_words(value: float, also: float | None) -> str:
    chance = f", {also:.0%} chance of being President" if also is not None else ""
    return f"expected place {value:.2f}{chance}"


REVIEW_MEASURE = ReviewMeasure(
    name="expected place",
    score=lambda place: float(place + 1),
    lower_is_better=True,
    threshold=0.2,
    describe=_place_words,
    cost_words=lambda cost: f"{cost:.2f} places",
    also=lambda place: 1.0 if place == 0 else 0.0,
)
"""The review's measure: the seat's expected place this round (1 = President), with the
chance of being President beside it."""
