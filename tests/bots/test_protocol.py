"""The bot protocol: bots see only their own observation and the legal actions.

The main test plays each game twice, from two first deals that differ only by a swap of
two cards hidden from one seat (between two other players, or between another player
and the stock).  The seat's bot is asked to choose in both games as long as its
observations are equal, and must choose the same each time.  A bot that reached into
the state (through a reference in the observation, or by walking up the call stack)
would see the swap; the negative control below shows that such a bot is caught.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots import (
    SEAT_LEVELS,
    Bot,
    BotSpecError,
    RandomBot,
    load_bot_factory,
    make_bot,
    seat_bot_factory,
)
from cardtable.cards import Card, shuffled
from cardtable.engine.actions import Action
from cardtable.engine.errors import InvalidOptionError
from cardtable.engine.observation import Observation
from cardtable.engine.state import GameState
from cardtable.games import available_games, get_rules

EXAMPLE_BOT = str(Path(__file__).resolve().parents[2] / "examples" / "my_bot.py") + ":LowestCardBot"
PLAYERS = {"president": 4, "durak": 2, "hearts": 4}
# How far into each game the comparison goes: enough for passes, exchanges, several
# tricks or bouts, short enough to keep the test fast with search-based bots.
MAX_ACTIONS = 90
# Every seat is a bot of the level under test here, so these games stay shorter.
SHORT_GAME = 40
SEEDS = range(8)  # each seed tests one seat, turn about
# The hard level searches for 0.5 s a move by default, which is neither reproducible
# nor quick; here it searches a fixed number of iterations instead.
HARD_ITERATIONS = 24


def factory_for(game: str, spec: str):
    """The seat factory of ``spec``, with the hard level in fixed-iteration mode."""
    return seat_bot_factory(game, spec, iterations=HARD_ITERATIONS)


GAMES = available_games()
SPECS = list(SEAT_LEVELS) + [EXAMPLE_BOT]

_CARD_CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b")


def _visible_codes(observation: Observation) -> set[str]:
    """Every card code the observation mentions anywhere."""
    return set(_CARD_CODE.findall(repr(observation.to_dict())))


def twin_games(game: str, players: int, seed: int, seat: int) -> tuple[GameState, GameState]:
    """Two games whose first deals differ by a swap of two cards ``seat`` cannot see.

    The cards are taken from two different other players when there are any, else
    from another player and the stock.
    """
    rules = get_rules(game)
    rng = random.Random(seed)
    deck = shuffled(rules.deck, rng)
    original = rules.new_game(players=players, seed=seed, deck=deck)
    seen = _visible_codes(original.observation(seat))
    holder: dict[Card, int | None] = dict.fromkeys(deck)
    for other in range(players):
        for card in original.hand(other):
            holder[card] = other
    hidden = [card for card in deck if card.code not in seen and holder[card] != seat]
    pairs = [(x, y) for x in hidden for y in hidden if x.index < y.index and holder[x] != holder[y]]
    between_players = [(x, y) for x, y in pairs if holder[x] is not None and holder[y] is not None]
    x, y = rng.choice(between_players or pairs)
    swapped = list(deck)
    i, j = swapped.index(x), swapped.index(y)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    twin = rules.new_game(players=players, seed=seed, deck=swapped)
    assert twin.hand(seat) == original.hand(seat)
    assert [twin.hand(s) for s in range(players)] != [original.hand(s) for s in range(players)]
    return original, twin


def ask(bot: Any, state: GameState, seat: int) -> Action:
    """How a table asks a bot to move: its observation and the legal actions, nothing else."""
    observation = state.observation(seat)
    legal = state.legal_actions()
    return bot.choose(observation, legal)


def compare_twins(game: str, spec: str, seed: int, seat: int) -> tuple[int, int]:
    """Play the twin games; return (decisions compared, decisions that differed)."""
    players = PLAYERS[game]
    original, twin = twin_games(game, players, seed, seat)
    factory = factory_for(game, spec)
    others = [RandomBot(seed * 10 + s) for s in range(players)]
    bot, twin_bot = factory(seed), factory(seed)
    compared = differed = 0
    for _ in range(MAX_ACTIONS):
        mover = original.current_player
        if mover is None or twin.current_player != mover:
            break
        if mover == seat:
            if original.observation(seat).to_dict() != twin.observation(seat).to_dict():
                break  # the swap became visible to this seat: choices may now differ
            action = ask(bot, original, seat)
            compared += 1
            differed += ask(twin_bot, twin, seat) != action
        else:
            action = ask(others[mover], original, mover)
        if not twin.is_legal(action):
            break  # the swapped cards decided this move: the games part here
        original.apply(action)
        twin.apply(action)
    return compared, differed


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.rpartition("/")[2])
@pytest.mark.parametrize("game", GAMES)
def test_bots_choose_the_same_whatever_the_hidden_cards(game: str, spec: str) -> None:
    compared = differed = 0
    for seed in SEEDS:
        c, d = compare_twins(game, spec, seed, seed % PLAYERS[game])
        compared += c
        differed += d
    assert differed == 0
    # The comparison must have had something to compare, or it proves nothing.
    assert compared >= 15


class StackPeekingBot:
    """A cheat: finds the game state in its caller's frame and reads the other hands."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        frame = inspect.currentframe()
        state = None
        while frame is not None and state is None:
            state = next((v for v in frame.f_locals.values() if isinstance(v, GameState)), None)
            frame = frame.f_back
        secret = sum(
            (seat + 1) * card.index
            for seat in range(state.num_players)
            if seat != observation.seat
            for card in state.hand(seat)
        )
        return legal_actions[secret % len(legal_actions)]


