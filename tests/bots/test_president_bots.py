"""The President bots: legal play, observation only, determinism, the strategies'
behaviours, the forced-out solver against brute force, and the search model."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import combinations

import pytest

from cardtable.bots import make_bot
from cardtable.bots import president as president_bots
from cardtable.bots.president import (
    BOT_LEVELS,
    EasyPresidentBot,
    HardPresidentBot,
    NormalPresidentBot,
    PresidentSearchModel,
    PresidentSimulator,
    canonical,
    choose_gift,
    forced_line,
    is_safe,
    move_action,
    move_of,
    normal_move,
    play_move,
    rank_counts,
    search_moves,
)
from cardtable.bots.search import SearchResult
from cardtable.cards import ALL_CARDS, cards_to_mask, mask_to_cards, parse_cards
from cardtable.engine.actions import PASS, Action
from cardtable.games import get_rules
from cardtable.games.president import (
    PRESIDENT_ORDER,
    REVOLUTION_ORDER,
    PresidentObservation,
    PresidentState,
    played_this_round,
)
from cardtable.games.president.kernel import copy_table

from .oracles import PresidentStateModel, check_model

RULES = get_rules("president")
ALL = (1 << 52) - 1


def mask(text: str) -> int:
    return cards_to_mask(parse_cards(text)) if text else 0


def codes(m: int) -> str:
    return " ".join(str(c) for c in mask_to_cards(m))


def fast_bots(levels: list[str], seed: int) -> list[object]:
    bots = []
    for seat, level in enumerate(levels):
        if level == "hard":
            bots.append(HardPresidentBot(seed=seed * 10 + seat, iterations=25))
        else:
            bots.append(BOT_LEVELS[level](seed * 10 + seat))
    return bots


def play_game(state: PresidentState, bots: list[object]) -> list[str]:
    """Play to the end, checking every choice is legal; return the actions played."""
    played = []
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal, f"seat {seat} chose illegal {action} from {legal}"
        state.apply(action)
        played.append(str(action))
    return played


# --- protocol ------------------------------------------------------------------------------


def test_levels_are_registered() -> None:
    assert set(BOT_LEVELS) == {"easy", "normal", "hard"}
    for level in ("easy", "normal", "hard"):
        assert make_bot("president", level, seed=1).level == level


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_play_only_legal_moves(level: str) -> None:
    for game in range(40):
        players = 3 + game % 4
        state = RULES.new_game(players=players, seed=game, rounds=2, revolution=game % 5 != 0)
        levels = [level] + ["easy", "normal"] * 3
        play_game(state, fast_bots(levels[:players], game))
        assert len(state.outcome().rounds) == 2


@pytest.mark.slow
def test_hard_plays_only_legal_moves_through_exchanges() -> None:
    for game in range(3):
        players = (4, 3, 5)[game]
        state = RULES.new_game(players=players, seed=100 + game, rounds=2, revolution=game != 1)
        play_game(state, fast_bots(["hard"] + ["normal"] * (players - 1), game))
        assert state.outcome().is_over


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    runs = []
    for _ in range(2):
        state = RULES.new_game(players=4, seed=7, rounds=2)
        runs.append(play_game(state, fast_bots([level, "normal", level, "easy"], 3)))
    assert runs[0] == runs[1]


def scrambled(state: PresidentState, seat: int, rng: random.Random) -> PresidentState:
    """The same game with the hidden cards of the other seats dealt again (same sizes)."""
    other = state.clone()
    others = [s for s in range(state.num_players) if s != seat]
    pool = [i for s in others for i in range(52) if state.hands[s] >> i & 1]
    rng.shuffle(pool)
    for s in others:
        n = state.hands[s].bit_count()
        other.hands[s] = sum(1 << i for i in pool[:n])
        pool = pool[n:]
    return other


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_see_only_their_observation(level: str) -> None:
    rng = random.Random(5)
    checked = 0
    for game in range(4 if level == "hard" else 12):
        state = RULES.new_game(players=4, seed=200 + game, rounds=2)
        driver = fast_bots(["normal"] * 4, game)
        step = 0
        while not state.is_over and checked < (30 if level == "hard" else 400):
            seat = state.current_player
            if step % 3 == 0 and state.observation(seat).phase == "play":
                twin = scrambled(state, seat, rng)
                assert twin.observation(seat) == state.observation(seat)
                choices = []
                for world in (state, twin):
                    bot = fast_bots([level], game)[0]
                    choices.append(bot.choose(world.observation(seat), world.legal_actions()))
                assert choices[0] == choices[1]
                checked += 1
            state.apply(driver[seat].choose(state.observation(seat), state.legal_actions()))
            step += 1
    assert checked > 10


# --- easy ------------------------------------------------------------------------------------


def position(hands: list[str], table: str = "", owner: int = 1, current: int = 0,
             revolution: bool = False) -> PresidentState:
    """A constructed position: these hands, this table, ``current`` to act."""
    state = RULES.new_game(players=len(hands), seed=1)
    state.hands = [mask(h) for h in hands]
    if table:
        action = Action.parse(table)
        state.table_mask = action.mask
        state.table_rank = action.cards[0].rank
        state.table_size = len(action.cards)
        state.table_owner = owner
        state.trick = [(owner, action)]
    state.revolution = revolution
    state.table.current = current
    state.leader = owner if table else current
    return state


def choice(bot: object, state: PresidentState) -> str:
    seat = state.current_player
    return str(bot.choose(state.observation(seat), state.legal_actions()))


def test_easy_plays_the_lowest_combination() -> None:
    hands = ["4C 4D 7S 9H KD 2C", "5C", "6C"]
    lead = position(hands)
    follow = position(hands, table="6D")
    picks_lead = [choice(EasyPresidentBot(seed=s), lead) for s in range(40)]
    picks_follow = [choice(EasyPresidentBot(seed=s), follow) for s in range(40)]
    assert picks_lead.count("4C 4D") >= 30 and picks_follow.count("7S") >= 30
    # ... with a little randomness.
    assert len(set(picks_lead)) > 1 or len(set(picks_follow)) > 1
    revolution = position(hands, revolution=True)
    assert choice(EasyPresidentBot(seed=2), revolution) == "2C"  # the lowest rank now


# --- normal ----------------------------------------------------------------------------------


def test_normal_leads_its_lowest_group_whole() -> None:
    state = position(["5C 5D 5H 8S JD KC", "3C 3D 3H", "4C 4D 4H"])
    assert choice(NormalPresidentBot(1), state) == "5C 5D 5H"


def test_normal_does_not_break_pairs_without_need() -> None:
    state = position(["5C 5D 8S 8H KD JC 3S", "3C 3D 3H 7C 7D 7H", "4C 4D 4H 6C 6D 6H"], table="4S")
    assert choice(NormalPresidentBot(1), state) in ("JC", "KD")
    pairs_only = position(["5C 5D 8S 8H TC TD", "3C 3D 3H 7C 7D 7H", "4C 4D 4H 6C 6D 6H"], table="4S")
    assert choice(NormalPresidentBot(1), pairs_only) == "pass"


def test_normal_breaks_a_pair_when_an_opponent_is_nearly_out() -> None:
    state = position(["5C 5D 8S 8H 9C 9D", "3C", "4C 4D 4H 6C 6D 6H"], table="4S")
    assert choice(NormalPresidentBot(1), state) == "5C"


def test_normal_keeps_its_2s_for_a_high_table() -> None:
    hands = ["2C 5S 7D 9H JC", "3C 3D 3H 7C 7H 9C", "4C 4D 4H 6C 6D 6H"]
    low = position(hands, table="6S")
    assert choice(NormalPresidentBot(1), low) == "7D"
    low_and_no_middle = position(["2C 4S 5D 5H 3S 3D", "3C 3D 3H 7C 7H 9C", "4C 4D 4H 6C 6D 6H 8S 8D"], table="6S")
    assert choice(NormalPresidentBot(1), low_and_no_middle) == "pass"
    high = position(hands, table="AS")
    assert choice(NormalPresidentBot(1), high) == "2C"  # takes the lead back


def test_normal_keeps_a_four_of_a_kind() -> None:
    hands = ["9C 9D 9H 9S 6D QH KS AD", "3C 3D 3H 7C 7H 8C", "4C 4D 4H 6C 6H 8D"]
    state = position(hands, table="8S")
    assert choice(NormalPresidentBot(1), state) == "QH"
    no_single = position(["9C 9D 9H 9S 5D 5H", "3C 3D 3H 7C 7H 8C", "4C 4D 4H 6C 6H 8D"], table="8S")
    assert choice(NormalPresidentBot(1), no_single) == "pass"


def test_normal_starts_a_revolution_with_a_low_hand() -> None:
    low = position(["9C 9D 9H 9S 3D 4H 5S 6C", "KC KD AH", "QC QD AC"])
    assert choice(NormalPresidentBot(1), low) == "9C 9D 9H 9S"
    high = position(["5C 5D 5H 5S 3D KH AS 2C", "KC KD AH", "QC QD AC"])
    assert choice(NormalPresidentBot(1), high) == "3D"


def test_normal_gives_back_its_lowest_cards() -> None:
    hand = mask("3C 4D 4H 9S JC KD 2S 2H")
    assert codes(choose_gift(hand, 2)) == "4D 4H"
    assert codes(choose_gift(hand, 1)) == "3C"
    # Through a real exchange: the President gives back low cards, never a 2.
    state = RULES.new_game(players=4, seed=11, rounds=2)
    bots = fast_bots(["normal"] * 4, 1)
    while state.round_number == 1:
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    president = state.current_player
    view = state.observation(president)
    action = NormalPresidentBot(1).choose(view, state.legal_actions())
    ranks = sorted(PRESIDENT_ORDER.position(c.rank) for c in view.hand)
    assert all(PRESIDENT_ORDER.position(c.rank) <= ranks[3] for c in action.cards)


def test_normal_plays_out_its_sure_tricks_first() -> None:
    # The pair of 2s cannot be beaten; then the 4 goes out (leading the 4 first would not).
    state = position(["2C 2D 4S", "2H AS AC 3D", "5C 6C"])
    assert choice(NormalPresidentBot(1), state) == "2C 2D"


def test_normal_move_passes_without_a_beating_group() -> None:
    assert normal_move(mask("3C 4D"), 14, 1, False, True, ALL & ~mask("3C 4D"), 5) is None


# --- the forced-out solver -------------------------------------------------------------------


def brute_safe(rank: int, size: int, revolution: bool, unseen: int, enabled: bool) -> bool:
    """No ``size`` unseen cards of one rank beat the play (after its own revolution)."""
    after = revolution != (size == 4 and enabled)
    order = REVOLUTION_ORDER if after else PRESIDENT_ORDER
    cards = list(mask_to_cards(unseen))
    for combo in combinations(cards, size):
        if len({c.rank for c in combo}) == 1 and order.position(combo[0].rank) > order.position(rank):
            return False
    return True


def brute_can_go_out(hand: int, revolution: bool, unseen: int, enabled: bool, table: tuple[int, int] | None) -> bool:
    """Try every sequence of plays, with safety checked card by card."""
    if not hand:
        return False
    order = REVOLUTION_ORDER if revolution else PRESIDENT_ORDER
    cards = list(mask_to_cards(hand))
    for size in range(1, 5):
        for combo in combinations(cards, size):
            if len({c.rank for c in combo}) != 1:
                continue
            rank = combo[0].rank
            if table is not None and (size != table[1] or order.position(rank) <= order.position(table[0])):
                continue
            rest = hand & ~cards_to_mask(combo)
            if not rest:
                return True
            if brute_safe(rank, size, revolution, unseen, enabled) and brute_can_go_out(
                rest, revolution != (size == 4 and enabled), unseen, enabled, None
            ):
                return True
    return False


def test_forced_line_agrees_with_brute_force_on_small_positions() -> None:
    rng = random.Random(17)
    found = 0
    for _ in range(400):
        deck = list(range(52))
        rng.shuffle(deck)
        # Few ranks, so that groups and fours happen often.
        ranks = rng.sample(range(2, 15), rng.randint(2, 5))
        pool = [i for i in deck if (i >> 2) + 2 in ranks]
        hand_size = rng.randint(1, min(6, len(pool) - 1))
        hand = sum(1 << i for i in pool[:hand_size])
        unseen = sum(1 << i for i in pool[hand_size : hand_size + rng.randint(0, 8)])
        revolution = rng.random() < 0.3
        enabled = rng.random() < 0.8
        table = None
        if rng.random() < 0.4:
            table = (rng.choice(ranks), rng.randint(1, 2))
        line = forced_line(rank_counts(hand), revolution, rank_counts(unseen), enabled,
                           *(table or (0, 0)))
        expected = brute_can_go_out(hand, revolution, unseen, enabled, table)
        assert (line is not None) == expected, (codes(hand), codes(unseen), revolution, enabled, table, line)
        if line:
            found += 1
            # The line itself is sound: it empties the hand, every play but the last is safe.
            counts = rank_counts(hand)
            rev = revolution
            for i, (r, k) in enumerate(line):
                assert counts[r] >= k
                counts[r] -= k
                if i < len(line) - 1:
                    assert brute_safe(r, k, rev, unseen, enabled)
                rev = rev != (k == 4 and enabled)
            assert not any(counts)
    assert 40 < found < 360  # both answers were tested


def test_is_safe_respects_a_revolution_by_the_four_itself() -> None:
    unseen = rank_counts(mask("3C 3D 3H 3S"))
    assert is_safe(14, 4, False, unseen, revolution_enabled=False)
    assert not is_safe(14, 4, False, unseen, revolution_enabled=True)  # 3s are high after


def test_hard_goes_out_by_force_without_searching() -> None:
    for seed in range(10):
        state = position(["2C 2D 4S", "2H AS AC 3D 5C", "3C 6C 7C KH"])
        bot = HardPresidentBot(seed=seed, iterations=20)
        opponents = [None, EasyPresidentBot(seed), EasyPresidentBot(seed + 1)]
        action = bot.choose(state.observation(0), state.legal_actions())
        assert str(action) == "2C 2D" and bot.searcher.last_result is None
        state.apply(action)
        while 0 not in state.finished:
            seat = state.current_player
            chooser = bot if seat == 0 else opponents[seat]
            move = chooser.choose(state.observation(seat), state.legal_actions())
            assert seat == 0 or move == PASS
            state.apply(move)
        assert state.finished[0] == 0


# --- the search model ------------------------------------------------------------------------


def canonical_legal(state: PresidentState) -> list[Action]:
    """The moves the search considers: one per (rank, size), leads of whole groups only."""
    seen: dict[Action, None] = {}
    seat = state.current_player
    counts = rank_counts(state.hands[seat])
    for action in state.legal_actions():
        if state.table_size == 0 and len(action.cards) != counts[action.cards[0].rank]:
            continue
        seen.setdefault(canonical(action), None)
    return list(seen)


@pytest.mark.slow
def test_model_samples_agree_with_the_observation() -> None:
    rng = random.Random(3)
    checked = 0
    for game in range(6):
        players = 3 + game % 4
        state = RULES.new_game(players=players, seed=300 + game, rounds=3)
        bots = fast_bots(["normal"] * players, game)
        while not state.is_over:
            seat = state.current_player
            view = state.observation(seat)
            if view.phase == "play" and rng.random() < 0.15:
                model = PresidentStateModel()
                problem = check_model(model, view, state.legal_actions(), rng, samples=5)
                assert problem is None, problem
                checked += 1
            state.apply(bots[seat].choose(view, state.legal_actions()))
    assert checked > 30


def after_exchange(seed: int) -> PresidentState:
    state = RULES.new_game(players=4, seed=seed, rounds=2)
    bots = fast_bots(["normal"] * 4, seed)
    while state.round_number == 1 or state.observation(0).phase == "exchange":
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    return state


def test_sampling_keeps_what_the_exchange_revealed() -> None:
    state = after_exchange(21)
    order = state.outcome().rounds[0]["order"]
    president, scum = order[0], order[-1]
    model = PresidentStateModel()
    rng = random.Random(1)
    # The President knows the Scum kept nothing better than its weakest gift.
    view = state.observation(president)
    received = list(view.exchange_received)
    weakest = min((PRESIDENT_ORDER.position(c.rank), c.suit) for c in received)
    given_back = cards_to_mask(view.exchange_given)
    for _ in range(30):
        sample = model.sample_state(view, rng)
        for card in mask_to_cards(sample.hands[scum] & ~given_back):
            assert (PRESIDENT_ORDER.position(card.rank), card.suit) < weakest
        assert sample.hands[scum] & given_back == given_back
    # The Scum knows where its two best cards went.
    view = state.observation(scum)
    gifts = cards_to_mask(view.exchange_given)
    for _ in range(30):
        sample = PresidentStateModel().sample_state(view, rng)
        assert sample.hands[president] & gifts == gifts & ~cards_to_mask(view.exchange_received)


def test_the_search_lists_one_move_per_rank_and_size() -> None:
    real = RULES.new_game(players=4, seed=9)
    for _ in range(5):
        seat = real.current_player
        simulator = PresidentSimulator(PresidentStateModel(), real.observation(seat))
        world = simulator.deal(random.Random(2))
        moves = simulator.moves(world)
        assert sorted(map(str, map(move_action, moves))) == sorted(map(str, canonical_legal(real)))
        assert len(set(moves)) == len(moves) and moves == search_moves(world)
        real.apply(real.legal_actions()[-1])
    # A move names rank and size only; it is carried out with the cards the player holds.
    simulator = PresidentSimulator(PresidentStateModel(), real.observation(real.current_player))
    world = simulator.deal(random.Random(3))
    seat = world.current
    before = world.hands[seat]
    move = simulator.moves(world)[0]
    play_move(world, move)
    played = before & ~world.hands[seat]
    assert played.bit_count() == move & 7 and {c.rank for c in mask_to_cards(played)} == {move >> 3}
    # The lowest suits of that rank.
    shift = ((move >> 3) - 2) * 4
    assert played >> shift == min(sub for sub in range(16) if sub & (before >> shift & 15) == sub and sub.bit_count() == move & 7)


def test_from_observation_rebuilds_every_seat_of_real_games() -> None:
    rng = random.Random(4)
    exchanges = 0
    for game in range(8):
        state = RULES.new_game(players=3 + game % 4, seed=400 + game, rounds=2, revolution=game % 3 != 0)
        while not state.is_over:
            seat = state.current_player
            view = state.observation(seat)
            # Every phase a seat moves in: the play and the exchange before a round.
            rebuilt = PresidentState.from_observation(view, state.hands)
            assert rebuilt.observation(seat) == view
            assert rebuilt.legal_actions() == state.legal_actions()
            if view.phase == "exchange":
                exchanges += 1
                assert rebuilt.table.exchange_steps == state.table.exchange_steps
                assert rebuilt.table.leader == state.table.leader
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert exchanges >= 8  # one or two gifts back before every second round


def test_from_observation_rejects_inconsistent_hands() -> None:
    state = RULES.new_game(players=3, seed=1)
    state.apply(state.legal_actions()[0])
    view = state.observation(1)
    hands = list(state.hands)
    with pytest.raises(ValueError, match="own hand"):
        PresidentState.from_observation(view, [hands[0], hands[2], hands[1]])
    played = played_this_round(view)
    with pytest.raises(ValueError, match="two places"):
        PresidentState.from_observation(view, [hands[0], hands[1], hands[2] & ~(hands[2] & -hands[2]) | played])
    with pytest.raises(ValueError, match="hand sizes"):
        PresidentState.from_observation(view, [hands[0], hands[1], hands[2] | played])
    over = RULES.new_game(players=3, seed=1)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    with pytest.raises(ValueError, match="phase"):
        PresidentState.from_observation(over.observation(0), over.hands)


def test_hard_fixed_iterations_are_reproducible_and_legal() -> None:
    state = RULES.new_game(players=4, seed=12)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    picks = set()
    for _ in range(2):
        bot = HardPresidentBot(seed=5, iterations=60)
        picks.add(str(bot.choose(state.observation(seat), state.legal_actions())))
        assert bot.searcher.last_result.rejected_samples == 0
    assert len(picks) == 1 and picks.pop() in map(str, state.legal_actions())
    assert ALL_CARDS  # the deck is intact


def stepwise_playout(model: PresidentStateModel, state: PresidentState, rng: random.Random) -> list[int]:
    """The play-out as the search's generic loop plays it: one action at a time."""
    while state.current_player is not None and not model.is_terminal_for_search(state):
        seat = state.current_player
        state.apply(model.playout_action(state, seat, rng))
    return state.outcome().rounds[-1]["order"]


