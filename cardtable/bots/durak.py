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

import random
import time
from collections.abc import Callable, Sequence
from operator import attrgetter

from cardtable.bots.base import own_seat
from cardtable.bots.review import ReviewMeasure
from cardtable.bots.search import (
    DEFAULT_EXPLORATION,
    DEFAULT_TIME_BUDGET,
    Deadline,
    ImpossibleDealError,
    SearchBot,
    sample_hands,
)
from cardtable.bots.search_pool import StopFlag
from cardtable.cards import SHORT_DECK, Card, iter_bits
from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.engine.state import GameState
from cardtable.games.durak import DurakObservation, DurakState, action_of, kernel, move_of, trumps_ruled_out
from cardtable.games.durak.kernel import BEATERS, DECK_MASK, SAME_RANK, SUITS, Table, defence

__all__ = [
    "BOT_LEVELS",
    "REVIEW_MEASURE",
    "EasyDurakBot",
    "NormalDurakBot",
    "HardDurakBot",
    "DurakSearchModel",
    "PublicMemory",
    "EndgameSolver",
    "solve_endgame",
    "make_search_model",
    "card_value",
    "cheapest_cover",
    "normal_attack",
    "normal_defence",
    "normal_throw_in",
    "normal_move",
    "DurakSimulator",
]

# The rules' facts (what beats what, which ranks may be thrown in) are the kernel's.
_DECK = DECK_MASK
_SUITS = SUITS
_ABOVE = kernel.ABOVE_IN_SUIT
_SAME_RANK = SAME_RANK
_BEATERS = BEATERS

# Per trump suit and card: the cards a defender would rather beat with (non-trumps before
# trumps, then lower before higher; only those that beat the same card matter).
_CHEAPER = tuple(
    tuple(
        (SUITS[i & 3] & ((1 << i) - 1)) if i & 3 != t else (DECK_MASK & ~SUITS[t]) | (SUITS[t] & ((1 << i) - 1))
        for i in range(52)
    )
    for t in range(4)
)

# The cards of rank jack or lower, and ten or lower (card indexes grow with rank, 4 a rank from the 2).
_CHEAP_TO_GIVE = (1 << 4 * (11 - 2 + 1)) - 1
_CHEAP_TO_THROW = (1 << 4 * (10 - 2 + 1)) - 1

# Per trump suit: each card's keeping value (card_value).
_VALUES = tuple(tuple((i >> 2) - 4 + (9 if i & 3 == t else 0) for i in range(52)) for t in range(4))

PLAYOUT_NOISE = 0.1
"""How often the hard bot's play-outs make a random legal move instead of the normal one."""

DRAW_VALUE = 0.9
"""What a round nobody loses (the last players out in the same bout) is worth to the
search: what going out without being first is worth (0.9), since the series gives the
first out its win and nobody a loss.  (It was 0.5, halfway between losing and winning,
which made a sure draw no better than a coin toss between being the durak and not.)"""

ENDGAME_NODE_LIMIT = 200_000
"""The most positions the exact endgame solver visits for one decision before the hard
bot gives up on it and searches instead."""

ENDGAME_SHARE = 0.6
"""With a time budget, the share of it the endgame solver may use before the search
takes over with the rest."""


def card_value(index: int, trump: int) -> int:
    """How much a card is worth keeping: 0 (a 6) to 8 (an ace), trumps 9 to 17.

    >>> card_value(Card.parse("6S").index, 0), card_value(Card.parse("AC").index, 0)
    (0, 17)
    """
    return (index >> 2) - 4 + (9 if index & 3 == trump else 0)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _beaters(attacking: int, trump: int) -> int:
    """Every card of the deck that beats ``attacking``."""
    return _BEATERS[trump][attacking]


def _cheapest(mask: int, trump: int) -> int:
    """The cheapest card of ``mask`` (non-trumps before trumps, low before high), or -1."""
    plain = mask & ~_SUITS[trump]
    if plain:
        # Card indexes grow with rank, so the lowest bit is the lowest rank.
        return (plain & -plain).bit_length() - 1
    return (mask & -mask).bit_length() - 1 if mask else -1


def cheapest_cover(hand: int, attacking: Sequence[int], trump: int) -> list[tuple[int, int]] | None:
    """A cheap way to beat every card of ``attacking`` from ``hand``, or ``None`` if
    there is none: ``(attacking, beating)`` pairs, the hardest card to beat first.

    Each card takes the cheapest card that beats it, the dearest attacking cards first;
    when that fails a full matching search finds a cover if one exists.

    >>> from cardtable.cards import ALL_CARDS, parse_cards
    >>> hand = sum(c.mask for c in parse_cards("7S 9S 6H"))
    >>> [(ALL_CARDS[a].code, ALL_CARDS[b].code) for a, b in cheapest_cover(hand, [Card.parse("6S").index], 1)]
    [('6S', '7S')]
    >>> cheapest_cover(hand, [Card.parse("AS").index], 1) is None
    True
    """
    values = _VALUES[trump]
    beaters = _BEATERS[trump]
    plain_mask = ~_SUITS[trump]
    if len(attacking) == 1:
        order = list(attacking)
    else:
        order = sorted(attacking, key=lambda a: -values[a])
    pairs: list[tuple[int, int]] = []
    left = hand
    for a in order:
        options = left & beaters[a]
        if not options:
            return _any_cover(hand, order, trump)
        plain = options & plain_mask
        low = plain & -plain if plain else options & -options
        pairs.append((a, low.bit_length() - 1))
        left ^= low
    return pairs


