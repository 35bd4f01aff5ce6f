"""The review: mistakes found with the right best move, forced moves never marked, and
nothing but the reviewed seat's observation used."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import make_bot
from cardtable.bots.review import DecisionPoint, decision_points, measure_of, review_decision, review_points
from cardtable.cards import Card
from cardtable.engine.actions import PASS, Action
from cardtable.engine.state import GameState
from cardtable.games import get_rules

QS = Card.parse("QS")


def _bot_game(game: str, players: int, seed: int, **options: int) -> tuple[GameState, list[tuple[int, Action]]]:
    state = get_rules(game).new_game(players=players, seed=seed, **options)
    start = state.clone()
    bots = [make_bot(game, "normal", seed=seed * 10 + s) for s in range(players)]
    actions = []
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].choose(state.observation(seat), state.legal_actions())
        actions.append((seat, action))
        state.apply(action)
    return start, actions


def _hearts_queen_trap() -> DecisionPoint:
    """The last seat of a trick holding the Q♠ on the table, with a spade above it and one
    below: only the low spades avoid taking the 13 points."""
    for seed in range(200):
        start, actions = _bot_game("hearts", 4, seed, target=26)
        state = start.clone()
        for position, (seat, action) in enumerate(actions):
            obs = state.observation(seat)
            trick = getattr(obs, "trick", ())
            legal = state.legal_actions()
            if len(trick) == 3 and trick[0][1].suit == QS.suit and any(card == QS for _, card in trick):
                spades = [a for a in legal if a.cards[0].suit == QS.suit]
                high = [a for a in spades if a.cards[0].rank > QS.rank]
                low = [a for a in spades if a.cards[0].rank < QS.rank]
                if high and low and len(spades) == len(legal):
                    return DecisionPoint(position, obs.round, obs, tuple(legal), high[0])
            state.apply(action)
    raise AssertionError("no such position in 200 games")


def test_hearts_taking_the_queen_is_a_mistake_and_a_low_spade_is_best() -> None:
    point = _hearts_queen_trap()
    review = review_decision("hearts", point, seed=3, iterations=400)
    assert review.verdict == "mistake", review
    best = Action.parse(review.best)
    assert best.cards[0].suit == QS.suit and best.cards[0].rank < QS.rank
    assert review.cost >= 10  # the Q♠'s 13 points, less what the low spade may cost later
    assert review.cost > 2 * review.se
    # The two values shown are the ones the cost was measured from.
    assert review.made_value is not None and review.best_value is not None
    assert abs(review.cost - (review.made_value - review.best_value)) < 1e-9


def test_hearts_the_low_spade_is_not_marked() -> None:
    point = _hearts_queen_trap()
    low = next(a for a in point.legal if a.cards[0].rank < QS.rank)
    review = review_decision("hearts", DecisionPoint(point.position, point.round, point.observation, point.legal, low),
                             seed=3, iterations=400)
    assert review.verdict in ("good", "close")


def _president_going_out() -> DecisionPoint:
    """A seat that may play its whole hand (its last set) onto the table: passing gives
    the others the chance to go out first."""
    for seed in range(200):
        start, actions = _bot_game("president", 4, seed, rounds=1)
        state = start.clone()
        for position, (seat, action) in enumerate(actions):
            obs = state.observation(seat)
            legal = state.legal_actions()
            others = [size for other, size in enumerate(obs.hand_sizes) if other != seat]
            if PASS in legal and obs.table and all(others) and sum(1 for size in others if size <= 2) >= 2:
                out = [a for a in legal if a.kind == "play" and len(a.cards) == len(obs.hand)]
                if out:
                    return DecisionPoint(position, obs.round, obs, tuple(legal), PASS)
            state.apply(action)
    raise AssertionError("no such position in 200 games")


def test_president_passing_instead_of_going_out_is_a_mistake() -> None:
    point = _president_going_out()
    review = review_decision("president", point, seed=5, iterations=300)
    assert review.verdict == "mistake", review
    best = Action.parse(review.best)
    assert best.kind == "play" and len(best.cards) == len(point.observation.hand)


def test_a_forced_move_is_never_marked() -> None:
    start, actions = _bot_game("durak", 2, 4)
    points = [p for p in decision_points(start, actions, 0) if len(p.legal) == 1][:3]
    assert points
    for review in review_points("durak", points, seed=1, iterations=50) or []:
        assert review.verdict == "forced" and review.cost == 0.0


def test_the_review_reads_only_the_seats_observation() -> None:
    """Two deals that differ by a swap of two cards between two other seats: the same review."""
    rules = get_rules("hearts")
    first = rules.new_game(players=4, seed=21)
    second = first.clone()
    hands = second.table.hands  # type: ignore[attr-defined]
    a, b = hands[1] & -hands[1], hands[2] & -hands[2]
    hands[1], hands[2] = hands[1] ^ a | b, hands[2] ^ b | a
    assert first.observation(0) == second.observation(0)
    assert first.hand(1) != second.hand(1)
    bot = make_bot("hearts", "normal", seed=2)
    reviews = []
    for state in (first, second):
        obs = state.observation(0)
        made = bot.choose(obs, state.legal_actions())  # type: ignore[attr-defined]
        point = DecisionPoint(0, obs.round, obs, tuple(state.legal_actions()), made)
        reviews.append(review_decision("hearts", point, seed=9, iterations=200))
    assert reviews[0] == reviews[1]


def test_every_game_declares_its_measure() -> None:
    for game in ("president", "durak", "hearts"):
        measure = measure_of(game)
        assert measure.threshold > 0 and measure.describe(1.0, None)


def test_a_review_is_reproducible_for_a_seed() -> None:
    start, actions = _bot_game("president", 4, 3, rounds=1)
    points = list(decision_points(start, actions, 1))[:4]
    assert review_points("president", points, seed=7, iterations=80) == review_points(
        "president", points, seed=7, iterations=80
    )
    assert random.Random(1).random() == random.Random(1).random()


def _after(state: GameState, move: str) -> tuple[int, float]:
    """The exact result of ``move`` with best play after it (the endgame solver): the seat
    to move then and that seat's result (1 win, 0.5 draw, 0 the durak)."""
    from cardtable.bots.durak import solve_endgame

    after = state.clone()
    after.apply(Action.parse(move))
    mover = after.current_player
    assert mover is not None
    solved = solve_endgame(after.observation(mover))  # type: ignore[arg-type]
    assert solved is not None
    return mover, solved[1]


