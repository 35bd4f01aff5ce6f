"""Durak: 36 cards, attack with throw-ins (podkidnoy), no transferring.

The spec is ``rules/durak.md``; docs/rules/durak.md explains it for players and
docs/api.md (section Durak) documents the observation, the outcome and the events.

>>> from cardtable.games import get_rules
>>> state = get_rules("durak").new_game(players=2, seed=5)
>>> state.current_player in (0, 1)
True
>>> state.legal_actions()[0].kind  # the opener must attack: no pass on an empty table
'attack'
>>> state.apply("take")
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: only the defender can take, and only after an attack

Who acts when (one player at a time):

- ``attack`` phase: the main attacker opens the bout with ``attack X``.
- ``defend`` phase: while an attacking card is unbeaten and the defender has not said
  ``take``, the defender plays ``defend A B`` (beat the attacking ``A`` with ``B``) or
  ``take``.
- ``throw_in`` phase: once every attacking card is beaten, or after ``take``, the
  attackers are asked in turn (main attacker first, then the other players in seat
  order after the defender) to ``attack X`` with a rank on the table or to ``pass``.
  Players without cards are not asked.
- The bout ends when every attacker has passed since the last card was added, or when
  nothing may be added any more (the limit is reached, or the defender has no cards).

Internally hands are bitmasks of card indexes (see :mod:`cardtable.cards`); the stock
is a tuple of indexes drawn from the front, with the face-up trump last.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.cards import (
    ALL_CARDS,
    SHORT_DECK,
    SUIT_MASKS,
    Card,
    Rank,
    RankOrder,
    Suit,
    mask_to_cards,
    shuffled,
)
from cardtable.engine.actions import PASS, TAKE, Action
from cardtable.engine.events import Event
from cardtable.engine.facts import Measure, RoundShare, StatCounter
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState, OptionSpec, Outcome, Rules, check_guessed_hands

__all__ = ["DurakRules", "DurakState", "DurakObservation", "RULES", "HAND_SIZE", "MAX_ATTACKS", "DURAK_ORDER"]

DURAK_ORDER = RankOrder("durak", [Rank(r) for r in range(6, 15)])
"""Durak's ranks: 6 to ace."""

HAND_SIZE = 6
"""Players draw back up to this many cards after each bout."""

MAX_ATTACKS = 6
"""No bout has more attacking cards than this (nor than the defender held at its start)."""

_DECK_MASK = sum(card.mask for card in SHORT_DECK)
_SUIT_MASKS = tuple(mask & _DECK_MASK for mask in SUIT_MASKS)
# Every card of the same rank as card index i: the ranks on the table, as a card mask.
_SAME_RANK = tuple(0xF << (i & ~3) for i in range(52))
# Cards of the same suit strictly above card index i (same suit: higher index = higher rank).
_ABOVE_IN_SUIT = tuple(_SUIT_MASKS[i & 3] & ~((2 << i) - 1) for i in range(52))

# Actions are values: build each once so the hot loop only looks them up.
_ATTACK = tuple(Action("attack", (card,)) for card in ALL_CARDS)
_DEFEND: dict[int, Action] = {
    a.index * 64 + b.index: Action("defend", (a, b)) for a in SHORT_DECK for b in SHORT_DECK if a is not b
}

# Shared by every throw-in event; events are read-only, so one dict serves them all.
_THROW_IN_INFO: dict[str, Any] = {"throw_in": True}

PHASE_ATTACK = "attack"
PHASE_DEFEND = "defend"
PHASE_THROW_IN = "throw_in"
PHASE_OVER = "over"


