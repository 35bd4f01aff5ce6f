"""The rules kernel and the public Hearts API agree, move by move, on random games with
noise; the lazy pass list behaves as a sequence; ``apply`` trusts only what
``legal_actions()`` handed out for the position."""

from __future__ import annotations

import itertools
import random

import pytest

from cardtable.bots.hearts import NormalHeartsBot, play_out_hand, playout_policy
from cardtable.cards import cards_to_mask, mask_to_cards, parse_cards
from cardtable.engine.actions import Action
from cardtable.engine.errors import IllegalActionError
from cardtable.games.hearts import (
    RULES,
    HeartsState,
    PassChoices,
    give_action,
    kernel,
    play_action,
)


class KernelGame:
    """A game played on the kernel alone, fed the public game's deals."""

    def __init__(self, target: int) -> None:
        self.table = kernel.new_table(target)
        self.records: list[tuple[list[int], list[int]]] = []

    def deal_from(self, state: HeartsState) -> None:
        deals = [e for e in state.events if e.kind == "deal" and e.round == self.table.hand_number + 1]
        assert [e.seat for e in deals] == [0, 1, 2, 3]
        kernel.deal(self.table, [cards_to_mask(e.cards) for e in deals])

    def moves(self) -> list[int]:
        table = self.table
        if table.current is None:
            return []
        if table.phase == kernel.PASS:
            return kernel.pass_choices(table.hands[table.current])
        return [1 << card for card in kernel.bits(kernel.legal_plays(table))]

    def apply(self, mask: int, state: HeartsState) -> None:
        table = self.table
        if table.phase == kernel.PASS:
            kernel.give(table, mask)
            return
        kernel.play(table, mask.bit_length() - 1)
        if table.trick_number < kernel.TRICKS_PER_HAND:
            return
        self.records.append(kernel.end_hand(table))
        winners = kernel.game_winners(table.totals, table.target)
        if len(winners) == 1:
            kernel.finish_game(table)
        else:
            self.deal_from(state)


def noisy_action(state: HeartsState, legal, rng: random.Random, bot: NormalHeartsBot) -> Action | str:
    """Mostly a random legal action, sometimes the normal bot's, an equal but fresh
    Action, its notation, or something illegal (which must change nothing)."""
    roll = rng.random()
    choice = legal[rng.randrange(len(legal))]
    if roll < 0.15:
        seat = state.current_player
        return bot.choose(state.observation(seat), legal)
    if roll < 0.25:
        return Action(choice.kind, choice.cards)
    if roll < 0.3:
        return str(choice)
    if roll < 0.4:
        hand = state.hands[state.current_player]
        foreign = [c for c in range(52) if not hand >> c & 1]
        if choice.kind == "give":
            return Action("give", mask_to_cards((choice.mask & (choice.mask - 1)) | 1 << rng.choice(foreign)))
        return play_action(rng.choice(foreign))
    return choice


