"""Numbers in the player's language: the decimal mark, the thousands separator, the minus
sign and the percentage as CLDR writes them for nl, et, pl and bg; English as Python writes
them; and the figures a player reads (a review's cost, the statistics table, simulate's
table, a time-ran-out line) written so.

cardtable reads the marks from its catalogues (``cardtable.lang.number``), never from
Babel at run time; here Babel's CLDR data is the judge.  Babel 2.19 does not carry CLDR's
``minimumGroupingDigits`` (2 for et, pl and bg: ``3684`` but ``13 684``, as ICU 78 /
CLDR 48 writes them), nor does its formatter write Estonian's minus sign (U+2212, which
its own symbols list): :func:`cldr` adds both.
"""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from babel import Locale
from babel.numbers import format_decimal, format_percent
from rich.console import Console

from cardtable.lang import brief_number, number, percent, use_language

TRANSLATED = ("nl", "et", "pl", "bg")
#: CLDR 48's minimumGroupingDigits (common/main/<code>.xml; root has 1)
MINIMUM_GROUPING_DIGITS = {"nl": 1, "et": 2, "pl": 2, "bg": 2}
VALUES = [0, 1, 0.5, 0.35, 2.2, 6.8, 15, 999, 999.96, 1000, 3684, 9999.5, 13684, 123456.789, 1234567, 2**40,
          -0.4, -2.5, -3684, -13684.25, 0.125, 0.0049]



def cldr(value: float, digits: int, code: str) -> str:
    """``value`` as CLDR writes it in ``code`` with ``digits`` decimals (Babel, with the
    minimum grouping digits and the minus sign added)."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    text = format_decimal(Decimal(value), format=pattern, locale=code)  # exact binary value, as Python rounds
    symbols = Locale.parse(code).number_symbols["latn"]
    sign, unsigned = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, mark, fraction = unsigned.partition(symbols["decimal"])
    if len(whole.replace(symbols["group"], "")) < 3 + MINIMUM_GROUPING_DIGITS[code]:
        whole = whole.replace(symbols["group"], "")
    if not (whole + fraction).strip("0" + symbols["group"]):
        sign = ""  # a figure that rounds to zero is 0, never -0
    return (symbols["minusSign"] if sign else "") + whole + mark + fraction


@pytest.mark.parametrize("code", TRANSLATED)
def test_numbers_are_written_as_cldr_writes_them(code: str) -> None:
    use_language(code)
    for digits in (0, 1, 2, 3):
        for value in VALUES:
            assert number(value, digits) == cldr(value, digits, code), (code, value, digits)


@pytest.mark.parametrize("code", TRANSLATED)
def test_percentages_are_written_as_cldr_writes_them(code: str) -> None:
    use_language(code)
    minus = Locale.parse(code).number_symbols["latn"]["minusSign"]
    for share in (0, 0.004, 0.05, 0.25, 0.514, 0.999, 1, -0.05):
        assert percent(share) == format_percent(share, locale=code).replace("-", minus), (code, share)
    assert percent(0.0512, 1) == format_percent(0.0512, "#,##0.0%", locale=code)


def test_the_numbers_of_each_language_at_a_glance() -> None:
    nbsp = "\u00a0"
    seen = {}
    for code in ("en", *TRANSLATED):
        use_language(code)
        seen[code] = (number(3684), number(13684), number(0.4, 1), number(-2.5, 1), brief_number(0.5), percent(0.51))
    assert seen == {
        "en": ("3,684", "13,684", "0.4", "-2.5", "0.5", "51%"),
        "nl": ("3.684", "13.684", "0,4", "-2,5", "0,5", "51%"),
        "et": ("3684", f"13{nbsp}684", "0,4", "−2,5", "0,5", "51%"),
        "pl": ("3684", f"13{nbsp}684", "0,4", "-2,5", "0,5", "51%"),
        "bg": ("3684", f"13{nbsp}684", "0,4", "-2,5", "0,5", "51%"),
    }


def test_english_writes_what_python_wrote_before() -> None:
    use_language("en")
    for value in VALUES:
        for digits in (0, 1, 2, 3):
            if float(f"{value:.{digits}f}") != 0 or value >= 0:  # not a -0.0: that is 0.0 now
                assert number(value, digits) == f"{value:,.{digits}f}", (value, digits)
        if abs(value) < 1000:
            assert brief_number(value) == f"{value:g}"
        if abs(value) < 10:
            assert percent(value) == f"{value:.0%}"
    assert (number(-0.04, 1), number(3684), brief_number(1.25)) == ("0.0", "3,684", "1.25")


def test_the_pseudo_language_writes_numbers_as_english_does() -> None:
    use_language("qps")
    assert (number(13684), number(0.4, 1), percent(0.51)) == ("13,684", "0.4", "51%")


def test_a_review_cost_is_written_in_the_language() -> None:
    from cardtable.bots.hearts.measure import REVIEW_MEASURE as hearts
    from cardtable.bots.president.measure import REVIEW_MEASURE as president

    assert president.cost_words(0.35) == "0.35 places"
    use_language("nl")
    assert president.cost_words(0.35).startswith("0,35 ")
    assert president.describe(2.2, 0.514).count(",") == 2  # "verwachte plaats 2,20, 51% kans …"
    assert "2,20" in president.describe(2.2, 0.514) and "51%" in president.describe(2.2, 0.514)
    use_language("pl")
    assert hearts.cost_words(6.84).startswith("6,8 ")
    assert hearts.describe(1234.5, None).startswith("1234,5 ")


def _table_text(table: object) -> str:
    """The table as printed; a table's cells show a no-break space as a space (``literal``)."""
    console = Console(width=200, record=True, color_system=None, file=io.StringIO())
    console.print(table)
    return console.export_text()