def test_durak_a_defence_that_wastes_a_trump_is_a_mistake() -> None:
    """Heads-up, the stock gone, clubs trumps: 9♠ attacks a hand of 8♣ Q♣ K♣ Q♥ K♠.
    K♠ beats it and wins; the Q♣ throws away a trump the endgame needs and loses (the
    exact endgame solver says so).  The 8♣ gives the win away too, but only for a draw:
    nobody is the durak, so by the review's measure it costs nothing, and it is not
    marked."""
    start, actions = _bot_game("durak", 2, 3)
    state = start.clone()
    for _, action in actions[:41]:
        state.apply(action)
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    assert obs.deck_count == 0 and str(obs.trump_suit.letter) == "C"  # type: ignore[attr-defined]
    assert sorted(map(str, obs.hand)) == sorted(["8C", "QC", "QH", "KC", "KS"])
    legal = tuple(state.legal_actions())
    # The attacker moves next each time: it loses after K♠, wins after Q♣, draws after 8♣.
    assert _after(state, "defend 9S KS") == (1 - seat, 0.0)
    assert _after(state, "defend 9S QC") == (1 - seat, 1.0)
    assert _after(state, "defend 9S 8C") == (1 - seat, 0.5)
    review = review_decision("durak", DecisionPoint(41, obs.round, obs, legal, Action.parse("defend 9S QC")), seed=1,
                             iterations=1500)
    assert review.verdict == "mistake", review
    assert review.best == "defend 9S KS"
    review = review_decision("durak", DecisionPoint(41, obs.round, obs, legal, Action.parse("defend 9S 8C")), seed=1,
                             iterations=1500)
    assert review.verdict != "mistake", review


def _president_exchange(seed: int) -> tuple[GameState, int]:
    """A bot game of President (4 seats, 2 rounds) at the President's gift back before
    round 2, with a 2 in the President's hand; and the position (actions before it)."""
    from cardtable.games.president import kernel

    for attempt in range(seed, seed + 50):
        state = get_rules("president").new_game(players=4, seed=attempt, rounds=2)
        bots = [make_bot("president", "normal", seed=attempt * 10 + s) for s in range(4)]
        position = 0
        while state.phase != kernel.EXCHANGE:  # type: ignore[attr-defined]
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
            position += 1
        if any(card.rank == 2 for card in state.observation(state.current_player).hand):  # type: ignore[arg-type]
            return state, position
    raise AssertionError("no President holding a 2 in 50 games")


def _gift_point(state: GameState, position: int, made: Action) -> DecisionPoint:
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    return DecisionPoint(position, obs.round, obs, tuple(state.legal_actions()), made)


def _best_two(state: GameState) -> Action:
    """The President's two best cards (2s first): what the Scum had to give it."""
    from cardtable.cards import cards_to_mask
    from cardtable.games.president import give_action, kernel

    hand = cards_to_mask(state.observation(state.current_player).hand)  # type: ignore[arg-type]
    return give_action(kernel.best_cards(hand, 2))


