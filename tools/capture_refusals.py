"""Capture the engine's refusals as they read today, for tests/games/test_refusals.py.

    python tools/capture_refusals.py    # writes tests/games/data/refusals.json

Plays seeded random games of every registered game (each first deal fixed by an
explicit deck, so a change to how a game shuffles leaves the first round as it was)
and, at every turn, tries wrong actions: cards not held, sets of the wrong size, the
wrong kind of action for the phase, seats whose turn it is not.  Each refusal is kept
with the moves that led to it and the line the engine gave (``why_illegal``), so the
test can check that the structured refusals still read, in English, exactly as they
read when this was captured.  Run it again only to add cases, never to hide a change.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from cardtable.cards import FULL_DECK, shuffled
from cardtable.engine.state import GameState
from cardtable.games import available_games, get_rules

OUTPUT = Path(__file__).resolve().parents[1] / "tests" / "games" / "data" / "refusals.json"

GAMES: dict[str, list[tuple[int, dict[str, object]]]] = {
    "president": [(3, {"rounds": 2}), (4, {"rounds": 2}), (5, {"rounds": 2, "revolution": True}), (6, {"rounds": 1})],
    "durak": [(2, {"rounds": 1}), (3, {"rounds": 1}), (4, {"rounds": 1})],
    "hearts": [(4, {"target": 40}), (4, {"target": 60}), (4, {"target": 100})],
}
SEEDS = range(6)
KINDS = ("play", "pass", "give", "attack", "defend", "take")
CARD = re.compile(r"\b(10|[2-9TJQKA])[CDHS]\b")


def shape(reason: str) -> str:
    """A refusal with its cards, ranks, numbers and quoted text blanked: one per branch."""
    reason = CARD.sub("C", re.sub(r"'[^']*'", "Q", reason))
    return re.sub(r"\b(\d+|[JQKA])\b", "N", reason)


def choose(state: GameState, rng: random.Random) -> str:
    """A legal move, a four of a kind or a throw-in whenever there is one (so the rarer
    positions, a revolution and a full table, come up)."""
    legal = [str(action) for action in state.legal_actions()]
    big = [text for text in legal if len(CARD.findall(text)) >= 4]
    if big and rng.random() < 0.7:
        return rng.choice(big)
    return rng.choice(legal)


def wrong_actions(state: GameState, rng: random.Random) -> list[str]:
    """Actions to try: a sample of every kind with cards held or not, and some of the legal
    ones' cards rearranged (the refusals that matter are close to a legal move)."""
    seat = state.current_player
    assert seat is not None
    deck = list(state.rules.deck)
    hand = list(state.hand(seat))
    texts = ["pass", "take", "give", f"attack {rng.choice(FULL_DECK)}", f"defend {rng.choice(deck)} {rng.choice(FULL_DECK)}"]
    if len(hand) >= 2:
        texts.append(" ".join(["give", *map(str, rng.sample(hand, 2)), str(rng.choice(deck))]))
    for _ in range(6):
        kind = rng.choice(KINDS)
        size = rng.choice((1, 1, 2, 2, 3, 4))
        pool = hand if rng.random() < 0.7 and hand else deck
        cards = rng.sample(pool, min(size, len(pool)))
        if rng.random() < 0.2:
            cards[0] = rng.choice(deck)
        texts.append(" ".join([kind, *map(str, cards)]))
    legal = [str(action) for action in state.legal_actions()[:200]]
    for text in rng.sample(legal, min(3, len(legal))):
        kind, *words = text.split()
        if words and hand:
            words[-1] = str(rng.choice(hand + deck[:4]))
        texts.append(" ".join([kind, *words]))
    texts += [str(card) for card in rng.sample(deck, 3)]  # a card alone: a play, held or not
    if state.rules.name == "hearts":
        texts += [str(card) for card in hand]  # every card: the first trick's rarer refusals
    return texts


def capture() -> list[dict[str, object]]:
    runs: list[dict[str, object]] = []
    assert set(GAMES) == set(available_games())
    for game, setups in GAMES.items():
        rules = get_rules(game)
        for players, options in setups:
            for seed in SEEDS:
                rng = random.Random(f"{game}-{players}-{seed}")
                deck = [str(card) for card in shuffled(rules.deck, rng)]
                state = rules.new_game(players=players, seed=seed, deck=" ".join(deck), **options)
                moves: list[str] = []
                tries: list[list[object]] = []
                seen: set[str] = set()
                while state.current_player is not None and len(moves) < 400:
                    for text in wrong_actions(state, rng):
                        reason = state.why_illegal(text)
                        if reason is not None and (shape(reason) not in seen or rng.random() < 0.01):
                            seen.add(shape(reason))
                            tries.append([len(moves), None, text, reason])
                    for other in range(players):
                        if other != state.current_player and rng.random() < 0.1:
                            text = rng.choice(wrong_actions(state, rng))
                            reason = state.why_illegal_for(other, text)
                            if reason is not None and (shape(reason) not in seen or rng.random() < 0.05):
                                seen.add(shape(reason))
                                tries.append([len(moves), other, text, reason])
                    move = choose(state, rng)
                    state.apply(move)
                    moves.append(move)
                if state.current_player is None:
                    reason = state.why_illegal("pass")
                    assert reason is not None
                    tries.append([len(moves), None, "pass", reason])
                runs.append({"game": game, "players": players, "options": options, "seed": seed,
                             "deck": " ".join(deck), "moves": moves, "tries": tries})
    return runs


def main() -> None:
    runs = capture()
    OUTPUT.write_text(json.dumps(runs, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    tries = [one for run in runs for one in run["tries"]]  # type: ignore[attr-defined]
    count, reasons = len(tries), {str(one[3]) for one in tries}
    print(f"{count} refusals, {len(reasons)} different lines, in {len(runs)} games: {OUTPUT}")


if __name__ == "__main__":
    main()
