"""The records of a Hearts game: the event log written from the plays (:func:`write_plays`),
the history and the scores of each hand as a seat sees them, the outcome, and the hand
records behind a public list of scores (see ``outcome().rounds``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from cardtable.cards import ALL_CARDS, mask_to_cards
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.state import Outcome
from cardtable.games.hearts import kernel
from cardtable.games.hearts.kernel import points as _points
from cardtable.games.hearts.observation import CompletedTrick, pass_direction_for_hand

__all__ = [
    "Pending",
    "Deferred",
    "Cursor",
    "write_plays",
    "deal_events",
    "give_event",
    "exchange_events",
    "hand_over_events",
    "actions_seen",
    "hand_scores_seen",
    "moon_shooters_seen",
    "outcome_of",
    "records_from_scores",
    "copy_record",
]

NUM_SEATS = kernel.SEATS

# A play event's info, one read-only mapping per trick number (events are values).
_PLAY_INFO = tuple(MappingProxyType({"trick": number}) for number in range(kernel.TRICKS_PER_HAND + 1))
_new_tuple = tuple.__new__

Deferred = tuple[Callable[..., list[Event]], tuple[Any, ...]]
"""Events to be written later: a function that makes them and its arguments (values
that never change once recorded).  A game played without reading its log, as by a
benchmark or a simulation, never makes its deals', passes' and hand ends' events."""

# What a pending log holds: plays as ints (``seat << 6 | card index``), events, events
# deferred, and None where a hand starts.
Pending = int | Event | Deferred | None

Cursor = tuple[list[int], list[int], int, bool, int]
"""Where the pending plays start, as the writer of events goes on from there: the
trick's cards and seats so far, the tricks done, hearts broken, the hand number."""


def write_plays(
    pending: list[Pending], cursor: Cursor, events: list[Event], completed: list[CompletedTrick]
) -> tuple[list[CompletedTrick], Cursor]:
    """Write ``pending`` down: its events, and for each play its ``play`` event (and
    ``hearts_broken``, ``trick`` once a trick is full), onto ``events``; each full trick
    onto ``completed``.  Returns the completed tricks of the last hand written (a new
    list once a hand started) and the cursor where the next pending plays start."""
    cards, seats, tricks, broken, number = cursor
    for record in pending:
        if record is None:
            completed = []
            cards, seats, tricks, broken = [], [], 0, False
            number += 1
            continue
        if isinstance(record, Event):
            events.append(record)
            continue
        if isinstance(record, tuple):  # events deferred (an Event is a tuple too, written above)
            make, arguments = record
            events += make(*arguments)
            continue
        seat = record >> 6
        index = record & 63
        card = ALL_CARDS[index]
        # Event("play", ...) without its constructor's checks: one per card played.
        events.append(_new_tuple(Event, ("play", seat, (card,), number, _PLAY_INFO[tricks + 1], None, 1)))
        if not broken and (1 << index) & kernel.HEARTS:
            broken = True
            events.append(Event("hearts_broken", seat, (card,), number))
        cards.append(index)
        seats.append(seat)
        if len(cards) < NUM_SEATS:
            continue
        tricks += 1
        played = tuple(map(ALL_CARDS.__getitem__, cards))
        plays = tuple(zip(seats, played))
        points = _points((1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3]))
        winner, _ = kernel.trick_winner(cards, seats)
        completed.append(CompletedTrick(plays, winner, points))
        events.append(
            Event(
                "trick",
                winner,
                played,
                number,
                {"trick": tricks, "points": points, "plays": [[s, c.code] for s, c in plays]},
            )
        )
        cards, seats = [], []
    return completed, (cards, seats, tricks, broken, number)


def outcome_of(game: str, table: kernel.Table, hand_records: list[dict[str, Any]]) -> Outcome:
    """The outcome of a game (see :meth:`GameState.outcome`) from its table and its hand
    records."""
    over = table.phase == kernel.OVER
    totals = tuple(table.totals)
    # sorted() is stable: the seats by that hand's points, the lower seat first on a tie.
    order = tuple(sorted(_SEATS, key=hand_records[-1]["scores"].__getitem__)) if hand_records else ()
    winners: tuple[int, ...] = ()
    if over:
        lowest = min(totals)
        winners = tuple(s for s in _SEATS if totals[s] == lowest)
    return Outcome(
        game,
        over,
        len(hand_records),
        order,
        _NO_TITLES,
        totals,
        winners,
        tuple(map(copy_record, hand_records)),
        {
            "hand_scores": [list(r["scores"]) for r in hand_records],
            "moon_shooters": [r["moon_shooter"] for r in hand_records],
            "target": table.target,
            "current_hand_points": kernel.hand_points(table.won),
        },
    )


_SEATS = range(NUM_SEATS)
_NO_TITLES = (None,) * NUM_SEATS


