"""The Textual app in the player's language, at 80x24.

In the pseudo-language (``qps``: every message marked ⟦…⟧ and about 40% longer) the
start screen and a game of each game show no English word outside the markers, except
the short, explicit list below (names and key caps; the games' own words are marked
where the games declare them), and nothing that matters is cut: the status line, the
footer's keys, the seat names.  In each real language the same screens show no crash
and nothing cut.  The English screens are the other tests' business (tests/tui).
"""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from cardtable.engine.actions import Action
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.help import keys_markdown
from cardtable.tui.widgets.footer import KeysFooter
from tests.tui.conftest import open_table, perform, screen_text, settle, status_of

GAMES = {
    "president": ("human", "easy", "easy", "easy"),
    "durak": ("human", "easy", "easy"),
    "hearts": ("human", "easy", "easy", "easy"),
}
LANGUAGES = ("nl", "et", "pl", "bg")

#: the bots' names, the app's name, and key caps as keyboards print them
NAMES = {"Ada", "Ben", "Cleo", "Dan", "Eve", "Zoe", "cardtable"}
KEY_CAPS = {"Enter", "Esc", "esc", "Tab", "Ctrl", "Home", "End"}
ALLOWED = NAMES | KEY_CAPS


def unmarked_words(screen: str, allowed: set[str] | None = None) -> set[str]:
    """The English words of ``screen`` outside the pseudo-language's markers (a marked
    message may hold another, and may wrap over several rows; a footer key's words end
    in ``…`` where the footer shortened them)."""
    text = screen
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if shorter == text:
            break
        text = shorter
    text = re.sub(r"⟦[^⟦⟧\n]*…", " ", text)
    return set(re.findall(r"[A-Za-z]{2,}", text)) - ALLOWED - (allowed or set())


def assert_nothing_cut(app: CardtableApp, screen: GameScreen | None = None) -> None:
    """The footer's keys all shown, within the width; the status line whole; every
    seat's name on screen."""
    text = screen_text(app)
    width = app.size.width
    footer = app.screen.query_one(KeysFooter)
    assert footer.render().cell_len <= width, text
    last_row = text.splitlines()[-1] if text.splitlines() else ""
    for key in footer.keys:
        assert key.display in last_row, (key.display, last_row)
    for row in text.splitlines():
        assert cell_len(row) <= width
    if screen is None:
        return
    flat = " ".join(text.split())
    status = " ".join(status_of(screen).split())
    assert status in flat, f"the status line is cut: {status!r}\n{text}"
    for seat in range(len(screen.config.seats)):
        name = screen.context.name(seat)
        assert name in text, f"{name!r} is not on screen\n{text}"
    assert "⟦" not in unclosed_marks(text), text


def unclosed_marks(text: str) -> str:
    """What is left of marked messages that lost their end on their row (cut), or ``""``.
    Messages wrap whole, so a row ends a message only with its ⟧ or mid-sentence.  A
    message shortened on purpose (a name cut to its column, ending ``…``) goes first, so
    that it does not take the end of a message wrapped beside it."""
    flat = re.sub(r"⟦[^⟦⟧\n]*…", " ", text)
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", flat)
        if shorter == flat:
            break
        flat = shorter
    return re.sub(r"⟦[^⟦⟧\n]*…", " ", flat)


async def check_start(app: CardtableApp, pilot, pseudo: bool) -> None:
    await settle(app, pilot)
    text = screen_text(app)
    assert_nothing_cut(app)
    if pseudo:
        left = unmarked_words(text)
        assert not left, (left, text)


async def play_a_few(game: str, pseudo: bool, moves: int = 3) -> list[str]:
    """A game of ``game`` at 80x24: its first screen and those after a few of the
    person's moves (the first legal move each time), each checked; returns the screens."""
    screens = []
    async with open_table(game, list(GAMES[game]), seed=3) as (app, pilot, screen):
        for _ in range(moves + 1):
            await settle(app, pilot)
            if not isinstance(app.screen, GameScreen):
                break
            text = screen_text(app)
            screens.append(text)
            assert_nothing_cut(app, app.screen)
            if pseudo:
                assert not unmarked_words(text), (unmarked_words(text), text)
            else:
                # A real language's key words fit whole (the pseudo-language's 40% may not).
                assert "…" not in text.splitlines()[-1], text.splitlines()[-1]
            legal = app.screen.session.legal_actions()
            if not legal:
                break
            await perform(pilot, app.screen, Action.parse(str(legal[0])))
    return screens


async def test_the_pseudo_language_leaves_no_english_on_the_start_screen(speak) -> None:
    speak("qps")
    app = CardtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_start(app, pilot, pseudo=True)


@pytest.mark.parametrize("game", GAMES)
async def test_the_pseudo_language_leaves_no_english_at_the_table(speak, game: str) -> None:
    speak("qps")
    screens = await play_a_few(game, pseudo=True)
    assert len(screens) >= 2
    assert any("⟦" in line for line in screens[-1].splitlines()[-3:])


