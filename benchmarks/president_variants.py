"""President hard-bot variants against three normal bots: what each part of the bot is worth.

Run from the repository root, e.g.

    python benchmarks/president_variants.py default --rounds 400 --iterations 150 --jobs 2
    python benchmarks/president_variants.py uniform --rounds 400 --iterations 150
    python benchmarks/president_variants.py "default:checked=3" --rounds 400
    python benchmarks/president_variants.py knows-hands --rounds 400
    python benchmarks/president_variants.py default --opponents no-reading --rounds 200
    python benchmarks/president_variants.py default --iterations 500 --log default500.jsonl
    python benchmarks/president_variants.py knows-hands --iterations 500 --log knows500.jsonl --compare default500.jsonl

Each round is a fresh 4-player deal (seed 10000 + round number), the hard seat rotated
round by round, and every variant meets the same deals, so variants compare on equal
luck.  A variant is a name with optional ``key=value`` settings after a colon:

- ``default``: the hard bot as shipped.
- ``uniform``: deals of the hidden cards drawn uniformly (no reading of the opponents'
  plays) and the opponents free to choose any move in the tree.
- ``no-reading`` / ``no-opponent-model`` / ``no-check``: the default without one part.
- ``knows-hands``: the search is given the real hands (a cheat): the ceiling of reading.
- ``exact-reading``: the sampler's walk starts from the real hands and keeps only swaps
  that add no disagreement with the opponents' plays, so its deals are (close to) the
  exact posterior against normal opponents: every deal that agrees with all their
  plays, none that does not.  A cheat too, but only in where the walk starts: what a
  perfect reader of normal play could reach.
- ``strict-reading``: the shipped walk, but once its first deal of a decision is drawn
  it keeps only the swaps that add no disagreement.
- ``carried-chain``: the sampler's walk goes on from where the decision before in the
  same round left it (the cards played since taken out, the hand sizes mended, then
  ``carry`` steps, 100 by default) instead of starting afresh from a uniform deal.
- ``flat``: no tree: every root move is played out on the same sampled deals
  (successive halving: the worse half dropped after each share of ``rollouts`` play-outs,
  1,600 by default) and the best is played; the normal move wins a tie.
- ``open-loop``: the tree keys the opponents' moves all alike, so a node is reached by
  the searcher's own moves alone and gathers every world's statistics, whatever the
  opponents answered (the shipped tree keys their moves, so their answers split it).
- ``solved-endgame``: in the play-outs (the tree's and the check's, which plays out on
  the model's simulator), the searcher with ``endgame-cards`` cards or fewer (5 by
  default) and nobody out plays a line to President when the exact solver of
  ``president_ceiling.py`` finds one in that world.
- ``pimc``: with ``pimc-cards`` cards or fewer (11 by default) the bot solves
  ``worlds`` sampled deals (20) exactly after each of its moves and plays the one that
  finishes President in most of them (perfect-information Monte Carlo); ties go to the
  shipped bot's move, then to the normal move, and with no line in any deal the
  shipped bot decides.
- ``multi-policy``: the shipped check after the search, but each candidate (the
  normal move, the search's) is valued by the best of several ways the searcher could
  play on, each played out on the same deals: the best average over the deals, not the
  best play-out of each deal (``policies``: 0 the normal strategy alone, 1 also as a
  trailing seat plays it, 2 also the lowest group that beats the table, 3 all three,
  the default).
- settings: ``odds``, ``steps``, ``burn`` (the sampler), ``checked``, ``pairs`` (the
  head-to-head check), ``decay`` (the place values), ``exploration`` (the tree's UCB
  constant), ``carry``, ``rollouts``, ``check-decay`` (the place values of the
  head-to-head check alone: 1, d, d squared, 0), ``check-margin`` (the search's move
  is played only when it beats the normal move by that many standard errors of the
  paired differences; with ``--iterations`` only), ``endgame-cards``, ``pimc-cards``,
  ``worlds``, ``policies``.

``--log FILE`` keeps one JSON line per round (its number, the hard seat's place, its
thinking time and decisions) and skips the rounds already there, so a stopped run goes
on where it was; ``--compare OTHER`` then sets the log against another variant's on the
rounds both have: the rounds only one of the two finished President, and a two-sided
sign test on them (the deals are the same, so this cancels their luck).

The other three seats are normal bots, or with ``--opponents VARIANT`` three hard bots
of that variant (a name without settings: the settings are module constants, shared by
every bot of a process): 1 hard against 3 hard-minus-one-part bots, the part's worth
when every seat searches.

It prints the share of rounds the hard seat finished President with a 95% margin
(Wilson's interval).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from president_ceiling import FirstPlaceSolver, OutOfNodes, position_of

import cardtable.bots.president as president
from cardtable.bots.arena import wilson_interval
from cardtable.bots.base import own_seat
from cardtable.bots.president import (
    PASS_MOVE,
    HardPresidentBot,
    NormalPresidentBot,
    PresidentSearchModel,
    PresidentSimulator,
    check_candidates,
    move_of,
    paired_playouts,
    play_move,
    search_moves,
    strategy_move,
    usual_move,
)
from cardtable.games import get_rules
from cardtable.games.president import PresidentObservation, PresidentState
from cardtable.games.president.kernel import Table, can_beat

NAMES = (
    "default",
    "uniform",
    "no-reading",
    "no-opponent-model",
    "no-check",
    "knows-hands",
    "exact-reading",
    "strict-reading",
    "carried-chain",
    "flat",
    "open-loop",
    "solved-endgame",
    "pimc",
    "multi-policy",
)

# The settings that are this script's, not the bot module's (see configure).
SETTINGS: dict[str, float] = {
    "exploration": president.DEFAULT_EXPLORATION,
    "carry": 100,
    "rollouts": 1600,
    "check-decay": president.PLACE_DECAY,
    "check-margin": 0.0,
    "endgame-cards": 5,
    "pimc-cards": 11,
    "worlds": 20,
    "policies": 3,
}


class KnowsHandsModel(PresidentSearchModel):
    """Deals the real hands: set ``truth`` before every decision."""

    truth: list[int] = []

    def sample_deal(self, observation, rng) -> list[int]:  # type: ignore[no-untyped-def]
        self.prepare(observation)
        return [self.truth[seat] for seat in self._deal[4]]  # type: ignore[index]


class ExactReadingModel(KnowsHandsModel):
    """The walk over deals started from the real hands (``truth``), keeping only the
    swaps that add no disagreement: the deals that agree with every opponent play."""

    def sample_deal(self, observation, rng) -> list[int]:  # type: ignore[no-untyped-def]
        self.prepare(observation)
        if self._checks_count and self._chain is None:
            self._log_odds = -1e9  # any disagreement added: rejected
            self._reweigh([self.truth[seat] for seat in self._deal[4]])  # type: ignore[index]
            for _ in range(president.INFERENCE_BURN_IN):
                self._step(rng)
        return PresidentSearchModel.sample_deal(self, observation, rng)


class StrictReadingModel(PresidentSearchModel):
    """The shipped walk until the first deal of a decision, then no swap that adds a
    disagreement."""

    def sample_deal(self, observation, rng) -> list[int]:  # type: ignore[no-untyped-def]
        self.prepare(observation)
        first = self._chain is None
        deal = super().sample_deal(observation, rng)
        if first and self._checks_count:
            self._log_odds = -1e9
        return deal


class CarriedChainModel(PresidentSearchModel):
    """The walk over deals goes on from the last decision of the same round."""

    _carried: list[int] | None = None

    def prepare(self, observation: PresidentObservation) -> None:
        if observation is self._seen:
            return
        chain, round_number = self._chain, self.round_number
        seats = self._deal[4] if self._deal is not None else None
        super().prepare(observation)
        same = chain is not None and round_number == observation.round and seats == self._deal[4]  # type: ignore[index]
        self._carried = chain if same else None

    def sample_deal(self, observation, rng) -> list[int]:  # type: ignore[no-untyped-def]
        self.prepare(observation)
        carried, self._carried = self._carried, None
        if carried is not None and self._checks_count and self._chain is None:
            hands = self._mended(carried, rng)
            if hands is not None:
                self._reweigh(hands)
                for _ in range(int(SETTINGS["carry"])):
                    self._step(rng)
        return super().sample_deal(observation, rng)

    def _mended(self, carried: list[int], rng: random.Random) -> list[int] | None:
        """The carried deal without the cards played since, each hand its public size
        again (cards moved at random from the hands too big to those too small)."""
        unknown, counts, known, forbidden, _ = self._deal  # type: ignore[misc]
        hands = [hand & unknown for hand in carried]
        loose = unknown & ~sum(hands)
        for place in range(len(hands)):
            while hands[place].bit_count() > counts[place]:
                free = hands[place] & ~known[place]
                if not free:
                    return None
                card = 1 << president._random_bit(free, rng)
                hands[place] &= ~card
                loose |= card
        for place in range(len(hands)):
            while hands[place].bit_count() < counts[place]:
                free = loose & ~forbidden[place]
                if not free:
                    return None
                card = 1 << president._random_bit(free, rng)
                hands[place] |= card
                loose &= ~card
        agrees = all(not known[p] & ~hand and not forbidden[p] & hand for p, hand in enumerate(hands))
        return hands if agrees and not loose else None


class CheckBot(HardPresidentBot):
    """The shipped bot with another head-to-head check: the places valued 1, d, d
    squared, 0 there (``check-decay``), and the search's move played only when it beats
    the normal move by ``check-margin`` standard errors of the paired differences."""

    def after_search(self, observation, moves, result, deadline):  # type: ignore[no-untyped-def]
        decay = SETTINGS["check-decay"]
        self.model.place_values = (1.0, decay, decay * decay, 0.0)
        try:
            margin = SETTINGS["check-margin"]
            iterations = self.searcher.iterations
            if not margin or iterations is None:
                return super().after_search(observation, moves, result, deadline)
            candidates = check_candidates(observation, moves, result)
            if len(candidates) != 2 or candidates[0] != usual_move(observation):
                return super().after_search(observation, moves, result, deadline)
            simulator = self.model.simulator(observation)  # as the shipped check plays out
            seat = own_seat(observation)
            deals = max(8, int(iterations * president.PAIRS_PER_ITERATION))
            gains = []
            for _ in range(deals):
                usual, other = paired_playouts(simulator, candidates, seat, self.rng)
                gains.append(other - usual)
            mean = sum(gains) / deals
            error = math.sqrt(sum((gain - mean) ** 2 for gain in gains) / (deals - 1) / deals)
            return candidates[1] if mean > 0 and mean > margin * error else candidates[0]
        finally:
            self.model.place_values = None


class FlatBot(HardPresidentBot):
    """Every root move played out on the same deals, by successive halving; no tree."""

    def shortcut(self, observation, legal_actions, deadline):  # type: ignore[no-untyped-def]
        forced = super().shortcut(observation, legal_actions, deadline)
        if forced is not None:
            return forced
        roots = self.root_moves(observation, legal_actions)
        if len(roots) == 1:
            return next(iter(roots.values()))
        usual = usual_move(observation)
        candidates = [usual] + [m for m in roots if m != usual] if usual in roots else list(roots)
        simulator = PresidentSimulator(self.model, observation)
        seat = own_seat(observation)
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        for step in range(rounds):
            for _ in range(max(4, int(SETTINGS["rollouts"]) // rounds // len(alive))):
                values = paired_playouts(simulator, [candidates[index] for index in alive], seat, self.rng)
                for index, value in zip(alive, values, strict=True):
                    totals[index] += value
            alive.sort(key=lambda i: (-totals[i], i))
            alive = alive[: (len(alive) + 1) // 2] if step < rounds - 1 else alive[:1]
        return roots[candidates[alive[0]]]


# The key every opponent move has in the open-loop tree.
_OPPONENT_MOVE = -1


class OpenLoopSimulator(PresidentSimulator):
    """The opponents' normal moves are one move to the tree whatever they are, so a
    node is reached by the searcher's own moves alone (its statistics gather every
    world's, however the opponents answered)."""

    def moves(self, world: Table) -> list[int]:
        if self._opponents and world.current != self._seat:
            return [_OPPONENT_MOVE]
        return search_moves(world)

    def play(self, world: Table, move: int) -> None:
        if move == _OPPONENT_MOVE:
            move = strategy_move(self.model.policy_move(world, world.current))  # type: ignore[arg-type]
        play_move(world, move)


