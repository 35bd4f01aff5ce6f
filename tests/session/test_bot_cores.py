"""Hard bots at a table search in two processes where the machine has two cores; a
closed table, an undone move or a cancelled hint stops the worker processes too, and
the next decision still has both."""

from __future__ import annotations

import os
import sys
import threading
import time

import pytest

from cardtable.bots import make_bot, seat_bot_factory
from cardtable.bots.search import SearchBot
from cardtable.bots.search import pool as search_pool
from cardtable.games import get_rules
from cardtable.session import Seat, TableSession
from tests.waiting import wait_until

PLAYERS = {"hearts": 4, "president": 4, "durak": 2}

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time the processes have used (user and system), from /proc."""
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rpartition(")")[2].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def hard_table(game: str, seed: int = 9) -> TableSession:
    players = PLAYERS[game]
    state = get_rules(game).new_game(players=players, seed=seed)
    while state.legal_actions()[0].kind == "give" or len(state.legal_actions()) < 3:
        # To a move worth a search (the Hearts pass has a search of its own, in this
        # process only).
        state.apply(state.legal_actions()[0])
    return TableSession(state, [Seat.bot_seat(f"Bot{n}", "hard") for n in range(players)])


def test_a_table_gives_its_hard_bots_and_hints_one_process_per_core_up_to_two() -> None:
    state = get_rules("hearts").new_game(players=4, seed=3)
    seats = [Seat.human("Ann"), Seat.bot_seat("Ada", "hard"), Seat.bot_seat("Ben", "normal"), Seat.bot_seat("Cy", "hard")]
    session = TableSession(state, seats)
    expected = min(2, search_pool.available_cores())
    assert session.workers == search_pool.play_workers() == expected
    hard = [bot for bot in session.bots.values() if isinstance(bot, SearchBot)]
    assert len(hard) == 2 and all(bot.searcher.workers == expected for bot in hard)
    request = session.hint_request(0)
    assert not isinstance(request, str) and request.workers == expected
    session.set_bot_cores(1)
    assert all(bot.searcher.workers == 1 for bot in hard)
    session.replace_bot(2, "hard")
    replaced = session.bots[2]
    assert isinstance(replaced, SearchBot) and replaced.searcher.workers == 1
    # simulate runs games side by side instead: its bots keep one process each.
    simulated = seat_bot_factory("hearts", "hard")(1)
    assert isinstance(simulated, SearchBot) and simulated.searcher.workers == 1
    assert search_pool.play_workers(1) == 1 and search_pool.play_workers(5) == expected


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_every_hard_bot_plays_reproducibly_with_two_processes(game: str) -> None:
    def moves() -> list[str]:
        state = get_rules(game).new_game(players=PLAYERS[game], seed=3)
        bots = {s: make_bot(game, "hard", seed=s, iterations=120, workers=2) for s in range(PLAYERS[game])}
        played, searched = [], 0
        for _ in range(14):
            seat = state.current_player
            bot = bots[seat]
            assert isinstance(bot, SearchBot)
            action = bot.choose(state.observation(seat), state.legal_actions())
            decision = bot.last_decision
            assert decision is not None
            if decision.how in ("search", "checked"):
                searched += 1
                result = bot.searcher.last_result
                # both trees were merged: the worker process answered with its share
                assert result is not None and result.workers == 2 and result.iterations == 120
            played.append(str(action))
            state.apply(action)
        assert searched >= 3
        return played

    assert moves() == moves()


def test_worker_processes_keep_off_the_terminal() -> None:
    search_pool.warm_up(2)
    pool = search_pool._get_pool(1)
    if sys.platform.startswith("linux"):
        for fd in (0, 1, 2):
            assert pool.submit(os.readlink, f"/proc/self/fd/{fd}").result() == os.devnull
    assert pool.submit(os.isatty, 1).result() is False
    assert pool.submit(os.isatty, 2).result() is False


@linux_only
@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "how"),
    [("hearts", "close"), ("president", "close"), ("durak", "close"), ("durak", "undo"), ("president", "hint")],
)
def test_a_cancelled_two_process_search_stops_in_the_worker_too(game: str, how: str) -> None:
    """A 20 s hard bot with two processes: within a second of the cancel its worker
    process uses no more CPU, and the next decision still searches in two processes."""
    search_pool.warm_up(2)
    if how == "hint":
        players = PLAYERS[game]
        state = get_rules(game).new_game(players=players, seed=5)
        session = TableSession(state, [Seat.human("Ann")] + [Seat.bot_seat(f"B{n}", "easy") for n in range(1, players)])
        while not session.human_to_act:
            bot_request = session.bot_request()
            assert bot_request is not None
            session.bot_answer(bot_request.think())
        hint = session.hint_request(0)
        assert not isinstance(hint, str)
        hint.time_budget, hint.workers = 120.0, 2
        think = hint.think
        request = hint
    else:
        session = hard_table(game)
        for seat in session.bots:
            session.bots[seat] = make_bot(game, "hard", seed=seat, time_budget=120.0, workers=2)
        bot_request = session.bot_request()
        assert bot_request is not None
        think = bot_request.think
        request = bot_request
    answers: list[object] = []
    thread = threading.Thread(target=lambda: answers.append(think()))
    thread.start()
    pids = wait_until(search_pool.worker_pids, "the worker process starts")
    before = cpu_seconds(pids)
    time.sleep(1.0)
    assert cpu_seconds(pids) - before > 0.05, "the worker process was not searching"
    cancelled = time.monotonic()
    if how == "close":
        session.close()
    else:
        request.cancel()  # what an undo or a cancelled hint does to the request
    thread.join(timeout=60)
    assert not thread.is_alive() and time.monotonic() - cancelled < 30.0  # a fifth of the budget: it stopped
    assert answers
    time.sleep(max(0.0, cancelled + 0.5 - time.monotonic()))
    idle = cpu_seconds(pids)
    time.sleep(1.0)
    assert cpu_seconds(pids) - idle < 0.05, "the worker process went on searching"
    # The next decision has the worker at once.
    fresh = hard_table(game, seed=11)
    bot = make_bot(game, "hard", seed=1, time_budget=0.3, workers=2)
    assert isinstance(bot, SearchBot)
    started = time.perf_counter()
    for _ in range(6):
        seat = fresh.to_act
        assert seat is not None
        action = bot.choose(fresh.observation(seat), fresh.legal_actions())
        result = bot.searcher.last_result
        if bot.last_decision is not None and bot.last_decision.how in ("search", "checked"):
            assert result is not None and result.workers == 2
            break
        fresh.state.apply(action)
    else:
        pytest.fail("no decision searched")
    # Six decisions of 0.3 s: far less than waiting out the cancelled search (2 minutes).
    assert time.perf_counter() - started < 6 * 0.3 + 20.0


def test_the_pool_starts_beside_a_tui_that_has_replaced_stderr(tmp_path) -> None:
    """Textual stands in for sys.stderr with an object without a file descriptor; the
    worker processes must start all the same (in a fresh process: this one's pool runs)."""
    import subprocess

    script = tmp_path / "stand_in.py"
    script.write_text(
        "import io, sys\n"
        "from cardtable.bots.search import pool as search_pool\n"
        "class StandIn(io.TextIOBase):\n"
        "    def fileno(self):\n"
        "        return -1\n"
        "if __name__ == '__main__':\n"
        "    sys.stderr = StandIn()\n"
        "    search_pool.warm_up(2)\n"
        "    print(len(search_pool.worker_pids()))\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1" and done.stderr == ""