@pytest.mark.parametrize("noise", [0.0, 0.05, 0.5])
def test_the_kernel_playout_plays_as_the_stepwise_one(noise: float) -> None:
    rules = get_rules("president")
    for seed in range(12):
        state = rules.new_game(players=3 + seed % 4, seed=seed, revolution=seed % 3 != 0)
        for _ in range(seed % 9):
            state.apply(state.legal_actions()[0])
        seat = state.current_player
        model = PresidentStateModel(noise=noise)
        sample = model.sample_state(state.observation(seat), random.Random(seed))
        fast = sample.clone()
        model.playout(fast, random.Random(seed + 100))
        order = fast.table.orders[-1]
        assert order == stepwise_playout(model, sample.clone(), random.Random(seed + 100))
        assert fast.current_player is None
        # The simulator plays the same world out the same way.
        simulator = PresidentSimulator(model, state.observation(seat))
        world = copy_table(sample.table)
        simulator.finish(world, random.Random(seed + 100))
        assert world.orders[-1] == order and simulator.stopped(world)
        # Every seat's value follows its place.
        values = [model.evaluate(fast, s) for s in order]
        assert values == [simulator.value(world, s) for s in order]
        assert values == sorted(values, reverse=True) and values[0] == 1.0 and values[-1] == 0.0


