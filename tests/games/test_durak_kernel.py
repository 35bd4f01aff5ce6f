"""The Durak rules kernel (``cardtable.games.durak.kernel``): the public game plays on it,
and its fast play-out plays exactly as its move-by-move ``play``."""

from __future__ import annotations

import random

import pytest

from cardtable.bots.durak import EndgameSolver
from cardtable.games.durak import RULES, action_of, kernel, move_of
from cardtable.games.durak.kernel import BEATERS, TAKE, copy_table, legal_moves, play, play_out


def _random_game(players: int, seed: int, rounds: int = 1):
    """A public game played with uniformly random legal actions, yielding the state before each."""
    state = RULES.new_game(players=players, seed=seed, rounds=rounds)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_kernel_and_public_api_agree_move_by_move(players):
    """Random games: the kernel view says the same player, moves and scores as the
    public API, and the kernel's moves are the public actions one for one."""
    for seed in range(6):
        for state in _random_game(players, seed, rounds=2):
            view = state.kernel_view()
            assert view.to_move() == state.current_player
            assert view.legal_move_texts() == [str(action) for action in state.legal_actions()]
            assert view.scores() == state.outcome().scores
            actions = state.legal_actions()
            moves = legal_moves(state.table)
            assert [action_of(move) for move in moves] == actions
            assert [move_of(action) for action in actions] == moves


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_shadow_table_follows_the_public_game(players):
    for seed in range(8):
        state = RULES.new_game(players=players, seed=seed)
        shadow = copy_table(state.table)
        rng = random.Random(seed + 50)
        while not state.is_over:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            state.apply(action)
            play(shadow, move_of(action))
            if shadow.turn is None:
                break
            assert shadow.hands == state.table.hands
            assert (shadow.turn, shadow.phase, shadow.attacker, shadow.defender) == (
                state.table.turn, state.table.phase, state.table.attacker, state.table.defender)
            assert shadow.attacks == state.table.attacks and shadow.defences == state.table.defences
            assert shadow.stock_pos == state.table.stock_pos and shadow.out == state.table.out
        assert state.is_over and shadow.turn is None
        assert shadow.durak == state.outcome().details["durak"]
        assert shadow.wins == state.table.wins and shadow.losses == state.table.losses


class _Recorder:
    """Random policies for ``play_out`` that remember every choice, in order."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.moves: list[int] = []

    def opening(self, hand, trump, deck, defender_hand):
        card = self.rng.choice(kernel.ordered(hand, trump))
        self.moves.append(card)
        return card

    def defending(self, hand, trump, unbeaten, table_cards, deck):
        options = [(a, b) for a in unbeaten for b in kernel.ordered(hand & BEATERS[trump][a], trump)]
        pick = self.rng.randrange(len(options) + 1)
        pair = options[pick] if pick < len(options) else None
        self.moves.append(TAKE if pair is None else kernel.defence(*pair))
        return pair

    def throwing_in(self, candidates, trump, deck, taking, defender_hand, size):
        options = list(kernel.ordered(candidates, trump)) + [-1]
        card = self.rng.choice(options)
        self.moves.append(kernel.PASS if card < 0 else card)
        return card


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_play_out_plays_as_play_move_by_move(players):
    """The fast play-out with random policies, replayed move by move through ``play``:
    every recorded move is legal there, and the round ends the same way."""
    for seed in range(20):
        state = RULES.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(seed * 3):  # start some of them in the middle of a bout
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        if state.is_over:
            continue
        fast = copy_table(state.table)
        recorder = _Recorder(seed)
        play_out(fast, recorder.opening, recorder.defending, recorder.throwing_in)
        slow = copy_table(state.table)
        for move in recorder.moves:
            assert move in legal_moves(slow)
            play(slow, move)
        assert slow.turn is None and fast.turn is None
        assert (fast.durak, fast.out, fast.wins, fast.losses, fast.hands, fast.stock_pos, fast.clock) == (
            slow.durak, slow.out, slow.wins, slow.losses, slow.hands, slow.stock_pos, slow.clock)


def test_play_out_with_full_noise_ends_the_round_by_the_rules():
    for seed in range(40):
        players = 2 + seed % 5
        table = copy_table(RULES.new_game(players=players, seed=seed).table)

        def refuse(*args):
            raise AssertionError("with noise 1 every move is the random one")

        play_out(table, refuse, refuse, refuse, random.Random(seed), noise=1.0)
        assert table.phase == kernel.ROUND_OVER and table.turn is None
        left = [seat for seat in range(players) if table.active[seat]]
        assert left == ([table.durak] if table.durak is not None else [])
        assert all(not table.hands[seat] for seat in table.out)
        assert sum(table.wins) == 1 and sum(table.losses) == (table.durak is not None)


def test_play_out_with_noise_needs_an_rng():
    table = copy_table(RULES.new_game(players=2, seed=1).table)
    with pytest.raises(ValueError):
        play_out(table, None, None, None, noise=0.1)  # type: ignore[arg-type]


def test_endgame_moves_are_plays_on_the_endgame_table():
    """The heads-up fast path gives what play() gives, on every position a few moves deep
    from the empty-stock positions of random two-player games."""
    checked = 0
    for seed in range(40):
        for state in _random_game(2, seed):
            table = state.table
            if state.is_over or table.stock_pos < len(table.stock):
                continue
            start, _ = kernel.endgame_position(table)
            frontier = [start]
            for _ in range(4):
                following = []
                for position in frontier:
                    if position[0] == "end":
                        continue
                    board = kernel.endgame_table(position, table.trump)
                    want = []
                    for move in legal_moves(board):
                        child = copy_table(board)
                        play(child, move)
                        want.append((move,) + kernel.endgame_position(child))
                    got = kernel.endgame_moves(position, table.trump)
                    assert got == want
                    following += [child for _, child, _ in got]
                    checked += 1
                frontier = following[:40]
            break
    assert checked > 300


def test_the_endgame_solver_plays_the_kernels_moves():
    """Every move the solver considers is a kernel legal move of the same position."""
    checked = 0
    for seed in range(60):
        for state in _random_game(2, seed):
            if state.is_over or state.table.stock_pos < len(state.table.stock):
                continue
            table = state.table
            attacker, defender = table.attacker, table.defender
            position = (table.phase, table.hands[attacker], table.hands[defender], table.unbeaten, table.cards,
                        len(table.attacks), table.limit, table.taking)
            solver = EndgameSolver(table.trump)
            solver_moves = {str(action) for action, _, _ in solver.moves(position)}
            assert solver_moves == {str(action) for action in state.legal_actions()}
            checked += 1
            break
    assert checked >= 30


def test_saves_replay_onto_the_kernel():
    *_, state = _random_game(4, 3, rounds=2)
    assert state.is_over
    loaded = RULES.from_json(state.to_json())
    assert loaded.table.wins == state.table.wins and loaded.history == state.history
    assert loaded.events == state.events
