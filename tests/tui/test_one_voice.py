"""One voice on every line: cards written one way (symbols, or letters with --ascii),
plurals, moves told as sentences, in refusals, undo, the replay, the seat boxes and the log."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardtable.cards import Card, parse_cards
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.games import get_rules
from cardtable.tui.app import CardtableApp
from cardtable.tui.cardstyle import CardStyle
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.replay import ReplayScreen
from cardtable.tui.tables import TableContext, table_for
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.seats import seat_lines
from cardtable.tui.wording import engine_text
from cardtable.userdata.records import export_record, load_record
from cardtable.userdata.savefiles import set_seats

from .conftest import open_table, screen_text, settle, status_of


def context(*names: str, ascii_only: bool = False, personal: bool = True) -> TableContext:
    return TableContext(names, names, CardStyle(ascii_only=ascii_only), personal=personal)


# --- the formatter ---------------------------------------------------------------------
@pytest.mark.parametrize(("ascii_only", "expected"), [
    (False, "10♦ does not beat Q♠: play a higher spades card or a trump"),
    (True, "10D does not beat QS: play a higher spades card or a trump"),
])
def test_engine_reasons_are_written_like_every_other_card(ascii_only: bool, expected: str) -> None:
    reason = "TD does not beat QS: play a higher spades card or a trump"
    assert engine_text(reason, CardStyle(ascii_only=ascii_only)).plain == expected


def test_engine_text_leaves_words_alone_and_names_seats_from_their_names() -> None:
    names = {0: "Ann", 1: "KS"}.get
    text = engine_text("first pass 3 cards left to seat 1 (for example: give 2C 3C QS)", CardStyle(), names)
    # A seat named like a card stays a name; card codes inside words are not cards.
    assert text.plain == "first pass 3 cards left to KS (for example: give 2♣ 3♣ Q♠)"
    assert engine_text("AS ASK KSA 10H", CardStyle()).plain == "A♠ ASK KSA 10♥"


def test_cards_in_text_are_coloured_like_the_log() -> None:
    text = engine_text("8D beats 6S", CardStyle())
    spans = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}
    assert spans["8♦"] == CardStyle().inline([Card.parse("8D")]).spans[0].style


# --- moves told as sentences -------------------------------------------------------------
@pytest.mark.parametrize(("game", "move", "seat", "expected"), [
    ("president", "2C 2D 2H 2S", 0, "You play 2♣ 2♦ 2♥ 2♠"),
    ("president", "2C", 1, "Ben plays 2♣"),
    ("president", "pass", 1, "Ben passes"),
    ("president", "give ?", 1, "Ben gives 1 card"),
    ("president", "give ? ?", 0, "You give 2 cards"),
    ("durak", "attack AH", 1, "Ben attacks with A♥"),
    ("durak", "attack AH", 0, "You attack with A♥"),
    ("durak", "defend 7S 9S", 1, "Ben beats 7♠ with 9♠"),
    ("durak", "take", 1, "Ben takes the cards"),
    ("hearts", "give 2C 3C QS", 1, "Ben passes 2♣ 3♣ Q♠"),
    ("hearts", "give ? ? ?", 0, "You pass 3 cards"),
    ("hearts", "TH", 1, "Ben plays 10♥"),
])
def test_moves_are_told_as_sentences(game: str, move: str, seat: int, expected: str) -> None:
    table = table_for(game)
    assert table.describe_move(seat, move, context("You", "Ben")).plain == expected


@pytest.mark.parametrize(("game", "action", "expected"), [
    ("president", "AS", "your A♠"),
    ("president", "pass", "your pass"),
    ("durak", "defend 7S 9S", "your 9♠ on 7♠"),
    ("durak", "attack 10H", "your attack with 10♥"),
    ("hearts", "give 2C 3C QS", "your pass of 2♣ 3♣ Q♠"),
])
def test_the_undo_message_names_the_move(game: str, action: str, expected: str) -> None:
    assert table_for(game).move_phrase(Action.parse(action), context("You")).plain == expected


def test_log_lines_are_sentences_with_card_labels() -> None:
    ctx = context("You", "Ben", ascii_only=True)
    play = Event("play", 1, tuple(parse_cards("TC TD")), 1)
    assert table_for("president").log_line(play, ctx, 0).plain == "Ben plays 10C 10D"
    attack = Event("attack", 0, tuple(parse_cards("TH")), 1)
    assert table_for("durak").log_line(attack, ctx, 0).plain == "You attack with 10H"
    taken = Event("bout_over", 1, tuple(parse_cards("7H")), 1, {"result": "taken"})
    assert table_for("durak").log_line(taken, ctx, 0).plain == "Ben picks up 1 card"
    beaten = Event("bout_over", 1, tuple(parse_cards("7H 9H")), 1, {"result": "beaten"})
    assert table_for("durak").log_line(beaten, ctx, 0).plain == "Ben beats off the attack"
    assert table_for("durak").log_line(beaten.replace(seat=0), ctx, 0).plain == "You beat off the attack"
    take = Event("take", 0, (), 1)
    assert table_for("durak").log_line(take, ctx, 0).plain == "You take the cards"


# --- plurals ------------------------------------------------------------------------
def test_counts_of_one_are_singular() -> None:
    assert seat_lines(30, "Ben (normal)", "Ben", 1, [])[1] == "1 card"
    state = get_rules("hearts").new_game(players=4, seed=2)
    while not any(state.observation(0).tricks_taken):  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    obs = state.observation(0)
    winner = next(seat for seat, tricks in enumerate(obs.tricks_taken) if tricks)  # type: ignore[attr-defined]
    badges = table_for("hearts").seat_badges(obs, winner)
    assert badges[0].endswith("· 1 trick"), badges


# --- on screen -----------------------------------------------------------------------
async def test_a_refusal_writes_cards_with_suit_symbols() -> None:
    async with open_table("hearts", ["human", "easy", "easy", "easy"], seed=3) as (_app, pilot, game):
        # A two-card pass is refused with the engine's reason, cards as symbols.
        hand = game.query_one(HandView)
        two = hand.cards[:2]
        for card in two:
            hand.cursor = hand.cards.index(card)
            await pilot.press("space")
        await pilot.press("enter")
        assert status_of(game) == "Refused: you must pass exactly 3 cards, not 2"
        # A card not in the hand (the engine names it): as the screen writes cards.
        others = [card for card in get_rules("hearts").deck if card not in hand.cards][:3]
        game.human_move(Action.give(others))
        status = status_of(game)
        expected = " ".join(card.label() for card in others)
        assert status == f"Refused: {expected} are not in your hand", status


async def test_undo_message_writes_the_card_as_the_screen_does() -> None:
    async with open_table("president", ["human", "easy", "easy"], seed=6) as (app, pilot, game):
        action = next(a for a in game.state.legal_actions() if a.cards)
        assert game.human_move(action)
        await settle(app, pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        labels = " ".join(card.label() for card in action.cards)
        assert status_of(game).startswith(f"Undone: your {labels} and the moves after it.  ·  Your lead")


def finished_state(game: str, seed: int = 5):
    state = get_rules(game).new_game(players=2 if game == "durak" else 4, seed=seed, rounds=1) \
        if game != "hearts" else get_rules(game).new_game(players=4, seed=seed, target=30)
    seats = [("You", "human"), ("Ben", "easy"), ("Cleo", "easy"), ("Dan", "easy")]
    set_seats(state, seats[: state.num_players])
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("ascii_only", [False, True])
async def test_replay_tells_each_move_as_a_sentence(tmp_path, ascii_only: bool) -> None:
    state = finished_state("durak")
    replay = load_record(export_record(state, tmp_path / "record.json"))
    app = CardtableApp(bot_delay=0, ascii_only=ascii_only, replay=replay)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen: ReplayScreen = app.screen  # type: ignore[assignment]
        style = CardStyle(ascii_only=ascii_only)
        for position in range(1, 8):
            await pilot.press("right")
            seat, action = state.history[position - 1]
            name = ("You", "Ben")[seat]
            status = status_of(screen)
            assert status.startswith(f"Move {position}/{replay.length}: {name} ")
            if action.kind == "attack":
                verb = "attack" if name == "You" else "attacks"
                assert f"{name} {verb} with {style.label(action.cards[0])}" in status
            for card in action.cards:
                assert style.label(card) in status
            assert str(action) not in status or not action.cards or all(
                style.label(card) == str(card) for card in action.cards
            )


async def test_replay_keeps_the_log_at_the_end_and_names_the_seats_hand(tmp_path) -> None:
    state = finished_state("president")
    set_seats(state, [("Ann", "human"), ("Ben", "easy"), ("Cleo", "easy"), ("Dan", "easy")])
    replay = load_record(export_record(state, tmp_path / "record.json"))
    app = CardtableApp(bot_delay=0, ascii_only=False, replay=replay, replay_seat=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("right")
        assert "Ben's hand" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        log = str(app.screen.query_one("#log").render())
        assert "Round 1 is over" in log and len(log.splitlines()) > 3, log


async def test_replay_of_a_seat_named_you_says_your_hand(tmp_path) -> None:
    state = finished_state("durak")
    replay = load_record(export_record(state, tmp_path / "record.json"))
    app = CardtableApp(bot_delay=0, ascii_only=False, replay=replay, replay_seat=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Your hand" in text and "You's" not in text


def test_seat_box_known_cards_follow_the_ascii_setting() -> None:
    state = get_rules("durak").new_game(players=2, seed=5)
    rng = random.Random(1)
    while not any(state.observation(0).known_cards[1] for _ in [0]):  # type: ignore[attr-defined]
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    for ascii_only in (False, True):
        table = table_for("durak")
        table.ctx = context("You", "Ben", ascii_only=ascii_only)
        badges = table.seat_badges(obs, 1)
        known = obs.known_cards[1]  # type: ignore[attr-defined]
        label = known[0].label(ascii_only=ascii_only)
        assert any(label in badge for badge in badges), badges


# --- Hearts calls a hand a hand; seats count from 1 ---------------------------------------
async def test_hearts_calls_a_hand_a_hand_in_the_title_and_the_pop_up() -> None:
    from cardtable.tui.screens.roundover import RoundOverScreen

    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=8)
    state = config.new_state()
    rng = random.Random(2)
    # Play on until seat 0 holds the hand's last card and is to play it.
    while not (state.current_player == 0 and len(state.hand(0)) == 1):
        state.apply(rng.choice(state.legal_actions()))
    app = CardtableApp(config, bot_delay=0, ascii_only=False, state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        text = screen_text(app)
        assert "hand 1  ·" in text and "round" not in text.lower(), text
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, RoundOverScreen)
        text = screen_text(app)
        assert "Hand 1 is over" in text and "Next hand" in text and "Round" not in text, text


@pytest.mark.parametrize("game", ["president", "durak", "hearts"])
def test_rules_number_seats_from_one(game: str) -> None:
    import re

    from cardtable.commands.rules import rules_markdown

    rules = rules_markdown(game)
    assert rules is not None
    assert not re.search(r"\bseats? 0\b", rules, flags=re.IGNORECASE), game


def test_the_last_trick_view_counts_one_point_in_the_singular() -> None:
    state = get_rules("hearts").new_game(players=4, seed=2)
    rng = random.Random(3)
    while True:
        state.apply(rng.choice(state.legal_actions()))
        last = state.observation(0).last_trick  # type: ignore[attr-defined]
        if last is not None and last.points == 1:
            break
    text = table_for("hearts").last_completed(state.observation(0), context("You", "Ben", "Cleo", "Dan")).plain
    assert text.endswith("took it (1 point).") or "took it (1 point)." in text, text


# --- the seat named You is "you" within a sentence ---------------------------------------
def test_the_seat_named_you_is_you_within_every_sentence() -> None:
    """The review and the replay name seats (not personal); the seat named You is still
    the person reading: "you" mid-sentence, "You" at the start."""
    ctx = context("You", "Ada", "Ben", "Cleo", personal=False)
    passed = Event("exchange", 3, tuple(parse_cards("9C AS 8H")), 1, {"to": 0})
    assert table_for("hearts").log_line(passed, ctx, 0).plain == "Cleo passed you 9♣ A♠ 8♥"
    gift = Event("exchange", 1, tuple(parse_cards("2S")), 1, {"to": 0})
    assert table_for("president").log_line(gift, ctx, 0).plain == "Ada gives 2♠ to you"
    revolution = Event("revolution", 0, (), 1, {"active": True})
    assert table_for("president").log_line(revolution, ctx, 1).plain == "REVOLUTION by you: order flipped!"
    assert ctx.who(0, start=True) == "You" and ctx.who(2) == "Ben"


@pytest.mark.parametrize(("code", "yours", "theirs"), [
    ("nl", "REVOLUTIE door jou: volgorde omgedraaid!", "REVOLUTIE door Ada: volgorde omgedraaid!"),
    ("bg", "РЕВОЛЮЦИЯ от вас: редът е обърнат!", "РЕВОЛЮЦИЯ от Ada: редът е обърнат!"),
])
def test_a_revolution_by_you_is_a_whole_sentence_in_each_language(
    speak: Callable[[str], None], code: str, yours: str, theirs: str
) -> None:
    """The reader's revolution is its own sentence ("door jou"), not a name slotted in ("door jij")."""
    speak(code)
    ctx = context("You", "Ada", "Ben", "Cleo")
    mine = table_for("president").log_line(Event("revolution", 0, (), 1, {"active": True}), ctx, 0)
    ada = table_for("president").log_line(Event("revolution", 1, (), 1, {"active": True}), ctx, 0)
    assert mine is not None and ada is not None
    assert (mine.plain, ada.plain) == (yours, theirs)


def test_the_durak_table_says_ben_attacks_you() -> None:
    state = get_rules("durak").new_game(players=2, seed=5)
    obs = state.observation(0)
    attacker, defender = obs.main_attacker, obs.defender  # type: ignore[attr-defined]
    names = ["Ben", "Ben"]
    names[defender] = "You"
    ctx = context(*names, personal=False)
    drawn = table_for("durak").draw(obs, ctx).plain  # type: ignore[arg-type]
    assert attacker != defender
    # The attacker is Ben (TableContext words each case as a whole sentence now, no verb to inflect).
    assert "Ben attacks you" in drawn and "attacks You" not in drawn, drawn
