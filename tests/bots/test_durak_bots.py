"""The Durak bots: legal play, observation only, determinism, the behaviours the rules
ask for, the search model's sampler, and the exact endgame solver against brute force."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import pytest

from cardtable.bots import make_bot
from cardtable.bots.durak import (
    BOT_LEVELS,
    DurakSearchModel,
    EasyDurakBot,
    EndgameSolver,
    HardDurakBot,
    NormalDurakBot,
    PublicMemory,
    cheapest_cover,
    endgame_position,
    make_search_model,
    solve_endgame,
)
from cardtable.bots.search import Searchable
from cardtable.cards import ALL_CARDS, Card, parse_cards
from cardtable.engine.actions import Action
from cardtable.games import get_rules
from cardtable.games.durak import DurakState, action_of
from tests.games.durak_helpers import new_game, play

from .oracles import DurakStateModel, SearchModel, check_model, durak_normal_action

RULES = get_rules("durak")


def mask(text: str) -> int:
    return sum(card.mask for card in parse_cards(text))


def idx(code: str) -> int:
    return Card.parse(code).index


def make(level: str, seed: int):
    if level == "hard":
        return HardDurakBot(seed=seed, iterations=12)
    return BOT_LEVELS[level](seed)


def play_game(state: DurakState, bots, limit: int = 5000) -> list[str]:
    """Play to the end, checking every choice is legal; the actions as notation."""
    actions = []
    for _ in range(limit):
        if state.is_over:
            return actions
        seat = state.current_player
        legal = state.legal_actions()
        action = bots[seat].choose(state.observation(seat), legal)
        assert action in legal, f"seat {seat} chose illegal {action} from {legal}"
        state.apply(action)
        actions.append(f"{seat}:{action}")
    raise AssertionError("the game did not end")


def advance(state: DurakState, bots, moves: int) -> None:
    for _ in range(moves):
        if state.is_over:
            return
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))


# --- registration, legality, determinism ------------------------------------------------------


def test_levels_are_registered_and_search_model_follows_the_convention():
    assert set(BOT_LEVELS) == {"easy", "normal", "hard"}
    for level in ("easy", "normal", "hard"):
        assert make_bot("durak", level, seed=1).level == level
    assert isinstance(make_search_model(), Searchable)
    assert isinstance(DurakStateModel(), SearchModel)  # the oracle states it on DurakState


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_easy_and_normal_play_only_legal_moves(players):
    for seed in range(12):
        state = RULES.new_game(players=players, seed=seed, rounds=2)
        bots = [make(("easy", "normal")[(seat + seed) % 2], seed * 10 + seat) for seat in range(players)]
        play_game(state, bots)
        assert state.is_over


@pytest.mark.parametrize("players", [2, 3])
def test_hard_plays_only_legal_moves(players):
    state = RULES.new_game(players=players, seed=players)
    bots = [make("hard" if seat == 0 else "normal", seat) for seat in range(players)]
    play_game(state, bots)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_same_seed_same_game(level):
    games = []
    for _ in range(2):
        state = RULES.new_game(players=2, seed=9)
        games.append(play_game(state, [make(level, 3), make("normal", 4)]))
    assert games[0] == games[1]


def calls_made(choose: Callable[..., Action], *args: object) -> tuple[Action, int]:
    """What ``choose(*args)`` returns, and how many functions (Python's and built-in) it called."""
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        calls += event in ("call", "c_call")

    sys.setprofile(count)
    try:
        action = choose(*args)
    finally:
        sys.setprofile(None)
    return action, calls


def test_easy_and_normal_decide_quickly():
    # Counted, not timed: a decision of either heuristic bot calls some 10 (easy) or 30
    # (normal) functions, 81 at most over these games; the bound only catches a strategy
    # gone quadratic (`cardtable simulate` prints the decision times).
    for level in ("easy", "normal"):
        decisions = 0
        for seed in range(20):
            state = RULES.new_game(players=3, seed=seed)
            bots = [make(level, seat) for seat in range(3)]
            while not state.is_over:
                seat = state.current_player
                seen, legal = state.observation(seat), state.legal_actions()
                action, calls = calls_made(bots[seat].choose, seen, legal)
                assert calls <= 500, (level, seed, calls)
                assert action in legal
                state.apply(action)
                decisions += 1
        assert decisions > 1_000


# --- observation only ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_see_only_the_observation(level):
    """Re-deal every card the seat cannot see; the bot's choice must not change."""
    model = DurakStateModel()
    checked = 0
    for seed in range(4 if level != "hard" else 2):
        state = RULES.new_game(players=3, seed=seed)
        drivers = [make("normal", 50 + s) for s in range(3)]
        for step in range(60):
            if state.is_over:
                break
            seat = state.current_player
            legal = state.legal_actions()
            if len(legal) > 1 and step % 3 == 0:
                seen = state.observation(seat)
                scrambled = model.sample_state(seen, random.Random(step))
                assert scrambled.observation(seat) == seen
                assert scrambled.hand(seat) == state.hand(seat)
                first = make(level, 7).choose(seen, legal)
                second = make(level, 7).choose(scrambled.observation(seat), scrambled.legal_actions())
                assert first == second
                checked += 1
            state.apply(drivers[seat].choose(state.observation(seat), legal))
    assert checked > 5


# --- the behaviours of the rule file -------------------------------------------------------------
# Trumps are spades below (the face-up trump is the 6S or another spade).


def test_easy_attacks_with_its_lowest_card_and_defends_with_the_smallest_beater():
    state = new_game(["7H 9C KD AS QS 8C", "6D TH JH QC 7C 7S"], trump="6S")
    # Seat 1 holds the lowest trump (7S) and opens.
    play(state, "1: attack 6D")
    bot = EasyDurakBot(seed=1)
    action = bot.choose(state.observation(0), state.legal_actions())
    assert str(action) == "defend 6D KD"  # the only diamond that beats; no trump spent
    attacks = [str(EasyDurakBot(seed=s).choose(state.observation(0), state.legal_actions())) for s in range(5)]
    assert set(attacks) == {"defend 6D KD"}
    state2 = new_game(["7H 9C KD AS QS 8C", "6D TH JH QC 7C 7S"], trump="6S")
    opening = [str(EasyDurakBot(seed=s).choose(state2.observation(1), state2.legal_actions())) for s in range(40)]
    assert opening.count("attack 6D") > 25  # mostly the lowest card, now and then another low one
    assert all(a in ("attack 6D", "attack 7C", "attack TH") for a in opening)


def test_easy_takes_only_when_it_cannot_beat():
    state = new_game(["7H 9C 8D AS QS 8C", "KD TH JH QC 7C 7S"], trump="6S")
    play(state, "1: attack KD")
    assert str(EasyDurakBot(seed=1).choose(state.observation(0), state.legal_actions())) == "defend KD QS"
    state = new_game(["7H 9C 8D AH QH 8C", "KD TH JH QC 7C 7S"], trump="6S")
    play(state, "1: attack KD")
    assert str(EasyDurakBot(seed=1).choose(state.observation(0), state.legal_actions())) == "take"


def test_normal_saves_trumps_early_by_taking():
    # Only the ace of trumps beats the 9H; the deck is thick: normal takes, easy spends it.
    state = new_game(["7D 9C 8D AS 6H 8C", "9H TH JH QC 7C 7S"], trump="6S")
    play(state, "1: attack 9H")
    assert str(NormalDurakBot(seed=1).choose(state.observation(0), state.legal_actions())) == "take"
    assert str(EasyDurakBot(seed=1).choose(state.observation(0), state.legal_actions())) == "defend 9H AS"


def test_normal_beats_with_a_plain_card_rather_than_a_trump():
    state = new_game(["7D 9C KH AS 6H 8C", "9H TH JH QC 7C 7S"], trump="6S")
    play(state, "1: attack 9H")
    assert str(NormalDurakBot(seed=1).choose(state.observation(0), state.legal_actions())) == "defend 9H KH"


def test_normal_defence_counts_the_coming_draws():
    from cardtable.bots.durak import normal_defence

    hand = mask("7D 9C AS 6H")
    attacking = [idx("9H")]
    trump = 3  # spades
    assert normal_defence(hand, trump, attacking, mask("9H"), 20) is None  # early: take
    assert normal_defence(hand, trump, attacking, mask("9H"), 0) == (idx("9H"), idx("AS"))  # no draws left: fight


def test_normal_opens_low_and_with_a_pair_keeps_trumps():
    from cardtable.bots.durak import normal_attack

    deck_mask = mask("6C 7C 8C 9C TC JC QC KC AC")
    # 8D and 8H are a pair: open one, so the other can be thrown in.
    assert normal_attack(mask("7C 8D 8H AS 6S"), 3, 20, deck_mask) in (idx("8D"), idx("8H"))
    # Only trumps and a king: the king first.
    assert normal_attack(mask("KD 6S 7S"), 3, 20, deck_mask) == idx("KD")


def test_normal_throws_in_ranks_the_defender_apparently_lacks():
    from cardtable.bots.durak import normal_throw_in

    everything = (1 << 52) - 1
    # A dear card (the king of hearts) is thrown in when the defender cannot beat it...
    lacks_hearts = everything & ~mask("AH") & ~mask("6S 7S 8S 9S TS JS QS KS AS")
    assert normal_throw_in(mask("KH"), 3, 12, False, lacks_hearts, 6) == idx("KH")
    # ...but kept when it could.
    assert normal_throw_in(mask("KH"), 3, 12, False, everything, 6) == -1
    # After a take only cheap plain cards go over, never a trump.
    assert normal_throw_in(mask("7H 9S"), 3, 12, True, everything, 6) == idx("7H")
    assert normal_throw_in(mask("9S"), 3, 12, True, everything, 6) == -1


def test_normal_remembers_a_take_and_throws_that_suit_in():
    # Seat 0 opens 6H; seat 1 takes (a sign it holds no higher heart).
    state = new_game(["6H 9D 7C AH QC 8S", "6D JC KC 7D TD 9C"], trump="6S", stock="7H KH")
    assert state.current_player == 0
    play(state, "0: attack 6H", "1: take")
    memory = PublicMemory()
    memory.update(state.observation(0))
    assert memory.lacks[1] & Card.parse("AH").mask
    assert not memory.lacks[1] & Card.parse("AS").mask
    # Nothing to throw in (no 6 left): the attacker is still asked, and passes.
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    # With a low 6 in hand it hands it over to the taker.
    state = new_game(["6H 6C 7C AH QC 8S", "6D JC KC 7D TD 9C"], trump="6S")
    play(state, "0: attack 6H", "1: take")
    assert str(NormalDurakBot(seed=1).choose(state.observation(0), state.legal_actions())) == "attack 6C"


def test_memory_forgets_a_take_once_the_seat_draws():
    state = new_game(["6H 9D 7C AH QC 8S", "6D JC KC 7D TD 9C"], trump="6S")
    play(state, "0: attack 6H", "1: take", "0: pass")
    memory = PublicMemory()
    memory.update(state.observation(0))
    # Seat 1 holds 7 cards and drew nothing: the guess stands.
    assert memory.lacks[1]
    fresh = PublicMemory()
    fresh.update(RULES.new_game(players=2, seed=1).observation(0))
    assert fresh.lacks == [0, 0]


def test_cheapest_cover_finds_a_cover_when_greedy_fails():
    # Greedy by value would beat the 8H with the 9H and leave the 7H for nothing.
    cover = cheapest_cover(mask("9H TC"), [idx("8H"), idx("7C")], 3)
    assert cover is not None and sorted(cover) == sorted([(idx("8H"), idx("9H")), (idx("7C"), idx("TC"))])
    assert cheapest_cover(mask("9H"), [idx("8H"), idx("7H")], 3) is None


# --- the search model ---------------------------------------------------------------------------


def test_samples_agree_with_everything_public():
    model = DurakStateModel()
    rng = random.Random(3)
    checked = 0
    for players in (2, 3, 4):
        for seed in range(4):
            state = RULES.new_game(players=players, seed=seed)
            bots = [NormalDurakBot(seed=s) for s in range(players)]
            for step in range(200):
                if state.is_over:
                    break
                seat = state.current_player
                legal = state.legal_actions()
                if step % 7 == 0:
                    observation = state.observation(seat)
                    assert check_model(model, observation, legal, rng, samples=5) is None
                    sample = model.sample_state(observation, rng)
                    for other, known in enumerate(observation.known_cards):
                        assert all(card in sample.hand(other) for card in known)
                    if observation.deck_count:
                        assert sample.stock[-1] == observation.trump_card.index
                    checked += 1
                state.apply(bots[seat].choose(state.observation(seat), legal))
    assert checked > 30


def test_sampler_deals_no_higher_card_of_a_suit_the_taker_apparently_lacks():
    state = new_game(["6H 9D 7C AH QC 8S", "6D JC KC 7D TD 9C"], trump="6S")
    play(state, "0: attack 6H", "1: take", "0: pass")
    # Seat 1 took and, holding 7 cards, drew nothing: it still apparently lacks hearts.
    observation = state.observation(0)
    model = DurakStateModel()
    higher_hearts = mask("7H 8H 9H TH JH QH KH")
    for n in range(40):
        sample = model.sample_state(observation, random.Random(n))
        assert not sample.hands[1] & higher_hearts & ~Card.parse("6H").mask


def test_from_observation_rebuilds_the_same_game():
    rng = random.Random(5)
    for players in (2, 4, 6):
        for seed in range(3):
            state = RULES.new_game(players=players, seed=seed, rounds=2)
            bots = [EasyDurakBot(seed=s) for s in range(players)]
            for step in range(300):
                if state.is_over:
                    break
                seat = state.current_player
                if step % 5 == 0:
                    seen = state.observation(seat)
                    hidden = [ALL_CARDS[i] for i in state.stock[state.stock_pos:-1]]
                    rebuilt = DurakState.from_observation(seen, state.hands, random.Random(1), stock=hidden)
                    assert rebuilt.observation(seat) == seen
                    assert rebuilt.legal_actions() == state.legal_actions()
                    # Playing on both with the same moves keeps them together to the round's end.
                    twin = state.clone()
                    for _ in range(30):
                        if twin.is_over or twin.round_no != seen.round:
                            break
                        action = twin.legal_actions()[rng.randrange(len(twin.legal_actions()))]
                        twin.apply(action)
                        rebuilt.apply(action)
                        if twin.round_no != seen.round:
                            break  # a new round is dealt from each state's own rng
                        assert rebuilt.hands == twin.hands and rebuilt.current_player == twin.current_player
                state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))


