"""Rebuilding a President game from one seat's observation and a guess of the hidden
hands: what a searching bot plays out, and what the review plays a gift out from.  :meth:`PresidentState.from_observation
<cardtable.games.president.PresidentState.from_observation>` checks the guess
(:func:`checked_guess`) and restores the kernel table (:func:`rebuilt_table`) and the
history (:func:`rebuilt_history`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.cards import ALL_CARDS, Card
from cardtable.engine.actions import Action
from cardtable.engine.state import check_guessed_hands
from cardtable.games.president import kernel
from cardtable.games.president.observation import PresidentObservation, played_this_round

__all__ = ["checked_guess", "rebuilt_table", "rebuilt_history", "steps_due"]

_ALL_MASK = (1 << len(ALL_CARDS)) - 1


def _mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def checked_guess(observation: PresidentObservation, hands: Sequence[int | Iterable[Card]]) -> list[int]:
    """The guessed hands as masks, once they agree with what ``observation`` shows: the
    observer's own hand, the public sizes, and with the cards played this round every
    card once.  Otherwise :class:`ValueError` says what is wrong; only a round being
    played (phase ``play``) or the exchange before one (phase ``exchange``) can be
    rebuilt, not a finished game."""
    if observation.phase not in ("play", "exchange"):
        raise ValueError(
            f"only a round being played or its exchange can be rebuilt, not the {observation.phase} phase"
        )
    return check_guessed_hands(observation, hands, [played_this_round(observation)], _ALL_MASK)


def rebuilt_table(observation: PresidentObservation, hands: list[int]) -> kernel.Table:
    """The kernel table of ``observation`` (a round being played, or the exchange before
    it) with the hands of a :func:`checked_guess`: scores and earlier rounds,
    revolutions, the order in force, the table, who passed, who is out, who leads, the
    observer's exchange, and in the exchange the gifts still due (:func:`steps_due`)."""
    n = observation.num_players
    seat = observation.seat
    number = observation.round
    table = kernel.new_table(n, observation.rounds_total, observation.revolution_enabled)
    table.scores = list(observation.scores)
    revolutions = [e.round for e in observation.events if e.kind == "revolution"]
    table.revolution_total = len(revolutions)
    table.revolutions = revolutions.count(number)
    table.orders = [sorted(range(n), key=lambda s: -points[s]) for points in observation.round_points]
    table.round_revolutions = [revolutions.count(index) for index in range(1, len(table.orders) + 1)]
    table.round_number = number
    table.hands = hands
    table.revolution = observation.revolution
    table.table_mask = _mask_of(observation.table)
    table.table_rank = observation.table[0].rank if observation.table else 0
    table.table_size = len(observation.table)
    table.table_owner = observation.table_owner if observation.table_owner is not None else -1
    table.passed = sum(1 << s for s in observation.passed)
    table.out = sum(1 << s for s in observation.finished)
    table.finished = list(observation.finished)
    table.given = [0] * n
    table.received = [0] * n
    if seat is not None:  # a spectator saw no one's exchange
        table.given[seat] = _mask_of(observation.exchange_given)
        table.received[seat] = _mask_of(observation.exchange_received)
    table.exchange_steps = []
    assert observation.leader is not None, "in the play and exchange phases someone always leads"
    table.leader = observation.leader
    table.phase = kernel.PLAY
    if observation.phase == "exchange":
        table.exchange_steps = steps_due(observation)
        table.phase = kernel.EXCHANGE
    table.current = observation.current_player
    return table


def steps_due(observation: PresidentObservation) -> list[tuple[int, int, int]]:
    """The gifts back still due in the exchange of ``observation``, as the kernel's
    ``exchange_steps`` (``(giver, receiver, count)``, the next first): the President's
    two cards to the Scum, then (from four players) the Vice-President's one to the
    Vice-Scum, less the gifts back already made this round.  All of it is public: the
    titles of the last round and who has given (not what)."""
    order = sorted(range(observation.num_players), key=lambda s: -observation.round_points[-1][s])
    steps = [(order[0], order[-1], 2)]
    if observation.num_players >= 4:
        steps.append((order[1], order[-2], 1))
    made = sum(
        1 for e in observation.events
        if e.kind == "exchange" and e.round == observation.round and not e.info["automatic"]
    )
    due = steps[made:]
    if not due or due[0][0] != observation.current_player:
        raise ValueError(f"seat {observation.current_player} gives nothing back in this exchange")
    return due


def rebuilt_history(
    observation: PresidentObservation,
) -> tuple[list[tuple[int, Action]], dict[int, tuple[int, int]]]:
    """The history of ``observation`` as actions, and for each exchange give in it the
    two seats that may see its cards (by history index).  A give the observer never saw
    (``give ? ?``) stands as a placeholder give of as many cards."""
    # Each give in the history pairs, in order, with an exchange event that names its receiver.
    receivers = [e.info["to"] for e in observation.events if e.kind == "exchange" and not e.info["automatic"]]
    history: list[tuple[int, Action]] = []
    private_gives: dict[int, tuple[int, int]] = {}
    for index, (actor, text) in enumerate(observation.history):
        if text.startswith("give"):
            receiver = receivers.pop(0)
            private_gives[index] = (actor, receiver)
            if "?" in text:
                history.append((actor, Action.give(ALL_CARDS[: text.count("?")])))
                continue
        history.append((actor, Action.parse(text)))
    return history, private_gives
