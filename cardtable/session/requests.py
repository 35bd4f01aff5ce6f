"""The thinking a table hands out: a bot's turn (:class:`BotRequest`) and a hint
(:class:`HintRequest`), and their answers.

A request is taken from the table when it is asked (the seat's observation and legal
actions then, and the table's *generation*), so thinking about it touches nothing of
the table and may run in a worker thread; it can be cancelled.  The table plays an
answer, or drops it as stale when its generation moved on
(:meth:`~cardtable.session.TableSession.bot_answer`,
:meth:`~cardtable.session.TableSession.hint_answer`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from cardtable.bots import Bot, bot_name, describe_failure, make_bot
from cardtable.bots.driver import ask_bot
from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation
from cardtable.lang import _
from cardtable.lazy import lazy_names

if TYPE_CHECKING:
    from cardtable.bots.search import Decision, MoveValue

__all__ = ["BotAnswer", "BotOutcome", "BotRequest", "Decision", "HintAnswer", "HintRequest", "MoveValue"]

# The search's records are loaded with the search, when a hint first asks for it (a
# table of easy and normal bots never does).
__getattr__, __dir__ = lazy_names(
    __name__, {"Decision": "cardtable.bots.search", "MoveValue": "cardtable.bots.search"}, __all__
)

BotOutcome = Literal["played", "stale", "failed"]
"""What became of a bot's answer: played, dropped (the table moved on), or the bot failed."""


@dataclass(frozen=True)
class BotAnswer:
    """A bot's answer to a :class:`BotRequest`: an ``action``, or a ``failure`` line, or
    nothing when the thinking was ``cancelled``."""

    seat: int
    generation: int
    history: int
    action: object = None
    failure: str | None = None
    cancelled: bool = False


@dataclass
class BotRequest:
    """One bot turn, taken from the table when it was asked: safe to think in a thread."""

    seat: int
    generation: int
    history: int
    spec: str
    bot: Bot
    observation: Observation
    legal: Sequence[Action]
    cancel_event: threading.Event = field(default_factory=threading.Event)

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()

    def cancel(self) -> None:
        """Stop the thinking: the pacing wait ends and no answer is given."""
        self.cancel_event.set()

    def think(self, delay: float = 0.0, cancelled: Callable[[], bool] | None = None) -> BotAnswer:
        """Wait ``delay`` seconds (so a person can follow), then ask the bot
        (:func:`~cardtable.bots.driver.ask_bot`: a hard bot's search ends at once when
        the request is cancelled, because the game was closed or a move undone).

        ``cancelled`` is asked too (a worker thread's own flag).  An exception from
        the bot's code (``SystemExit`` too) becomes the answer's ``failure`` line.
        """
        choice = ask_bot(
            self.bot, self.observation, self.legal, delay=delay, stop=self.cancel_event, cancelled=cancelled
        )
        if choice.error is not None:
            return self._answer(failure=_("bot {bot} failed: {error}").format(
                bot=bot_name(self.spec), error=describe_failure(choice.error)))
        return self._answer(action=choice.action, cancelled=choice.cancelled)

    def _answer(self, action: object = None, failure: str | None = None, cancelled: bool = False) -> BotAnswer:
        return BotAnswer(self.seat, self.generation, self.history, action, failure, cancelled)


@dataclass(frozen=True)
class HintAnswer:
    """The hard bot's suggestion for ``seat`` (``None``: cancelled), and how it came to
    it (``decision``: the search's numbers, or the shortcut it took)."""

    seat: int
    generation: int
    action: Action | None
    decision: Decision | None = None


@dataclass
class HintRequest:
    """A hint asked for ``seat``: the hard bot thinks on that seat's observation only."""

    seat: int
    generation: int
    game: str
    seed: int
    iterations: int | None
    observation: Observation
    legal: Sequence[Action]
    cancel_event: threading.Event = field(default_factory=threading.Event)
    time_budget: float | None = None
    #: the processes the hard bot searches in (the table's :attr:`TableSession.workers`)
    workers: int = 1

    def cancel(self) -> None:
        self.cancel_event.set()

    def think(self, cancelled: Callable[[], bool] | None = None) -> HintAnswer:
        """Ask the hard bot (in a worker thread, if the caller likes), and how it decided."""
        bot = make_bot(
            self.game, "hard", seed=self.seed, iterations=self.iterations, time_budget=self.time_budget,
            workers=self.workers,
        )
        from cardtable.bots.search import SearchBot

        decision: Decision | None = None
        if isinstance(bot, SearchBot):
            bot.stop_on(self.cancel_event)
            decision = bot.explain(self.observation, self.legal)
            action = decision.action
        else:
            action = bot.choose(self.observation, self.legal)
        if self.cancel_event.is_set() or (cancelled is not None and cancelled()):
            return HintAnswer(self.seat, self.generation, None)
        return HintAnswer(self.seat, self.generation, action, decision)