def _ordered(mask: int, trump_mask: int) -> list[int]:
    """Card indexes of ``mask``: non-trumps by (rank, suit), then trumps by rank.

    >>> _ordered(Card.parse("7H").mask | Card.parse("6S").mask | Card.parse("9C").mask, SUIT_MASKS[3])
    [22, 28, 19]
    """
    out = []
    rest = mask & ~trump_mask
    while rest:
        low = rest & -rest
        out.append(low.bit_length() - 1)
        rest ^= low
    rest = mask & trump_mask
    while rest:
        low = rest & -rest
        out.append(low.bit_length() - 1)
        rest ^= low
    return out


_ATTACK_LISTS: dict[int, tuple[Action, ...]] = {}
_ATTACK_LISTS_MAX = 100_000


def _attacks(mask: int, trump: int) -> tuple[Action, ...]:
    """``attack X`` for every card of ``mask``, in legal-action order (cached: hot loop)."""
    key = mask << 2 | trump
    cached = _ATTACK_LISTS.get(key)
    if cached is None:
        if len(_ATTACK_LISTS) >= _ATTACK_LISTS_MAX:
            _ATTACK_LISTS.clear()  # keeps memory bounded; the cache refills quickly
        cached = _ATTACK_LISTS[key] = tuple(_ATTACK[i] for i in _ordered(mask, _SUIT_MASKS[trump]))
    return cached


def _beats(attacking: int, beating: int, trump: int) -> bool:
    """Whether card index ``beating`` beats card index ``attacking`` with trump suit ``trump``."""
    if beating & 3 == attacking & 3:
        return beating > attacking
    return beating & 3 == trump


@dataclass(frozen=True)
class DurakObservation(Observation):
    """Durak as one seat sees it.  Besides the common fields (see :class:`Observation`):

    - ``phase``: ``"attack"`` (the main attacker opens), ``"defend"``, ``"throw_in"``
      (an attacker may throw in or pass) or ``"over"``.
    - ``trump_suit``; ``trump_card``: the face-up card (always shown: everyone saw it);
      ``trump_card_holder``: the seat that drew it (or kept it in a 6-player deal), or
      ``None`` while it is still under the deck.
    - ``deck_count``: cards left to draw, the face-up trump included.
    - ``table``: ``(attacking card, beating card or None)`` pairs in the order played.
    - ``known_cards``: per seat, the cards everyone knows that seat holds (picked up in
      a take, or the drawn trump) and has not played since.
    - ``discard``: the discarded cards, in the order they went out of play.
    - ``main_attacker``, ``defender``: this bout's; ``attack_order``: the attackers in
      the order they are asked to throw in.
    - ``taking``: the defender has said ``take``.
    - ``limit``: the most attacking cards this bout may have;
      ``limit_left``: how many more may still be added;
      ``bout_start_defender_cards``: the defender's card count when the bout began.
    - ``passed``: attackers who passed since the last card was added.
    - ``in_game``: seats still playing this round; ``out``: seats out this round, in
      order.
    - ``record``: per seat ``(wins, losses)`` in the series; ``rounds_total``: how many
      rounds the series has.
    """

    phase: str
    trump_suit: Suit
    trump_card: Card
    trump_card_holder: int | None
    deck_count: int
    table: tuple[tuple[Card, Card | None], ...]
    known_cards: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    main_attacker: int | None
    defender: int | None
    attack_order: tuple[int, ...]
    taking: bool
    limit: int
    limit_left: int
    bout_start_defender_cards: int
    passed: tuple[int, ...]
    in_game: tuple[int, ...]
    out: tuple[int, ...]
    record: tuple[tuple[int, int], ...]
    rounds_total: int


