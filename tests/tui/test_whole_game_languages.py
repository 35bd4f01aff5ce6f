"""A whole game of each game in each language, at 80x24, without an English word (issue 37).

A player chooses the language as ``cardtable`` does (:func:`cardtable.__main__.choose_language`):
Dutch and Polish through the environment (``LANG=nl_NL.UTF-8``), Estonian and Bulgarian
through ``--lang``.  The person's seat plays legal moves (a seeded choice, taking the first
chance to pass, take or play four of a kind) until the game is over, and along the way
opens the help, the scores and the last trick, asks for a hint and its reasons, makes a
refused move, takes a move back, opens the move box, and at the end reviews the last
round.  Every frame drawn is read, and every word of the English messages
(the template's msgids, three letters or more) found on one is listed with its line, but
for the words the language writes too (its own translations), names and key caps.
Words of one or two letters are not read (card letters; Hearts' ``h1 h2`` score heads are
worded elsewhere).  One person sits at these tables: the hot-seat prompts are other tests'.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable

import pytest
from babel.messages.pofile import read_po

from cardtable.__main__ import choose_language
from cardtable.commands.play import build_config
from cardtable.engine.actions import Action
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.game import GameScreen
from cardtable.tui.screens.help import keys_markdown, rules_markdown, table_features
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.userdata.settings import load_settings
from tests.english_words import LOCALE, English, words
from tests.tui.conftest import perform, screen_text, select_cards

#: how each language is chosen: ``LANG`` or ``--lang``
CHOSEN_BY = {"nl": ("LANG", "nl_NL.UTF-8"), "et": ("--lang", "et"), "pl": ("LANG", "pl_PL.UTF-8"), "bg": ("--lang", "bg")}

#: each game's table, options and seed: short games (two rounds of President, so that the
#: cards are exchanged; Hearts to a low target); President's seed deals the person four of a kind
GAMES: dict[str, tuple[str, dict[str, int], int]] = {
    "president": ("human,easy,easy,easy", {"rounds": 2}, 8),
    "durak": ("human,easy,easy", {}, 4),
    "hearts": ("human,easy,easy,easy", {"target": 20}, 4),
}

#: the bots' names, the program's name and key caps as keyboards print them
SAME_EVERYWHERE = {"ada", "ben", "cleo", "dan", "eve", "zoe", "cardtable", "enter", "esc", "tab", "ctrl", "home", "end"}

#: what a player types in every language (the move box's example: ``7h 7s, pass, take, give 2c 3d``)
TYPED = {"pass", "take", "give"}


def english_lines(frames: Iterable[str], english: English) -> list[str]:
    """Each English word found, with the line it is on (once per word and line)."""
    found: dict[tuple[str, str], None] = {}
    for frame in frames:
        for line in frame.splitlines():
            for word in words(line):
                if word in english:
                    found[(word, line.strip())] = None
    return [f"{word!r} in: {line}" for word, line in found]


class Walk:
    """One whole game through the screen, every frame kept."""

    def __init__(self, app: CardtableApp, pilot) -> None:
        self.app = app
        self.pilot = pilot
        self.frames: list[str] = []
        self.seen: set[str] = set()

    def look(self) -> str:
        text = screen_text(self.app)
        if text not in self.seen:
            self.seen.add(text)
            self.frames.append(text)
        return text

    async def settle(self) -> None:
        """Let the bots move until the person must act or a pop-up shows, reading each frame."""
        app, pilot = self.app, self.pilot
        for _ in range(400):
            await app.workers.wait_for_complete()
            await pilot.pause()
            self.look()
            screen = app.screen
            if not isinstance(screen, GameScreen):
                return
            seat = screen.state.current_player
            if (seat is None or screen.config.seats[seat].is_human) and all(w.is_finished for w in screen.workers):
                return
        raise AssertionError("the table did not settle")

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            await self.app.workers.wait_for_complete()
            await self.pilot.pause()
            self.look()

    async def pop_up(self, key: str, pages: int = 0) -> None:
        """Open a pop-up with ``key``, read it (and ``pages`` pages further), close it."""
        await self.press(key)
        assert not isinstance(self.app.screen, GameScreen), key
        for _ in range(pages):
            await self.press("pagedown")
        await self.press("escape")
        assert isinstance(self.app.screen, GameScreen), key


def choice(rng: random.Random, legal: list[Action], done: set[str]) -> Action:
    """A legal move: the first chance to play four of a kind (a revolution), to take and to
    pass, else a seeded choice."""
    for kind, wanted in (("quad", lambda a: len(a.cards) == 4), ("take", lambda a: a.kind == "take"),
                         ("pass", lambda a: a.kind == "pass")):
        if kind not in done:
            found = [action for action in legal if wanted(action)]
            if found:
                done.add(kind)
                return found[0]
    return rng.choice(legal)


async def walk_a_whole_game(game: str, code: str) -> tuple[list[str], set[str], set[str]]:
    """Play ``game`` in ``code``, chosen as ``CHOSEN_BY`` says: the frames, the English of
    the help's text, and what was done along the way."""
    seats, options, seed = GAMES[game]
    config = build_config(game, seats, seed=seed, **options)  # type: ignore[arg-type]
    # The hint and the review think briefly, on one core (no pool of processes to start).
    settings = dataclasses.replace(load_settings()[0], bot_cores=1)
    app = CardtableApp(config, bot_delay=0, trick_pause=0, ascii_only=False, hint_iterations=40, settings=settings)
    rng = random.Random(seed)
    done: set[str] = set()
    turns = 0
    async with app.run_test(size=(80, 24)) as pilot:
        walk = Walk(app, pilot)
        for _ in range(400):
            await walk.settle()
            screen = app.screen
            if isinstance(screen, RoundOverScreen):
                done.add("game over" if screen.game_over else "round over")
                if screen.game_over:
                    # The review of the last round, its summary and a decision or two.
                    await walk.press("r")
                    await walk.settle()
                    done.add("review")
                    await walk.press("n", "n", "m")
                    break
                await walk.press("enter")
                continue
            assert isinstance(screen, GameScreen), walk.frames[-1]
            legal = screen.state.legal_actions()
            if "help" not in done:
                done.add("help")
                await walk.pop_up("question_mark", pages=2)
                await walk.pop_up("s")
            turns += 1
            if "last" not in done and turns >= 5:  # a trick or bout is over by then
                done.add("last")
                await walk.pop_up("l")
            if "refused" not in done:
                useless = [card for card in screen.obs.hand if all(card not in action.cards for action in legal)]
                if useless:
                    before = len(screen.state.history)
                    await select_cards(pilot, screen, useless[:1])
                    await walk.press("enter")
                    assert len(screen.state.history) == before
                    await walk.press("escape")
                    done.add("refused")
            if "hint" not in done and len(legal) > 1:
                done.add("hint")
                await walk.press("h", "h", "escape")
            if "undo" not in done and turns >= 3:
                done.add("undo")
                await walk.press("ctrl+z")
                await walk.settle()
                screen = app.screen
                assert isinstance(screen, GameScreen)
                legal = screen.state.legal_actions()
            if "move box" not in done:
                done.add("move box")
                # Its refusals of a mistyped move are worded by other work (the move box's parse errors).
                await walk.press("m", "escape")
            await perform(pilot, screen, choice(rng, legal, done))
            walk.look()
        else:
            raise AssertionError("the game did not end")
    help_text = keys_markdown(table_features(game)) + rules_markdown(game)
    return walk.frames, set(words(help_text)), done