def test_the_statistics_table_is_written_in_the_language() -> None:
    """The decimal mark of the language; a table's figures are not grouped, in any language,
    so that 80 columns hold the widest (tests/test_terminal_text.py)."""
    from cardtable.userdata.stats import PlayerStats
    from cardtable.userdata.stats_tables import render_tables

    entry = PlayerStats(game="hearts", name="Ann", kind="human", played=13684, wins=3684, rounds=20000,
                        place_total=30105, score_total=85525, best_score=12, worst_score=1234)
    english = _table_text(render_tables([entry])[0]).split()
    assert english[english.index("Ann") + 2:][:6] == ["13684", "3684", "2.20", "6.2", "12", "1234"]
    for code in ("nl", "pl"):
        use_language(code)
        row = _table_text(render_tables([entry])[0]).split()
        assert row[row.index("Ann") + 2:][:6] == ["13684", "3684", "2,20", "6,2", "12", "1234"], code


def test_simulates_table_is_written_in_the_language() -> None:
    from cardtable.bots.arena import LevelStats, MatchResult
    from cardtable.commands.simulate import render_table

    stats = LevelStats(level="hard", games=13684, wins=3684, win_rate=0.27, average_place=2.2, measure="place",
                       higher_is_better=False, mean=0.4, ci_low=0.35, ci_high=0.45, decisions=99999,
                       average_decision_ms=1234.5, max_decision_ms=2500.25)
    result = MatchResult(game="president", seats=("hard", "easy"), games=3684, seed=1, options={}, levels=(stats,),
                         records=(), think=0.5)
    figures = ["13684", "3684", "2.20", "0.400", "0.350–0.450", "1234.500", "2500.25"]
    english = _table_text(render_table(result))
    assert "president: 3,684 games" in english and "think 0.5 s" in english
    assert english.split()[english.split().index("hard", 10) + 1:][:7] == figures
    for code, title in (("nl", "president: 3.684 spellen"), ("pl", "president: 3684 gry")):
        use_language(code)
        shown = _table_text(render_table(result))
        assert title in shown and "0,5 s" in shown, shown
        assert shown.split()[shown.split().index("hard", 10) + 1:][:7] == [f.replace(".", ",") for f in figures]


def test_a_time_ran_out_line_is_written_in_the_language() -> None:
    from cardtable.session.notices import TimeRanOut
    from cardtable.tui.wording import news_line

    names = ["Ann", "Bea"].__getitem__
    assert "(7.5 " in news_line(TimeRanOut(0, 7.5, "easy"), names)
    use_language("nl")
    assert "(7,5 " in news_line(TimeRanOut(0, 7.5, "easy"), names)
    use_language("pl")
    assert "(7,5 " in news_line(TimeRanOut(0, 7.5, "easy"), names)


def test_the_progress_bar_counts_the_games_own_rounds_in_the_language() -> None:
    """``simulate``'s sign of life was English glued to the game's noun ("5 rozdanies played")."""
    from cardtable.commands.simulate import rounds_played

    use_language("pl")
    assert [rounds_played("round", n) for n in (1, 3, 5)] == [
        "1 rozdanie rozegrane", "3 rozdania rozegrane", "5 rozdań rozegranych"]
    use_language("bg")
    assert rounds_played("hand", 2) == "2 изиграни ръце"