def test_from_observation_refuses_inconsistent_cards():
    state = RULES.new_game(players=2, seed=1)
    seen = state.observation(state.current_player)
    hidden = [ALL_CARDS[i] for i in state.stock[state.stock_pos:-1]]
    with pytest.raises(ValueError, match="own hand"):
        DurakState.from_observation(seen, state.hands[::-1], stock=hidden)
    with pytest.raises(ValueError, match="stock holds"):
        DurakState.from_observation(seen, state.hands, stock=hidden[:-1])
    bad = list(state.hands)
    other = 1 - seen.seat
    bad[other] = (bad[other] & (bad[other] - 1)) | hidden[0].mask  # swap a card for a stock card
    with pytest.raises(ValueError, match="two places|nowhere"):
        DurakState.from_observation(seen, bad, stock=hidden)


# --- the exact endgame ----------------------------------------------------------------------------


def brute_force(state: DurakState, seat: int) -> float:
    """``seat``'s result with best play by both, by plain minimax on the engine itself."""
    if state.is_over:
        durak = state.round_results[-1]["durak"]
        return 0.5 if durak is None else (0.0 if durak == seat else 1.0)
    mover = state.current_player
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(brute_force(child, seat))
    return max(values) if mover == seat else min(values)


def small_endgames(count: int, max_cards: int, players: int = 2):
    """Positions of random games with an empty deck, two players and few cards left."""
    found = 0
    seed = 0
    while found < count:
        seed += 1
        state = RULES.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            seen = state.observation(seat)
            cards_left = sum(seen.hand_sizes) + sum(2 for _ in seen.table)
            if seen.deck_count == 0 and len(seen.in_game) == 2 and cards_left <= max_cards:
                yield state
                found += 1
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.slow
def test_endgame_solver_agrees_with_brute_force():
    for state in small_endgames(25, 7):
        seat = state.current_player
        observation = state.observation(seat)
        solved = solve_endgame(observation)
        assert solved is not None
        action, value = solved
        assert value == brute_force(state, seat)
        child = state.clone()
        child.apply(action)
        assert brute_force(child, seat) == value  # the move it names reaches that result
        # Every move's value agrees too.
        position = endgame_position(observation)
        solver = EndgameSolver(observation.trump_card.index & 3)
        attacker_moves = position[0] != 1
        for move, after, same in solver.moves(position):
            v = solver.value(after) if same else 1.0 - solver.value(after)
            mine = v if attacker_moves else 1.0 - v
            child = state.clone()
            child.apply(move)
            assert mine == brute_force(child, seat), (str(move), observation)
        assert sorted(str(m) for m, _, _ in solver.moves(position)) == sorted(map(str, state.legal_actions()))