class OpenLoopModel(PresidentSearchModel):
    def simulator(self, observation: PresidentObservation) -> PresidentSimulator:
        return OpenLoopSimulator(self, observation)


class SolvedEndgameSimulator(PresidentSimulator):
    """Play-outs in which the searcher, once it holds ``endgame-cards`` cards or fewer
    and nobody is out, plays a line that finishes it President in that world if the
    exact solver finds one (a perfect-information endgame), and the normal move if not."""

    def __init__(self, model: PresidentSearchModel, observation: PresidentObservation) -> None:
        super().__init__(model, observation)
        self.solver = FirstPlaceSolver(self._seat, len(self._template.hands), self._template.revolution_enabled, 5000)

    def finish(self, world: Table, rng: random.Random) -> None:
        seat = self._seat
        limit = SETTINGS["endgame-cards"]
        while world.current is not None:
            turn = world.current
            hand = world.hands[turn]
            move = None
            if not world.table_size or can_beat(hand, world.table_rank, world.table_size, world.revolution):
                if turn == seat and not world.out and hand.bit_count() <= limit:
                    move = self._solved_move(world)
                if move is None:
                    move = strategy_move(self.model.policy_move(world, turn))
            play_move(world, PASS_MOVE if move is None else move)

    def _solved_move(self, world: Table) -> int | None:
        try:
            lines = self.solver.winning_moves(position_of(world), first=True)
        except OutOfNodes:
            return None
        return strategy_move(lines[0]) if lines else None


