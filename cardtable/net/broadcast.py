"""Telling each player their seat's state, in small messages: :func:`state_message`.

After every change the host sends each remote seat only that seat's observation, its
legal moves and whose turn it is (:class:`~cardtable.net.protocol.StateUpdate`).  A
long game's observation grows with its log, so a player is sent the whole of it once
(its log cut to the recent part a client keeps), then only what changed: the fields
that differ, and the items appended to each log.  What each player holds is kept on
its :class:`Player` (the connection, its send queue and its budget of messages), and
only the end of each log is turned into JSON after a move (:func:`observation_json`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from cardtable.engine.observation import to_jsonable
from cardtable.net.admission import Bucket, Limits
from cardtable.net.protocol import LOG_EVENTS, LOG_FIELDS, LOG_MOVES, ClockStatus, StateUpdate, recent_log
from cardtable.session import TableSession

__all__ = ["Player", "changes", "observation_json", "state_message"]


class Player:
    """One joined connection: its seat, its send queue and its budget of messages."""

    def __init__(self, ws: ServerConnection, seat: int, limits: Limits) -> None:
        self.ws = ws
        self.seat = seat
        self.bucket = Bucket(limits.rate, limits.burst)
        self.over_limit = 0
        self.warned_at = 0.0
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.limit = limits.send_queue
        self.writer: asyncio.Task[None] | None = None
        #: the observation as this player holds it (its log cut to the recent part),
        #: and how long each log field was at the last state sent: the next state
        #: sends only what differs
        self.holds: dict[str, Any] | None = None
        self.logged: dict[str, int] = {}

    def send(self, data: bytes) -> bool:
        """Queue ``data``; ``False`` if the player stopped reading (the queue is full)."""
        if self.queue.qsize() >= self.limit:
            return False
        self.queue.put_nowait(data)
        return True

    async def write(self) -> None:
        """Send the queue in order until ``None`` (close after the last message)."""
        try:
            while True:
                data = await self.queue.get()
                if data is None:
                    break
                await self.ws.send(data.decode("utf-8"))
        except ConnectionClosed:
            pass
        finally:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.close()


def state_message(
    session: TableSession, player: Player, last_seq: int, fresh: bool = False, clocks: list[ClockStatus] | None = None,
) -> StateUpdate:
    """``player``'s seat's state: the whole observation (its log cut to the recent
    part) to a new connection (``fresh``), else only what changed since its last state,
    so that a message stays small however long the game.  ``last_seq``: the seat's last
    move number the host took; ``clocks``: the turn clock's timed seats.  What the
    player holds follows."""
    state = session.state
    seat = player.seat
    fresh = fresh or player.holds is None
    held_from = {} if fresh else {
        field: player.logged[field] - len(player.holds[field])  # type: ignore[index]
        for field in player.logged
    }
    seen, starts, lengths = observation_json(session, seat, held_from)
    # Where several seats choose at once (Hearts' pass), each is told it is to act.
    to_act = seat if seat in session.choosing else session.to_act
    legal = [str(action) for action in session.legal_for(seat)] if to_act == seat else []
    outcome = state.outcome().to_dict() if state.is_over else None
    if fresh or player.holds is None:
        player.holds = recent_log(seen)
        player.logged = lengths
        return StateUpdate(
            observation=player.holds, legal=legal, to_act=to_act, full=True, last_seq=last_seq, outcome=outcome,
            clocks=clocks or [],
        )
    changed, appended = changes(player.holds, player.logged, seen, starts, lengths)
    return StateUpdate(
        observation=changed, legal=legal, to_act=to_act, appended=appended, last_seq=last_seq, outcome=outcome,
        clocks=clocks or [],
    )


def observation_json(
    session: TableSession, seat: int, held_from: dict[str, int]
) -> tuple[dict[str, Any], dict[str, int], dict[str, int]]:
    """``session.observation(seat).to_dict()`` but for the log fields
    (:data:`~cardtable.net.protocol.LOG_FIELDS`), of which only the end is turned into
    JSON: from the first item the player holds (``held_from``, by field) or the most a
    client keeps, whichever comes first.  Returns the JSON, where each log field starts,
    and each log field's whole length: turning a long game's whole log into JSON for
    every seat after every move would cost more with every move.
    """
    observation = session.observation(seat)  # with who chose ahead of their turn
    data: dict[str, Any] = {}
    starts: dict[str, int] = {}
    lengths: dict[str, int] = {}
    for field in dataclasses.fields(observation):
        value = getattr(observation, field.name)
        if field.name in LOG_FIELDS:
            keep = LOG_EVENTS if field.name == "events" else LOG_MOVES
            start = max(0, min(held_from.get(field.name, len(value)), len(value) - keep))
            starts[field.name], lengths[field.name] = start, len(value)
            tail = value[start:]
            data[field.name] = (
                [event.to_dict() for event in tail] if field.name == "events"
                else [[actor, text] for actor, text in tail]  # (seat, notation) pairs
            )
        else:
            data[field.name] = to_jsonable(value)
    return data, starts, lengths


def changes(
    holds: dict[str, Any], logged: dict[str, int], seen: dict[str, Any], starts: dict[str, int],
    lengths: dict[str, int],
) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """What a player holding ``holds`` (its logs ``logged`` long at the host) is sent
    so that it holds the recent part of ``seen`` (whose log fields are the end of the
    log from ``starts``, of ``lengths`` in all): the fields that changed (whole) and
    those that grew at their end (the new items).  ``holds`` and ``logged`` follow.

    A log field (:data:`LOG_FIELDS`) is compared on the part the player holds only:
    what came before it is gone from the player; one whose held part changed (a Hearts
    pass shown to its receiver) is sent as its recent part, whole.
    """
    changed: dict[str, Any] = {}
    appended: dict[str, list[Any]] = {}
    for field, value in seen.items():
        held = holds.get(field)
        if field in starts and isinstance(held, list):
            count, tail = logged.get(field, 0), starts[field]
            first = count - len(held)
            if tail <= first and count <= lengths[field] and value[first - tail:count - tail] == held:
                if lengths[field] > count:
                    appended[field] = value[count - tail:]
            else:
                changed[field] = value
            logged[field] = lengths[field]
        elif value != held:
            if isinstance(value, list) and isinstance(held, list) and len(value) > len(held) \
                    and value[:len(held)] == held:
                appended[field] = value[len(held):]
            else:
                changed[field] = value
    grown = {field: holds[field] + items for field, items in appended.items()}
    holds.update(recent_log({**holds, **grown, **changed}))
    for field in changed.keys() & set(LOG_FIELDS):
        changed[field] = holds[field]
    return changed, appended