def test_place_values_set_what_each_place_is_worth() -> None:
    state = get_rules("president").new_game(players=4, seed=5)
    model = PresidentStateModel(place_values=(1.0, 0.3, 0.1, 0.0), noise=0.0)
    sample = model.sample_state(state.observation(0), random.Random(2))
    model.playout(sample, random.Random(3))
    assert [model.evaluate(sample, s) for s in sample.table.orders[-1]] == [1.0, 0.3, 0.1, 0.0]


# --- the hard bot reads the opponents' plays ------------------------------------------------


def normal_observations(
    games: int, players_of: Callable[[int], int] = lambda g: 3 + g % 4, rounds: int = 2
) -> Iterator[tuple[PresidentState, PresidentObservation]]:
    """(state, observation of seat 0) at every searched-looking decision of seat 0, in
    games of normal bots; two rounds, so the exchange is covered too."""
    for game in range(games):
        state = RULES.new_game(players=players_of(game), seed=700 + game, rounds=rounds, revolution=game % 5 != 0)
        bots = [NormalPresidentBot(s) for s in range(state.num_players)]
        while not state.is_over:
            seat = state.current_player
            observation = state.observation(seat)
            legal = state.legal_actions()
            if seat == 0 and observation.phase == "play" and len(legal) > 1:
                yield state, observation
            state.apply(bots[seat].choose(observation, legal))