class SolvedEndgameModel(PresidentSearchModel):
    def simulator(self, observation: PresidentObservation) -> PresidentSimulator:
        return SolvedEndgameSimulator(self, observation)


class PimcBot(HardPresidentBot):
    """With ``pimc-cards`` cards or fewer, solves ``worlds`` sampled deals exactly
    after each of its moves (perfect-information Monte Carlo) and plays the move that
    finishes President in the most of them; ties go to the shipped bot's move, then to
    the normal move.  No line in any deal: the shipped bot decides."""

    def choose(self, observation, legal_actions):  # type: ignore[no-untyped-def]
        roots = self.root_moves(observation, legal_actions) if legal_actions[0].kind != "give" else {}
        if (
            len(legal_actions) == 1
            or legal_actions[0].kind == "give"
            or self.shortcut(observation, legal_actions, self.deadline()) is not None
            or len(observation.hand) > SETTINGS["pimc-cards"]
            or len(roots) == 1
        ):
            return super().choose(observation, legal_actions)
        seat = own_seat(observation)
        simulator = PresidentSimulator(self.model, observation)
        keys = {move_of(action): action for action in roots}
        usual = move_of(usual_move(observation))
        wins = dict.fromkeys(keys, 0)
        for _ in range(int(SETTINGS["worlds"])):
            world = simulator.deal(self.rng)
            solver = FirstPlaceSolver(seat, len(world.hands), world.revolution_enabled, 20_000)
            for key in sorted(keys, key=lambda k: k != usual):
                table = president.copy_table(world)
                play_move(table, key)
                try:
                    wins[key] += solver.wins_table(table)
                except OutOfNodes:
                    pass
        best = max(wins.values())
        if best == 0:
            return super().choose(observation, legal_actions)
        tied = [key for key in keys if wins[key] == best]
        if len(tied) > 1:
            shipped = super().choose(observation, legal_actions)
            if move_of(president.canonical(shipped)) in tied:
                return shipped
            if usual in tied:
                return roots[keys[usual]]
        return roots[keys[tied[0]]]


