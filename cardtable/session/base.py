"""What every table a screen plays shares: :class:`SessionBase`.

A :class:`~cardtable.session.TableSession` and a seat joined from elsewhere
(``cardtable.net.remote.RemoteSession``) both tell their listeners what happened
(:class:`~cardtable.session.Notice`), count their *generation* (moved on by every
change, so that an answer asked before it is dropped) and keep the thinking they
handed out (bots' and hints' requests) to cancel it when the table moves on.  That
plumbing is written once, here.

>>> class Request:
...     cancelled = False
...     def cancel(self) -> None:
...         self.cancelled = True
>>> table, request = SessionBase(), Request()
>>> table.ask(request) is request
True
>>> table.cancel_thinking()
>>> request.cancelled, table.generation
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from cardtable.session.notices import Notice

__all__ = ["Cancellable", "SessionBase"]


class Cancellable(Protocol):
    """Thinking handed out by a table (a bot's or a hint's request)."""

    def cancel(self) -> None: ...


_Request = TypeVar("_Request", bound=Cancellable)


class SessionBase:
    """The notices' listeners, the generation and the thinking asked of a table."""

    def __init__(self) -> None:
        #: moves on at every change; an answer asked at an older one is dropped
        self.generation = 0
        self.closed = False
        self._listeners: list[Callable[[Notice], None]] = []
        self._asked: list[Cancellable] = []

    def listen(self, listener: Callable[[Notice], None]) -> None:
        """Call ``listener`` with every :class:`~cardtable.session.Notice` from now on."""
        self._listeners.append(listener)

    def _tell(self, notice: Notice) -> None:
        for listener in list(self._listeners):
            listener(notice)

    def ask(self, request: _Request) -> _Request:
        """Keep ``request`` (thinking handed out now) to cancel when the table moves on."""
        self._asked.append(request)
        return request

    def _cancel_asked(self) -> None:
        for request in self._asked:
            request.cancel()
        self._asked.clear()

    def cancel_thinking(self) -> None:
        """Stop every bot and hint thinking now; their answers, if any, are dropped."""
        self.generation += 1
        self._cancel_asked()
