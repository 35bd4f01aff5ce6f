"""What one seat sees of a Durak game: :class:`DurakObservation`, and what the deal
rules out (:func:`trumps_ruled_out`)."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import SHORT_DECK, Card, Suit
from cardtable.engine.observation import Observation
from cardtable.games.durak import kernel

__all__ = [
    "DurakObservation",
    "trumps_ruled_out",
    "why_ruled_out",
    "PHASE_ATTACK",
    "PHASE_DEFEND",
    "PHASE_THROW_IN",
    "PHASE_OVER",
]

PHASE_ATTACK = "attack"
PHASE_DEFEND = "defend"
PHASE_THROW_IN = "throw_in"
PHASE_OVER = "over"
PHASE_NAMES = {
    kernel.ATTACK: PHASE_ATTACK,
    kernel.DEFEND: PHASE_DEFEND,
    kernel.THROW_IN: PHASE_THROW_IN,
    kernel.ROUND_OVER: PHASE_OVER,
    kernel.OVER: PHASE_OVER,
}


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
      a take, the drawn trump, or the lowest trump it showed to open the round) and has
      not played since.
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


def trumps_ruled_out(observation: DurakObservation) -> tuple[int, ...]:
    """Per seat, the trumps (a mask) that it cannot hold beside its ``known_cards``.

    The opener showed the lowest trump dealt, so a seat that has drawn no card since
    the deal holds no lower trump, apart from one it picked up in a take (which is
    known); when nobody showed one, nobody was dealt a trump.  A seat that drew may
    hold any.  When ``observation``'s event log misses draws (a search's ``quiet``
    copy), nothing is ruled out.

    >>> from cardtable.cards import format_cards, mask_to_cards
    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=2, seed=0)  # spades; seat 0 showed 7S
    >>> [format_cards(mask_to_cards(mask)) for mask in trumps_ruled_out(state.observation(1))]
    ['6S', '6S']
    """
    players = observation.num_players
    shown: Card | None = None
    drawers = 0
    deck_left = len(SHORT_DECK) - kernel.HAND_SIZE * players
    for event in observation.round_events():
        if event.kind == "lowest_trump":
            shown = event.cards[0]
        elif event.kind == "draw" and event.seat is not None:
            drawers |= 1 << event.seat
            deck_left = event.info["deck_left"]
    if deck_left != observation.deck_count:
        return (0,) * players
    trumps = kernel.SUITS[observation.trump_suit]
    lower = trumps & ((1 << shown.index) - 1) if shown is not None else trumps
    return tuple(0 if drawers >> seat & 1 else lower for seat in range(players))


def why_ruled_out(observation: DurakObservation) -> str:
    """The public fact :func:`trumps_ruled_out` read, in words."""
    for event in observation.round_events():
        if event.kind == "lowest_trump":
            return f"{event.cards[0]} was the lowest trump dealt, and it has drawn no card since"
    return "nobody was dealt a trump, and it has drawn no card since"

