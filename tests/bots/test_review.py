"""The review: mistakes found with the right best move, forced moves never marked, and
nothing but the reviewed seat's observation used."""

from __future__ import annotations

import random

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