def _any_cover(hand: int, order: list[int], trump: int) -> list[tuple[int, int]] | None:
    if not order:
        return []
    a = order[0]
    options = sorted(iter_bits(hand & _beaters(a, trump)), key=lambda b: card_value(b, trump))
    for b in options:
        rest = _any_cover(hand ^ (1 << b), order[1:], trump)
        if rest is not None:
            return [(a, b)] + rest
    return None


# --- the normal strategy, on bitmasks -------------------------------------------------------


def normal_attack(hand: int, trump: int, deck_count: int, defender_may_hold: int) -> int:
    """The card the normal bot opens a bout with.

    Low non-trumps first; a rank held twice or more is worth opening (the second card
    can be thrown in); a card the defender apparently cannot beat is worth more still.
    Trumps come last, unless the deck is empty and only trumps are left.

    >>> from cardtable.cards import ALL_CARDS, parse_cards
    >>> hand = sum(c.mask for c in parse_cards("7S 8H 8D AC"))
    >>> ALL_CARDS[normal_attack(hand, 0, 20, _DECK)].code
    '8D'
    """
    values = _VALUES[trump]
    beaters = _BEATERS[trump]
    same_rank = _SAME_RANK
    unbeatable_bonus = 3.0 if deck_count else 6.0
    best, best_score = -1, 1e9
    rest = hand
    while rest:  # lowest card first, so a tie keeps the lower card
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        score = float(values[card])
        if card & 3 != trump:
            score -= 1.6 * ((hand & same_rank[card]).bit_count() - 1)
        if not defender_may_hold & beaters[card]:
            score -= unbeatable_bonus
        if score < best_score:
            best, best_score = card, score
    return best


def normal_defence(
    hand: int,
    trump: int,
    unbeaten: Sequence[int],
    table_cards: int,
    deck_count: int,
) -> tuple[int, int] | None:
    """``(attacking, beating)`` for the normal defender, or ``None`` to take.

    It covers the whole table as cheaply as it can.  While the deck is thick it would
    rather take a few low cards than spend its high trumps (it keeps its hand strong,
    and it draws nothing while it holds six or more); once the deck is empty it fights.

    >>> from cardtable.cards import ALL_CARDS, parse_cards
    >>> hand = sum(c.mask for c in parse_cards("7S 6D AC"))
    >>> normal_defence(hand, 0, [Card.parse("6H").index], 0, 20) is None  # only the trump ace beats it
    True
    >>> ALL_CARDS[normal_defence(hand, 0, [Card.parse("6H").index], 0, 0)[1]].code
    'AC'
    """
    cover = cheapest_cover(hand, unbeaten, trump)
    if cover is None:
        return None
    if deck_count:
        trumps = [b for _, b in cover if b & 3 == trump]
        if trumps:
            top = max(trumps) >> 2  # rank - 2
            taken = table_cards.bit_count()
            size_after = hand.bit_count() + taken
            heavy = top >= 10 or len(trumps) >= 2  # a queen of trumps or better, or two trumps
            if deck_count >= 10 and heavy and size_after <= 9:
                return None
            if deck_count >= 4 and top >= 12 and size_after <= 8:  # the trump ace
                return None
    return cover[0]


def normal_throw_in(
    candidates: int,
    trump: int,
    deck_count: int,
    taking: bool,
    defender_may_hold: int,
    hand_size: int,
) -> int:
    """The card the normal bot throws in (one of ``candidates``), or -1 to pass.

    Cheap cards go first, and ranks the defender apparently lacks (cards it cannot
    beat) even when they are dear; trumps are kept while the deck lasts.  After a take
    it hands the defender only cards it is glad to be rid of.

    >>> from cardtable.cards import ALL_CARDS, parse_cards
    >>> mask = sum(c.mask for c in parse_cards("7S AC"))
    >>> ALL_CARDS[normal_throw_in(mask, 0, 12, False, _DECK, 6)].code
    '7S'
    >>> normal_throw_in(Card.parse("AC").mask, 0, 12, False, _DECK, 6)
    -1
    """
    values = _VALUES[trump]
    beaters = _BEATERS[trump]
    best, best_score = -1, 1e9
    rest = candidates
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        value = values[card]
        is_trump = card & 3 == trump
        beatable = bool(defender_may_hold & beaters[card])
        if taking:
            if is_trump or (deck_count and value > 5):
                continue
            score = float(value)
        else:
            if is_trump:
                if deck_count and (beatable or value > 12):
                    continue
                if not deck_count and beatable and hand_size > 1:
                    continue
            elif deck_count and beatable and value > 4:
                continue
            score = value - (6.0 if not beatable else 0.0)
        if score < best_score:
            best, best_score = card, score
    return best


def _easy_defence(hand: int, trump: int, unbeaten: Sequence[int]) -> tuple[int, int] | None:
    best: tuple[int, int] | None = None
    best_value = 99
    for a in unbeaten:
        b = _cheapest(hand & _beaters(a, trump), trump)
        if b >= 0 and card_value(b, trump) < best_value:
            best, best_value = (a, b), card_value(b, trump)
    return best


