"""How fast the engine plays: random legal games through the public API.

Each case deals new games (a fresh seed each) and plays them to the end by picking a
uniformly random action from ``state.legal_actions()`` and passing it to
``state.apply()``, for ``--seconds`` seconds.  It prints games and actions per second
(and hands per second for Hearts, whose game is a series of hands to the target).

    python benchmarks/engine.py                  # every case, 3 s each
    python benchmarks/engine.py --seconds 1 --game president
    python benchmarks/engine.py --cpu --game durak  # CPU seconds: fairer on a shared machine
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/engine.py --game durak --players 2 --count-games 40  # instructions
    python benchmarks/engine.py --vs-openspiel   # Hearts hands against OpenSpiel's Hearts
    python benchmarks/engine.py --vs-openspiel --cpu   # the same in CPU seconds

``--vs-openspiel`` (needs ``pip install open_spiel``, the ``bench`` extra) plays random
Hearts hands through cardtable's public API and through OpenSpiel's C++ Hearts driven
from Python, in short turns (``--turns``, ``--turn-seconds``) in this one process, alternating, and
prints each turn's hands per second and the median ratios.  cardtable plays two loops:
whole games (one game, hand after hand to the 100-point target, its hands counted) and
fresh games (``new_game`` for every hand: the first hand played out, then the game
scored with ``outcome()``), which adds the cost of starting a game to every hand, as
OpenSpiel's loop has (one of its games is one hand).  Both sides choose uniformly
with ``acts[rng.randrange(len(acts))]`` and apply the choice, the pass included;
OpenSpiel's chance nodes (the pass direction and the deal) are drawn the same way from
``chance_outcomes()``.  OpenSpiel is loaded with ``qs_breaks_hearts=False``, as in
cardtable's rules (its other defaults already match: the 2C leads, no points on the first
trick, hearts must be broken, shooting the moon, no J♦ bonus), and each of its hands is
scored with ``returns()``.  A fresh cardtable game's first hand always passes left (the
rules' order); OpenSpiel draws the pass direction, so a quarter of its hands pass
nothing and cost it less.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import harness

harness.use_checkout()

from cardtable import get_rules
from cardtable.engine.playout import play_random_game

CASES: list[tuple[str, int]] = [
    ("president", 3),
    ("president", 4),
    ("president", 6),
    ("durak", 2),
    ("durak", 4),
    ("durak", 6),
    ("hearts", 4),
]


@dataclass
class Result:
    game: str
    players: int
    games: int
    actions: int
    rounds: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds


def run_case(
    game: str, players: int, seconds: float, seed: int, clock: Callable[[], float] = time.perf_counter
) -> Result:
    """Play random games of ``game`` for about ``seconds`` seconds of ``clock`` (at least
    one game)."""
    rules = get_rules(game)
    rng = random.Random(seed)
    actions = rounds = 0

    def play_one() -> int:
        nonlocal actions, rounds
        state = play_random_game(rules.new_game(players=players, seed=rng.getrandbits(32)), rng)
        actions += len(state.history)
        rounds += state.outcome().rounds_played
        return 1

    games, spent = harness.run_for(seconds, play_one, clock)
    return Result(game, players, games, actions, rounds, spent)


def count_games(game: str, players: int, games: int, seed: int) -> int:
    """Play exactly ``games`` random games of ``game`` as :func:`run_case` deals them, with
    no clock; return the actions.  Under ``valgrind --tool=callgrind`` the instructions
    of ``--count-games N`` less those of ``--count-games 0`` are the cost of N games,
    the same on a loaded machine as on an idle one."""
    rules = get_rules(game)
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        state = play_random_game(rules.new_game(players=players, seed=rng.getrandbits(32)), rng)
        actions += len(state.history)
        state.outcome()
    return actions


class CardtableHands:
    """Random Hearts games through cardtable's public API, whole games (a series of
    hands to the target), counting their hands."""

    def __init__(self, seed: int) -> None:
        self.rules = get_rules("hearts")
        self.rng = random.Random(seed)

    def play_game(self) -> int:
        """One whole game; return its number of hands."""
        state = play_random_game(self.rules.new_game(players=4, seed=self.rng.getrandbits(32)), self.rng)
        return state.outcome().rounds_played

    def run(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> tuple[int, float]:
        """Play whole games for about ``seconds``; return the hands played and the time."""
        return harness.run_for(seconds, self.play_game, clock)


# A game's first hand: four passes (the first hand passes left), then 52 cards.
FIRST_HAND_ACTIONS = 4 + 52


class CardtableFreshHands:
    """Random Hearts hands through cardtable's public API, a new game for every hand:
    ``new_game``, the first hand played out, the game scored."""

    def __init__(self, seed: int) -> None:
        self.rules = get_rules("hearts")
        self.rng = random.Random(seed)

    def play_hand(self) -> int:
        """One new game's first hand, then its outcome; return 1."""
        rng = self.rng
        randrange = rng.randrange
        state = self.rules.new_game(players=4, seed=rng.getrandbits(32))
        legal_actions, apply = state.legal_actions, state.apply
        for _ in range(FIRST_HAND_ACTIONS):
            actions = legal_actions()
            apply(actions[randrange(len(actions))])
        if state.outcome().rounds_played != 1:
            raise RuntimeError("the first hand did not end after its passes and 52 cards")
        return 1

    def run(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> tuple[int, float]:
        """Play hands for about ``seconds``; return the hands played and the time."""
        return harness.run_for(seconds, self.play_hand, clock)


class OpenSpielHands:
    """Random hands of OpenSpiel's Hearts (one hand a game), driven from Python."""

    def __init__(self, seed: int) -> None:
        import pyspiel

        self.game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
        self.rng = random.Random(seed)

    def play_hand(self) -> int:
        """One hand, the chance nodes (pass direction, deal) included; return 1."""
        randrange = self.rng.randrange
        state = self.game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[randrange(len(outcomes))][0])
            else:
                acts = state.legal_actions()
                state.apply_action(acts[randrange(len(acts))])
        state.returns()
        return 1

    def run(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> tuple[int, float]:
        """Play hands for about ``seconds``; return the hands played and the time."""
        return harness.run_for(seconds, self.play_hand, clock)


def vs_openspiel(seconds: float, turns: int, seed: int, clock: Callable[[], float] = time.perf_counter) -> int:
    """Alternate turns of cardtable's two loops and OpenSpiel Hearts; print the median
    ratios."""
    try:
        theirs = OpenSpielHands(seed)
    except ImportError:
        print("OpenSpiel is not installed: pip install open_spiel (or the project's bench extra)")
        return 1
    sides: dict[str, CardtableHands | CardtableFreshHands | OpenSpielHands] = {
        "whole": CardtableHands(seed),
        "fresh": CardtableFreshHands(seed),
        "openspiel": theirs,
    }
    for side in sides.values():
        side.run(min(seconds, 0.5), clock)  # warm the caches of each before measuring
    unit = "CPU s" if clock is time.process_time else "s"
    print(f"Hearts hands per {unit}, cardtable against OpenSpiel, {turns} turns of {seconds:g} {unit} a side")
    print("whole: cardtable's whole games to 100; fresh: a new cardtable game for every hand")
    print(f"{'turn':>4} {'whole':>8} {'fresh':>8} {'OpenSpiel':>10} {'whole/OS':>9} {'fresh/OS':>9}")
    rates: dict[str, list[float]] = {name: [] for name in sides}
    ratios: dict[str, list[float]] = {"whole": [], "fresh": []}
    names = list(sides)
    for turn in range(1, turns + 1):
        # Each side goes first, second and third in turn, so that no side always
        # follows the same one.
        shift = turn % len(names)
        for name in names[shift:] + names[:shift]:
            hands, spent = sides[name].run(seconds, clock)
            rates[name].append(hands / spent)
        for name in ratios:
            ratios[name].append(rates[name][-1] / rates["openspiel"][-1])
        print(
            f"{turn:>4} {rates['whole'][-1]:>8,.0f} {rates['fresh'][-1]:>8,.0f} {rates['openspiel'][-1]:>10,.0f} "
            f"{ratios['whole'][-1]:>8.2f}x {ratios['fresh'][-1]:>8.2f}x"
        )
    median = statistics.median
    print(
        f"median hands/{unit}: cardtable whole games {median(rates['whole']):,.0f}, "
        f"fresh games {median(rates['fresh']):,.0f}, OpenSpiel {median(rates['openspiel']):,.0f}"
    )
    print(f"median ratio against OpenSpiel: whole games {median(ratios['whole']):.2f}x, "
          f"fresh games {median(ratios['fresh']):.2f}x")
    return 0


def count_hands(side: str, hands: int, seed: int) -> int:
    """Play ``hands`` Hearts hands on one side of ``--vs-openspiel``, untimed; print the
    number played (cardtable's whole games may play a few more)."""
    played = 0
    if side == "openspiel":
        spiel = OpenSpielHands(seed)
        while played < hands:
            played += spiel.play_hand()
    elif side == "cardtable-fresh":
        fresh = CardtableFreshHands(seed)
        while played < hands:
            played += fresh.play_hand()
    else:
        ours = CardtableHands(seed)
        while played < hands:
            played += ours.play_game()
    print(f"{side}: {played} hands")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = harness.parser(__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per case (default 3)")
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted({game for game, _ in CASES}),
        help="only this game (repeatable; default: all)",
    )
    parser.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal (default 0)")
    parser.add_argument(
        "--count-games",
        type=int,
        metavar="N",
        help="play exactly N games per case and print the actions, untimed (for an instruction count under valgrind)",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time the cases in CPU seconds of this process, not wall seconds (a shared machine distorts it less)",
    )
    parser.add_argument(
        "--vs-openspiel",
        action="store_true",
        help="Hearts hands against OpenSpiel's Hearts, in alternating turns (see --turns, --turn-seconds)",
    )
    parser.add_argument(
        "--count-hands",
        type=int,
        metavar="N",
        help="with --vs-openspiel: play N Hearts hands on one side (--side), untimed, and print how many were "
        "played (for an instruction count under valgrind: run with N and with 0, divide the difference)",
    )
    parser.add_argument(
        "--side",
        choices=("cardtable", "cardtable-fresh", "openspiel"),
        default="cardtable",
        help="the side --count-hands plays (default cardtable: whole games; cardtable-fresh: a new game a hand)",
    )
    parser.add_argument("--turns", type=int, default=30, help="turns per side with --vs-openspiel (default 30)")
    parser.add_argument(
        "--turn-seconds",
        type=float,
        default=0.25,
        help="seconds of one turn with --vs-openspiel (default 0.25: short turns share the machine's load fairly)",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.vs_openspiel and args.count_hands is not None:
        return count_hands(args.side, args.count_hands, args.seed)
    if args.vs_openspiel:
        if args.turns < 1 or args.turn_seconds <= 0:
            parser.error("--turns must be at least 1 and --turn-seconds positive")
        return vs_openspiel(args.turn_seconds, args.turns, args.seed, time.process_time if args.cpu else time.perf_counter)

    print(f"cardtable engine benchmark: Python {platform.python_version()} "
          f"({platform.python_implementation()}), {args.seconds:g} {'CPU ' if args.cpu else ''}s per case, "
          f"seed {args.seed}")
    print("random legal actions through legal_actions() + apply(); default options")
    print()
    header = f"{'game':<10} {'players':>7} {'games':>7} {'games/s':>9} {'actions/s':>10}  notes"
    print(header)
    print("-" * len(header))
    skipped: set[str] = set()
    for game, players in CASES:
        if args.game and game not in args.game:
            continue
        if args.players and players not in args.players:
            continue
        if args.count_games is not None:
            played = count_games(game, players, args.count_games, args.seed)
            print(f"{game:<10} {players:>7} {args.count_games:>7,} {'-':>9} {played:>10,}  actions, untimed")
            continue
        if game in skipped:
            continue
        try:
            get_rules(game)
        except Exception as exc:  # noqa: BLE001 - a rules module that is missing or half-written
            skipped.add(game)
            reason = f"{type(exc).__name__}: {exc}"
            print(f"{game:<10} {'-':>7} {'-':>7} {'-':>9} {'-':>10}  skipped: module not importable ({reason})")
            continue
        result = run_case(game, players, args.seconds, args.seed, time.process_time if args.cpu else time.perf_counter)
        note = ""
        if game == "hearts":
            note = f"{result.rounds_per_second:,.0f} hands/s ({result.rounds / result.games:.1f} hands a game)"
        elif result.rounds != result.games:
            note = f"{result.rounds / result.games:.1f} rounds a game"
        print(
            f"{game:<10} {players:>7} {result.games:>7,} {result.games_per_second:>9,.0f} "
            f"{result.actions_per_second:>10,.0f}  {note}".rstrip()
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