def _self_policy(model: PresidentSearchModel, seat: int, style: str, rng: random.Random) -> president.kernel.Policy:
    """The play-outs' policy with ``seat`` playing ``style``: ``normal`` (the shipped
    play-out), ``behind`` (the normal strategy as a seat that trails plays it: 2s
    sooner, groups broken when an opponent is down to three cards) or ``eager`` (the
    lowest group that beats the table, breaking a group rather than passing, but never a
    2 while other cards are left); the other seats play the normal strategy."""
    base = model.playout_policy(rng)
    if style == "normal":
        return base
    enabled = model._enabled

    def policy(hands: list[int], turn: int, table_rank: int, size: int, rev: bool) -> tuple[int, int] | None:
        if turn != seat:
            return base(hands, turn, table_rank, size, rev)
        hand = hands[turn]
        unseen, fewest = president.seat_view(hands, turn)
        if style == "behind":
            return president.normal_move(hand, table_rank, size, rev, enabled, unseen, fewest, True)
        if size:
            top = president.ORDERS[rev][-1]
            options = [r for r in president.HIGHER[rev][table_rank] if president.NIBBLE_BITS[hand >> (r - 2) * 4 & 15] >= size]
            plain = [r for r in options if r != top]
            if plain:
                return plain[0], size
            if options and hand.bit_count() > size:
                return None  # keep the 2s for a lead
            return (options[0], size) if options else None
        return president.normal_move(hand, table_rank, size, rev, enabled, unseen, fewest)

    return policy