def test_endgame_solver_in_four_player_games_once_two_are_left():
    for state in small_endgames(5, 6, players=4):
        seat = state.current_player
        action, value = solve_endgame(state.observation(seat))
        assert value == brute_force(state, seat)


def test_endgame_solver_gives_up_past_its_node_limit():
    state = next(small_endgames(1, 40))
    observation = state.observation(state.current_player)
    if sum(observation.hand_sizes) > 10:
        assert solve_endgame(observation, node_limit=5) is None


def test_hard_bot_plays_a_winning_endgame_move():
    won = 0
    for state in small_endgames(15, 7):
        seat = state.current_player
        if len(state.legal_actions()) < 2 or brute_force(state, seat) != 1.0:
            continue
        action = HardDurakBot(seed=1, iterations=5).choose(state.observation(seat), state.legal_actions())
        child = state.clone()
        child.apply(action)
        assert brute_force(child, seat) == 1.0
        won += 1
    assert won >= 2


def test_hard_search_is_reproducible_in_iteration_mode():
    state = RULES.new_game(players=3, seed=11)
    advance(state, [NormalDurakBot(seed=s) for s in range(3)], 7)
    seat = state.current_player
    picks = {
        str(HardDurakBot(seed=4, iterations=40).choose(state.observation(seat), state.legal_actions()))
        for _ in range(2)
    }
    assert len(picks) == 1