def test_the_real_hands_agree_with_every_play_of_normal_opponents() -> None:
    checked = uniform_disagree = 0
    for state, observation in normal_observations(16):
        model = PresidentStateModel()
        model.prepare(observation)
        others = model.deal.others
        for place, other in enumerate(others):
            assert model.disagreements(place, state.hands[other]) == 0
        checked += model.checks_count
        sample = PresidentStateModel(inference=False).sample_state(observation, random.Random(checked))
        uniform_disagree += sum(model.disagreements(p, sample.hands[o]) for p, o in enumerate(others))
    assert checked > 1000
    # The check is not vacuous: uniformly dealt hands often disagree.
    assert uniform_disagree > 100


def test_the_reading_sampler_keeps_every_public_fact() -> None:
    for index, (state, observation) in enumerate(normal_observations(6)):
        model = PresidentStateModel()
        rng = random.Random(index)
        played = played_this_round(observation)
        for _ in range(5):
            sample = model.sample_state(observation, rng)
            assert sample.hands[0] == state.hands[0]
            assert [h.bit_count() for h in sample.hands] == list(observation.hand_sizes)
            union = 0
            for hand in sample.hands:
                assert not hand & union and not hand & played
                union |= hand
            assert union == sum(state.hands)
            for given in (e for e in observation.events if e.kind == "exchange" and e.round == observation.round and e.seat == 0):
                assert sample.hands[given.info["to"]] & cards_to_mask(given.cards) == cards_to_mask(given.cards) & ~played


