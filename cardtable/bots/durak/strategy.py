"""Durak's heuristics on card masks, and the easy and normal bots.

The normal strategy (:func:`normal_attack`, :func:`normal_defence`,
:func:`normal_throw_in`) works on bitmasks, so that the hard bot's play-outs play it on
the rules kernel's tables too (:func:`normal_move`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.bots.durak.reading import PublicMemory, gone_cards, trump_suit, unseen_cards
from cardtable.cards import cards_to_mask, iter_bits
from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.games.durak import DurakObservation, action_of, kernel
from cardtable.games.durak.kernel import BEATERS, SAME_RANK, SUITS, Table, defence

__all__ = [
    "EasyDurakBot",
    "NormalDurakBot",
    "normal_choice",
    "normal_move",
    "card_value",
    "cheapest_cover",
    "normal_attack",
    "normal_defence",
    "normal_throw_in",
]

# Per trump suit: each card's keeping value (card_value).
_VALUES = tuple(tuple((i >> 2) - 4 + (9 if i & 3 == t else 0) for i in range(52)) for t in range(4))


def card_value(index: int, trump: int) -> int:
    """How much a card is worth keeping: 0 (a 6) to 8 (an ace), trumps 9 to 17.

    >>> from cardtable.cards import Card
    >>> card_value(Card.parse("6S").index, 0), card_value(Card.parse("AC").index, 0)
    (0, 17)
    """
    return (index >> 2) - 4 + (9 if index & 3 == trump else 0)



def _beaters(attacking: int, trump: int) -> int:
    """Every card of the deck that beats ``attacking``."""
    return BEATERS[trump][attacking]


def _cheapest(mask: int, trump: int) -> int:
    """The cheapest card of ``mask`` (non-trumps before trumps, low before high), or -1."""
    plain = mask & ~SUITS[trump]
    if plain:
        # Card indexes grow with rank, so the lowest bit is the lowest rank.
        return (plain & -plain).bit_length() - 1
    return (mask & -mask).bit_length() - 1 if mask else -1


def cheapest_cover(hand: int, attacking: Sequence[int], trump: int) -> list[tuple[int, int]] | None:
    """A cheap way to beat every card of ``attacking`` from ``hand``, or ``None`` if
    there is none: ``(attacking, beating)`` pairs, the hardest card to beat first.

    Each card takes the cheapest card that beats it, the dearest attacking cards first;
    when that fails a full matching search finds a cover if one exists.

    >>> from cardtable.cards import ALL_CARDS, Card, parse_cards
    >>> hand = sum(c.mask for c in parse_cards("7S 9S 6H"))
    >>> [(ALL_CARDS[a].code, ALL_CARDS[b].code) for a, b in cheapest_cover(hand, [Card.parse("6S").index], 1)]
    [('6S', '7S')]
    >>> cheapest_cover(hand, [Card.parse("AS").index], 1) is None
    True
    """
    values = _VALUES[trump]
    beaters = BEATERS[trump]
    plain_mask = ~SUITS[trump]
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

    >>> from cardtable.games.durak.kernel import DECK_MASK
    >>> from cardtable.cards import ALL_CARDS, Card, parse_cards
    >>> hand = sum(c.mask for c in parse_cards("7S 8H 8D AC"))
    >>> ALL_CARDS[normal_attack(hand, 0, 20, DECK_MASK)].code
    '8D'
    """
    values = _VALUES[trump]
    beaters = BEATERS[trump]
    same_rank = SAME_RANK
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

    >>> from cardtable.cards import ALL_CARDS, Card, parse_cards
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

    >>> from cardtable.games.durak.kernel import DECK_MASK
    >>> from cardtable.cards import ALL_CARDS, Card, parse_cards
    >>> mask = sum(c.mask for c in parse_cards("7S AC"))
    >>> ALL_CARDS[normal_throw_in(mask, 0, 12, False, DECK_MASK, 6)].code
    '7S'
    >>> normal_throw_in(Card.parse("AC").mask, 0, 12, False, DECK_MASK, 6)
    -1
    """
    values = _VALUES[trump]
    beaters = BEATERS[trump]
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
        trump = trump_suit(observation)
        hand = cards_to_mask(observation.hand)
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
    trump = trump_suit(observation)
    hand = cards_to_mask(observation.hand)
    phase = observation.phase
    deck = observation.deck_count
    if phase == "defend":
        unbeaten = [a.index for a, d in observation.table if d is None]
        table = gone_cards(observation) & ~cards_to_mask(observation.discard)
        pair = normal_defence(hand, trump, unbeaten, table, deck)
        return TAKE if pair is None else action_of(defence(*pair))
    defender = observation.defender
    assert defender is not None
    may_hold = (unseen_cards(observation) & ~memory.lacks[defender]) | cards_to_mask(observation.known_cards[defender])
    if phase == "attack":
        return action_of(normal_attack(hand, trump, deck, may_hold))
    ranks = 0
    for a, d in observation.table:
        ranks |= SAME_RANK[a.index]
        if d is not None:
            ranks |= SAME_RANK[d.index]
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