def test_memory_reused_across_games_matches_a_fresh_one():
    memory = PublicMemory()
    for seed in range(6):
        state = RULES.new_game(players=2, seed=seed)
        bots = [NormalDurakBot(seed=s) for s in range(2)]
        advance(state, bots, 25 + 7 * seed)
        seen = state.observation(0)
        memory.update(seen)
        fresh = PublicMemory()
        fresh.update(seen)
        assert memory.lacks == fresh.lacks


# --- the kernel play-out ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_kernel_playout_matches_the_engine_move_for_move(players):
    """Without noise the kernel's play-out with the normal strategy ends every round
    exactly as the public game does when each seat plays the normal strategy on the
    full state: same places, same durak."""
    from cardtable.bots.durak import normal_attack, normal_defence, normal_throw_in
    from cardtable.games.durak import kernel

    compared = 0
    for seed in range(25):
        state = RULES.new_game(players=players, seed=seed)
        drivers = [EasyDurakBot(seed=seed * 7 + s) for s in range(players)]
        advance(state, drivers, (seed * 5) % 40)
        if state.is_over:
            continue
        fast = state.clone().table
        kernel.play_out(fast, normal_attack, normal_defence, normal_throw_in)
        slow = state.clone()
        while slow.current_player is not None and slow.round_no == state.round_no:
            slow.apply(durak_normal_action(slow, slow.current_player))
        want = slow.round_results[0]
        assert (fast.durak, fast.out[0]) == (want["durak"], want["first_out"])
        assert fast.out + ([fast.durak] if fast.durak is not None else []) == want["order"]
        compared += 1
    assert compared >= 20


