"""The President and Durak hard bots' decisions at fixed iterations on fixed positions.

``tests/bots/data/<game>_hard_decisions.json`` holds, per position, the action the hard
bot chose and the root statistics of its search (visits and summed value per root
action, the value as ``repr`` of the float; ``null`` when it decided without a tree
search: an exchange, a forced line, an endgame solved).  The positions come from games
of easy and normal bots through the public API, over every player count, several
rounds and (President) with and without revolutions.  A change that must not change the
bots (a rules kernel under the search, hooks instead of overridden ``choose`` methods)
keeps every entry identical:

    python tests/bots/recorded_decisions.py check president   # compare with the fixture
    python tests/bots/recorded_decisions.py record durak      # rewrite it (a deliberate change)
    python tests/bots/recorded_decisions.py speed president   # iterations per CPU second

``tests/bots/test_recorded_decisions.py`` runs the comparison in the test suite; Hearts
has its own (``hearts_decisions.py``).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardtable.bots import durak, president  # noqa: E402
from cardtable.games import get_rules  # noqa: E402

GAMES = ("president", "durak")
POSITIONS = 300
ITERATIONS = 120
DATA = Path(__file__).parent / "data"


def fixture(game: str) -> Path:
    return DATA / f"{game}_hard_decisions.json"


def _new_game(game: str, rng: random.Random, seed: int) -> Any:
    rules = get_rules(game)
    if game == "president":
        return rules.new_game(
            players=rng.randrange(3, 7), seed=seed, rounds=rng.choice((1, 2, 3)), revolution=rng.random() < 0.7
        )
    return rules.new_game(players=rng.choice((2, 2, 3, 4, 5, 6)), seed=seed, rounds=rng.choice((1, 2)))


def _weak_bots(game: str) -> tuple[Callable[[int], Any], Callable[[int], Any]]:
    module = president if game == "president" else durak
    return module.BOT_LEVELS["easy"], module.BOT_LEVELS["normal"]  # type: ignore[return-value]


def positions(game: str, count: int = POSITIONS, seed: int = 14) -> list[tuple[str, Any]]:
    """``count`` positions of ``game`` as ``(label, state)``: whole games of easy and
    normal bots, every few actions one position with a choice kept."""
    rng = random.Random(seed)
    easy, normal = _weak_bots(game)
    found: list[tuple[str, Any]] = []
    number = 0
    while len(found) < count:
        game_seed = rng.randrange(10**6)
        state = _new_game(game, rng, game_seed)
        bots = [(normal if rng.random() < 0.7 else easy)(game_seed + seat) for seat in range(state.num_players)]
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


def hard_bot(game: str, seed: int, iterations: int = ITERATIONS) -> Any:
    if game == "president":
        return president.HardPresidentBot(seed=seed, iterations=iterations)
    return durak.HardDurakBot(seed=seed, iterations=iterations)


def decision(game: str, state: Any, bot_seed: int) -> dict[str, Any]:
    """What the hard bot (fixed iterations) chooses in ``state``, with its root statistics."""
    seat = state.current_player
    bot = hard_bot(game, bot_seed)
    action = bot.choose(state.observation(seat), state.legal_actions())
    result = bot.searcher.last_result
    root = None
    if result is not None:
        root = {key: [visits, repr(value)] for key, (visits, value) in sorted(result.root.items())}
    return {"action": str(action), "root": root, "rejected": None if result is None else result.rejected_samples}


def decisions(game: str, count: int = POSITIONS) -> list[dict[str, Any]]:
    return [
        {"position": label, **decision(game, state, number)}
        for number, (label, state) in enumerate(positions(game, count))
    ]


def speed(game: str, count: int = 80, iterations: int = 500) -> float:
    """The hard bot's search iterations per CPU second of its whole decisions (the
    checks around the search included), over the searched positions among the first
    ``count`` (``iterations`` each)."""
    done = 0
    spent = 0.0
    for number, (_, state) in enumerate(positions(game, count)):
        bot = hard_bot(game, number, iterations)
        observation, legal = state.observation(state.current_player), state.legal_actions()
        start = time.process_time()
        bot.choose(observation, legal)
        elapsed = time.process_time() - start
        result = bot.searcher.last_result
        if result is not None:
            done += result.iterations
            spent += elapsed
    return done / spent


def main(argv: list[str]) -> int:
    mode = argv[1] if len(argv) > 1 else "check"
    games = [argv[2]] if len(argv) > 2 else list(GAMES)
    status = 0
    for game in games:
        if mode == "speed":
            print(f"{game}: {speed(game):.0f} iterations per CPU second")
            continue
        got = decisions(game)
        if mode == "record":
            fixture(game).write_text(json.dumps(got, indent=0, sort_keys=True) + "\n")
            print(f"recorded {len(got)} {game} decisions in {fixture(game)}")
            continue
        want = json.loads(fixture(game).read_text())
        same = sum(1 for a, b in zip(got, want) if a == b)
        for a, b in zip(got, want):
            if a != b:
                print(f"differs: {b['position']}: {b['action']} then, {a['action']} now")
        print(f"{game}: {same}/{len(want)} decisions identical (root statistics included)")
        if not same == len(want) == len(got):
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