def test_the_reading_sampler_deals_closer_to_the_real_hands() -> None:
    def distance(a: int, b: int) -> int:
        return sum(abs(x - y) for x, y in zip(rank_counts(a), rank_counts(b)))

    reading = uniform = 0
    for index, (state, observation) in enumerate(normal_observations(6, lambda g: 4, rounds=1)):
        if len(observation.history) < 8:
            continue
        for model, total in ((PresidentStateModel(), "reading"), (PresidentStateModel(inference=False), "uniform")):
            rng = random.Random(index)
            d = 0
            for _ in range(30):
                sample = model.sample_state(observation, rng)
                d += sum(distance(sample.hands[s], state.hands[s]) for s in range(1, 4))
            if total == "reading":
                reading += d
            else:
                uniform += d
    assert reading < 0.85 * uniform


def test_in_the_tree_the_opponents_play_the_normal_strategy() -> None:
    state = RULES.new_game(players=4, seed=31)
    state.apply(state.legal_actions()[0])
    seat = state.current_player
    simulator = PresidentSimulator(PresidentSearchModel(), state.observation(seat))
    world = simulator.deal(random.Random(2))
    simulator.play(world, simulator.moves(world)[0])
    other = world.current
    assert other != seat
    hand = world.hands[other]
    unseen = sum(world.hands) & ~hand
    fewest = min(h.bit_count() for s, h in enumerate(world.hands) if s != other and h)
    move = normal_move(hand, world.table_rank, world.table_size, world.revolution, True, unseen, fewest)
    expected = PASS if move is None else canonical(_play_of(hand, *move))
    assert simulator.moves(world) == [move_of(expected)]
    assert len(search_moves(world)) > 1
    # Without the opponent model the tree branches on every move of every seat.
    plain = PresidentSimulator(PresidentSearchModel(model_opponents=False), state.observation(seat))
    world = plain.deal(random.Random(2))
    plain.play(world, plain.moves(world)[0])
    assert plain.moves(world) == search_moves(world)