@pytest.mark.parametrize("seed", range(30))
def test_kernel_and_public_api_agree_move_by_move(seed: int) -> None:
    rng = random.Random(seed)
    target = rng.choice((26, 50, 100))
    state = RULES.new_game(players=4, seed=seed, target=target)
    assert isinstance(state, HeartsState)
    game = KernelGame(target)
    game.deal_from(state)
    bot = NormalHeartsBot(seed)
    refused = 0
    for _ in range(20_000):
        assert game.table.current == state.current_player
        if state.current_player is None:
            break
        legal = state.legal_actions()
        moves = game.moves()
        assert [action.mask for action in legal] == moves
        assert all(action in legal for action in legal[:: max(1, len(legal) // 7)])
        action = noisy_action(state, legal, rng, bot)
        if not state.is_legal(action):
            before = state.to_json(), len(state.events)
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert (state.to_json(), len(state.events)) == before
            refused += 1
            continue
        mask = state.parse_action(action).mask
        assert mask in moves
        state.apply(action)
        game.apply(mask, state)
    assert state.is_over and game.table.phase == kernel.OVER
    assert refused > 0
    records = state.outcome().rounds
    assert [(r["points_taken"], r["scores"]) for r in records] == [(list(a), list(b)) for a, b in game.records]
    assert list(state.outcome().scores) == game.table.totals
    assert list(state.outcome().winners) == kernel.game_winners(game.table.totals, target)


def test_the_search_play_out_finishes_a_hand_as_the_public_game_does() -> None:
    for seed in range(15):
        state = RULES.new_game(players=4, seed=seed)
        for _ in range(4):
            state.apply(state.legal_actions()[0])
        hands = list(state.hands)
        table = kernel.playing_table(hands)
        kernel.play_out(table, playout_policy(None, 0.0, None))
        bots = [NormalHeartsBot(s) for s in range(4)]
        while state.hand_number == 1:
            seat = state.current_player
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
        assert kernel.decided(table)
        assert kernel.moon_scores(kernel.hand_points(table.won)) == state.hand_records[0]["scores"]
        assert play_out_hand(hands) == state.hand_records[0]["scores"]


# --- the lazy pass list ---------------------------------------------------------------


HAND = cards_to_mask(parse_cards("2C 5C 9C 3D 4D 6D 8D TD 2H 3H 4H QS AH"))


def test_pass_choices_are_every_three_cards_in_order() -> None:
    choices = PassChoices(HAND)
    singles = [1 << i for i in kernel.bits(HAND)]
    expected = [Action("give", mask_to_cards(a | b | c)) for a, b, c in itertools.combinations(singles, 3)]
    assert len(choices) == 286
    assert list(choices) == expected
    assert [choices[i] for i in range(286)] == expected
    assert choices[-1] == expected[-1] and choices[-286] == expected[0]
    assert choices[3:9] == expected[3:9] and choices[::50] == expected[::50]
    assert choices == expected and expected == choices and choices != expected[:-1]
    assert choices == PassChoices(HAND) and choices != PassChoices(HAND & ~1)
    for number, action in enumerate(expected):
        assert choices.index(action) == number and choices.count(action) == 1
    with pytest.raises(IndexError):
        choices[286]
    with pytest.raises(IndexError):
        choices[-287]


def test_pass_choices_membership() -> None:
    choices = PassChoices(HAND)
    assert Action.parse("give QS AH 2C") in choices
    assert Action.parse("give QS AH AS") not in choices  # the AS is not in the hand
    assert Action.parse("give QS AH") not in choices  # two cards
    assert Action.parse("QS") not in choices and Action.parse("pass") not in choices
    assert "give QS AH 2C" not in choices and None not in choices
    with pytest.raises(ValueError):
        choices.index(Action.parse("give QS AH AS"))


def test_pass_choices_of_a_game_work_with_random_choice_and_slicing() -> None:
    state = RULES.new_game(players=4, seed=3)
    legal = state.legal_actions()
    assert isinstance(legal, PassChoices) and legal.hand == state.hands[0]
    picked = random.Random(1).choice(legal)
    assert picked in legal and picked in list(legal)
    assert legal[:2] == [Action.parse(str(legal[0])), Action.parse(str(legal[1]))]
    state.apply(picked)
    assert state.history[-1] == (0, picked)


# --- apply trusts only the actions it handed out --------------------------------------


def test_apply_skips_the_check_for_handed_out_actions_only(monkeypatch: pytest.MonkeyPatch) -> None:
    state = RULES.new_game(players=4, seed=8)
    checked = []
    original = HeartsState._why_illegal

    def counting(self: HeartsState, action: Action) -> str | None:
        checked.append(str(action))
        return original(self, action)

    monkeypatch.setattr(HeartsState, "_why_illegal", counting)
    legal = state.legal_actions()
    state.apply(legal[5])  # handed out: not checked again
    assert checked == []
    legal = state.legal_actions()
    state.apply(Action("give", legal[0].cards))  # an equal action built elsewhere: checked
    assert checked == [str(legal[0])]
    state.apply("give " + " ".join(map(str, state.hand(2)[:3])))  # notation: checked
    assert len(checked) == 2
    state.apply(state.legal_actions()[0])
    assert len(checked) == 2 and state.observation(0).phase == "play"
    legal = state.legal_actions()
    state.apply(legal[0])
    assert len(checked) == 2
    assert state.history[-1][1] is legal[0]


def test_an_action_handed_out_for_an_earlier_position_is_checked() -> None:
    state = RULES.new_game(players=4, seed=8)
    stale = state.legal_actions()
    state.apply(stale[0])
    # Seat 1 moves now; seat 0's passes are not its cards (one at least is not).
    foreign = next(action for action in stale if action.mask & ~state.hands[1])
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply(foreign)
    assert state.to_json() == before


def test_changing_the_state_forgets_what_was_handed_out() -> None:
    state = RULES.new_game(players=4, seed=8)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    seat = state.current_player
    hands = list(state.hands)
    hands[seat] &= ~legal[0].mask  # the 2C leaves the leader's hand (tests may edit a state)
    state.hands = hands
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply(legal[0])


def test_cached_actions_are_the_ones_legal_actions_hands_out() -> None:
    state = RULES.new_game(players=4, seed=2)
    assert give_action(state.legal_actions()[7].mask) is state.legal_actions()[7]
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert play_action(0) is state.legal_actions()[0]