def test_the_help_screens_keys_are_all_marked(speak) -> None:
    speak("qps")
    for game, features in (("president", ("pass",)), ("durak", ("pass", "take", "target")), ("hearts", ())):
        text = keys_markdown(features)
        assert not unmarked_words(text.replace("|", " ")), (game, unmarked_words(text))


def test_the_words_that_may_stay_english_are_few() -> None:
    """The exception list stays small and explicit: names and key caps."""
    assert len(ALLOWED) <= 15


@pytest.mark.parametrize("language", LANGUAGES)
async def test_each_language_starts_without_anything_cut(speak, language: str) -> None:
    speak(language)
    app = CardtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_start(app, pilot, pseudo=False)
        from cardtable.lang import _

        text = screen_text(app)
        for button in ("Start", "Join", "Statistics", "Settings", "Quit"):
            assert _(button) in text and (_(button) != button or language == "pl"), (button, text)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
async def test_each_language_plays_each_game_without_anything_cut(speak, language: str, game: str) -> None:
    speak(language)
    from cardtable.lang import ngettext

    screens = await play_a_few(game, pseudo=False, moves=2)
    assert screens
    # The hand's title is in the language (the viewer's own hand, named as the language names it).
    own = ngettext("Your hand · {count} card", "Your hand · {count} cards", 2).split(" ·")[0]
    assert any(own in text for text in screens), screens[0]


def hot_seat_prompts(game: str, moves: int = 60) -> list[tuple[str, str]]:
    """``(name, status line)`` at each turn of a hot-seat game of ``game`` (three or four
    people at one keyboard, the first legal move each time): the prompt each person reads."""
    from cardtable.games import get_rules
    from cardtable.session import Seat, TableSession
    from cardtable.tui.cardstyle import CardStyle
    from cardtable.tui.tables import table_for
    from cardtable.tui.viewmodel import TableFacts, TableViewModel

    players = len(GAMES[game])
    names = ("Ann", "Bea", "Cy", "Di")[:players]
    session = TableSession(get_rules(game).new_game(players=players, seed=5), [Seat.human(name) for name in names])
    assert session.hotseat
    model = TableViewModel(game, table_for(game), CardStyle(ascii_only=True))
    seen = []
    for _ in range(moves):
        seat = session.to_act
        if seat is None or session.is_over:
            break
        session.viewer = seat
        session.reveal(seat)
        seen.append((names[seat], model.view(TableFacts.read(session)).prompt.plain))
        session.act(seat, session.legal_actions()[0])
    return seen


@pytest.mark.parametrize("language", ("en", "qps", "nl", "pl", "bg"))
@pytest.mark.parametrize("game", GAMES)
def test_a_hot_seat_prompt_names_its_player_in_whole_sentences(speak, language: str, game: str) -> None:
    """At a shared keyboard the status line names the person whose turn it is, in a
    sentence of the language (no English "'s" or "you" replaced by a name)."""
    speak(language)
    prompts = hot_seat_prompts(game)
    assert len(prompts) > 10
    for name, prompt in prompts:
        assert name in prompt, (name, prompt)
        if language == "en":
            assert not re.search(r"\b([Yy]ou|[Yy]our)\b", prompt), prompt
            assert f"{name} lead" not in prompt, prompt
        if language == "qps":
            # The name sits inside a translated sentence, not glued on outside it.
            assert not unmarked_words(prompt), prompt


async def open_hot_seat(game: str = "president", kinds: tuple[str, ...] = ("human", "human", "easy")):
    """A hot-seat game at 80x24 whose people have no names typed (the app's default names)."""
    from cardtable.tui.config import TableConfig

    config = TableConfig.build(game, list(kinds), seed=3)
    return CardtableApp(config, bot_delay=0, ascii_only=False)


@pytest.mark.parametrize("language", ("nl", "pl"))
async def test_default_hot_seat_names_are_in_the_language_and_kept_english_in_the_file(speak, language: str) -> None:
    """``Player 2`` is shown in the reader's words (hand-over, seat boxes, the hand's
    title), while the game's file keeps the name as cardtable wrote it."""
    speak(language)
    from cardtable.lang import _

    app = await open_hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        cover = screen_text(app)
        first, second = (_("Player {number}").format(number=n) for n in (1, 2))
        assert first in cover and "Player" not in cover, cover
        await pilot.press("enter")
        await settle(app, pilot)
        table = screen_text(app)
        assert first in table and second in table and "Player" not in table, table
        assert [seat["name"] for seat in app.screen.state.meta["seats"]][:2] == ["Player 1", "Player 2"]


def hearts_after_hands(hands: int):
    """A Hearts game played on (the first legal move each time) until ``hands`` hands
    are scored: its table widget, its observation for seat 0 and a context."""
    from cardtable.games import get_rules
    from cardtable.session import Seat, TableSession
    from cardtable.tui.cardstyle import CardStyle
    from cardtable.tui.tables import table_for
    from cardtable.tui.viewmodel import TableContext

    session = TableSession(get_rules("hearts").new_game(players=4, seed=2, target=1000),
                           [Seat.human(name) for name in ("Ann", "Ada", "Ben", "Cleo")])
    while len(session.observation(0).hand_scores) < hands:
        seat = session.to_act
        assert seat is not None
        session.viewer = seat
        session.reveal(seat)
        session.act(seat, session.legal_actions()[0])
    names = tuple(seat.name for seat in session.seats)
    return table_for("hearts"), session.observation(0), TableContext(names, names, CardStyle())