def test_simulator_playout_with_noise_always_ends_the_round():
    from cardtable.bots.durak import DurakSimulator

    for seed in range(30):
        players = 2 + seed % 5
        state = RULES.new_game(players=players, seed=seed)
        seat = state.current_player
        simulator = DurakSimulator(DurakSearchModel(), state.observation(seat))
        world = simulator.deal(random.Random(seed))
        simulator.finish(world, random.Random(seed))
        assert simulator.stopped(world) and world.round == 1
        assert world.out[0] != world.durak
        values = [simulator.value(world, s) for s in range(players)]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert values.count(0.0) == (0 if world.durak is None else 1)


def test_quiet_state_plays_the_same_game_without_move_events():
    """DurakState.quiet (used by the search's samples) changes nothing but the log."""
    for seed in range(8):
        loud = RULES.new_game(players=2 + seed % 4, seed=seed, rounds=2)
        quiet = loud.clone()
        quiet.quiet = True
        logged = len(quiet.events)
        bots = [NormalDurakBot(seed=s) for s in range(loud.num_players)]
        while not loud.is_over:
            seat = loud.current_player
            action = bots[seat].choose(loud.observation(seat), loud.legal_actions())
            assert quiet.legal_actions() == loud.legal_actions()
            loud.apply(action)
            quiet.apply(action)
        assert quiet.hands == loud.hands and quiet.history == loud.history
        assert quiet.round_results == loud.round_results and quiet.outcome() == loud.outcome()
        moves = {"attack", "defend", "take", "pass", "draw", "bout_over", "trump_drawn"}
        assert not any(e.kind in moves for e in quiet.events[logged:])
        assert any(e.kind in moves for e in loud.events[logged:])


