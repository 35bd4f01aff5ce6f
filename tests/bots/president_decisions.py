"""The President hard bot's decisions at fixed iterations on a fixed set of positions.

``tests/bots/data/president_hard_decisions.json`` holds, per position, the action the hard
bot chose and the root statistics of its search (visits and summed value per root
action, the value as ``repr`` of the float; ``null`` when it decided without a tree
search: an exchange, a forced line, an endgame solved).  The positions come from games
of easy and normal bots through the public API, over every player count, several
rounds, with and without revolutions; they include exchanges, leads, follows, passes
and forced lines.  A change that must not change the bot (a rules kernel under the
search, hooks instead of an overridden ``choose``) keeps every entry identical:

    python tests/bots/president_decisions.py check     # compare with the fixture
    python tests/bots/president_decisions.py record    # rewrite it (a deliberate change)
    python tests/bots/president_decisions.py speed     # iterations per CPU second

``tests/bots/test_president_decisions.py`` runs the comparison in the test suite (Hearts
and Durak have theirs: ``hearts_decisions.py``, ``durak_decisions.py``).
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

from cardtable.bots.president import EasyPresidentBot, HardPresidentBot, NormalPresidentBot  # noqa: E402
from cardtable.games import get_rules  # noqa: E402
from tests import recorded  # noqa: E402

FIXTURE = Path(__file__).parent / "data" / "president_hard_decisions.json"
POSITIONS = 300
ITERATIONS = 120


def positions(count: int = POSITIONS, seed: int = 14) -> list[tuple[str, Any]]:
    """``count`` positions as ``(label, state)``: whole games of easy and normal bots,
    3 to 6 players, 1 to 3 rounds, revolutions on 70% of the time; every few actions one
    position with a choice kept."""
    rules = get_rules("president")
    rng = random.Random(seed)
    found: list[tuple[str, Any]] = []
    number = 0
    while len(found) < count:
        game_seed = rng.randrange(10**6)
        state = rules.new_game(
            players=rng.randrange(3, 7), seed=game_seed, rounds=rng.choice((1, 2, 3)), revolution=rng.random() < 0.7
        )
        bots = [
            (NormalPresidentBot if rng.random() < 0.7 else EasyPresidentBot)(game_seed + seat)
            for seat in range(state.num_players)
        ]
        step = 0
        gap = rng.randrange(2, 9)
        while not state.is_over and len(found) < count:
            seat = state.current_player
            legal = state.legal_actions()
            step += 1
            if step % gap == 0 and len(legal) > 1:
                found.append((f"game {number} seed {game_seed} action {len(state.history)}", state.clone()))
                gap = rng.randrange(2, 9)
            state.apply(bots[seat].choose(state.observation(seat), legal))
        number += 1
    return found


def decision(state: Any, bot_seed: int) -> dict[str, Any]:
    """What the hard bot (fixed iterations) chooses in ``state``, with its root statistics."""
    seat = state.current_player
    bot = HardPresidentBot(seed=bot_seed, iterations=ITERATIONS)
    action = bot.choose(state.observation(seat), state.legal_actions())
    result = bot.searcher.last_result
    root = None
    if result is not None:
        root = {key: [visits, repr(value)] for key, (visits, value) in sorted(result.root.items())}
    return {"action": str(action), "root": root, "rejected": None if result is None else result.rejected_samples}


def decisions(count: int = POSITIONS) -> list[dict[str, Any]]:
    return [{"position": label, **decision(state, number)} for number, (label, state) in enumerate(positions(count))]


def speed(count: int = 80, iterations: int = 500) -> float:
    """The hard bot's search iterations per CPU second of its whole decisions (the
    checks around the search included), over the searched positions among the first
    ``count`` (``iterations`` each)."""
    done = 0
    spent = 0.0
    for number, (_, state) in enumerate(positions(count)):
        bot = HardPresidentBot(seed=number, iterations=iterations)
        observation, legal = state.observation(state.current_player), state.legal_actions()
        start = time.process_time()
        bot.choose(observation, legal)
        elapsed = time.process_time() - start
        result = bot.searcher.last_result
        if result is not None:
            done += result.iterations
            spent += elapsed
    return done / spent


def _describe(recorded: dict[str, Any], now: dict[str, Any]) -> str:
    return f"{recorded['position']}: {recorded['action']} then, {now['action']} now"


def main(argv: list[str]) -> int:
    tools = {"speed": lambda: f"{speed():.0f} iterations per CPU second"}
    return recorded.main(argv, FIXTURE, decisions, "position", _describe, tools)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