# --- what the public history tells -------------------------------------------------------


class PublicMemory:
    """What a seat remembers of the public history of the current round, read from the
    event log incrementally: the cards each seat apparently lacks.

    A defender that takes rather than beat shows, as far as anyone can tell, that it
    holds no higher card of the suit of each unbeaten non-trump card; that holds until
    it draws new cards.  (A take may be a choice, so this is a guess, not a fact: the
    hard bot's sampler drops it when no deal agrees with it.)

    ``passed_over`` is a second, weaker guess, which only the hard bot's sampler uses:
    the cheap cards a seat apparently passed over, until it draws.  A defender that
    beats a lone unbeaten card with card B apparently holds no cheaper card that beats
    it (the cheapest cover is the natural defence: a non-trump of the suit before a
    trump, a low card before a high one).  An attacker that passes rather than throw in
    apparently holds no low non-trump of a rank on the table: up to a jack after a
    take (handing over cheap cards costs nothing), up to a ten otherwise.

    Both guesses are forgotten when the seat draws, as far as ``lacks`` and
    ``passed_over`` go; ``cohorts`` keeps them for the cards that were already in the hand
    (the hard bot's sampler deals by it).  Per seat, its unknown cards (beside those
    everyone knows it holds, ``known``: picked up, or shown as the lowest trump) in
    groups by when they came into the hand, the oldest first: ``[count, cards it
    apparently lacks]``.  The deal is the first group
    and each draw adds one; every guess applies to the groups in the hand when it is
    made.  A card the seat plays comes from the oldest group that may hold it: older
    groups have every guess the newer ones have, so this assumes the least.

    >>> from cardtable.games import get_rules
    >>> memory = PublicMemory()
    >>> memory.update(get_rules("durak").new_game(players=2, seed=1).observation(0))
    >>> memory.lacks, memory.passed_over, memory.cohorts  # seat 1 showed its lowest trump
    ([0, 0], [0, 0], [[[6, 0]], [[5, 0]]])
    """

    def __init__(self) -> None:
        self.seen = 0
        self.round = -1
        self.lacks: list[int] = []
        self.passed_over: list[int] = []
        self.cohorts: list[list[list[int]]] = []
        self.known: list[int] = []
        self._unbeaten: list[int] = []
        self._ranks = 0
        self._taking = False
        self._last: object = None

    def update(self, observation: DurakObservation) -> None:
        """Read the events this memory has not seen yet (starting afresh in a new round or game)."""
        events = observation.events
        seen = self.seen
        if (observation.round != self.round or len(events) < seen or not self.lacks
                or (seen and events[seen - 1] != self._last)):  # another game (or seat)
            self.seen = 0
            self.round = observation.round
            self.lacks = [0] * observation.num_players
            self.passed_over = [0] * observation.num_players
            players = observation.num_players
            self.cohorts = [[[kernel.HAND_SIZE, 0]] for _ in range(players)]
            self.known = [0] * players
            if players * kernel.HAND_SIZE == len(SHORT_DECK):  # the last card dealt is the face-up trump
                self.known[-1] = observation.trump_card.mask
                self.cohorts[-1][0][0] -= 1
            self._unbeaten = []
            self._ranks = 0
            self._taking = False
        trump = _trump_of(observation)
        plain = _DECK & ~_SUITS[trump]
        for event in events[self.seen :]:
            kind = event.kind
            if event.round != self.round:
                continue
            if kind == "attack":
                card = event.cards[0].index
                self._unbeaten.append(card)
                self._ranks |= _SAME_RANK[card]
                if event.seat is not None:
                    self._played(event.seat, card)
            elif kind == "pass":
                if event.seat is not None:
                    cheap = _CHEAP_TO_GIVE if self._taking else _CHEAP_TO_THROW
                    self._guess(event.seat, self._ranks & cheap & plain)
            elif kind == "defend":
                beaten, beating = event.cards[0].index, event.cards[1].index
                self._ranks |= _SAME_RANK[beating]
                if event.seat is not None:
                    if self._unbeaten == [beaten]:
                        self._guess(event.seat, _BEATERS[trump][beaten] & _CHEAPER[trump][beating])
                    self._played(event.seat, beating)
                if beaten in self._unbeaten:
                    self._unbeaten.remove(beaten)
            elif kind == "take":
                taker = event.seat
                assert taker is not None, "a take is always someone's"
                self._taking = True
                above = 0
                for a in self._unbeaten:
                    if a & 3 != trump:
                        above |= _ABOVE[a]
                self.lacks[taker] |= above
                for group in self.cohorts[taker]:
                    group[1] |= above
            elif kind == "bout_over":
                if event.info.get("result") == "taken" and event.seat is not None:
                    self.known[event.seat] |= _mask(event.cards)
                self._unbeaten = []
                self._ranks = 0
                self._taking = False
            elif kind == "lowest_trump":
                # The opener showed it: everyone knows it holds it until it plays it.
                shower, shown = event.seat, event.cards[0].mask
                if shower is not None and not self.known[shower] & shown:
                    self.known[shower] |= shown
                    self.cohorts[shower][0][0] -= 1
            elif kind == "draw" or kind == "trump_drawn":
                drawer = event.seat
                assert drawer is not None, "a draw is always someone's"
                self.lacks[drawer] = 0
                self.passed_over[drawer] = 0
                if kind == "draw":
                    self.cohorts[drawer].append([event.count, 0])
                else:  # the face-up trump came with this draw, and everyone knows it
                    self.known[drawer] |= event.cards[0].mask
                    groups = self.cohorts[drawer]
                    if groups:
                        groups[-1][0] -= 1
                        if groups[-1][0] <= 0:
                            groups.pop()
        self.seen = len(events)
        self._last = events[-1] if events else None

    def _guess(self, seat: int, cards: int) -> None:
        """``seat`` apparently lacks ``cards`` (the weaker guess)."""
        self.passed_over[seat] |= cards
        for group in self.cohorts[seat]:
            group[1] |= cards

    def _played(self, seat: int, card: int) -> None:
        """``seat`` played ``card``: unless everyone knew it held it, it came from the
        oldest group that may hold it."""
        bit = 1 << card
        if self.known[seat] & bit:
            self.known[seat] ^= bit
            return
        groups = self.cohorts[seat]
        if not groups:
            return
        group = next((g for g in groups if not g[1] & bit), None)
        if group is None:  # it held a card it apparently lacked: the guesses were wrong
            for g in groups:
                g[1] = 0
            group = groups[0]
        group[0] -= 1
        if group[0] <= 0:
            groups.remove(group)


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def _gone(observation: DurakObservation) -> int:
    """Cards out of play or on the table."""
    mask = _mask(observation.discard)
    for a, d in observation.table:
        mask |= a.mask
        if d is not None:
            mask |= d.mask
    return mask