@pytest.mark.slow
@pytest.mark.parametrize("code", CHOSEN_BY)
@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_game_shows_no_english_word(game: str, code: str, monkeypatch, speak) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    how, value = CHOSEN_BY[code]
    if how == "LANG":
        monkeypatch.setenv("LANG", value)
        assert choose_language(["play", game]) == ["play", game]
    else:
        assert choose_language([how, value, "play", game]) == ["play", game]
    from cardtable.lang import current_language

    assert current_language() == code
    frames, help_words, done = await walk_a_whole_game(game, code)
    english = English(code, SAME_EVERYWHERE)
    found = english_lines(frames, english)
    assert not found, "\n".join(found)
    assert not [word for word in help_words if word in english]
    if game == "president":
        # The round's table keeps a space between its headings, however long the words.
        from cardtable.lang import _

        heads = r"\s+".join(re.escape(_(head)) for head in ("place", "player", "title", "points", "total"))
        assert any(re.search(heads, frame) for frame in frames), heads
    if code == "bg":
        # Cyrillic: any Latin word at all is English (or a name, a key cap, a typed move),
        # whether or not a message of cardtable's has it.
        latin = {word for frame in frames for word in re.findall(r"[A-Za-z]{2,}", frame)}
        assert {word.lower() for word in latin} <= SAME_EVERYWHERE | TYPED, sorted(latin)
    expected = {"help", "last", "refused", "hint", "undo", "game over", "review"} | {
        "president": {"quad", "pass", "round over"}, "durak": {"take", "pass"}, "hearts": set()}[game]
    assert expected <= done, expected - done