class DurakRules(Rules):
    """Durak's fixed facts.  ``rounds`` (1-99) plays a series: 1 win to the first player
    out and 1 loss to the durak each round."""

    name = "durak"
    title = "Durak"
    min_players = 2
    max_players = 6
    options = (
        OptionSpec("rounds", 1, int, 1, 99, "rounds in the series (1 win to the first out, 1 loss to the durak)"),
    )
    deck = SHORT_DECK
    action_kinds = frozenset({"attack", "defend", "take", "pass"})
    default_players = 3
    blurb = "Attack and defend with a trump suit; don't be the last with cards."
    rank_order = DURAK_ORDER
    score_word = "wins−losses"
    stat_counters = (StatCounter("times_durak", "durak", "durak"),)
    arena_measure = Measure("durak rate", False, RoundShare("durak"), is_rate=True)
    bot_module = "cardtable.bots.durak"
    table_widget = "cardtable.tui.tables.durak:DurakTable"

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], deck: list[Card] | None
    ) -> DurakState:
        return DurakState(self, players, seed, options, deck)


class DurakState(GameState):
    """A Durak game: one round, or a series of ``rounds`` rounds.

    ``quiet`` (default off) is for a search's throw-away copies: the moves and bouts
    then add no events to the log (rounds still do), so play is faster but the log,
    and the observations built from it, stop at the moment it was set.
    """

    quiet: bool = False

    def __init__(
        self,
        rules: DurakRules,
        players: int,
        seed: int,
        options: dict[str, Any],
        deck: Sequence[Card] | None,
    ) -> None:
        super().__init__(rules, players, seed, options, deck)
        self.total_rounds: int = int(options["rounds"])
        self.round_no = 0
        self.wins = [0] * players
        self.losses = [0] * players
        self.round_results: list[dict[str, Any]] = []
        first = list(deck) if deck is not None else shuffled(rules.deck, self.rng)
        self._start_round([card.index for card in first])

    # --- rounds and bouts -------------------------------------------------
    def _start_round(self, order: list[int]) -> None:
        n = self.num_players
        self.round_no += 1
        hands = [0] * n
        dealt = HAND_SIZE * n
        for position in range(dealt):
            hands[position % n] |= 1 << order[position]
        self.known = [0] * n
        if dealt == len(order):
            # Six players: the last card dealt shows the trump and stays in its owner's hand.
            self.trump_idx = order[-1]
            self.trump_holder: int | None = (dealt - 1) % n
            self.known[self.trump_holder] = 1 << self.trump_idx
            self.stock: tuple[int, ...] = ()
        else:
            self.trump_idx = order[dealt]
            self.trump_holder = None
            self.stock = tuple(order[dealt + 1 :]) + (self.trump_idx,)
        self.stock_pos = 0
        self.trump = self.trump_idx & 3
        self.trump_mask = _SUIT_MASKS[self.trump]
        self.hands = hands
        self.active = [True] * n
        self.out_order: list[int] = []
        self.emptied = [0] * n
        self.discard: list[int] = []
        round_no = self.round_no
        trump_card = ALL_CARDS[self.trump_idx]
        for seat in range(n):
            self.events.append(
                Event("deal", seat, mask_to_cards(hands[seat]), round_no, {"count": HAND_SIZE}, (seat,))
            )
        self.events.append(
            Event("trump", self.trump_holder, (trump_card,), round_no,
                  {"suit": trump_card.suit.letter, "kept_by": self.trump_holder})
        )
        lowest = self.trump_mask & (sum(hands))
        first = 0
        if lowest:
            low_bit = lowest & -lowest
            first = next(seat for seat in range(n) if hands[seat] & low_bit)
            self.events.append(
                Event("lowest_trump", first, (ALL_CARDS[low_bit.bit_length() - 1],), round_no)
            )
        self._start_bout(first)

    def _next_active(self, seat: int) -> int:
        """The next seat after ``seat`` still in the round."""
        n = self.num_players
        active = self.active
        nxt = (seat + 1) % n
        while not active[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def _start_bout(self, attacker: int) -> None:
        n = self.num_players
        active = self.active
        defender = self._next_active(attacker)
        order = [attacker]
        for step in range(1, n):
            seat = (defender + step) % n
            if seat != attacker and active[seat]:
                order.append(seat)
        self.attacker = attacker
        self.defender = defender
        self.ask_order = tuple(order)
        self.start_cards = start = self.hands[defender].bit_count()
        self.limit = start if start < MAX_ATTACKS else MAX_ATTACKS
        self.table_att: list[int] = []
        self.table_def: list[int] = []
        self.unbeaten = self.table_mask = self.rank_mask = self.passed = 0
        self.taking = False
        self.phase = PHASE_ATTACK
        self._turn: int | None = attacker

    def _advance(self) -> None:
        """Find who acts next, ending the bout (and the round) when nobody can."""
        if self.unbeaten and not self.taking:
            self.phase = PHASE_DEFEND
            self._turn = self.defender
            return
        if len(self.table_att) < self.limit and (self.taking or self.hands[self.defender]):
            passed = self.passed
            hands = self.hands
            for seat in self.ask_order:
                if not (passed >> seat) & 1 and hands[seat]:
                    self.phase = PHASE_THROW_IN
                    self._turn = seat
                    return
        self._end_bout()

    def _end_bout(self) -> None:
        round_no = self.round_no
        defender = self.defender
        hands = self.hands
        table = self.table_mask
        played = self._table_order()
        if self.taking:
            hands[defender] |= table
            self.known[defender] |= table
        else:
            self.discard.extend(played)
        quiet = self.quiet
        if not quiet:
            # One event says how the bout ended and where the table cards went.
            self.events.append(
                Event("bout_over", defender, tuple(ALL_CARDS[i] for i in played), round_no,
                      {"result": "taken" if self.taking else "defended", "attacker": self.attacker})
            )
        self.table_att = []
        self.table_def = []
        self.unbeaten = self.table_mask = self.rank_mask = 0
        # Draw back to six: main attacker, the other attackers, the defender last.
        stock = self.stock
        size = len(stock)
        if self.stock_pos < size:
            for seat in self.ask_order + (defender,):
                need = HAND_SIZE - hands[seat].bit_count()
                position = self.stock_pos
                if need <= 0 or position >= size:
                    continue
                drawn = stock[position : position + need]
                self.stock_pos = position = position + len(drawn)
                for index in drawn:
                    hands[seat] |= 1 << index
                if not quiet:
                    self.events.append(
                        Event("draw", seat, tuple([ALL_CARDS[i] for i in drawn]), round_no,
                              {"deck_left": size - position}, (seat,))
                    )
                if position == size:
                    # The face-up trump is the last card of the stock.
                    self.trump_holder = seat
                    self.known[seat] |= 1 << self.trump_idx
                    if not quiet:
                        self.events.append(Event("trump_drawn", seat, (ALL_CARDS[self.trump_idx],), round_no))
        if self.stock_pos >= size:
            active = self.active
            leaving = [seat for seat in range(self.num_players) if active[seat] and not hands[seat]]
            if leaving:
                leaving.sort(key=self.emptied.__getitem__)
                for seat in leaving:
                    active[seat] = False
                    self.out_order.append(seat)
                    self.events.append(Event("out", seat, (), round_no, {"place": len(self.out_order)}))
                remaining = [seat for seat in range(self.num_players) if active[seat]]
                if len(remaining) <= 1:
                    self._end_round(remaining[0] if remaining else None)
                    return
        if self.taking or not self.active[defender]:
            self._start_bout(self._next_active(defender))
        else:
            self._start_bout(defender)

    def _end_round(self, durak: int | None) -> None:
        first_out = self.out_order[0]
        self.wins[first_out] += 1
        if durak is not None:
            self.losses[durak] += 1
            self.events.append(Event("durak", durak, (), self.round_no))
        order = list(self.out_order) + ([durak] if durak is not None else [])
        result = {
            "round": self.round_no,
            "order": order,
            "first_out": first_out,
            "durak": durak,
            "draw": durak is None,
        }
        self.round_results.append(result)
        self.events.append(Event("round_over", None, (), self.round_no, dict(result)))
        if self.round_no < self.total_rounds:
            self._start_round([card.index for card in shuffled(self.rules.deck, self.rng)])
            return
        self.phase = PHASE_OVER
        self._turn = None
        self.events.append(
            Event("game_over", None, (), self.round_no, {"winners": list(self._winners())})
        )

    def _table_order(self) -> list[int]:
        """Table cards in the order played: each attacking card, then its beating card."""
        cards = []
        for attacking, beating in zip(self.table_att, self.table_def):
            cards.append(attacking)
            if beating >= 0:
                cards.append(beating)
        return cards

    # --- the turn ---------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The one seat that acts now (see the phases above), ``None`` once over."""
        return self._turn

    def legal_actions(self) -> list[Action]:
        """Every legal action, in this order.

        - Opening (``attack`` phase): ``attack X`` for each card in hand, non-trumps by
          rank then suit, then trumps by rank.
        - ``defend`` phase: ``defend A B`` grouped by unbeaten attacking card ``A`` in
          the order played, each group's beating cards non-trumps first then trumps,
          by rank; then ``take``.
        - ``throw_in`` phase: ``attack X`` for each card of a rank on the table (same
          order as the opening), then ``pass``.
        """
        seat = self._turn
        if seat is None:
            return []
        hand = self.hands[seat]
        phase = self.phase
        trump_mask = self.trump_mask
        if phase == PHASE_DEFEND:
            actions = []
            unbeaten = self.unbeaten
            trump = self.trump
            for attacking in self.table_att:
                if not (unbeaten >> attacking) & 1:
                    continue
                beaters = hand & _ABOVE_IN_SUIT[attacking]
                if attacking & 3 != trump:
                    beaters |= hand & trump_mask
                if beaters:
                    key = attacking * 64
                    for beating in _ordered(beaters, trump_mask):
                        actions.append(_DEFEND[key + beating])
            actions.append(TAKE)
            return actions
        if phase == PHASE_ATTACK:
            return list(_attacks(hand, self.trump))
        actions = list(_attacks(hand & self.rank_mask, self.trump))
        actions.append(PASS)
        return actions

    def _why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else one line saying why not.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("durak").new_game(players=2, seed=5)
        >>> state.why_illegal(Action.parse("pass"))
        'the main attacker must open the bout with a card; passing is not allowed'
        """
        seat = self._turn
        if seat is None:
            return "the game is over; no more actions"
        kind = action.kind
        phase = self.phase
        hand = self.hands[seat]
        if kind == "attack":
            card = action.cards[0]
            if phase == PHASE_DEFEND:
                return "you are defending: beat an attacking card (defend A B) or take"
            if not card.mask & _DECK_MASK:
                return f"{card} is not in the Durak deck (6 to A)"
            if not hand & card.mask:
                return f"{card} is not in your hand"
            if phase == PHASE_THROW_IN and not self.rank_mask & card.mask:
                ranks = " ".join(sorted({ALL_CARDS[i].rank.label for i in self._table_order()},
                                        key=lambda label: "6789 10JQKA".index(label)))
                return f"you can only throw in a rank already on the table ({ranks}), not a {card.rank.label}"
            return None
        if kind == "defend":
            if phase != PHASE_DEFEND:
                if phase == PHASE_ATTACK:
                    return "you are attacking: open the bout with attack X"
                return "there is nothing to beat now: throw in (attack X) or pass"
            attacking, beating = action.cards
            if not self.table_mask & attacking.mask or attacking.index not in self.table_att:
                return f"{attacking} is not an attacking card on the table"
            if not self.unbeaten & attacking.mask:
                return f"{attacking} is already beaten"
            if not beating.mask & _DECK_MASK:
                return f"{beating} is not in the Durak deck (6 to A)"
            if not hand & beating.mask:
                return f"{beating} is not in your hand"
            if not _beats(attacking.index, beating.index, self.trump):
                if attacking.suit == self.trump:
                    return f"{beating} does not beat {attacking}: only a higher trump beats a trump"
                if beating.suit != attacking.suit:
                    return (f"{beating} does not beat {attacking}: "
                            f"play a higher {attacking.suit.name.lower()} card or a trump")
                return f"{beating} does not beat {attacking}: {beating.rank.label} is lower than {attacking.rank.label}"
            return None
        if kind == "take":
            if phase != PHASE_DEFEND:
                if self.taking and seat != self.defender:
                    return "you have already said take; the attackers may still throw in"
                return "only the defender can take, and only after an attack"
            return None
        if kind == "pass":
            if phase == PHASE_ATTACK:
                return "the main attacker must open the bout with a card; passing is not allowed"
            if phase == PHASE_DEFEND:
                return "the defender cannot pass: beat an attacking card (defend A B) or take"
            return None
        return f"'{action}' is not a Durak action"

    def _apply(self, action: Action) -> None:
        seat = self._turn
        assert seat is not None
        kind = action.kind
        hands = self.hands
        if kind == "attack":
            card = action.cards[0]
            index = card.index
            bit = card.mask
            hands[seat] ^= bit
            self.known[seat] &= ~bit
            table_att = self.table_att
            table_att.append(index)
            self.table_def.append(-1)
            self.unbeaten |= bit
            self.table_mask |= bit
            self.rank_mask |= _SAME_RANK[index]
            self.passed = 0
            if not hands[seat]:
                # History only grows, so its length orders the moments players emptied their hands.
                self.emptied[seat] = len(self.history)
            if self.quiet:
                pass
            elif len(table_att) > 1:
                self.events.append(Event("attack", seat, (card,), self.round_no, _THROW_IN_INFO))
            else:
                # The opening card starts the bout: say who defends and how far it may go.
                info = {"throw_in": False, "defender": self.defender, "limit": self.limit,
                        "attackers": list(self.ask_order)}
                self.events.append(Event("attack", seat, (card,), self.round_no, info))
        elif kind == "defend":
            attacking, beating = action.cards
            bit = beating.mask
            hands[seat] ^= bit
            self.known[seat] &= ~bit
            self.unbeaten ^= attacking.mask
            self.table_def[self.table_att.index(attacking.index)] = beating.index
            self.table_mask |= bit
            self.rank_mask |= _SAME_RANK[beating.index]
            if not hands[seat]:
                self.emptied[seat] = len(self.history)
            if not self.quiet:
                self.events.append(Event("defend", seat, (attacking, beating), self.round_no))
        elif kind == "take":
            self.taking = True
            if not self.quiet:
                self.events.append(Event("take", seat, (), self.round_no))
        else:
            self.passed |= 1 << seat
            if not self.quiet:
                self.events.append(Event("pass", seat, (), self.round_no))
        self._advance()

    # --- views ------------------------------------------------------------
    def _hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in index order (full information: not for bots)."""
        return mask_to_cards(self.hands[seat])

    @property
    def scores(self) -> tuple[int, ...]:
        """Wins minus losses per seat."""
        return tuple(won - lost for won, lost in zip(self.wins, self.losses))

    def _observation(self, seat: int) -> DurakObservation:
        """The game as ``seat`` sees it: its own hand and the public facts only.

        >>> from cardtable.games import get_rules
        >>> view = get_rules("durak").new_game(players=3, seed=2).observation(1)
        >>> len(view.hand), view.deck_count, view.phase
        (6, 18, 'attack')
        """
        over = self._turn is None
        return DurakObservation(
            game=self.rules.name,
            seat=seat,
            num_players=self.num_players,
            current_player=self._turn,
            hand=mask_to_cards(self.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            round=self.round_no,
            scores=self.scores,
            history=tuple((s, str(a)) for s, a in self.history),
            events=self.events_for(seat),
            is_over=over,
            phase=self.phase,
            trump_suit=Suit(self.trump),
            trump_card=ALL_CARDS[self.trump_idx],
            trump_card_holder=self.trump_holder,
            deck_count=len(self.stock) - self.stock_pos,
            table=tuple(
                (ALL_CARDS[a], ALL_CARDS[d] if d >= 0 else None)
                for a, d in zip(self.table_att, self.table_def)
            ),
            known_cards=tuple(mask_to_cards(mask) for mask in self.known),
            discard=tuple(ALL_CARDS[i] for i in self.discard),
            main_attacker=None if over else self.attacker,
            defender=None if over else self.defender,
            attack_order=() if over else self.ask_order,
            taking=self.taking,
            limit=self.limit,
            limit_left=0 if over else self.limit - len(self.table_att),
            bout_start_defender_cards=self.start_cards,
            passed=tuple(s for s in self.ask_order if (self.passed >> s) & 1),
            in_game=tuple(s for s in range(self.num_players) if self.active[s]),
            out=tuple(self.out_order),
            record=tuple(zip(self.wins, self.losses)),
            rounds_total=self.total_rounds,
        )

    def _winners(self) -> tuple[int, ...]:
        scores = self.scores
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def outcome(self) -> Outcome:
        """Places, the durak and the series record.

        ``order`` is the last completed round's places (out order, the durak last); while
        the first round is still going, the players out so far.
        """
        over = self._turn is None
        last = self.round_results[-1] if self.round_results else None
        order = tuple(last["order"]) if last else tuple(self.out_order)
        durak = last["durak"] if last else None
        titles = tuple("Durak" if last and seat == durak else None for seat in range(self.num_players))
        return Outcome(
            game=self.rules.name,
            is_over=over,
            rounds_played=len(self.round_results),
            order=order,
            titles=titles,
            scores=self.scores,
            winners=self._winners() if over else (),
            rounds=tuple(dict(result) for result in self.round_results),
            details={
                "record": [{"wins": won, "losses": lost} for won, lost in zip(self.wins, self.losses)],
                "durak": durak,
                "draw": bool(last and last["draw"]),
            },
        )

    @classmethod
    def from_observation(
        cls,
        observation: DurakObservation,
        hands: Sequence[int | Sequence[Card]],
        stock: Sequence[Card | int] = (),
        rng: random.Random | None = None,
    ) -> DurakState:
        """A full state that matches ``observation``, with the hidden cards filled in.

        This is how a searching bot turns a guess about the hidden cards into a state it
        can play out: ``hands`` gives the cards every seat holds now (bitmasks or cards),
        ``stock`` the cards still to draw from the top, *without* the face-up trump,
        which stays last.  ``hands[observation.seat]`` must be the observer's hand, the
        sizes must be the public ones, every seat must hold its publicly known cards,
        and together with the table and the discard every card of the deck must be in
        exactly one place; otherwise :class:`ValueError` says what is wrong.  ``rng``
        (default: seeded with 0) drives the deals of later rounds.

        Everything public is restored (series record, finished rounds, out order, the
        bout on the table, the passes, the known cards); the event log is the observer's
        view, so the rebuilt state shows the observer exactly ``observation``.  It is
        meant for search, not for saving.

        >>> from cardtable.games import get_rules
        >>> state = get_rules("durak").new_game(players=2, seed=4)
        >>> for _ in range(3):
        ...     state.apply(state.legal_actions()[0])
        >>> seat = state.current_player
        >>> seen = state.observation(seat)
        >>> hidden = [ALL_CARDS[i] for i in state.stock[state.stock_pos:-1]]
        >>> rebuilt = DurakState.from_observation(seen, state.hands, hidden)
        >>> rebuilt.observation(seat) == seen, rebuilt.legal_actions() == state.legal_actions()
        (True, True)
        """
        if observation.is_over:
            raise ValueError("a finished game cannot be rebuilt for play")
        players = observation.num_players
        trump_idx = observation.trump_card.index
        stock_idx = [item if isinstance(item, int) else item.index for item in stock]
        deck_count = observation.deck_count
        if len(stock_idx) != max(deck_count - 1, 0):
            raise ValueError(f"the stock holds {max(deck_count - 1, 0)} hidden cards, not {len(stock_idx)}")
        table_cards = [card for pair in observation.table for card in pair if card is not None]
        groups: list[int] = [1 << i for i in stock_idx]
        groups += [card.mask for card in table_cards] + [card.mask for card in observation.discard]
        if deck_count:
            groups.append(1 << trump_idx)
        masks = check_guessed_hands(observation, hands, groups, _DECK_MASK)
        for other, cards in enumerate(observation.known_cards):
            for card in cards:
                if not masks[other] & card.mask:
                    raise ValueError(f"seat {other} must hold {card}, which everyone saw it take")
        state = cls._rebuilt(
            RULES,
            observation,
            {"rounds": observation.rounds_total},
            [(actor, Action.parse(text)) for actor, text in observation.history],
            rng,
        )
        state.total_rounds = observation.rounds_total
        state.round_no = observation.round
        state.wins = [won for won, _ in observation.record]
        state.losses = [lost for _, lost in observation.record]
        state.round_results = [dict(e.info) for e in observation.events if e.kind == "round_over"]
        state.known = [sum(card.mask for card in cards) for cards in observation.known_cards]
        state.trump_idx = trump_idx
        state.trump_holder = observation.trump_card_holder
        state.stock = tuple(stock_idx) + ((trump_idx,) if deck_count else ())
        state.stock_pos = 0
        state.trump = trump_idx & 3
        state.trump_mask = _SUIT_MASKS[state.trump]
        state.hands = masks
        state.active = [s in observation.in_game for s in range(players)]
        state.out_order = list(observation.out)
        # Who emptied their hand during this bout, and when: it orders players going out together.
        state.emptied = [0] * players
        for index in range(len(state.history) - 1, -1, -1):
            actor, action = state.history[index]
            if action.kind in ("attack", "defend") and state.active[actor] and not masks[actor] \
                    and not state.emptied[actor]:
                state.emptied[actor] = index
        state.discard = [card.index for card in observation.discard]
        # Both are None only once the game is over, which was refused above.
        assert observation.main_attacker is not None and observation.defender is not None
        state.attacker = observation.main_attacker
        state.defender = observation.defender
        state.ask_order = tuple(observation.attack_order)
        state.start_cards = observation.bout_start_defender_cards
        state.limit = observation.limit
        state.table_att = [a.index for a, _ in observation.table]
        state.table_def = [d.index if d is not None else -1 for _, d in observation.table]
        state.unbeaten = sum(a.mask for a, d in observation.table if d is None)
        state.table_mask = sum(card.mask for card in table_cards)
        state.rank_mask = 0
        for card in table_cards:
            state.rank_mask |= _SAME_RANK[card.index]
        state.passed = sum(1 << s for s in observation.passed)
        state.taking = observation.taking
        state.phase = observation.phase
        state._turn = observation.current_player
        return state

    def clone(self) -> DurakState:
        """An independent copy: the mutable lists are copied, the rest is shared values."""
        new = object.__new__(DurakState)
        self._clone_base(new)
        new.__dict__.update(self.__dict__ | {
            "rules": new.rules, "rng": new.rng, "history": new.history,
            "events": new.events, "meta": new.meta,
        })
        new.wins = list(self.wins)
        new.losses = list(self.losses)
        new.round_results = [dict(r) for r in self.round_results]
        new.known = list(self.known)
        new.hands = list(self.hands)
        new.active = list(self.active)
        new.out_order = list(self.out_order)
        new.emptied = list(self.emptied)
        new.discard = list(self.discard)
        new.table_att = list(self.table_att)
        new.table_def = list(self.table_def)
        return new


RULES = DurakRules()