def deal_events(hands: Sequence[int], number: int, direction: str) -> list[Event]:
    """The ``deal`` events of hand ``number``: each seat's cards, seen by that seat.

    >>> [(e.seat, len(e.cards), e.visible_to) for e in deal_events([1, 2, 4, 8], 1, "left")][:2]
    [(0, 1, (0,)), (1, 1, (1,))]
    """
    info = {"pass_direction": direction}
    events = []
    for seat in range(NUM_SEATS):
        cards = mask_to_cards(hands[seat])
        events.append(_new_tuple(Event, ("deal", seat, cards, number, info, (seat,), len(cards))))
    return events


def give_event(seat: int, mask: int, number: int, target: int, direction: str) -> list[Event]:
    """The ``give`` event of ``seat`` setting the cards of ``mask`` aside for ``target``."""
    cards = mask_to_cards(mask)
    info = {"to": target, "direction": direction}
    return [_new_tuple(Event, ("give", seat, cards, number, info, (seat,), len(cards)))]


def exchange_events(chosen: Sequence[int], offset: int, number: int, direction: str) -> list[Event]:
    """The ``exchange`` events of a hand's pass: the cards each seat chose (masks) reach
    the seat ``offset`` onward, seen by both."""
    events = []
    for giver in range(NUM_SEATS):
        receiver = (giver + offset) % NUM_SEATS
        cards = mask_to_cards(chosen[giver])
        info = {"to": receiver, "direction": direction}
        events.append(_new_tuple(Event, ("exchange", giver, cards, number, info, (giver, receiver), len(cards))))
    return events


def hand_over_events(record: Mapping[str, Any]) -> list[Event]:
    """The events of a hand's end from its record: ``moon`` if someone shot it, then
    ``round_over`` with a copy of the record."""
    number = record["hand"]
    events = []
    shooter = record["moon_shooter"]
    if shooter is not None:
        events.append(Event("moon", shooter, (), number, {"points": kernel.POINTS_PER_HAND}))
    events.append(Event("round_over", None, (), number, copy_record(record)))
    return events


def _hidden_give(count: int) -> str:
    return "give" + " ?" * count


def actions_seen(
    history: list[tuple[int, Action]], seat: int | None, start: int, carry: Any
) -> tuple[list[tuple[int, str]], int, Any]:
    """The history from ``start`` on with other seats' passes hidden.

    Passes come in groups of four, one group per hand with a pass; group ``k``
    (from 0) goes left, right, across for ``k % 3`` = 0, 1, 2.  A pass is shown to
    its giver, and to its receiver once the group is complete (the exchange done):
    the items from the first pass of a group still open on are not final.
    ``carry`` is the number of passes before ``start``.
    """
    gives_seen = carry or 0
    gives_total = gives_seen + sum(1 for _, action in history[start:] if action.kind == "give")
    complete = gives_total - gives_total % NUM_SEATS
    shown: list[tuple[int, str]] = []
    final = -1
    final_carry = gives_seen
    offsets = (1, 3, 2)
    for actor, action in history[start:]:
        if action.kind == "give":
            if gives_seen >= complete and final < 0:
                final, final_carry = len(shown), gives_seen
            receiver = (actor + offsets[(gives_seen // NUM_SEATS) % 3]) % NUM_SEATS
            visible = actor == seat or (receiver == seat and gives_seen < complete)
            gives_seen += 1
            if not visible:
                shown.append((actor, _hidden_give(len(action.cards))))
                continue
        shown.append((actor, str(action)))
    if final < 0:
        final, final_carry = len(shown), gives_seen
    return shown, final, final_carry


def hand_scores_seen(
    records: list[dict[str, Any]], seat: int | None, start: int, carry: Any
) -> tuple[list[tuple[int, ...]], int, None]:
    """The scores of each hand from ``records[start]`` on (a record is final once made)."""
    shown = [tuple(record["scores"]) for record in records[start:]]
    return shown, len(shown), None


def moon_shooters_seen(
    records: list[dict[str, Any]], seat: int | None, start: int, carry: Any
) -> tuple[list[int | None], int, None]:
    """Who shot the moon in each hand from ``records[start]`` on."""
    shown = [record["moon_shooter"] for record in records[start:]]
    return shown, len(shown), None


def records_from_scores(
    hand_scores: Sequence[Sequence[int]], moon_shooters: Sequence[int | None]
) -> list[dict[str, Any]]:
    """The hand records behind a public list of hand scores (see ``outcome().rounds``)."""
    records = []
    totals = [0] * NUM_SEATS
    for number, (scores, shooter) in enumerate(zip(hand_scores, moon_shooters), start=1):
        if shooter is None:
            raw = list(scores)
        else:
            raw = [kernel.POINTS_PER_HAND if seat == shooter else 0 for seat in range(NUM_SEATS)]
        totals = [total + score for total, score in zip(totals, scores)]
        records.append(
            {
                "hand": number,
                "pass_direction": pass_direction_for_hand(number),
                "points_taken": raw,
                "scores": list(scores),
                "moon_shooter": shooter,
                "totals": list(totals),
            }
        )
    return records


def copy_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a hand record with its own lists."""
    return {key: list(value) if type(value) is list else value for key, value in record.items()}