@pytest.mark.slow
async def test_the_walk_reads_what_it_opens(speak) -> None:
    """The same walk in English reads each thing it opens (so that the check above sees
    them): the help, the scores, the last bout, the refusal, the hint and its reasons,
    the end of the game; and finds their English words."""
    speak("en")
    frames, _help_words, _done = await walk_a_whole_game("durak", "en")
    text = "\n".join(frames)
    for seen in ("Playing at the table", "won durak", "Last bout: ", "Refused: ", "Hint: ", "simulations", "Game over"):
        assert seen in text, seen
    found = {line.split("'")[1].lower() for line in english_lines(frames, English("en", SAME_EVERYWHERE))}
    assert {"playing", "refused", "hint", "bout", "over"} <= found


def test_no_message_puts_an_article_before_the_games_round_noun() -> None:
    """``this {round}`` needs the noun's gender in Bulgarian and Polish (Hearts' hand is
    feminine, President's round neuter): a sentence names the round without an article."""
    with (LOCALE / "cardtable.pot").open("rb") as handle:
        template = read_po(handle)
    glued = [message.id for message in template if message.id
             and re.search(r"\b(?:this|that|the|a|an) \{round", " ".join(message.id) if isinstance(message.id, tuple) else message.id)]
    assert not glued


@pytest.mark.parametrize("code", CHOSEN_BY)
def test_a_revolution_by_you_is_said_to_you(code: str, speak) -> None:
    """The person's own revolution is a sentence of its own, not the list's pronoun put in
    another's ("REVOLUTIE door jij", "РЕВОЛЮЦИЯ от вие" were wrong)."""
    from cardtable.engine.events import Event
    from cardtable.tui.cardstyle import CardStyle
    from cardtable.tui.tables import table_for
    from cardtable.tui.viewmodel import TableContext

    speak(code)
    said = {"nl": ("door jou", "door Ada"), "et": ("tegid sina", "tegi Ada"), "pl": ("ogłaszasz ją", "ogłasza Ada"),
            "bg": ("от вас", "от Ada")}[code]
    ctx = TableContext(("You", "Ada"), ("You", "Ada"), CardStyle())
    table = table_for("president")
    for active in (True, False):
        lines = [table.log_line(Event("revolution", seat, info={"active": active}), ctx, 0) for seat in (0, 1)]
        assert all(line is not None for line in lines)
        mine, theirs = (line.plain for line in lines if line is not None)
        assert said[0] in mine and said[1] in theirs, (mine, theirs)
