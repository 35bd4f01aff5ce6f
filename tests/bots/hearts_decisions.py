"""The Hearts hard bot's decisions at fixed iterations on a fixed set of positions.

``tests/bots/data/hearts_hard_decisions.json`` holds, per position, the action the hard
bot chose and the root statistics of its search (visits and summed value per root
action, the value as ``repr`` of the float).  The positions come from games of easy
and normal bots through the public API; they include passes, every pass direction,
later hands with scores on the board, and moon suspects.  A change that must not
change the bot (a faster kernel, a refactoring) keeps every entry identical:

    python tests/bots/hearts_decisions.py check     # compare with the fixture
    python tests/bots/hearts_decisions.py record    # rewrite it (a deliberate change)
    python tests/bots/hearts_decisions.py speed     # search iterations per CPU second

``tests/bots/test_hearts_decisions.py`` runs the comparison in the test suite.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardtable.bots.hearts import EasyHeartsBot, HardHeartsBot, NormalHeartsBot  # noqa: E402
from cardtable.games import get_rules  # noqa: E402
from tests import recorded  # noqa: E402

FIXTURE = Path(__file__).parent / "data" / "hearts_hard_decisions.json"
POSITIONS = 300
ITERATIONS = 120
PASS_PLAYOUTS = 40


def positions(count: int = POSITIONS, seed: int = 14) -> list[tuple[str, Any]]:
    """``count`` positions as ``(label, state)``: whole games of easy and normal bots,
    every few actions one position kept (a pass, a lead, a follow, a discard)."""
    rules = get_rules("hearts")
    rng = random.Random(seed)
    found: list[tuple[str, Any]] = []
    game = 0
    while len(found) < count:
        game_seed = rng.randrange(10**6)
        state = rules.new_game(players=4, seed=game_seed, target=rng.choice((30, 60, 100)))
        bots = [
            (NormalHeartsBot if rng.random() < 0.7 else EasyHeartsBot)(game_seed + seat) for seat in range(4)
        ]
        step = 0
        gap = rng.randrange(3, 12)
        while not state.is_over and len(found) < count:
            seat = state.current_player
            legal = state.legal_actions()
            step += 1
            if step % gap == 0 and len(legal) > 1:
                found.append((f"game {game} seed {game_seed} action {len(state.history)}", state.clone()))
                gap = rng.randrange(3, 12)
            state.apply(bots[seat].choose(state.observation(seat), legal))
        game += 1
    return found


def decision(state: Any, bot_seed: int) -> dict[str, Any]:
    """What the hard bot (fixed iterations) chooses in ``state``, with its root statistics."""
    seat = state.current_player
    bot = HardHeartsBot(seed=bot_seed, iterations=ITERATIONS, pass_playouts=PASS_PLAYOUTS)
    action = bot.choose(state.observation(seat), state.legal_actions())
    result = bot.searcher.last_result
    root = None
    if result is not None:
        root = {key: [visits, repr(value)] for key, (visits, value) in sorted(result.root.items())}
    return {"action": str(action), "root": root, "rejected": None if result is None else result.rejected_samples}


def decisions(count: int = POSITIONS) -> list[dict[str, Any]]:
    out = []
    for number, (label, state) in enumerate(positions(count)):
        out.append({"position": label, **decision(state, number)})
    return out


def speed(count: int = 80, iterations: int = 500) -> float:
    """The hard bot's search iterations per CPU second over the play positions among the
    first ``count`` (``iterations`` each)."""
    import time

    done = 0
    spent = 0.0
    for number, (_, state) in enumerate(positions(count)):
        if state.observation(0).phase != "play":
            continue
        bot = HardHeartsBot(seed=number, iterations=iterations)
        observation, legal = state.observation(state.current_player), state.legal_actions()
        start = time.process_time()
        bot.choose(observation, legal)
        spent += time.process_time() - start
        result = bot.searcher.last_result
        done += result.iterations if result is not None else 0
    return done / spent


def _describe(recorded: dict[str, Any], now: dict[str, Any]) -> str:
    return f"{recorded['position']}: {recorded['action']} then, {now['action']} now"


def main(argv: list[str]) -> int:
    tools = {"speed": lambda: f"{speed():.0f} iterations per CPU second"}
    return recorded.main(argv, FIXTURE, decisions, "position", _describe, tools)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
