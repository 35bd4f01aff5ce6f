"""Every terminal: the ASCII mode (detection, borders, footer keys, what reaches the
terminal) and the defaults a newcomer meets at the table."""

from __future__ import annotations

import pytest
from textual.binding import Binding
from textual.drivers.headless_driver import HeadlessDriver

from cardtable.asciitext import terminal_can_show_suits, to_ascii
from cardtable.cards import Card
from cardtable.commands.play import build_config
from cardtable.tui.app import CardtableApp, ascii_driver
from cardtable.tui.config import TableConfig, table_defaults
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.start import StartScreen

from .conftest import screen_text, settle

# --- detection ----------------------------------------------------------------------

@pytest.mark.parametrize(
    "environ, encoding, expected",
    [
        ({"LANG": "en_GB.UTF-8"}, "utf-8", True),
        ({}, "utf-8", True),
        ({"LANG": "C"}, "utf-8", False),
        ({"LC_ALL": "C", "LANG": "en_GB.UTF-8"}, "utf-8", False),
        ({"LC_ALL": "POSIX"}, "utf-8", False),
        ({"LC_CTYPE": "C", "LANG": "C.UTF-8"}, "utf-8", False),
        ({"LANG": "C.UTF-8"}, "utf-8", True),
        ({"LANG": "fr_FR.ISO-8859-1"}, "utf-8", False),
        ({"LANG": "en_GB.UTF-8"}, "latin-1", False),
        ({"LANG": "en_GB.UTF-8"}, "ascii", False),
        ({"LANG": "en_GB.UTF-8"}, "no-such-codec", False),
    ],
)
def test_detection_covers_encodings_and_c_locales(environ: dict[str, str], encoding: str, expected: bool) -> None:
    assert terminal_can_show_suits(environ, encoding) is expected