def _unseen(observation: DurakObservation) -> int:
    """Cards whose place this seat does not know: another hand or the stock."""
    mask = _DECK & ~_gone(observation) & ~_mask(observation.hand)
    for seat, cards in enumerate(observation.known_cards):
        if seat != observation.seat:
            mask &= ~_mask(cards)
    if observation.deck_count:
        mask &= ~observation.trump_card.mask
    return mask


def _trump_of(observation: DurakObservation) -> int:
    return observation.trump_card.index & 3


# --- the bots --------------------------------------------------------------------------------


class EasyDurakBot:
    """Attacks low, defends with the smallest card that beats; a little random.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=2, seed=5)
    >>> bot = EasyDurakBot(seed=1)
    >>> seat = state.current_player
    >>> state.is_legal(bot.choose(state.observation(seat), state.legal_actions()))
    True
    """

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: DurakObservation, legal_actions: Sequence[Action]) -> Action:
        trump = _trump_of(observation)
        hand = _mask(observation.hand)
        phase = observation.phase
        if phase == "defend":
            unbeaten = [a.index for a, d in observation.table if d is None]
            pair = _easy_defence(hand, trump, unbeaten)
            return TAKE if pair is None else action_of(defence(*pair))
        cards = [a for a in legal_actions if a.kind == "attack"]
        if phase == "attack":
            # Legal attacks come lowest first (non-trumps by rank, then trumps).
            if len(cards) > 1 and self.rng.random() < 0.2:
                return cards[self.rng.randrange(min(3, len(cards)))]
            return cards[0]
        plain = [a for a in cards if a.cards[0].index & 3 != trump]
        if plain and self.rng.random() < 0.5:
            return plain[0]
        return PASS


