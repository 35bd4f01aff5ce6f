"""Rebuilding a Durak game from one seat's observation and a guess of the hidden cards:
what a searching bot plays out.  :meth:`DurakState.from_observation
<cardtable.games.durak.DurakState.from_observation>` checks the guess
(:func:`checked_guess`) and restores the kernel table (:func:`rebuilt_table`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.cards import Card, cards_to_mask, format_cards, mask_to_cards
from cardtable.engine.actions import Action
from cardtable.engine.state import check_guessed_hands
from cardtable.games.durak import kernel
from cardtable.games.durak.observation import (
    PHASE_ATTACK,
    PHASE_DEFEND,
    PHASE_THROW_IN,
    DurakObservation,
    trumps_ruled_out,
    why_ruled_out,
)

__all__ = ["checked_guess", "rebuilt_table"]

_KERNEL_PHASES = {PHASE_ATTACK: kernel.ATTACK, PHASE_DEFEND: kernel.DEFEND, PHASE_THROW_IN: kernel.THROW_IN}


def checked_guess(
    observation: DurakObservation, hands: Sequence[int | Iterable[Card]], stock: Sequence[Card | int]
) -> tuple[list[int], list[int]]:
    """The guessed hands (masks) and stock (card indexes, from the top, without the
    face-up trump), once they agree with everything ``observation`` shows; otherwise
    :class:`ValueError` says what is wrong.

    >>> from cardtable.games import get_rules
    >>> state = get_rules("durak").new_game(players=2, seed=0)  # seat 0 showed 7S
    >>> hidden = list(state.stock[:-1])
    >>> checked_guess(state.observation(1), state.hands, hidden) == (state.hands, hidden)
    True
    >>> checked_guess(state.observation(1), state.hands[::-1], hidden)
    Traceback (most recent call last):
    ...
    ValueError: seat 1's cards must be its own hand
    """
    if observation.is_over:
        raise ValueError("a finished game cannot be rebuilt for play")
    stock_idx = [item if isinstance(item, int) else item.index for item in stock]
    deck_count = observation.deck_count
    if len(stock_idx) != max(deck_count - 1, 0):
        raise ValueError(f"the stock holds {max(deck_count - 1, 0)} hidden cards, not {len(stock_idx)}")
    groups: list[int] = [1 << i for i in stock_idx]
    groups += [card.mask for pair in observation.table for card in pair if card is not None]
    groups += [card.mask for card in observation.discard]
    if deck_count:
        groups.append(observation.trump_card.mask)
    masks = check_guessed_hands(observation, hands, groups, kernel.DECK_MASK)
    for other, cards in enumerate(observation.known_cards):
        for card in cards:
            if not masks[other] & card.mask:
                raise ValueError(f"seat {other} must hold {card}, which everyone knows it holds")
    for other, ruled_out in enumerate(trumps_ruled_out(observation)):
        wrong = masks[other] & ruled_out & ~cards_to_mask(observation.known_cards[other])
        if wrong:
            raise ValueError(f"seat {other} cannot hold {format_cards(mask_to_cards(wrong))}: "
                             + why_ruled_out(observation))
    return masks, stock_idx


def rebuilt_table(
    observation: DurakObservation, hands: list[int], stock: list[int], history: Sequence[tuple[int, Action]]
) -> kernel.Table:
    """The kernel table of ``observation`` with the hidden cards of a :func:`checked_guess`
    (``history``: the game's actions, which say who emptied a hand during this bout).

    Everything public is restored: the series record, the trump and who holds it, who
    is in and out, the bout on the table, the passes, whose turn it is.
    """
    # Both are None only once the game is over, which checked_guess refused.
    assert observation.main_attacker is not None and observation.defender is not None
    players = observation.num_players
    trump_idx = observation.trump_card.index
    table = kernel.new_table(players, observation.rounds_total)
    table.round = observation.round
    table.wins = [won for won, _ in observation.record]
    table.losses = [lost for _, lost in observation.record]
    results = [e.info for e in observation.events if e.kind == "round_over"]
    if results:
        table.durak = results[-1]["durak"]
    table.trump_card = trump_idx
    table.trump_holder = observation.trump_card_holder
    table.stock = tuple(stock) + ((trump_idx,) if observation.deck_count else ())
    table.stock_pos = 0
    table.trump = trump_idx & 3
    table.trump_mask = kernel.SUITS[table.trump]
    table.hands = hands
    table.active = [s in observation.in_game for s in range(players)]
    table.out = list(observation.out)
    table.clock = len(history)
    # Who emptied their hand during this bout, and when: it orders players going out together.
    table.emptied = emptied = [0] * players
    for index in range(len(history) - 1, -1, -1):
        actor, action = history[index]
        if action.kind in ("attack", "defend") and table.active[actor] and not hands[actor] \
                and not emptied[actor]:
            emptied[actor] = index
    table.attacker = observation.main_attacker
    table.defender = observation.defender
    table.ask = tuple(observation.attack_order)
    table.start_cards = observation.bout_start_defender_cards
    table.limit = observation.limit
    table.attacks = [a.index for a, _ in observation.table]
    table.defences = [d.index if d is not None else -1 for _, d in observation.table]
    table.unbeaten = sum(a.mask for a, d in observation.table if d is None)
    table_cards = [card for pair in observation.table for card in pair if card is not None]
    table.cards = sum(card.mask for card in table_cards)
    table.ranks = 0
    for card in table_cards:
        table.ranks |= kernel.SAME_RANK[card.index]
    table.passed = sum(1 << s for s in observation.passed)
    table.taking = observation.taking
    table.phase = _KERNEL_PHASES[observation.phase]
    table.turn = observation.current_player
    return table