def test_a_c_locale_that_python_coerced_is_still_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    # With LANG=C, Python sets LC_CTYPE=C.UTF-8 itself and turns on UTF-8 mode (PEP 538).
    import sys

    class Flags:
        utf8_mode = 1

    monkeypatch.setattr(sys, "flags", Flags())
    assert terminal_can_show_suits({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, "utf-8") is False
    assert terminal_can_show_suits({"LANG": "en_GB.UTF-8", "LC_CTYPE": "C.UTF-8"}, "utf-8") is True


def test_the_app_turns_ascii_on_by_itself_in_a_c_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
    monkeypatch.setenv("LANG", "C")
    app = CardtableApp()
    assert app.ascii_only and app.has_class("-ascii")
    assert app.card_style.label(Card.parse("TH")) == "10H"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    app = CardtableApp(ascii_only=False)
    assert not app.ascii_only and not app.has_class("-ascii")


# --- what reaches the terminal ------------------------------------------------------

class RecordingDriver(HeadlessDriver):
    """A headless driver that keeps what it was asked to write."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.written: list[str] = []

    def write(self, data: str) -> None:
        self.written.append(data)


@pytest.mark.parametrize("ascii_only", [True, False])
async def test_the_driver_writes_ascii_only_in_ascii_mode(ascii_only: bool) -> None:
    app = CardtableApp(ascii_only=ascii_only)
    driver = ascii_driver(RecordingDriver)(app)
    driver.write("\x1b[1m╭─ Your hand ─╮ ⏎ Play\x1b[0m")
    expected = "\x1b[1m+- Your hand -+ < Play\x1b[0m" if ascii_only else "\x1b[1m╭─ Your hand ─╮ ⏎ Play\x1b[0m"
    assert driver.written == [expected]
    assert app.get_driver_class().__name__.startswith("Ascii")


def test_footer_keys_are_words_in_ascii_mode() -> None:
    ascii_app, plain_app = CardtableApp(ascii_only=True), CardtableApp(ascii_only=False)
    for key, word in (("enter", "enter"), ("left", "left"), ("right", "right"), ("up", "up"), ("down", "down")):
        binding = Binding(key, "noop", "Noop")
        assert ascii_app.get_key_display(binding) == word
        assert plain_app.get_key_display(binding) != word
    assert ascii_app.get_key_display(Binding("ctrl+z", "undo", "Undo")) == "^z"


@pytest.mark.parametrize(
    "game, kinds",
    [("hearts", ["human", "easy", "easy", "easy"]), ("president", ["human", "easy", "easy", "easy"]),
     ("durak", ["human", "easy", "easy"])],
)
async def test_ascii_table_borders_are_ascii_and_the_whole_screen_becomes_ascii(game: str, kinds: list[str]) -> None:
    config = TableConfig.build(game, kinds, seed=3)
    app = CardtableApp(config, bot_delay=0, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        hand = app.screen.query_one("#hand")
        assert hand.styles.border_top[0] == "ascii"
        text = screen_text(app)
        assert "Your hand" in text
        # What the driver sends: the same screen, every character ASCII, nothing moved.
        plain = to_ascii(text)
        assert plain.isascii()
        assert [len(line) for line in plain.splitlines()] == [len(line) for line in text.splitlines()]
        assert "-Your hand" in plain and "\\u" not in plain
        # The app's own markers are ASCII already; only Textual's lines needed the driver.
        assert not any(mark in text for mark in "♣♦♥♠▶★▲◂▸×◆")


async def test_unicode_table_keeps_its_lines() -> None:
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=3)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert app.screen.query_one("#hand").styles.border_top[0] == "solid"
        assert "─" in screen_text(app)


# --- President's default game -----------------------------------------------------

def test_president_at_the_table_is_five_rounds_and_one_round_stays_available() -> None:
    assert table_defaults("president")["rounds"] == 5
    assert TableConfig.build("president", ["human", "easy", "easy"]).options["rounds"] == 5
    assert TableConfig.build("president", ["human", "easy", "easy"], options={"rounds": 1}).options["rounds"] == 1
    assert build_config("president").options["rounds"] == 5
    assert build_config("president", rounds=1).options["rounds"] == 1
    # The rules (the API, simulate) keep one round a game.
    from cardtable.games import get_rules

    assert get_rules("president").option_defaults["rounds"] == 1
    assert table_defaults("durak") == get_rules("durak").option_defaults


async def test_start_screen_offers_five_rounds_of_president() -> None:
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert screen.query_one("#opt-rounds").value == "5"
        assert screen.build_config().options["rounds"] == 5
        screen.query_one("#opt-rounds").value = "1"
        assert screen.build_config().options["rounds"] == 1


# --- 80x24 --------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("players", ["4", "6"])
async def test_start_screen_shows_every_button_with_a_continue_at_80x24(players: str) -> None:
    from cardtable.userdata.savefiles import save_game

    state = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=4).new_state()
    while not any(seat == 0 for seat, _ in state.history):  # listed once the person has moved
        state.apply(state.legal_actions()[0])
    save_game(state)
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        screen.query_one("#players").value = players
        await pilot.pause()
        text = screen_text(app)
        for label in ("Continue Hearts", "Start", "Statistics", "Settings", "Quit"):
            assert label in text, label
        for button_id in ("#continue", "#start", "#stats-button", "#settings-button", "#quit"):
            region = screen.query_one(button_id).region
            assert region.right <= 80 and region.bottom <= 23, (button_id, region)


@pytest.mark.slow
async def test_statistics_screen_fits_80_columns_without_cutting_numbers() -> None:
    import json

    from cardtable.userdata.paths import stats_path
    from cardtable.userdata.stats import STATS_FORMAT, STATS_VERSION, PlayerStats

    entry = PlayerStats("Maximilian Longn", "human", "durak", 12345, 5678, 890, 61700, 23450, -98765, 1200, -3000,
                        {"times_durak": 34567})
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": STATS_FORMAT, "version": STATS_VERSION,
                                "entries": [entry.to_dict()], "recorded": []}), encoding="utf-8")
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        words = screen_text(app).split()
        for value in ("12345", "5678", "1.90", "-8.0", "1200", "-3000", "34567", "890", "human"):
            assert value in words, value
        assert "…" not in screen_text(app)


async def test_statistics_screen_shows_president_titles_in_their_own_table_at_80_columns() -> None:
    import json

    from cardtable.userdata.paths import stats_path
    from cardtable.userdata.stats import STATS_FORMAT, STATS_VERSION, PlayerStats

    titles = {"President": 1277, "Vice-President": 105, "Citizen": 4401, "Vice-Scum": 115, "Scum": 302}
    entry = PlayerStats("Annabelle Lee", "human", "president", 1240, 600, 3, 16000, 5000, 26, 6, 0, {"titles": titles})
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": STATS_FORMAT, "version": STATS_VERSION,
                                "entries": [entry.to_dict()], "recorded": []}), encoding="utf-8")
    app = CardtableApp(bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "President titles" in text
        assert sum("Annabelle Lee" in line for line in text.splitlines()) == 2, text
        for value in ("1277", "105", "4401", "115", "302", str(sum(titles.values()))):
            assert value in text.split(), value
        assert "…" not in text


@pytest.mark.parametrize("width", [60, 80, 100])
async def test_six_players_every_bot_shows_its_level(width: int) -> None:
    config = TableConfig.build("president", ["human", "easy", "normal", "hard", "easy", "normal"], seed=2)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(width, 24 if width > 60 else 20)) as pilot:
        await settle(app, pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        for seat in range(1, 6):
            lines = str(game.query_one(f"#seat-{seat}").content).splitlines()
            level = config.seats[seat].kind
            if width >= 80:
                assert f"({level})" in lines[0] or f"({level[:4]})" in lines[0], lines
            elif "to act" not in lines[-1]:
                # Too narrow beside the name: the level leads the third line.
                assert lines[-1].split(" · ")[0] in (level, level[:4]), lines


# --- small terminals ------------------------------------------------------------------

def row_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines()) if needle in line)


def hearts_with_a_full_table_but_one():
    """A Hearts game where three cards of a trick are down, the viewer's among them."""
    config = TableConfig.build("hearts", ["human", "easy", "easy", "easy"], seed=5)
    state = config.new_state()
    for _ in range(200):
        trick = dict(state.observation(0).trick)  # type: ignore[attr-defined]
        if len(trick) == 3 and 0 in trick:
            return config, state
        state.apply(state.legal_actions()[0])
    raise AssertionError("no such moment in this deal")


async def test_hearts_at_80x24_shows_your_trick_card_and_every_opponents() -> None:
    # (Below 80x24 a game says the terminal is too small: see test_first_five_minutes.)
    config, state = hearts_with_a_full_table_but_one()
    # The bot to move waits long enough for the screen to be read.
    app = CardtableApp(config, state=state, bot_delay=60, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        text = screen_text(app)
        for seat, card in state.observation(0).trick:  # type: ignore[attr-defined]
            assert app.card_style.label(card) in text, (seat, card, text)
        table = game.query_one("#table")
        assert table.region.bottom <= 24
        lines = text.splitlines()
        trick_rows = [n for n, line in enumerate(lines) if any(app.card_style.label(c) in line for _, c in state.observation(0).trick)]  # type: ignore[attr-defined]
        assert trick_rows and max(trick_rows) < table.region.bottom
        assert "Your hand" in text


@pytest.mark.slow
@pytest.mark.parametrize(
    "game_name, kinds",
    [("hearts", ["human", "easy", "easy", "easy"]), ("durak", ["human", "easy", "easy"]),
     ("president", ["human", "easy", "easy", "easy"])],
)
async def test_shrinking_to_40x12_and_growing_back_restores_the_layout(game_name: str, kinds: list[str]) -> None:
    config = TableConfig.build(game_name, kinds, seed=7)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        before = screen_text(app)
        assert app.screen.query_one("#moves").display and app.screen.query_one("#side").display
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        small = screen_text(app)
        assert len(small.splitlines()) <= 12
        assert not app.screen.query_one("#side").display  # no room: the table comes first
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert app.screen.query_one("#side").styles.width.value == 24
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert screen_text(app) == before


# --- large terminals ------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("ascii_only, corner", [(False, "╭───╮"), (True, "+---+")])
@pytest.mark.parametrize(
    "game_name, kinds",
    [("hearts", ["human", "easy", "easy", "easy"]), ("durak", ["human", "easy", "easy"]),
     ("president", ["human", "easy", "easy", "easy"])],
)
async def test_the_hand_has_large_cards_from_120x40(game_name: str, kinds: list[str], ascii_only: bool, corner: str) -> None:
    from cardtable.tui.widgets.hand import HandView

    config = TableConfig.build(game_name, kinds, seed=7)
    app = CardtableApp(config, bot_delay=0, ascii_only=ascii_only)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        hand = app.screen.query_one(HandView)
        assert hand.large and hand.size.height == 5
        text = screen_text(app)
        first = hand.cards[0]
        label = app.card_style.label(first).rjust(3)
        side = "|" if ascii_only else "│"
        assert f"{side}{label}{side}" in text
        assert text.count(corner) >= len(hand.cards)
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.pause()
        assert not hand.large and hand.size.height == 3
        assert corner not in screen_text(app).split("hand", 1)[-1]


async def test_clicks_find_large_cards() -> None:
    from cardtable.tui.widgets.hand import HandView

    config = TableConfig.build("president", ["human", "easy", "easy", "easy"], seed=7)
    app = CardtableApp(config, bot_delay=0, ascii_only=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        hand = app.screen.query_one(HandView)
        pad = (hand.size.width - len(hand.cards) * hand.cell) // 2
        assert hand.index_at(pad + 1 + 6 * 2 + 2, 2) == 2
        assert hand.index_at(pad - 1, 2) is None


def on_the_table(game_name: str, obs) -> list[Card]:  # type: ignore[no-untyped-def]
    if game_name == "hearts":
        return [card for _, card in obs.trick]
    if game_name == "durak":
        return [card for pair in obs.table for card in pair if card is not None]
    return list(obs.table)


@pytest.mark.parametrize(
    "game_name, kinds",
    [("hearts", ["human", "easy", "easy", "easy"]), ("durak", ["human", "easy", "easy"]),
     ("president", ["human", "easy", "easy", "easy"])],
)
async def test_the_table_has_large_cards_from_120x40(game_name: str, kinds: list[str]) -> None:
    config = TableConfig.build(game_name, kinds, seed=7)
    state = config.new_state()
    for _ in range(300):
        if len(on_the_table(game_name, state.observation(0))) >= (1 if game_name == "president" else 2):
            break
        state.apply(state.legal_actions()[0])
    cards = on_the_table(game_name, state.observation(0))
    assert cards
    app = CardtableApp(config, state=state, bot_delay=60, ascii_only=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#table")
        drawn = table.content.plain  # type: ignore[attr-defined]
        for card in cards:
            assert f"│{app.card_style.label(card).rjust(3)}│" in drawn, (card, drawn)
        assert app.screen.query_one("#side").styles.width.value == 40
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.pause()
        drawn = table.content.plain  # type: ignore[attr-defined]
        assert "╭───╮" not in drawn
        for card in cards:
            assert app.card_style.label(card) in drawn
