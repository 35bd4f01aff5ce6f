"""The President rules kernel (``cardtable.games.president.kernel``): the public game
plays on it, its kernel view answers as the public API does, and its fast play-out plays
exactly as its move-by-move ``play`` and ``pass_turn``."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtable.games.president import RULES, PresidentState, kernel, play_action
from cardtable.games.president.kernel import copy_table, legal_plays, pass_turn, play, play_out


def random_game(players: int, seed: int, rounds: int = 2, revolution: bool = True) -> Iterator[PresidentState]:
    """A public game played with uniformly random legal actions, yielding the state before each."""
    state = RULES.new_game(players=players, seed=seed, rounds=rounds, revolution=revolution)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    yield state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_kernel_and_public_api_agree_move_by_move(players: int) -> None:
    for seed in range(6):
        for state in random_game(players, seed, revolution=seed % 3 != 0):
            view = state.kernel_view()
            assert view.to_move() == state.current_player
            assert view.legal_move_texts() == [str(action) for action in state.legal_actions()]
            assert view.scores() == state.outcome().scores
            if state.observation(0).phase == "play":
                plays = [play_action(mask) for mask in legal_plays(state.table)]
                assert plays == [a for a in state.legal_actions() if a.kind == "play"]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_shadow_table_follows_the_public_game(players: int) -> None:
    for seed in range(8):
        state = RULES.new_game(players=players, seed=seed)
        shadow = copy_table(state.table)
        rng = random.Random(seed + 50)
        while not state.is_over:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            state.apply(action)
            if action.kind == "pass":
                pass_turn(shadow)
            else:
                play(shadow, action.mask)
            for field in ("hands", "current", "table_mask", "table_owner", "passed", "out", "finished", "revolution"):
                assert getattr(shadow, field) == getattr(state.table, field), field
        assert shadow.orders == state.table.orders and shadow.scores == list(state.outcome().scores)


def first_move_policy(rng: random.Random) -> kernel.Policy:
    """A random policy for ``play_out`` (some plays break groups, some pass)."""

    def policy(hands, seat, table_rank, size, revolution):  # type: ignore[no-untyped-def]
        hand = hands[seat]
        options = []
        for rank in kernel.HIGHER[revolution][table_rank]:
            count = kernel.NIBBLE_BITS[hand >> (rank - 2) * 4 & 15]
            for k in range(1, count + 1):
                if not size or k == size:
                    options.append((rank, k))
        if size:
            options.append(None)
        return options[rng.randrange(len(options))]

    return policy


def test_play_out_plays_as_play_and_pass_turn() -> None:
    for seed in range(60):
        state = RULES.new_game(players=3 + seed % 4, seed=seed, revolution=seed % 4 != 0)
        for _ in range(seed % 11):
            state.apply(state.legal_actions()[0])
        fast, slow = copy_table(state.table), copy_table(state.table)
        play_out(fast, first_move_policy(random.Random(seed)))
        policy = first_move_policy(random.Random(seed))
        while slow.current is not None:
            seat = slow.current
            if slow.table_size and not kernel.can_beat(slow.hands[seat], slow.table_rank, slow.table_size, slow.revolution):
                pass_turn(slow)
                continue
            move = policy(slow.hands, seat, slow.table_rank, slow.table_size, slow.revolution)
            if move is None:
                pass_turn(slow)
            else:
                rank, size = move
                shift = (rank - 2) * 4
                play(slow, kernel.LOWEST[slow.hands[seat] >> shift & 15][size] << shift)
        assert fast.orders == slow.orders and fast.scores == slow.scores
        assert fast.current is None and fast.phase == slow.phase == kernel.OVER
        assert fast.revolution == slow.revolution


def test_a_four_of_a_kind_turns_the_order_only_with_revolutions_on() -> None:
    for enabled in (True, False):
        table = kernel.new_table(players=3, rounds=1, revolution_enabled=enabled)
        fours = 0xF << 4  # the four 3s
        kernel.deal(table, [fours | 1 << 51, 1 << 50, 1 << 49])
        play(table, fours)
        assert table.revolution is enabled
        assert legal_plays(table) == [] and table.current == 1


def test_the_exchange_hands_the_best_cards_up_and_opens_the_play() -> None:
    state = RULES.new_game(players=4, seed=3, rounds=2)
    while state.round_number == 1:
        state.apply(state.legal_actions()[0])
    table = state.table
    president, vice, vice_scum, scum = table.orders[-1]
    assert table.phase == kernel.EXCHANGE and table.current == president and table.leader == scum
    assert table.received[president].bit_count() == 2 and table.received[vice].bit_count() == 1
    # The Scum gave its two strongest cards: it kept nothing stronger.
    weakest = min(kernel.GIFT_STRENGTH[i] for i in range(52) if table.received[president] >> i & 1)
    assert all(kernel.GIFT_STRENGTH[i] < weakest for i in range(52) if table.hands[scum] >> i & 1)
    assert len(kernel.exchange_choices(table)) == 15 * 14 // 2  # two of its 15 cards
    kernel.give(table, kernel.exchange_choices(table)[0])
    assert table.current == vice
    kernel.give(table, kernel.exchange_choices(table)[0])
    assert table.phase == kernel.PLAY and table.current == scum