def test_the_head_to_head_check_keeps_the_normal_move_on_a_tie_and_else_plays_the_best(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = RULES.new_game(players=4, seed=12)
    seat = state.current_player
    observation = state.observation(seat)
    bot = HardPresidentBot(seed=3, iterations=30)
    hand = sum(c.mask for c in observation.hand)
    moves = sorted({canonical(a) for a in state.legal_actions()}, key=str)
    usual = canonical(_play_of(hand, *normal_move(hand, 0, 0, False, True, ALL & ~hand, 13)))
    other = next(m for m in moves if m != usual)
    bot.model.place_value = lambda order, seat: 0.5  # every move is worth the same
    assert bot.after_search(observation, moves, SearchResult(other), bot.deadline()) == usual
    # A model under which only ``other`` ever wins: the check finds it.
    played = {"move": -1}
    real_play_move = president_bots.play_move

    def play_move_seen(table, move):  # type: ignore[no-untyped-def]
        played["move"] = move
        real_play_move(table, move)

    monkeypatch.setattr(president_bots.hard, "play_move", play_move_seen)  # where the check calls it
    bot.model.place_value = lambda order, seat: 1.0 if played["move"] == move_of(other) else 0.0
    assert bot.after_search(observation, moves, SearchResult(usual), bot.deadline()) == other


def _play_of(hand: int, rank: int, size: int) -> Action:
    return Action.parse(" ".join([str(c) for c in mask_to_cards(hand) if c.rank == rank][:size]))
