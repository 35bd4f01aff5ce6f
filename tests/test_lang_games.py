"""The games' own words in the player's language (issue 37): titles, the President
titles, the statistics' counters and headings, the start screen's blurbs; the files
(saves, records, statistics, ``--json``) keep the engine's English words whatever the
language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.games import get_rules, load_game
from cardtable.games.president import titles_for
from cardtable.lang import _, use_language
from tests.commandline import NO_LANGUAGE, run_cardtable
from tests.userdata.helpers import count_finished_games, data_home, finished_game, new_game, pure_choice

ROOT = Path(__file__).resolve().parents[1]

#: each language's words for the games, as docs/translating.md chose them
WORDS = {
    "nl": {"Hearts": "Hartenjagen", "Scum": "Klootzak", "Vice-Scum": "Viceklootzak", "Vice-President": "Vicepresident"},
    "et": {"Hearts": "Ärtu", "Scum": "luuser", "Vice-Scum": "ase-luuser", "Vice-President": "asepresident"},
    "pl": {"Hearts": "Kierki", "Scum": "Żebrak", "President": "Prezydent", "Durak": "Durak"},
    "bg": {"Hearts": "Купи", "Scum": "Клошар", "President": "Президент", "Durak": "Дурак"},
}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.mark.parametrize("code", sorted(WORDS))
def test_the_games_words_are_translated_where_shown_and_english_where_declared(code: str) -> None:
    use_language(code)
    for english, translated in WORDS[code].items():
        assert _(english) == translated
    # The games declare English: data, the same in every language.
    assert get_rules("hearts").title == "Hearts" and titles_for(4)[-1] == "Scum"
    from cardtable.tui.screens.start import game_blurb
    from cardtable.tui.tables import table_for
    from cardtable.tui.viewmodel import TableViewModel

    assert game_blurb("hearts").startswith(_("Avoid hearts and the queen of spades in tricks.")) and (
        "Avoid" not in game_blurb("hearts"))
    assert TableViewModel("hearts", table_for("hearts")).game_title == WORDS[code]["Hearts"]


def test_a_dutch_president_table_shows_the_titles_and_v_d_r() -> None:
    from cardtable.tui.cardstyle import CardStyle
    from cardtable.tui.tables import table_for
    from cardtable.tui.tables.president import rank_bar
    from cardtable.tui.viewmodel import TableContext

    state = finished_game("president", 3)
    use_language("nl")
    obs = state.observation(0)
    table = table_for("president")
    badges = [badge for seat in range(state.num_players) for badge in table.seat_badges(obs, seat)]
    assert "Klootzak" in badges and "President" in badges and "Scum" not in badges, badges
    ctx = TableContext(("Jij", "Ada", "Ben", "Cy"), ("Jij", "Ada", "Ben", "Cy"), CardStyle())
    bar = rank_bar(obs, ctx).plain.splitlines()[0].split()
    assert " 10 V D R A 2" in " " + " ".join(bar) or " 2 A R D V 10" in " " + " ".join(bar), bar
    assert "Klootzak" in table.score_text(obs, ctx).plain


@pytest.mark.parametrize("code", ["en", "nl", "et", "pl", "bg"])
def test_the_score_sheet_shows_every_title_whole_within_the_side_panel(code: str) -> None:
    """The side panel is 28 columns inside: a name, the points, and the whole title
    (``Vice-President``, ``Wiceprezydent``), never cut to nine letters."""
    from cardtable.games.president import titles_for
    from cardtable.tui.cardstyle import CardStyle
    from cardtable.tui.tables import table_for
    from cardtable.tui.viewmodel import TableContext

    state = finished_game("president", 5)
    use_language(code)
    obs = state.observation(0)
    names = ("Jij", "Ada", "Ben", "Cy", "Dora")[: state.num_players]
    sheet = table_for("president").score_text(obs, TableContext(names, names, CardStyle())).plain
    for title in titles_for(state.num_players):
        assert _(title) in sheet, (_(title), sheet)
    assert max(len(row) for row in sheet.splitlines()) <= 28, sheet


def test_a_game_saved_in_dutch_resumes_in_polish_and_saves_the_same() -> None:
    use_language("nl")
    state = new_game("president", 4)
    for step in range(200):
        if state.is_over or state.observation(0).round > 1:
            break
        state.apply(pure_choice(state, step))
    saved = state.to_json()
    use_language("pl")
    resumed = load_game(saved)
    assert resumed.to_json() == saved
    use_language("en")
    assert load_game(saved).to_json() == saved
    # The titles in the events stay the engine's English words.
    assert "Klootzak" not in saved and "Żebrak" not in saved



@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("home")
    with data_home(folder):
        count_finished_games()
    yield folder


@pytest.mark.slow
def test_stats_word_the_games_in_each_language_and_json_is_the_same(home: Path) -> None:
    english = run_cardtable("stats", home=home, env=NO_LANGUAGE).stdout
    for word in ("Hearts", "moons", "President titles", "Scum", "wins−losses"):
        assert word in english, (word, english)
    expected = {
        "nl": ("Hartenjagen", "manen", "President: titels", "Klootzak", "winst−verlies"),
        "et": ("Ärtu", "kuud", "President: tiitlid", "luuser", "võidud−kaotused"),
        "pl": ("Kierki", "księżyce", "Prezydent: tytuły", "Żebrak", "wygrane−przegrane"),
        "bg": ("Купи", "луни", "Президент: титли", "Клошар", "победи−загуби"),
    }
    as_json = run_cardtable("stats", "--json", home=home, env=NO_LANGUAGE).stdout
    for code, words in expected.items():
        shown = run_cardtable("--lang", code, "stats", home=home, env=NO_LANGUAGE).stdout
        for word in words:
            assert word in shown, (code, word, shown)
        for word in ("Hearts", "moons", "titles", "Scum", "Citizen", "wins−losses"):
            assert word not in shown, (code, word, shown)
        assert run_cardtable("--lang", code, "stats", "--json", home=home, env=NO_LANGUAGE).stdout == as_json
    assert "Scum" in as_json and json.loads(as_json)
    stats_file = next(home.rglob("stats.json")).read_text(encoding="utf-8")
    assert '"Scum"' in stats_file and "Klootzak" not in stats_file


@pytest.mark.parametrize("code", ["nl", "et", "pl", "bg"])
def test_a_default_seat_name_is_not_doubled_by_the_sentences_around_it(code: str) -> None:
    """Hot-seat's default names are "Player 2" in the reader's words (Mängija 2, Gracz 2):
    the hand's title, the title bar and Durak's attack line name the seat once, not
    "Mängija Mängija 2 käsi" or "atakuje gracza Gracz 2"."""
    import re

    from cardtable.tui.cardstyle import CardStyle
    from cardtable.tui.viewmodel import TableContext, hand_title
    from cardtable.userdata.meta import numbered_name, shown_name

    use_language(code)
    names = tuple(shown_name(numbered_name(number)) for number in (1, 2))
    ctx = TableContext(names, names, CardStyle(), personal=False)
    word = names[1].split()[0].lower()
    lines = [
        hand_title(ctx, 1, 6),
        _("{player}'s view").format(player=names[1]),
        _("{player} attacks {defender}").format(player=names[0], defender=names[1]),
    ]
    for line in lines:
        assert not re.search(rf"\b{re.escape(word)}\w* {re.escape(names[1].lower())}", line.lower()), line