def test_simulator_deals_the_worlds_sample_state_deals():
    """From the same rng the kernel simulator's world and the model's sampled state are
    the same deal and the same position, and the two leave the rng in the same place."""
    from cardtable.bots.durak import DurakSimulator

    checked = 0
    for seed in range(12):
        players = 2 + seed % 4
        state = RULES.new_game(players=players, seed=seed)
        drivers = [EasyDurakBot(seed=seed * 3 + s) for s in range(players)]
        advance(state, drivers, 4 + (seed * 7) % 30)
        if state.is_over:
            continue
        observation = state.observation(state.current_player)
        model = DurakStateModel()
        simulator = DurakSimulator(model, observation)
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        for _ in range(5):
            world = simulator.deal(fast_rng)
            sample = model.sample_state(observation, slow_rng)
            assert isinstance(sample, DurakState)
            assert world.hands == sample.table.hands and world.stock == sample.table.stock
            assert world.turn == sample.current_player and world.attacks == sample.table.attacks
            assert sample.legal_actions() == [action_of(move) for move in simulator.moves(world)]
        assert fast_rng.random() == slow_rng.random()
        checked += 1
    assert checked >= 8


def test_memory_reads_a_defence_with_a_dearer_card_than_needed():
    state = new_game(["6H 9D 7C AH QC 8S", "7H 9H JC KC 7D TD"], trump="6S")
    play(state, "0: attack 6H", "1: defend 6H 9H")
    memory = PublicMemory()
    memory.update(state.observation(0))
    # The 7H or the 8H would have done: seat 1 apparently holds neither (a guess: it holds the 7H).
    assert memory.passed_over[1] == mask("7H 8H")
    assert memory.lacks[1] == 0  # the guess about takes is another
    state = new_game(["6H 9D 7C AH QC 8S", "TS 9H JC KC 7D TD"], trump="6S")
    play(state, "0: attack 7C", "1: defend 7C TS")
    memory = PublicMemory()
    memory.update(state.observation(0))
    # Beaten with a trump: no higher club, and no lower trump than the TS.
    assert memory.passed_over[1] == mask("8C 9C TC JC QC KC AC 6S 7S 8S 9S")