@pytest.mark.parametrize("game", GAMES)
def test_the_twin_comparison_catches_a_bot_that_reads_the_state(game: str) -> None:
    differed = 0
    for seed in SEEDS:
        differed += compare_twins(game, f"{__file__}:StackPeekingBot", seed, seed % PLAYERS[game])[1]
    assert differed > 0


class SpyBot:
    """Wraps a bot and checks every call it gets: two arguments, no state anywhere."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls = 0

    def choose(self, *args: Any, **kwargs: Any) -> Action:
        assert not kwargs and len(args) == 2
        observation, legal = args
        assert isinstance(observation, Observation)
        # A sequence of actions (a list, or a lazy sequence like Hearts' PassChoices),
        # never a view of the state.
        assert isinstance(legal, Sequence) and not isinstance(legal, GameState) and len(legal)
        assert all(isinstance(action, Action) for action in legal)
        _assert_no_state(observation)
        self.calls += 1
        return self.inner.choose(observation, legal)


def _assert_no_state(value: Any, seen: set[int] | None = None) -> None:
    """Walk everything reachable from an observation; no game state may be among it."""
    seen = set() if seen is None else seen
    if id(value) in seen or value is None or isinstance(value, (str, int, float, bool, Card)):
        return
    seen.add(id(value))
    assert not isinstance(value, GameState), "an observation holds a game state"
    assert not inspect.ismethod(value) or not isinstance(value.__self__, GameState)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, Mapping):
        children = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        children = list(value)
    else:
        children = list(getattr(value, "__dict__", {}).values())
    for child in children:
        _assert_no_state(child, seen)


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.rpartition("/")[2])
@pytest.mark.parametrize("game", GAMES)
def test_choose_gets_only_an_observation_and_the_legal_actions(game: str, spec: str) -> None:
    rules = get_rules(game)
    state = rules.new_game(players=PLAYERS[game], seed=11)
    factory = factory_for(game, spec)
    bots = [SpyBot(factory(seat)) for seat in range(PLAYERS[game])]
    for _ in range(SHORT_GAME):
        seat = state.current_player
        if seat is None:
            break
        action = ask(bots[seat], state, seat)
        assert action in state.legal_actions()
        state.apply(action)
    assert sum(bot.calls for bot in bots) > 0


@pytest.mark.slow
@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.rpartition("/")[2])
@pytest.mark.parametrize("game", GAMES)
def test_bots_are_deterministic_for_a_seed_and_fresh_per_game(game: str, spec: str) -> None:
    def actions(seed: int) -> list[Action]:
        state = get_rules(game).new_game(players=PLAYERS[game], seed=5)
        factory = factory_for(game, spec)
        bots = [factory(seed + seat) for seat in range(PLAYERS[game])]
        played = []
        for _ in range(SHORT_GAME):
            seat = state.current_player
            if seat is None:
                break
            played.append(ask(bots[seat], state, seat))
            state.apply(played[-1])
        return played

    assert actions(3) == actions(3)


def test_make_bot_levels_and_errors() -> None:
    assert isinstance(make_bot("president", "random", seed=1), RandomBot)
    for level in ("easy", "normal", "hard"):
        assert isinstance(make_bot("president", level, seed=1), Bot)
    with pytest.raises(InvalidOptionError, match="unknown bot level 'expert'"):
        make_bot("president", "expert")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        make_bot("chess", "easy")


def test_a_seat_spec_is_a_level_in_any_case_or_an_import_path() -> None:
    assert isinstance(seat_bot_factory("president", " Random ")(1), RandomBot)
    bot = seat_bot_factory("president", EXAMPLE_BOT)(1)
    assert type(bot).__name__ == "LowestCardBot"
    with pytest.raises(BotSpecError, match="unknown bot level 'expert'"):
        seat_bot_factory("president", "expert")


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("no_such_module_xyz:Bot", "no module named 'no_such_module_xyz'"),
        ("cardtable.bots:NoSuchBot", "'cardtable.bots' has no 'NoSuchBot'"),
        ("cardtable.bots:LEVELS", "'LEVELS' is not a bot class"),
        ("cardtable.bots:", "bad bot import path"),
        (":Bot", "bad bot import path"),
        ("cardtable.bots:not-a-name", "is not a Python name"),
        ("missing/dir/bot.py:Bot", "no file 'missing/dir/bot.py'"),
    ],
)
def test_bad_import_paths_give_one_line_errors(path: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=re.escape(message)) as caught:
        load_bot_factory(path)
    assert "\n" not in str(caught.value)


def test_user_bot_files_with_errors_give_one_line_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(:\n")
    with pytest.raises(BotSpecError, match="cannot load bot .*SyntaxError") as caught:
        load_bot_factory(f"{broken}:Bot")
    assert "\n" not in str(caught.value)
    no_choose = tmp_path / "no_choose.py"
    no_choose.write_text("class Bot:\n    pass\n")
    with pytest.raises(BotSpecError, match="has no choose"):
        load_bot_factory(f"{no_choose}:Bot")(1)


def test_user_bot_classes_get_a_seed_if_they_take_one(tmp_path: Path) -> None:
    module = tmp_path / "seeds.py"
    module.write_text(
        "class Seeded:\n"
        "    def __init__(self, seed=None):\n        self.seed = seed\n"
        "    def choose(self, observation, legal_actions):\n        return legal_actions[0]\n"
        "class Plain:\n"
        "    def choose(self, observation, legal_actions):\n        return legal_actions[0]\n"
        "def make(**settings):\n    bot = Plain()\n    bot.settings = settings\n    return bot\n"
    )
    assert load_bot_factory(f"{module}:Seeded")(42).seed == 42
    assert type(load_bot_factory(f"{module}:Plain")(42)).__name__ == "Plain"
    assert load_bot_factory(f"{module}:make")(7).settings == {"seed": 7}


def test_a_module_in_the_current_directory_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cwd_bot_for_test.py").write_text(
        "class MyBot:\n    def choose(self, observation, legal_actions):\n        return legal_actions[-1]\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.path", [p for p in __import__("sys").path if p not in ("", str(tmp_path))])
    assert type(load_bot_factory("cwd_bot_for_test:MyBot")(None)).__name__ == "MyBot"


DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def test_the_python_examples_in_docs_bots_md_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) >= 4
    namespace: dict[str, Any] = {}
    for block in blocks:
        if block.lstrip().startswith("def choose"):
            continue  # the bare signature of the protocol
        exec(compile(block, str(DOCS), "exec"), namespace)
    assert "LowestCardBot" in namespace and capsys.readouterr().out.strip()


def test_the_bot_shown_in_the_docs_is_examples_my_bot() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    example = (Path(__file__).resolve().parents[2] / "examples" / "my_bot.py").read_text(encoding="utf-8")
    shown = docs[docs.index("class LowestCardBot") :]
    shown = shown[: shown.index("```")]
    assert shown.strip() in example
