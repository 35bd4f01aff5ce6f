"""What a Hearts game shows of itself, hashed: the check that a faster engine changed
nothing anyone can see.

For each of 40 random games (random legal actions through the public API, whole games to
a target of 30, 60 or 100), a SHA-256 over everything written about the game: every
event (``repr`` and ``to_dict``), every completed trick, a save made mid-game and at the
end, the observations of every seat and of a spectator every few moves, the public
histories, the outcome and ``history``.  The game is hashed twice: reading it after every
move (so that a lazy log is written as it goes) and reading it only at the end (so that
it is written all at once); both must give the recorded digest.

    python tests/games/hearts_event_log.py check     # compare with the fixture
    python tests/games/hearts_event_log.py record    # rewrite it (a deliberate change)

``tests/games/test_hearts_event_log.py`` runs the comparison in the test suite.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardtable.games import get_rules  # noqa: E402
from tests import recorded  # noqa: E402

FIXTURE = Path(__file__).parent / "data" / "hearts_event_log.json"
GAMES = 40
OBSERVE_EVERY = 29


class _Digest:
    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def add(self, label: str, value: Any) -> None:
        self._hash.update(f"{label}:{value!r}\n".encode())

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def _read_new(state: Any, digest: _Digest, seen: dict[str, int]) -> None:
    """Hash the events and completed tricks written since the last call."""
    events = state.events
    for event in events[seen["events"] :]:
        digest.add("event", event)
        digest.add("event-dict", event.to_dict())
    seen["events"] = len(events)
    tricks = state.completed
    if tricks and seen["tricks"] > len(tricks):
        seen["tricks"] = 0  # a new hand started
    for trick in tricks[seen["tricks"] :]:
        digest.add("trick", trick)
    seen["tricks"] = len(tricks)


def _observe(state: Any, digest: _Digest) -> None:
    for seat in range(4):
        digest.add(f"observation {seat}", state.observation(seat))
        digest.add(f"events_for {seat}", state.events_for(seat))
    digest.add("spectator", state.public_observation())
    digest.add("completed", tuple(state.completed))
    digest.add("history", tuple((seat, str(action)) for seat, action in state.history))


def game_digest(seed: int, target: int, eager: bool) -> str:
    """The digest of one random game; ``eager`` reads the game after every move."""
    rules = get_rules("hearts")
    rng = random.Random(seed)
    state = rules.new_game(players=4, seed=seed, target=target)
    digest = _Digest()
    seen = {"events": 0, "tricks": 0}
    moves = 0
    saved_mid = False
    while state.current_player is not None:
        acts = state.legal_actions()
        digest.add("legal", [str(action) for action in acts] if eager else len(acts))
        state.apply(acts[rng.randrange(len(acts))])
        moves += 1
        if eager:
            _read_new(state, digest, seen)
            if moves % OBSERVE_EVERY == 0:
                _observe(state, digest)
        elif not saved_mid and moves == 150:
            saved_mid = True
            digest.add("save 150", state.to_json())
            _observe(state, digest)
    if not eager:
        for event in state.events:
            digest.add("event", event)
            digest.add("event-dict", event.to_dict())
        for trick in state.completed:
            digest.add("trick", trick)
    digest.add("save", state.to_json())
    loaded = rules.from_json(state.to_json())
    digest.add("loaded events", loaded.events == state.events)
    digest.add("loaded history", loaded.history == state.history)
    _observe(state, digest)
    digest.add("outcome", state.outcome())
    return digest.hexdigest()


def games() -> list[tuple[int, int]]:
    """The games as ``(seed, target)``."""
    rng = random.Random(2026)
    return [(rng.randrange(10**6), rng.choice((30, 60, 100))) for _ in range(GAMES)]


def digests(count: int = GAMES) -> list[dict[str, Any]]:
    """Per game (the first ``count``) its seed, target and two digests: read as it goes
    and read at the end."""
    return [
        {"seed": seed, "target": target, "eager": game_digest(seed, target, True), "lazy": game_digest(seed, target, False)}
        for seed, target in games()[:count]
    ]


def main(argv: list[str]) -> int:
    return recorded.main(argv, FIXTURE, digests, "seed", indent=1)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