class MultiPolicyBot(HardPresidentBot):
    """The shipped check, but each candidate is valued by the best of several ways the
    searcher could play on (``policies``: normal, behind, eager), each played out on the
    same deals: the best average over the deals, not the best play-out of each deal, so
    no hidden card is assumed known (a rollout over several base heuristics)."""

    def after_search(self, observation, moves, result, deadline):  # type: ignore[no-untyped-def]
        candidates = check_candidates(observation, moves, result)
        if len(candidates) == 1:
            return candidates[0]
        styles = POLICIES[int(SETTINGS["policies"])]
        simulator = self.model.simulator(observation)
        seat = own_seat(observation)
        iterations = self.searcher.iterations or 150
        deals = max(8, int(iterations * president.PAIRS_PER_ITERATION))
        totals = [[0.0] * len(styles) for _ in candidates]
        for _ in range(deals):
            world = simulator.deal(self.rng)
            for index, move in enumerate(candidates):
                for style_index, style in enumerate(styles):
                    table = president.copy_table(world)
                    play_move(table, move_of(move))
                    if table.current is not None:
                        president.kernel.play_out(table, _self_policy(self.model, seat, style, self.rng))
                    totals[index][style_index] += simulator.value(table, seat)
        best = max(range(len(candidates)), key=lambda i: (max(totals[i]), -i))
        return candidates[best]


# The sets of play-on styles ``multi-policy`` may take (``policies`` picks one).
POLICIES = (("normal",), ("normal", "behind"), ("normal", "eager"), ("normal", "behind", "eager"))


def configure(settings: str) -> None:
    """Set the module constants named in ``settings`` (``key=value,...``)."""
    for item in filter(None, settings.split(",")):
        key, value = item.split("=")
        if key == "odds":
            president.INFERENCE_ODDS = float(value)
        elif key == "steps":
            president.INFERENCE_STEPS = int(value)
        elif key == "burn":
            president.INFERENCE_BURN_IN = int(value)
        elif key == "checked":
            president.CHECKED_MOVES = int(value)
        elif key == "pairs":
            president.PAIRS_PER_ITERATION = float(value)
        elif key == "decay":
            president.PLACE_DECAY = float(value)
        elif key in SETTINGS:
            SETTINGS[key] = float(value) if key in ("exploration", "check-decay", "check-margin") else int(value)
        else:
            raise SystemExit(f"unknown setting {key!r}")


def make_bot(variant: str, seed: int, iterations: int) -> HardPresidentBot:
    name, _, settings = variant.partition(":")
    configure(settings)
    kinds = {"flat": FlatBot, "pimc": PimcBot, "multi-policy": MultiPolicyBot}
    kind = kinds.get(name, CheckBot if "check-" in settings else HardPresidentBot)
    bot = kind(seed=seed, iterations=iterations, exploration=SETTINGS["exploration"])
    if name == "knows-hands":
        bot.model = KnowsHandsModel()
    if name == "exact-reading":
        bot.model = ExactReadingModel()
    if name == "strict-reading":
        bot.model = StrictReadingModel()
    if name == "carried-chain":
        bot.model = CarriedChainModel()
    if name == "open-loop":
        bot.model = OpenLoopModel()
    if name == "solved-endgame":
        bot.model = SolvedEndgameModel()
    if name in ("uniform", "no-reading"):
        bot.model.inference = False
    if name in ("uniform", "no-opponent-model"):
        bot.model.model_opponents = False
    if name == "no-check":
        bot.after_search = lambda observation, moves, result, deadline: result.action  # type: ignore[method-assign]
    return bot