@pytest.mark.parametrize("language", ("qps", "pl", "bg"))
def test_the_hearts_score_sheet_numbers_its_hands_in_the_language(speak, language: str) -> None:
    """The score sheet's columns (one per hand) and the round's summary say "hand" in
    the reader's word, and the sheet keeps within its column at 80x24."""
    speak(language)
    from cardtable.lang import pgettext
    from cardtable.tui.tables.hearts import _SCORE_WIDTH

    table, obs, ctx = hearts_after_hands(2)
    head = pgettext("a hand's number, short", "h{hand}").format(hand=2)
    sheet = table.score_text(obs, ctx).plain
    assert head in sheet and not re.search(r"\bh\d", sheet), sheet
    assert all(cell_len(row) <= _SCORE_WIDTH for row in sheet.splitlines()), sheet
    total = pgettext("total score, short", "tot")
    assert f" {total}" in sheet.splitlines()[1], sheet  # the total's head apart from the hands'
    summary = table.round_summary(obs.events[-1], obs, ctx).plain
    assert head in summary and not re.search(r"\bh\d", summary), summary


async def other_screens(app: CardtableApp, pilot) -> dict[str, str]:
    """The start screen's pop-ups as the reader sees them at 80x24: statistics,
    settings, the help, and what Ctrl+P (Textual's command palette) opens."""
    from cardtable.tui.screens.settings import SettingsScreen

    seen = {}
    await settle(app, pilot)
    for name, key in (("statistics", "s"), ("help", "f1")):
        await pilot.press(key)
        await pilot.pause()
        seen[name] = screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
    app.push_screen(SettingsScreen(app.settings))
    await pilot.pause()
    seen["settings"] = screen_text(app)
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.pause()
    seen["ctrl+p"] = screen_text(app)
    return seen


async def test_the_pseudo_language_leaves_no_english_of_textual_on_the_other_screens(speak) -> None:
    """Textual's own words (the footer's ``^p palette``, the command palette's
    commands and search line) are not on cardtable's screens."""
    speak("qps")
    app = CardtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await other_screens(app, pilot)
    for name, text in seen.items():
        assert not unmarked_words(text), (name, unmarked_words(text), text)


async def test_ctrl_c_says_how_to_quit_in_the_language(speak) -> None:
    """Ctrl+C does not quit a Textual app: the note that says which key does is in
    the reader's words, its key written as a prompt writes keys, with no markup shown."""
    speak("qps")
    app = CardtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        app.action_help_quit()
        await pilot.pause()
        [note] = list(app._notifications)
        assert "[" not in note.message and not unmarked_words(note.message) and not unmarked_words(note.title), note
        assert "Esc" in note.message, note  # the start screen's key that quits


@pytest.mark.parametrize("game", GAMES)
async def test_the_pseudo_language_leaves_no_english_on_the_hot_seat_path(speak, game: str) -> None:
    """Two people at one keyboard, their names not typed: the hand-over, the table
    after it and the next hand-over speak only marked messages, and nothing is cut."""
    speak("qps")
    kinds = ("human", "human") + GAMES[game][2:]
    app = await open_hot_seat(game, kinds)
    async with app.run_test(size=(80, 24)) as pilot:
        covers = tables = 0
        for _ in range(8):
            await settle(app, pilot)
            text = screen_text(app)
            assert not unmarked_words(text), (unmarked_words(text), text)
            if isinstance(app.screen, GameScreen):
                tables += 1
                assert_nothing_cut(app, app.screen)
                legal = app.screen.session.legal_actions()
                if not legal:
                    break
                await perform(pilot, app.screen, Action.parse(str(legal[0])))
            else:
                covers += 1
                await pilot.press("enter")
        assert covers >= 2 and tables >= 2, (covers, tables)


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
async def test_the_start_screen_labels_stay_on_one_row_in_each_language(speak, language: str) -> None:
    """A label that wraps breaks its word ("Botsnelhe / id", "Revolutsioo / n") and
    pushes the form down a row: every game's form, at 80x24, keeps each label on one row."""
    from textual.widgets import Label

    from cardtable.games import available_games
    from cardtable.tui.screens.start import StartScreen

    speak(language)
    app = CardtableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, StartScreen)
        wrapped = []
        for game in available_games():
            app.screen.query_one("#game-list").highlighted = available_games().index(game)
            await settle(app, pilot)
            for label in app.screen.query(".start-label").results(Label):
                if label.region.height > 1:  # (0: a row on its way out)
                    wrapped.append((game, str(label.render()).strip()))
        assert not wrapped
