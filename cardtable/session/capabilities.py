"""The capabilities of a table played at this keyboard: the objects a
:class:`~cardtable.session.TableSession` hands out as its ``bot_turns``, ``handover``,
``undoing`` and ``hints`` (see :mod:`cardtable.session.protocol`).

Each is a thin view of the session that says what the screen may do with it, and
nothing else: the screen asks ``table.bot_turns.request()`` and never sees the bots
themselves.  :class:`SeatHints` serves any table that knows a seat's observation and
legal moves (a joined seat's too).

>>> from cardtable.games import get_rules
>>> from cardtable.session import Seat, TableSession
>>> table = TableSession(get_rules("durak").new_game(players=2, seed=3), [Seat.human("Ann"), Seat.bot_seat("Ada", "easy")])
>>> turns = table.bot_turns
>>> request = turns.request() if turns is not None else None
>>> (request.seat, request.spec) if request is not None else table.to_act
(1, 'easy')
>>> table.handover is None, table.undoing is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.bots.search import MoveValue
    from cardtable.engine.actions import Action
    from cardtable.engine.observation import Observation
    from cardtable.session.notices import CannotUndo
    from cardtable.session.requests import BotAnswer, BotOutcome, BotRequest, HintAnswer, HintRequest
    from cardtable.session.table import TableSession

__all__ = ["LocalBotTurns", "LocalHotSeat", "LocalUndo", "SeatHints"]


class LocalBotTurns:
    """The bots of ``table``, thought about by whoever shows it."""

    def __init__(self, table: TableSession) -> None:
        self._table = table

    @property
    def failures(self) -> dict[int, str]:
        return self._table.bot_failures

    def request(self) -> BotRequest | None:
        return self._table.bot_request()

    def answer(self, answer: BotAnswer) -> BotOutcome:
        return self._table.bot_answer(answer)

    def failed(self) -> int | None:
        return self._table.failed_bot()

    def replace(self, seat: int, level: str) -> None:
        self._table.replace_bot(seat, level)

    def configure(self, think_time: float | None, cores: int | None) -> None:
        """The hard bots' thinking time and processes from their next decision on."""
        self._table.set_think_time(think_time)
        self._table.set_bot_cores(cores)


class LocalHotSeat:
    """Hot-seat at ``table``: the keyboard handed from person to person."""

    def __init__(self, table: TableSession) -> None:
        self._table = table

    @property
    def table_only(self) -> bool:
        return self._table.table_only

    def public_observation(self) -> Observation:
        return self._table.public_observation()

    def due(self) -> int | None:
        return self._table.handover_due()

    def reveal_due(self) -> int | None:
        return self._table.reveal_due()

    def hand_over(self, seat: int) -> None:
        self._table.hand_over(seat)

    def reveal(self, seat: int) -> None:
        self._table.reveal(seat)


class LocalUndo:
    """Taking back the one person's moves at ``table``."""

    def __init__(self, table: TableSession) -> None:
        self._table = table

    @property
    def used(self) -> bool:
        return self._table.undo_used

    def undo(self) -> CannotUndo | None:
        return self._table.undo()


class SeatHints:
    """The hard bot's suggestion for a seat, from ``ask`` (which makes the request or
    says why not) and ``check`` (which drops an answer the table moved on from);
    ``settings`` takes the thinking time, the processes and the search's size."""

    def __init__(
        self,
        ask: Callable[[int], HintRequest | str],
        check: Callable[[HintAnswer], Action | None],
        settings: Callable[[float | None, int | None, int | None], None],
    ) -> None:
        self._ask = ask
        self._check = check
        self._settings = settings

    def request(self, seat: int) -> HintRequest | str:
        return self._ask(seat)

    def answer(self, answer: HintAnswer) -> Action | None:
        return self._check(answer)

    def configure(self, think_time: float | None, cores: int | None, iterations: int | None) -> None:
        self._settings(think_time, cores, iterations)

    def about_equal(
        self, moves: Sequence[MoveValue], action: Action, score: Callable[[int], float] | None = None
    ) -> list[MoveValue]:
        """The hint's moves that the search cannot tell from ``action`` (within noise;
        compared in ``score``, what an outcome counts in the figure the player is shown)."""
        from cardtable.bots.search import about_equal

        return about_equal(moves, action, score)