def play_round(job: tuple[str, int, int, str]) -> dict[str, float]:
    """One round: its number, the hard seat's finishing place (0 = President), its
    thinking time and its decisions."""
    variant, number, iterations, opponents = job
    state = get_rules("president").new_game(players=4, seed=10_000 + number)
    assert isinstance(state, PresidentState), "the President rules make President states"
    hard = number % 4
    bots: list[NormalPresidentBot | HardPresidentBot] = [
        NormalPresidentBot(1000 * number + seat)
        if opponents == "normal"
        else make_bot(opponents, 1000 * number + seat, iterations)
        for seat in range(4)
    ]
    bots[hard] = make_bot(variant, number, iterations)
    thinking = 0.0
    decisions = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None, "a round in play has a seat to move"
        model = getattr(bots[seat], "model", None)
        if isinstance(model, KnowsHandsModel):
            model.truth = list(state.hands)
        start = time.perf_counter()
        observation = cast(PresidentObservation, state.observation(seat))
        action = bots[seat].choose(observation, state.legal_actions())
        if seat == hard:
            thinking += time.perf_counter() - start
            decisions += 1
        state.apply(action)
    return {"round": number, "place": state.outcome().order.index(hard), "thinking": thinking, "decisions": decisions}


def read_log(path: Path) -> dict[int, dict[str, float]]:
    """The rounds of a ``--log`` file by number (none if it does not exist yet)."""
    if not path.exists():
        return {}
    rounds = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {int(record["round"]): record for record in rounds}


def compare(these: dict[int, dict[str, float]], other: dict[int, dict[str, float]], name: str) -> str:
    """These rounds against ``other``'s on the rounds both played: President finishes,
    the rounds only one of them finished President, and a two-sided sign test."""
    common = sorted(set(these) & set(other))
    if not common:
        return f"no round in common with {name}"
    first = [these[n]["place"] == 0 for n in common]
    second = [other[n]["place"] == 0 for n in common]
    only_these = sum(a and not b for a, b in zip(first, second, strict=True))
    only_other = sum(b and not a for a, b in zip(first, second, strict=True))
    split = only_these + only_other
    tail = sum(math.comb(split, k) for k in range(min(only_these, only_other) + 1)) / 2**split if split else 0.5
    n = len(common)
    return (
        f"against {name} on the {n} rounds both played: President {sum(first)} ({sum(first) / n:.1%}) against "
        f"{sum(second)} ({sum(second) / n:.1%}); only this one {only_these}, only {name} {only_other}, "
        f"sign test p = {min(1.0, 2 * tail):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", help=f"one of {', '.join(NAMES)}, optionally with :key=value,...")
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first round number")
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--opponents", default="normal", help=f"normal (the default), or one of {', '.join(NAMES)} without settings"
    )
    parser.add_argument("--log", type=Path, help="keep each round as a JSON line here, and skip the rounds it has")
    parser.add_argument("--compare", type=Path, help="another variant's --log to set these rounds against")
    args = parser.parse_args()
    if args.variant.partition(":")[0] not in NAMES:
        parser.error(f"unknown variant {args.variant!r}; choose from {', '.join(NAMES)}")
    if args.opponents != "normal" and args.opponents not in NAMES:
        parser.error(f"unknown opponents {args.opponents!r}; choose normal or one of {', '.join(NAMES)}")
    if args.compare is not None and not args.compare.exists():
        parser.error(f"no log at {args.compare}")
    configure(args.variant.partition(":")[2])  # fail early on a bad setting
    numbers = range(args.first, args.first + args.rounds)
    kept = read_log(args.log) if args.log is not None else {}
    jobs = [(args.variant, n, args.iterations, args.opponents) for n in numbers if n not in kept]
    with ProcessPoolExecutor(args.jobs) as pool:
        for record in pool.map(play_round, jobs, chunksize=1 if args.log else 4):
            kept[int(record["round"])] = record
            if args.log is not None:
                with args.log.open("a") as log:
                    log.write(json.dumps(record) + "\n")
    results = [kept[n] for n in numbers]
    wins = sum(1 for record in results if record["place"] == 0)
    n = len(results)
    low, high = wilson_interval(wins, n)
    print(
        f"{args.variant} against 3 {args.opponents} at {args.iterations} iterations, {n} rounds: President {wins} "
        f"({wins / n:.1%}, Wilson 95% {low:.1%}-{high:.1%}), average place "
        f"{sum(r['place'] for r in results) / n + 1:.2f}, hard thinking {sum(r['thinking'] for r in results) / n:.2f} s "
        f"a round"
    )
    if args.compare is not None:
        print(compare({r_n: kept[r_n] for r_n in numbers}, read_log(args.compare), args.compare.name))


if __name__ == "__main__":
    main()