@pytest.mark.slow
def test_president_giving_back_the_best_cards_is_a_mistake_and_a_low_gift_is_best() -> None:
    """The President gives its 2 and its next best card back to the Scum when low cards
    it will struggle to get rid of could go instead."""
    state, position = _president_exchange(1)
    made = _best_two(state)
    assert any(card.rank == 2 for card in made.cards)
    review = review_decision("president", _gift_point(state, position, made), seed=4, iterations=300)
    assert review.verdict == "mistake", review
    best = Action.parse(review.best)
    assert best.kind == "give" and len(best.cards) == 2
    # Low cards: of the President's five lowest ranks, no 2 nor ace.
    ranks = sorted({card.rank for card in state.observation(state.current_player).hand}, key=lambda r: (r - 3) % 13)  # type: ignore[arg-type]
    assert {card.rank for card in best.cards} <= set(ranks[:5]) and ranks[0] != 2, (review.best, ranks)
    assert not {card.rank for card in best.cards} & {2, 14}
    assert review.cost >= measure_of("president").threshold and review.cost > 2 * review.se
    assert review.made_value is not None and review.best_value is not None
    assert abs(review.cost - (review.made_value - review.best_value)) < 1e-9
    assert review.made_also is not None and review.best_also is not None  # the chance of being President


@pytest.mark.slow
def test_president_the_normal_gift_is_not_marked() -> None:
    from cardtable.bots.president import choose_gift
    from cardtable.cards import cards_to_mask
    from cardtable.games.president import give_action

    state, position = _president_exchange(1)
    hand = cards_to_mask(state.observation(state.current_player).hand)  # type: ignore[arg-type]
    review = review_decision(
        "president", _gift_point(state, position, give_action(choose_gift(hand, 2))), seed=4, iterations=300
    )
    assert review.verdict in ("good", "close"), review
    assert review.made_value is not None and review.simulations > 0  # valued, not skipped


def test_president_an_automatic_gift_is_no_decision_and_a_gift_with_no_choice_is_forced() -> None:
    from cardtable.cards import cards_to_mask

    start, actions = _bot_game("president", 4, 6, rounds=3)
    replay = start.clone()
    scum_of: dict[int, int] = {}  # round -> the seat that gave its best cards by itself
    for _, action in actions:
        replay.apply(action)
        if replay.phase == 1:  # type: ignore[attr-defined]  # the exchange
            scum_of[replay.round_number] = replay.table.orders[-1][-1]  # type: ignore[attr-defined]
    assert sorted(scum_of) == [2, 3]
    for number, scum in scum_of.items():
        decisions = list(decision_points(start, actions, scum, [number]))
        assert decisions and all(p.made.kind != "give" for p in decisions)
    # A President whose every gift back is alike (cards of one rank) has no choice.
    state, position = _president_exchange(1)
    seat = state.current_player
    hands = state.table.hands  # type: ignore[attr-defined]
    threes = cards_to_mask(c for c in state.rules.deck if c.rank == 3)
    other = (seat + 1) % 4  # type: ignore[operator]
    for s in range(4):
        if s != seat:
            hands[other] |= hands[s] & threes
            hands[s] &= ~threes
    hands[other] |= hands[seat] & ~threes
    hands[seat] = threes
    point = _gift_point(state, position, state.legal_actions()[2])
    assert len(point.legal) == 6
    review = review_decision("president", point, seed=4, iterations=100)
    assert review.verdict == "forced" and review.cost == 0.0


@pytest.mark.slow
def test_president_the_review_of_a_gift_reads_only_the_seats_observation() -> None:
    """The exchange as the President saw it, with two hidden cards of two other seats
    swapped: the same review."""
    state, position = _president_exchange(1)
    seat = state.current_player
    assert seat is not None
    second = state.clone()
    hands = second.table.hands  # type: ignore[attr-defined]
    a_seat, b_seat = [s for s in range(4) if s != seat][1:]
    a, b = hands[a_seat] & -hands[a_seat], hands[b_seat] & -hands[b_seat]
    hands[a_seat], hands[b_seat] = hands[a_seat] ^ a | b, hands[b_seat] ^ b | a
    assert state.observation(seat) == second.observation(seat)
    assert state.hand(a_seat) != second.hand(a_seat)
    made = _best_two(state)
    reviews = [review_decision("president", _gift_point(s, position, made), seed=9, iterations=150)
               for s in (state, second)]
    assert reviews[0] == reviews[1]
    assert reviews[0].made_value is not None
