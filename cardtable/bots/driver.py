"""Asking a bot for its move: :func:`ask_bot`, the one driver of every bot.

Three places have bots move: the game screen (in a worker thread), a network host (in
an asyncio thread) and the arena (in a plain loop).  Each asks through
:func:`ask_bot`, which does what asking a bot takes wherever it runs:

- waits ``delay`` seconds first, so a person can follow (a screen's, a host's pace),
  and gives up at once when the asking is cancelled meanwhile;
- has a hard bot's search stop at its next iteration when ``stop`` is set (the table
  moved on, the game was closed);
- holds a user's bot to ``within`` seconds (:func:`~cardtable.bots.limits.call_within`);
- catches whatever the bot's own code raises (``SystemExit`` too, but never
  ``KeyboardInterrupt``) and hands it back, with the seconds the choice took.

What to do with the answer stays the caller's: the session plays it or drops it as
stale, the arena checks it and raises with the game's seat and seed.

>>> from cardtable.bots import make_bot
>>> from cardtable.games import get_rules
>>> state = get_rules("president").new_game(players=3, seed=5)
>>> seat = state.current_player
>>> choice = ask_bot(make_bot("president", "random", seed=1), state.observation(seat), state.legal_actions())
>>> choice.action in state.legal_actions(), choice.error, choice.cancelled
(True, None, False)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.bots.base import Bot
from cardtable.bots.limits import call_within
from cardtable.engine.actions import Action
from cardtable.engine.observation import Observation

__all__ = ["BotChoice", "ask_bot"]

#: how often a pacing wait looks whether it was cancelled
POLL_SECONDS = 0.05


@dataclass(frozen=True)
class BotChoice:
    """What a bot answered: its ``action`` (whatever it returned, checked by the
    caller), or the ``error`` its code raised, or nothing when the asking was
    ``cancelled``; ``seconds``: how long its ``choose`` took."""

    action: object = None
    error: BaseException | None = None
    cancelled: bool = False
    seconds: float = 0.0


def ask_bot(
    bot: Bot,
    observation: Observation,
    legal: Sequence[Action],
    *,
    delay: float = 0.0,
    stop: threading.Event | None = None,
    cancelled: Callable[[], bool] | None = None,
    within: float | None = None,
) -> BotChoice:
    """Wait ``delay`` seconds, then ask ``bot`` to choose from ``legal`` seeing
    ``observation``.  ``stop`` and ``cancelled`` (a worker thread's own flag) end the
    asking: before the bot is asked nothing is; a hard bot's search ends at its next
    iteration when ``stop`` is set, and its answer then comes back ``cancelled``.
    ``within``: the seconds the bot's ``choose`` may take (``None``: no limit); past
    them the error is a :class:`~cardtable.bots.limits.BotTimeout`."""

    def stopped() -> bool:
        return (stop is not None and stop.is_set()) or (cancelled is not None and cancelled())

    end = time.monotonic() + delay
    while time.monotonic() < end:
        if stopped():
            return BotChoice(cancelled=True)
        time.sleep(min(POLL_SECONDS, max(end - time.monotonic(), 0)))
    if stopped():
        return BotChoice(cancelled=True)
    searching = None
    if stop is not None:
        from cardtable.bots.search import SearchBot  # only a table that can stop a bot needs the search

        if isinstance(bot, SearchBot):
            searching = bot
            searching.stop_on(stop)
    started = time.perf_counter()
    try:
        action = call_within(within, bot.choose, observation, legal)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # noqa: BLE001 - a bot's own bug (sys.exit too) goes back to who asked
        return BotChoice(error=error, seconds=time.perf_counter() - started)
    finally:
        if searching is not None:
            searching.stop_on(None)
    return BotChoice(action=action, cancelled=stopped(), seconds=time.perf_counter() - started)