class NormalDurakBot:
    """Saves trumps, throws in ranks the defender apparently lacks, and weighs the
    coming draws (see the module docstring).

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=3, seed=5)
    >>> bot = NormalDurakBot(seed=1)
    >>> seat = state.current_player
    >>> state.is_legal(bot.choose(state.observation(seat), state.legal_actions()))
    True
    """

    level = "normal"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.memory = PublicMemory()

    def choose(self, observation: DurakObservation, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        self.memory.update(observation)
        return normal_choice(observation, self.memory)


def normal_choice(observation: DurakObservation, memory: PublicMemory) -> Action:
    """The normal bot's action for ``observation`` (``memory`` already updated)."""
    trump = _trump_of(observation)
    hand = _mask(observation.hand)
    phase = observation.phase
    deck = observation.deck_count
    if phase == "defend":
        unbeaten = [a.index for a, d in observation.table if d is None]
        table = _gone(observation) & ~_mask(observation.discard)
        pair = normal_defence(hand, trump, unbeaten, table, deck)
        return TAKE if pair is None else action_of(defence(*pair))
    defender = observation.defender
    assert defender is not None
    may_hold = (_unseen(observation) & ~memory.lacks[defender]) | _mask(observation.known_cards[defender])
    if phase == "attack":
        return action_of(normal_attack(hand, trump, deck, may_hold))
    ranks = 0
    for a, d in observation.table:
        ranks |= _SAME_RANK[a.index]
        if d is not None:
            ranks |= _SAME_RANK[d.index]
    card = normal_throw_in(hand & ranks, trump, deck, observation.taking, may_hold, hand.bit_count())
    return PASS if card < 0 else action_of(card)


def normal_move(table: Table) -> int:
    """The normal strategy's kernel move in a world where every hand is known (a sampled
    world of the search: the defender's whole hand is what it "may hold").

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=2, seed=3)
    >>> action_of(normal_move(state.table)) in state.legal_actions()
    True
    """
    seat: int = table.turn  # type: ignore[assignment]
    trump = table.trump
    hand = table.hands[seat]
    deck = len(table.stock) - table.stock_pos
    if table.phase == kernel.DEFEND:
        unbeaten_mask = table.unbeaten
        unbeaten = [a for a in table.attacks if unbeaten_mask >> a & 1]
        pair = normal_defence(hand, trump, unbeaten, table.cards, deck)
        return kernel.TAKE if pair is None else defence(*pair)
    may_hold = table.hands[table.defender]
    if table.phase == kernel.ATTACK:
        return normal_attack(hand, trump, deck, may_hold)
    card = normal_throw_in(kernel.attack_cards(table), trump, deck, table.taking, may_hold, hand.bit_count())
    return kernel.PASS if card < 0 else card


def state_normal_action(state: DurakState, seat: int) -> Action:
    """The normal strategy inside a sampled state, where every hand is known (``seat``
    must be the one to act)."""
    assert state.current_player == seat
    return action_of(normal_move(state.table))


# --- the exact endgame ---------------------------------------------------------------------

_ATT, _DEF, _THROW = kernel.ATTACK, kernel.DEFEND, kernel.THROW_IN


class _OutOfBudget(Exception):
    pass


#: An endgame position (see :data:`cardtable.games.durak.kernel.Position`).
Position = kernel.Position


class EndgameSolver:
    """Exact play of a two-player Durak position with an empty deck.

    A position is ``(phase, attacker's hand, defender's hand, unbeaten, table, attacks,
    limit, taking)`` (masks of card indexes; ``attacks`` is the number of attacking cards
    on the table).  :meth:`value` gives the result with best play for the *attacker* of
    the bout: 1 (the other is the durak), 0.5 (both go out together: a draw), 0.
    Alpha-beta over these three values with a transposition table of bounds; the table
    is kept between calls (positions are the same whoever asks), so a game's later
    endgame moves are found at once.

    >>> from cardtable.cards import parse_cards
    >>> m = lambda text: sum(c.mask for c in parse_cards(text))
    >>> solver = EndgameSolver(trump=0)   # clubs are trumps
    >>> solver.value((0, m("6H"), m("7H"), 0, 0, 0, 1, False))   # the 7H beats the 6H: both out
    0.5
    >>> solver.value((0, m("6H 7S"), m("AH"), 0, 0, 0, 1, False))  # 7S first: taken; then the 6H
    1.0
    """

    def __init__(self, trump: int, node_limit: int | None = None) -> None:
        self.trump = trump
        self.node_limit = node_limit
        self.nodes = 0
        self.deadline: float | None = None
        #: set from another thread: give up at once (the game was closed)
        self.stop: StopFlag | None = None
        self.table: dict[Position, tuple[float, float]] = {}

    def value(self, position: Position, alpha: float = 0.0, beta: float = 1.0) -> float:
        """The attacker's result with best play; raises ``_OutOfBudget`` past the node limit."""
        return self._search(position, alpha, beta)

    def moves(self, position: Position) -> list[tuple[Action, Position, bool]]:
        """``(action, next position, same attacker?)`` for every legal move, cheapest first
        (the kernel's order: beating cards and cards to play non-trumps first, low before
        high; the unbeaten cards lowest first; taking and passing last).

        ``same attacker?`` is false when the move ends the bout with a successful
        defence, so the roles swap; a finished game is a position ``("end", value)``.
        The moves and positions are the kernel's (:func:`kernel.endgame_moves`).
        """
        return [(action_of(move), child, same) for move, child, same in kernel.endgame_moves(position, self.trump)]

    def _search(self, position: Position, alpha: float, beta: float) -> float:
        if position[0] == "end":
            value: float = position[1]
            return value
        entry = self.table.get(position)
        if entry is not None:
            low, high = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha = max(alpha, low)
            beta = min(beta, high)
        else:
            low, high = 0.0, 1.0
        self._count()
        maximizing = position[0] != _DEF  # the attacker moves in the attack and throw-in phases
        a0, b0 = alpha, beta
        best = -1.0 if maximizing else 2.0
        for _, child, same in self.moves(position):
            if same:
                v = self._search(child, alpha, beta)
            else:
                v = 1.0 - self._search(child, 1.0 - beta, 1.0 - alpha)
            if maximizing:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if best <= a0:
            self.table[position] = (low, best)
        elif best >= b0:
            self.table[position] = (best, high)
        else:
            self.table[position] = (best, best)
        return best

    def _count(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _OutOfBudget
        if not self.nodes & 255 and (
            self.deadline is not None and time.perf_counter() > self.deadline
            or self.stop is not None and self.stop.is_set()
        ):
            raise _OutOfBudget

    def best_action(self, position: Position, preferred: Sequence[Action] = ()) -> tuple[Action, float]:
        """A best move and the mover's result with it; among equal moves the first of
        ``preferred`` that is one, then the cheapest."""
        attacker_moves = position[0] != _DEF
        results: dict[Action, float] = {}
        best_value = -1.0
        for action, child, same in self.moves(position):
            v = self._search(child, 0.0, 1.0) if same else 1.0 - self._search(child, 0.0, 1.0)
            mine = v if attacker_moves else 1.0 - v
            results[action] = mine
            best_value = max(best_value, mine)
        for action in preferred:
            if results.get(action) == best_value:
                return action, best_value
        return next(a for a, v in results.items() if v == best_value), best_value


def endgame_position(observation: DurakObservation) -> Position | None:
    """The solver's position for ``observation``, or ``None`` unless the deck is empty
    and exactly two players are left (then every card's place is known)."""
    if observation.deck_count or len(observation.in_game) != 2 or observation.is_over:
        return None
    attacker, defender = observation.main_attacker, observation.defender
    if attacker is None or defender is None or observation.seat not in (attacker, defender):
        return None
    own = _mask(observation.hand)
    other = _DECK & ~_gone(observation) & ~own
    if other.bit_count() != observation.hand_sizes[attacker if observation.seat == defender else defender]:
        return None
    att, dfn = (own, other) if observation.seat == attacker else (other, own)
    unbeaten = table = 0
    for a, d in observation.table:
        table |= a.mask
        if d is None:
            unbeaten |= a.mask
        else:
            table |= d.mask
    phase = {"attack": _ATT, "defend": _DEF, "throw_in": _THROW}[observation.phase]
    return (phase, att, dfn, unbeaten, table, len(observation.table), observation.limit, observation.taking)


def solve_endgame(observation: DurakObservation, node_limit: int | None = None,
                  solver: EndgameSolver | None = None, preferred: Sequence[Action] = (),
                  deadline: float | None = None) -> tuple[Action, float] | None:
    """The best move of a two-player endgame with an empty deck and the observer's
    result with it (1 win, 0.5 draw, 0 durak); ``None`` if the position is not such an
    endgame, or needs more than ``node_limit`` positions or time past ``deadline``
    (by ``time.perf_counter``).
    """
    position = endgame_position(observation)
    if position is None:
        return None
    if solver is None or solver.trump != _trump_of(observation):
        solver = EndgameSolver(_trump_of(observation))
    solver.node_limit = None if node_limit is None else solver.nodes + node_limit
    solver.deadline = deadline
    try:
        return solver.best_action(position, preferred)
    except _OutOfBudget:
        return None


# --- the hard bot ----------------------------------------------------------------------------


class DurakSearchModel:
    """The search adapter for Durak (see :class:`cardtable.bots.search.SearchModel`).

    - ``sample_state`` deals the unseen cards among the other seats (beside the cards
      everyone saw them pick up, which stay theirs until played) and the stock under the
      face-up trump, keeping every public hand size.  It deals by the guesses of
      :class:`PublicMemory`: each group of a seat's cards (``cohorts``: the cards it held
      when it took rather than beat, beat with a dearer card than needed or passed
      rather than throw in a cheap one) gets none of the cards the group apparently
      lacks.  While no deal agrees it drops the guesses, the weakest first: the groups,
      then the guesses since the last draw (``read_defences=False`` starts there), then
      the takes (``lacks``), then all.  It rebuilds the state with
      :meth:`DurakState.from_observation`.
    - ``playout_action`` is the normal strategy on the sampled hands, with a random
      legal move :data:`PLAYOUT_NOISE` of the time.  Samples are ``quiet`` states: the
      search's own moves add no events.
    - ``simulator`` gives the search a :class:`DurakSimulator` instead, the same
      deals and values on bare kernel tables, played out by the kernel
      (several times the iterations per second of sampled states).
    - ``evaluate``: 0 for the durak, 1 for the first out and 0.9 for everyone else
      (being first out is worth nothing in the series but a win);
      ``draw_value`` (:data:`DRAW_VALUE`) when nobody is the durak.
    - Play-outs stop when the round is over.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=3, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> sample = DurakSearchModel().sample_state(state.observation(seat), random.Random(1))
    >>> sample.hand(seat) == state.hand(seat), sample.legal_actions() == state.legal_actions()
    (True, True)
    """

    def __init__(self, draw_value: float = DRAW_VALUE, playout_noise: float = PLAYOUT_NOISE,
                 read_defences: bool = True) -> None:
        self.draw_value = draw_value
        self.playout_noise = playout_noise
        self.read_defences = read_defences
        self._seen: DurakObservation | None = None
        self.memory = PublicMemory()
        # (unseen, the counts of the groups to deal, what each lacks, the other seats,
        # their known cards, own hand, each group's owner: see prepare)
        self._deal: tuple[int, list[int], list[int] | None, list[int], list[int], int, list[int]] | None = None
        self._template: DurakState | None = None
        self._order: list[int] = []
        self.round = 0

    def prepare(self, observation: DurakObservation) -> None:
        """Work out once per decision what every sample of ``observation`` shares."""
        if observation is self._seen:
            return
        self.memory.update(observation)
        seat = own_seat(observation)
        players = observation.num_players
        unseen = _unseen(observation)
        others = [s for s in range(players) if s != seat]
        known = [_mask(observation.known_cards[s]) for s in others]
        counts = [observation.hand_sizes[s] - known[i].bit_count() for i, s in enumerate(others)]
        stock_count = max(observation.deck_count - 1, 0)  # the stock's hidden cards
        owners = list(range(len(others))) + [-1]
        memory = self.memory
        # Trumps lower than the one shown at the deal: no guess may give them to a seat
        # that has not drawn since (DurakState.from_observation refuses such a deal).
        ruled_out = trumps_ruled_out(observation)
        never = [ruled_out[s] & unseen for s in others]
        # The guesses, strongest first; the weaker are dropped in turn while no deal agrees.
        # Each is (the number of cards of each group to deal, what each group lacks, whose
        # it is: an index into ``others``, -1 for the stock).
        layers: list[tuple[list[int], list[int] | None, list[int]]] = []
        if self.read_defences:
            group_counts, group_lacks, group_owners = [], [], []
            for i, s in enumerate(others):
                groups = memory.cohorts[s]
                if sum(count for count, _ in groups) == counts[i]:
                    # Groups that lack the same unseen cards are one place to the deal.
                    merged: dict[int, int] = {}
                    for count, lacking in groups:
                        merged[lacking & unseen] = merged.get(lacking & unseen, 0) + count
                    for lacking, count in merged.items():
                        group_counts.append(count)
                        group_lacks.append(lacking | never[i])
                        group_owners.append(i)
                else:  # the groups lost count (a memory that missed events): the seat as one
                    group_counts.append(counts[i])
                    group_lacks.append((memory.lacks[s] | memory.passed_over[s]) & unseen | never[i])
                    group_owners.append(i)
            layers.append((group_counts + [stock_count], group_lacks + [0], group_owners + [-1]))
            layers.append((counts + [stock_count],
                           [(memory.lacks[s] | memory.passed_over[s]) & unseen | never[i]
                            for i, s in enumerate(others)] + [0], owners))
        layers.append((counts + [stock_count],
                       [memory.lacks[s] & unseen | never[i] for i, s in enumerate(others)] + [0], owners))
        layers.append((counts + [stock_count], never + [0] if any(never) else None, owners))
        for layer in layers:
            try:
                dealt = sample_hands(unseen, layer[0], None, layer[1], random.Random(0))
                break
            except ImpossibleDealError:
                if layer is layers[-1]:
                    raise
        deal_counts, forbidden, deal_owners = layer
        self._deal = (unseen, deal_counts, forbidden, others, known, _mask(observation.hand), deal_owners)
        # The most constrained groups are dealt first (see _sample).
        self._order = sorted(range(len(deal_counts)), key=lambda p: -(forbidden[p] if forbidden else 0).bit_count())
        # Rebuild once with any consistent deal; each sample then swaps in its own cards.
        hands, stock = self._place(observation.num_players, seat, dealt)
        self._template = DurakState.from_observation(observation, hands, stock=stock)
        self._seen = observation
        self.round = observation.round

    def _sample(self, rng: random.Random) -> list[int]:
        """One deal of the unseen cards to the groups :meth:`prepare` chose.

        Each group in turn, the most constrained first, gets a uniform sample of the cards
        left that it may hold.  A seat's groups lack nested sets of cards (an older group
        has every guess a newer one has), so with one other seat this is exactly the
        uniform deal, and it cannot fail where a deal exists.  With more seats it is close
        to uniform; when it runs out of cards for a group it tries again, and then leaves
        the deal to :func:`~cardtable.bots.search.sample_hands` (exact, slower).
        """
        assert self._deal is not None, "prepare() comes first"
        unseen, counts, forbidden = self._deal[:3]
        if forbidden is None or not any(forbidden):
            return sample_hands(unseen, counts, None, None, rng)
        sample = rng.sample
        for _ in range(3):
            pool = unseen
            dealt = [0] * len(counts)
            for p in self._order:
                n = counts[p]
                if not n:
                    continue
                allowed = pool & ~forbidden[p]
                size = allowed.bit_count()
                if size < n:
                    break
                if size > n:
                    picked = 0
                    for index in sample(list(iter_bits(allowed)), n):
                        picked |= 1 << index
                    allowed = picked
                dealt[p] = allowed
                pool ^= allowed
            else:
                return dealt
        return sample_hands(unseen, counts, None, forbidden, rng)

    def _place(self, players: int, seat: int, dealt: list[int]) -> tuple[list[int], list[int]]:
        assert self._deal is not None, "prepare() comes first"
        _, _, _, others, known, own, owners = self._deal
        hands = [0] * players
        hands[seat] = own
        for i, s in enumerate(others):
            hands[s] = known[i]
        stock = 0
        for cards, owner in zip(dealt, owners):
            if owner < 0:
                stock |= cards
            else:
                hands[others[owner]] |= cards
        return hands, list(iter_bits(stock))

    def sample_state(self, observation: DurakObservation, rng: random.Random) -> GameState:
        self.prepare(observation)
        assert self._deal is not None and self._template is not None, "prepare() set them"
        dealt = self._sample(rng)
        hands, stock = self._place(observation.num_players, own_seat(observation), dealt)
        rng.shuffle(stock)
        state = self._template.clone()
        state.quiet = True  # the search never reads the events of its own moves
        state.hands = hands
        if observation.deck_count:
            state.stock = tuple(stock) + (observation.trump_card.index,)
        # Later rounds are never searched, but their deal must not be the same every time.
        state.rng.seed(rng.getrandbits(32))
        return state

    def simulator(self, observation: DurakObservation) -> DurakSimulator:
        """The search's simulator for ``observation``: worlds on the rules kernel."""
        return DurakSimulator(self, observation)

    def playout_action(self, state: GameState, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, DurakState)
        if rng.random() < self.playout_noise:
            legal = state.legal_actions()
            return legal[rng.randrange(len(legal))]
        return state_normal_action(state, seat)

    def is_terminal_for_search(self, state: GameState) -> bool:
        assert isinstance(state, DurakState)
        return state.round_no != self.round or state.current_player is None

    def evaluate(self, state: GameState, seat: int) -> float:
        assert isinstance(state, DurakState)
        result = next((r for r in state.round_results if r["round"] == self.round), None)
        if result is None:
            return 0.5
        return _value(result["durak"], result["first_out"], seat, self.draw_value)


def _value(durak: int | None, first_out: int, seat: int, draw_value: float = DRAW_VALUE) -> float:
    """A finished round's worth for ``seat`` (see :class:`DurakSearchModel`).

    >>> _value(1, 0, 1), _value(1, 0, 0), _value(1, 2, 0), _value(None, 0, 1), _value(None, 0, 1, 0.5)
    (0.0, 1.0, 0.9, 0.9, 0.5)
    """
    if durak == seat:
        return 0.0
    if durak is None:
        return draw_value
    return 1.0 if first_out == seat else 0.9


class DurakSimulator:
    """The search's :class:`~cardtable.bots.search.Simulator` for Durak: every world is a
    :class:`~cardtable.games.durak.kernel.Table`, the rules kernel's own state, moved
    with the kernel's functions, so the search has no rules of its own.

    - ``deal`` copies the observation's table (rebuilt once per decision) and deals the
      unseen cards as :meth:`DurakSearchModel.sample_state` does, from the same draws.
    - Moves are kernel moves (ints) in the public order; ``root_key`` maps an action
      to its move.
    - ``finish`` plays the round out on :func:`~cardtable.games.durak.kernel.play_out`
      with the normal strategy for every seat (:func:`normal_attack`,
      :func:`normal_defence`, :func:`normal_throw_in`: every hand is known in a world)
      and a random legal move :data:`PLAYOUT_NOISE` of the time; the search stops at the end of the
      round (``turn`` is ``None``), and ``value`` scores it as ``evaluate`` does.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=3, seed=4)
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player
    >>> simulator = DurakSimulator(DurakSearchModel(), state.observation(seat))
    >>> world = simulator.deal(random.Random(1))
    >>> simulator.to_move(world) == seat
    True
    >>> [action_of(move) for move in simulator.moves(world)] == state.legal_actions()
    True
    >>> simulator.play(world, simulator.moves(world)[0]); simulator.finish(world, random.Random(2))
    >>> simulator.stopped(world), 0.0 <= simulator.value(world, seat) <= 1.0
    (True, True)
    """

    def __init__(self, model: DurakSearchModel, observation: DurakObservation) -> None:
        model.prepare(observation)
        assert model._template is not None and model._deal is not None, "prepare() set them"
        self.model = model
        self.observation = observation
        self.template = model._template.table
        self.players = observation.num_players
        self.seat = own_seat(observation)
        self.trump_card = observation.trump_card.index
        self.stocked = observation.deck_count > 0
        self.noise = model.playout_noise
        self.draw_value = model.draw_value

    def root_key(self, action: Action) -> int:
        return move_of(action)

    def deal(self, rng: random.Random) -> Table:
        model = self.model
        dealt = model._sample(rng)
        hands, stock = model._place(self.players, self.seat, dealt)
        rng.shuffle(stock)
        world = kernel.copy_table(self.template)
        world.hands = hands
        if self.stocked:
            world.stock = tuple(stock) + (self.trump_card,)
        # A sampled DurakState seeds its own rng (for later rounds' deals) with this draw;
        # a world never deals again, but drawing it keeps the two samplers in step, so
        # a search from a seed decides the same whichever it uses.
        rng.getrandbits(32)
        return world

    to_move = attrgetter("turn")
    moves = staticmethod(kernel.legal_moves)
    play = staticmethod(kernel.play)

    @staticmethod
    def stopped(world: Table) -> bool:
        return world.turn is None

    def finish(self, world: Table, rng: random.Random) -> None:
        if world.turn is not None:
            kernel.play_out(world, normal_attack, normal_defence, normal_throw_in, rng, self.noise)

    def value(self, world: Table, seat: int) -> float:
        if world.phase != kernel.ROUND_OVER:
            return 0.5
        return _value(world.durak, world.out[0], seat, self.draw_value)

    @staticmethod
    def outcome(world: Table, seat: int) -> int:
        """1 if ``seat`` is the durak, 0 if not, 2 if nobody is (the hint's measure)."""
        if world.phase != kernel.ROUND_OVER or world.durak is None:
            return 2
        return 1 if world.durak == seat else 0


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
        trump = _trump_of(observation)
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


BOT_LEVELS: dict[str, Callable[[int | None], object]] = {
    "easy": EasyDurakBot,
    "normal": NormalDurakBot,
    "hard": HardDurakBot,
}
"""The factories ``make_bot`` uses: ``factory(seed) -> bot``."""


def _durak_words(value: float, also: float | None) -> str:
    return f"{value:.0%} chance of being the durak"


REVIEW_MEASURE = ReviewMeasure(
    name="chance of being the durak",
    score=lambda outcome: 1.0 if outcome == 1 else 0.0,
    lower_is_better=True,
    threshold=0.05,
    describe=_durak_words,
    cost_words=lambda cost: f"{cost * 100:.0f} points of durak chance",
)
"""The review's measure: the chance that the seat ends the round as the durak."""
