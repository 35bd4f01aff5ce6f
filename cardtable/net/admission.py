"""Who gets in to a networked table, and how fast: :class:`Admission`.

A player joins with their seat's secret code.  A right code is let in at once, always:
someone trying codes must not keep a player out.  A wrong code is answered after a
short delay, and after a few from one address each further one waits longer; a
connection must say ``hello`` soon, and only so many may wait to say it (from one
address too); one code may join only so often.  Every number is a field of
:class:`Limits`.  :class:`~cardtable.net.host.NetHost` asks an :class:`Admission`
about each connection; once seated, each player's messages are rate-limited by a
:class:`Bucket` of its own.

>>> admission = Admission(Limits(), {1: "right"})
>>> admission.seat_for("right"), admission.seat_for("wrong")
(1, None)
>>> admission.hold("10.0.0.1"), admission.pending_from
(False, {'10.0.0.1': 1})
>>> admission.release("10.0.0.1"); admission.pending, admission.pending_from
(0, {})
"""

from __future__ import annotations

import asyncio
import hmac
import time
from collections import deque
from dataclasses import dataclass

from websockets.asyncio.server import ServerConnection

__all__ = ["Admission", "Bucket", "Limits"]


@dataclass(frozen=True)
class Limits:
    """How much a connection may send, and how wrong codes are slowed down.

    ``rate`` messages a second on average, in bursts of up to ``burst``; a connection
    that goes on sending after ``flood_close`` messages over the limit is closed.
    A wrong code is answered after ``wrong_code_delay`` seconds; after
    ``wrong_codes`` of them from one address within ``wrong_code_window`` seconds,
    each further wrong code from there is answered after ``slow_delay`` seconds.  A
    right code is always let in at once: someone trying codes must not keep a player
    out.  A connection must say ``hello`` within ``hello_timeout`` seconds; at most
    ``max_pending`` connections may be waiting to say it (or for the answer), at most
    ``max_pending_per_address`` of them from one address.  Beyond those a connection
    is still heard, briefly: it must say ``hello`` within ``crowded_hello_timeout``
    seconds, a right code is seated at once, anything else is refused at once (so it
    holds nothing).  A guesser who hangs up frees its place at once.  One code may
    join ``joins`` times in a row, then once every ``join_interval`` seconds (each
    join and leave is news to everyone at the table).  A player whose messages the
    host cannot send (they stopped reading) is dropped after ``send_queue`` unsent
    messages.
    """

    rate: float = 20.0
    burst: int = 40
    flood_close: int = 400
    wrong_code_delay: float = 0.5
    wrong_codes: int = 5
    wrong_code_window: float = 60.0
    slow_delay: float = 5.0
    hello_timeout: float = 10.0
    max_pending: int = 64
    max_pending_per_address: int = 8
    crowded_hello_timeout: float = 2.0
    joins: int = 10
    join_interval: float = 3.0
    send_queue: int = 1000


class Bucket:
    """A token bucket: ``allow()`` says whether one more message fits the rate."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False



class Admission:
    """The admission's books of one table: wrong codes by address, the connections
    waiting to say ``hello``, and each seat's budget of joins.  ``codes``: each remote
    seat's secret."""

    def __init__(self, limits: Limits, codes: dict[int, str]) -> None:
        self.limits = limits
        self.codes = codes
        #: per address, when its recent wrong codes came
        self.failures: dict[str, deque[float]] = {}
        #: the connections waiting to say ``hello`` (or for the answer), in all and by address
        self.pending = 0
        self.pending_from: dict[str, int] = {}
        #: per seat, its code's budget of joins
        self.joins: dict[int, Bucket] = {
            seat: Bucket(1 / limits.join_interval, limits.joins) for seat in codes
        }

    def hold(self, address: str) -> bool:
        """Count a new connection from ``address`` as waiting; ``True`` (and nothing
        counted) when too many wait already: it is heard briefly and holds no place."""
        waiting = self.pending_from.get(address, 0)
        # Past the caps a connection holds no place: it is heard briefly, and only a
        # right code gets in (every player on one machine shares its address).
        if self.pending >= self.limits.max_pending or waiting >= self.limits.max_pending_per_address:
            return True
        self.pending += 1
        self.pending_from[address] = waiting + 1
        return False

    def release(self, address: str) -> None:
        """A connection :meth:`hold` counted is seated or gone: its place is free."""
        self.pending -= 1
        self.pending_from[address] -= 1
        if not self.pending_from[address]:
            del self.pending_from[address]

    def seat_for(self, code: str) -> int | None:
        """The seat whose code is ``code``: every code is compared, each in constant time."""
        given = code.encode("utf-8")
        found = None
        for seat, secret in self.codes.items():
            if hmac.compare_digest(given, secret.encode("utf-8")):
                found = seat
        return found

    def wrong_code(self, address: str) -> bool:
        """Book a wrong code from ``address``; whether it tried enough lately to be
        answered slowly (counted before this one)."""
        slow = self.too_many_wrong(address)
        self.failures.setdefault(address, deque()).append(time.monotonic())
        return slow

    def too_many_wrong(self, address: str) -> bool:
        """Whether ``address`` tried enough wrong codes lately to be answered slowly."""
        now = time.monotonic()
        if len(self.failures) > 10_000:
            # Addresses are cheap (IPv6): forget those whose tries are old.
            window = self.limits.wrong_code_window
            self.failures = {key: tries for key, tries in self.failures.items() if now - tries[-1] <= window}
        failures = self.failures.get(address)
        if not failures:
            return False
        while failures and now - failures[0] > self.limits.wrong_code_window:
            failures.popleft()
        return len(failures) >= self.limits.wrong_codes

    def join_wait(self, seat: int) -> int | None:
        """The seconds before ``seat``'s code may join again (it joined too often lately),
        or ``None`` when it may join now."""
        joins = self.joins[seat]
        if joins.allow():
            return None
        return max(1, round((1 - joins.tokens) / joins.rate))

    @staticmethod
    async def hung_up_within(ws: ServerConnection, seconds: float) -> bool:
        """Wait ``seconds``; ``True`` as soon as the other side closes the connection."""
        closed = asyncio.ensure_future(ws.wait_closed())
        try:
            done, _ = await asyncio.wait([closed], timeout=seconds)
        finally:
            closed.cancel()
        return bool(done)
