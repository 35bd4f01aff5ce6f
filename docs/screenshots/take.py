"""Take the screenshots in docs/screenshots/: each game at the table, as SVG.

Run from the repository root::

    python docs/screenshots/take.py

Each game is dealt with seed 7 (you, then a normal, a hard and an easy bot), played a
few moves into its first round by the seats' own bots, and drawn headless by Textual
at 100x32 (``president.svg``, ``durak.svg``, ``hearts.svg``), at 120x40, where the
cards are drawn large (``hearts-large.svg``), and at 80x24, the smallest full layout
(``hearts-80x24.svg``, ``president-80x24.svg`` with five players).  The data folder is a temporary one, so
no save or statistic of yours is touched.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

SHOTS = [
    # file, game, seats, moves played before the shot, size
    ("president.svg", "president", ["human", "normal", "hard", "easy"], 3, (100, 32)),
    ("durak.svg", "durak", ["human", "normal", "hard"], 2, (100, 32)),
    ("hearts.svg", "hearts", ["human", "normal", "hard", "easy"], 14, (100, 32)),
    ("hearts-large.svg", "hearts", ["human", "normal", "hard", "easy"], 14, (120, 40)),
    ("hearts-80x24.svg", "hearts", ["human", "normal", "hard", "easy"], 14, (80, 24)),
    ("president-80x24.svg", "president", ["human", "normal", "hard", "easy", "normal"], 3, (80, 24)),
]


def dealt(game: str, seats: list[str], moves: int):  # type: ignore[no-untyped-def]
    """The game ``moves`` moves in, every seat (yours too) played by a normal bot, and
    then on to your turn."""
    from cardtable.bots import make_bot
    from cardtable.tui.config import TableConfig

    config = TableConfig.build(game, seats, seed=7)
    state = config.new_state()
    bots = [make_bot(game, "normal", seed=seat) for seat in range(len(seats))]
    played = 0
    while not state.is_over and (played < moves or state.current_player != 0):
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
        played += 1
    return config, state


async def take(name: str, game: str, seats: list[str], moves: int, size: tuple[int, int]) -> None:
    from cardtable.tui.app import CardtableApp

    config, state = dealt(game, seats, moves)
    app = CardtableApp(config, state=state, bot_delay=60, ascii_only=False, four_colour=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        app.save_screenshot(filename=name, path=str(HERE))
    print(f"wrote {HERE / name}")


async def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARDTABLE_HOME"] = home
        os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
        for shot in SHOTS:
            await take(*shot)


if __name__ == "__main__":
    asyncio.run(main())
