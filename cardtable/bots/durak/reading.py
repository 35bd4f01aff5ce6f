"""What a Durak seat reads of the public history: the cards each seat apparently
lacks (:class:`PublicMemory`), and where the cards it cannot see may be."""

from __future__ import annotations

from cardtable.cards import SHORT_DECK, cards_to_mask
from cardtable.engine.observation import round_start
from cardtable.games.durak import DurakObservation, kernel
from cardtable.games.durak.kernel import ABOVE_IN_SUIT, BEATERS, DECK_MASK, SAME_RANK, SUITS

__all__ = ["PublicMemory", "gone_cards", "unseen_cards", "trump_suit"]

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
            # Only this round's events count: they start after the last of an earlier one.
            self.seen = round_start(events, observation.round)
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
        trump = trump_suit(observation)
        plain = DECK_MASK & ~SUITS[trump]
        for event in events[self.seen :]:
            kind = event.kind
            if event.round != self.round:
                continue
            if kind == "attack":
                card = event.cards[0].index
                self._unbeaten.append(card)
                self._ranks |= SAME_RANK[card]
                if event.seat is not None:
                    self._played(event.seat, card)
            elif kind == "pass":
                if event.seat is not None:
                    cheap = _CHEAP_TO_GIVE if self._taking else _CHEAP_TO_THROW
                    self._guess(event.seat, self._ranks & cheap & plain)
            elif kind == "defend":
                beaten, beating = event.cards[0].index, event.cards[1].index
                self._ranks |= SAME_RANK[beating]
                if event.seat is not None:
                    if self._unbeaten == [beaten]:
                        self._guess(event.seat, BEATERS[trump][beaten] & _CHEAPER[trump][beating])
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
                        above |= ABOVE_IN_SUIT[a]
                self.lacks[taker] |= above
                for group in self.cohorts[taker]:
                    group[1] |= above
            elif kind == "bout_over":
                if event.info.get("result") == "taken" and event.seat is not None:
                    self.known[event.seat] |= cards_to_mask(event.cards)
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


def gone_cards(observation: DurakObservation) -> int:
    """Cards out of play or on the table."""
    mask = cards_to_mask(observation.discard)
    for a, d in observation.table:
        mask |= a.mask
        if d is not None:
            mask |= d.mask
    return mask


def unseen_cards(observation: DurakObservation) -> int:
    """Cards whose place this seat does not know: another hand or the stock."""
    mask = DECK_MASK & ~gone_cards(observation) & ~cards_to_mask(observation.hand)
    for seat, cards in enumerate(observation.known_cards):
        if seat != observation.seat:
            mask &= ~cards_to_mask(cards)
    if observation.deck_count:
        mask &= ~observation.trump_card.mask
    return mask


def trump_suit(observation: DurakObservation) -> int:
    """The trump suit (0 clubs, 1 diamonds, 2 hearts, 3 spades, as in card indexes)."""
    return observation.trump_card.index & 3
