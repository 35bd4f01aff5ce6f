"""The Durak bots' decisions at fixed iterations on a fixed set of positions.

``tests/bots/data/durak_decisions.json`` holds, per position, the action the hard bot
chose, the root statistics of its search (visits and summed value per root action, the
value as ``repr`` of the float; ``None`` when it answered without searching: a single
legal action or the exact endgame), and the actions of the easy and the normal bot.
The positions come from games of easy and normal bots through the public API, two,
three and four players: openings, defences, takes, throw-ins after a take, the last
cards of the stock, and endgames with an empty deck.  A change that must not change the
bots (a faster kernel, a refactoring) keeps every entry identical:

    python tests/bots/durak_decisions.py check     # compare with the fixture
    python tests/bots/durak_decisions.py record    # rewrite it (a deliberate change)
    python tests/bots/durak_decisions.py speed     # search iterations per CPU second
    python tests/bots/durak_decisions.py solver    # endgame solver positions per CPU second

``tests/bots/test_durak_decisions.py`` runs the comparison in the test suite.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardtable.bots.durak import EasyDurakBot, HardDurakBot, NormalDurakBot  # noqa: E402
from cardtable.games import get_rules  # noqa: E402
from tests import recorded  # noqa: E402

FIXTURE = Path(__file__).parent / "data" / "durak_decisions.json"
POSITIONS = 300
ITERATIONS = 80
PLAYER_COUNTS = (2, 2, 3, 4)


def positions(count: int = POSITIONS, seed: int = 14) -> list[tuple[str, Any]]:
    """``count`` positions as ``(label, state)``: whole games of easy and normal bots,
    every few actions one position with a choice kept."""
    rules = get_rules("durak")
    rng = random.Random(seed)
    found: list[tuple[str, Any]] = []
    game = 0
    while len(found) < count:
        game_seed = rng.randrange(10**6)
        players = rng.choice(PLAYER_COUNTS)
        state = rules.new_game(players=players, seed=game_seed, rounds=rng.choice((1, 1, 2)))
        bots = [
            (NormalDurakBot if rng.random() < 0.7 else EasyDurakBot)(game_seed + seat) for seat in range(players)
        ]
        step = 0
        gap = rng.randrange(2, 9)
        while not state.is_over and len(found) < count:
            seat = state.current_player
            legal = state.legal_actions()
            step += 1
            if step % gap == 0 and len(legal) > 1:
                found.append((f"game {game} ({players} players) seed {game_seed} action {len(state.history)}",
                              state.clone()))
                gap = rng.randrange(2, 9)
            state.apply(bots[seat].choose(state.observation(seat), legal))
        game += 1
    return found


def decision(state: Any, bot_seed: int) -> dict[str, Any]:
    """What each bot (the hard one at fixed iterations) chooses in ``state``."""
    seat = state.current_player
    observation, legal = state.observation(seat), state.legal_actions()
    hard = HardDurakBot(seed=bot_seed, iterations=ITERATIONS)
    action = hard.choose(observation, legal)
    result = hard.searcher.last_result
    root = None
    if result is not None:
        root = {key: [visits, repr(value)] for key, (visits, value) in sorted(result.root.items())}
    return {
        "action": str(action),
        "root": root,
        "rejected": None if result is None else result.rejected_samples,
        "normal": str(NormalDurakBot(bot_seed).choose(observation, legal)),
        "easy": str(EasyDurakBot(bot_seed).choose(observation, legal)),
    }


def decisions(count: int = POSITIONS) -> list[dict[str, Any]]:
    out = []
    for number, (label, state) in enumerate(positions(count)):
        out.append({"position": label, **decision(state, number)})
    return out


def speed(count: int = 120, iterations: int = 400) -> float:
    """The hard bot's search iterations per CPU second over the searched positions among
    the first ``count`` (``iterations`` each; positions the endgame solver answers are
    left out)."""
    done = 0
    spent = 0.0
    for number, (_, state) in enumerate(positions(count)):
        bot = HardDurakBot(seed=number, iterations=iterations)
        observation, legal = state.observation(state.current_player), state.legal_actions()
        if bot.shortcut(observation, legal, bot.deadline()) is not None:
            continue
        bot = HardDurakBot(seed=number, iterations=iterations)
        start = time.process_time()
        bot.choose(observation, legal)
        spent += time.process_time() - start
        result = bot.searcher.last_result
        done += result.iterations if result is not None else 0
    return done / spent


def solver_speed(count: int = POSITIONS) -> tuple[int, int, float]:
    """The exact endgame solver on the two-player empty-deck positions among the first
    ``count``, each solved afresh (node limit as the hard bot's): ``(positions, nodes
    visited, nodes per CPU second)``."""
    from cardtable.bots.durak import ENDGAME_NODE_LIMIT, EndgameSolver, endgame_position

    solved = nodes = 0
    spent = 0.0
    for _, state in positions(count):
        observation = state.observation(state.current_player)
        position = endgame_position(observation)
        if position is None:
            continue
        solver = EndgameSolver(observation.trump_card.index & 3, node_limit=ENDGAME_NODE_LIMIT)
        start = time.process_time()
        try:
            solver.best_action(position)
        except Exception:  # noqa: BLE001 - past the node limit: the nodes so far still count
            pass
        spent += time.process_time() - start
        solved += 1
        nodes += solver.nodes
    return solved, nodes, nodes / spent


def _describe(recorded: dict[str, Any], now: dict[str, Any]) -> str:
    return f"{recorded['position']}: {recorded['action']} then, {now['action']} now"


def _solver_line() -> str:
    solved, nodes, rate = solver_speed()
    return f"{solved} endgames, {nodes} positions visited, {rate:.0f} per CPU second"


def main(argv: list[str]) -> int:
    tools = {
        "speed": lambda: f"{speed():.0f} iterations per CPU second",
        "solver": _solver_line,
    }
    return recorded.main(argv, FIXTURE, decisions, "position", _describe, tools)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