def test_memory_keeps_its_guesses_about_the_cards_held_before_a_draw():
    state = new_game(["6H 9D 7C AH QC 8S", "7H 9H JC KC 7D TD"], trump="6S")
    play(state, "0: attack 6H", "1: defend 6H 9H", "0: pass")
    memory = PublicMemory()
    memory.update(state.observation(1))
    # Seat 0 passed with sixes and nines on the table: no cheap non-trump of those ranks.
    # Of its six cards, the 8S it showed as its lowest trump is known; it drew one card
    # since, so the guess holds for four of its five unknown cards.
    assert memory.passed_over[0] == 0
    assert memory.known[0] == mask("8S")
    assert memory.cohorts[0] == [[4, mask("6C 6D 6H 9C 9D 9H")], [1, 0]]
    model = DurakStateModel()
    observation = state.observation(1)
    for n in range(40):
        sample = model.sample_state(observation, random.Random(n))
        assert (sample.hands[0] & mask("6C 6D 9C 9D")).bit_count() <= 1
    unread = DurakStateModel(read_defences=False)
    held = [(unread.sample_state(observation, random.Random(n)).hands[0] & mask("6C 6D 9C 9D")).bit_count()
            for n in range(40)]
    assert max(held) >= 2


def test_memory_forgets_guesses_a_seat_shows_wrong():
    state = new_game(["6H 9D 7C AH QC 8S", "7H 9H JC KC 7D TD", "6D 9S JD QD KD AD"], trump="6S")
    # Seat 0 passes holding the 9D, then throws it in after all.
    play(state, "0: attack 6H", "1: defend 6H 9H", "0: pass", "2: attack 6D", "1: defend 6D 7D", "0: attack 9D")
    memory = PublicMemory()
    memory.update(state.observation(1))
    assert memory.cohorts[0] == [[3, 0]]  # besides the 8S it showed as its lowest trump


def test_memory_groups_agree_with_the_hands_of_normal_players():
    checked = 0
    for players in (2, 3, 4, 6):
        for seed in range(4):
            state = RULES.new_game(players=players, seed=seed)
            bots = [NormalDurakBot(seed=s) for s in range(players)]
            memory = PublicMemory()
            while not state.is_over:
                seen = state.observation(0)
                memory.update(seen)
                for seat in range(1, players):
                    known = mask(" ".join(c.code for c in seen.known_cards[seat]))
                    assert memory.known[seat] == known
                    hidden = sum(c.mask for c in state.hand(seat)) & ~known
                    groups = memory.cohorts[seat]
                    assert sum(count for count, _ in groups) == hidden.bit_count()
                    # The oldest groups lack the most: each may be filled from the cards
                    # the seat really holds (the normal bot defends and throws in cheaply).
                    need = 0
                    for count, lacking in groups:
                        need += count
                        assert (hidden & ~lacking).bit_count() >= need
                    checked += 1
                seat = state.current_player
                state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    assert checked > 1000
