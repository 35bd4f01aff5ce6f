"""The start screen: the unfinished games, then a new game's seats, options and seed.

The unfinished games are listed newest first, read afresh each time the screen is
shown (once its first frame is out: :meth:`StartScreen.show_saved_games`), with
*Continue* beside *Start*: C carries on with the one highlighted.  Enter on the game
list, then Enter on Start, plays you against normal bots.  *Join*
(J) sits at a table someone else hosts (:mod:`cardtable.tui.screens.join`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.display import literal
from cardtable.errors import CardtableError
from cardtable.games import available_games, game_facts, game_title
from cardtable.lang import _, ngettext
from cardtable.names import NAME_LIMIT
from cardtable.tui.config import PACES, SEAT_KINDS, TableConfig, _default_name, choice_labels, table_defaults
from cardtable.tui.keymap import START_KEYS, bindings, say
from cardtable.tui.services import services
from cardtable.tui.widgets.buttons import FormButton
from cardtable.tui.widgets.cycler import Cycler
from cardtable.tui.widgets.firstframe import START_CSS, OwnStyles, StyledOnce
from cardtable.tui.widgets.footer import KeysFooter
from cardtable.tui.widgets.toosmall import TooSmall, fit_to_terminal

if TYPE_CHECKING:
    from textual.widget import AwaitMount, Widget

    from cardtable.userdata.slots import SavedGame

__all__ = ["StartScreen", "game_blurb", "saved_lines"]

MAX_SEATS = 6


def game_blurb(game: str) -> str:
    """The line beside the game list: the rules' blurb and how many can play.

    >>> game_blurb("durak")
    "Attack and defend with a trump suit; don't be the last with cards. 2-6 players."
    """
    facts = game_facts(game)
    if facts.max_players > facts.min_players:
        counts = _("{low}-{high} players.").format(low=facts.min_players, high=facts.max_players)
    else:
        counts = ngettext("{count} player.", "{count} players.", facts.min_players).format(count=facts.min_players)
    return f"{_(facts.blurb)} {counts}".strip()


def saved_lines(games: Sequence[SavedGame]) -> list[str]:
    """The unfinished games' rows, each with what tells it apart from the others:
    whose turn it is, the cards each seat holds (or, once anyone scored, the scores),
    the deal's seed (for a person alone at the table: with several it would tell each
    of them every hand) and the minute it was left; the players' names only where they
    differ from one game to another.

    >>> from datetime import datetime
    >>> from pathlib import Path
    >>> from cardtable.userdata.meta import SeatInfo
    >>> from cardtable.userdata.slots import SavedGame
    >>> seats = tuple(SeatInfo(name, kind) for name, kind in (("You", "human"), ("Ada", "normal"), ("Ben", "normal")))
    >>> first = SavedGame("1", Path("a"), "president", seats, 1, 9, datetime.now().replace(hour=5, minute=27),
    ...                   to_move=1, hand_sizes=(15, 16, 17), scores=(0, 0, 0), seed=5)
    >>> second = SavedGame("2", Path("b"), "president", seats, 2, 70, datetime.now().replace(hour=5, minute=31),
    ...                    to_move=0, hand_sizes=(12, 11, 17), scores=(3, 0, 1), seed=6)
    >>> for line in saved_lines([first, second]): print(line)
    President · round 1 · Ada's turn · cards 15 16 17 · seed 5 · 05:27
    President · round 2 · your turn · scores 3 0 1 · seed 6 · 05:31
    """
    from cardtable.userdata.meta import shown_name

    def seat_name(name: str) -> str:
        return _("You") if name == "You" else shown_name(name)

    names = [", ".join(seat_name(seat.name) for seat in game.seats) for game in games]
    lines = []
    for game, players in zip(games, names):
        parts = [game.title]
        if len(set(names)) > 1:
            parts.append(players)
        parts.append(game.progress)
        people = [seat for seat in game.seats if seat.kind in ("human", "remote")]
        seat = game.to_move
        if seat is not None and 0 <= seat < len(game.seats):
            mover = game.seats[seat]
            mine = mover.name == "You" or (mover.kind == "human" and len(people) == 1)
            parts.append(_("your turn") if mine else _("{player}'s turn").format(player=seat_name(mover.name)))
        if any(game.scores):
            parts.append(_("scores {scores}").format(scores=" ".join(map(str, game.scores))))
        elif game.hand_sizes:
            parts.append(_("cards {counts}").format(counts=" ".join(map(str, game.hand_sizes))))
        if game.seed is not None and len(people) <= 1:
            parts.append(_("seed {seed}").format(seed=game.seed))
        parts.append(game.when().removeprefix("today "))  # the day only when it is not today
        if game.open_elsewhere:
            parts.append(_("open in another cardtable"))
        lines.append(" · ".join(parts))
    return lines


class StartScreen(StyledOnce, OwnStyles, Screen[None]):
    """Choose a game and its table, then start."""

    STYLES = (START_CSS,)

    BINDINGS = bindings(START_KEYS)
    # Straight to the game list: Textual's default focuses the first focusable widget,
    # the scrolling form, and moving on from it restyles the whole form twice.
    AUTO_FOCUS = "#game-list"

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        #: the game highlighted in the list (the first in the registry unless given)
        self.game = game or available_games()[0]
        #: the seats' rows, in order: one for each seat at the table, and any shown
        #: before for more players (hidden while fewer play)
        self._seat_rows: list[Horizontal] = []

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="start-form"):
            yield Static(Text.assemble(("cardtable", "bold"), "  ", _("card games in the terminal")), id="start-title")
            # The unfinished games come here, once read (show_saved_games).
            # The first frame shows the highlighted game's table whole (its blurb, player
            # count, seats and options), composed here rather than filled in once mounted:
            # filling in would cost a second layout before the screen is complete.
            facts = game_facts(self.game)  # players and options, without the game's rules
            with Horizontal(classes="start-row", id="game-row"):
                yield Label(_("Game"), classes="start-label")
                yield OptionList(
                    *[Option(_(game_title(name)), id=name) for name in available_games()],
                    id="game-list",
                )
                yield Static(game_blurb(self.game), id="game-blurb")
            count = facts.default_players
            with Horizontal(classes="start-row"):
                yield Label(_("Players"), classes="start-label")
                yield Cycler([str(n) for n in facts.player_counts], value=str(count), id="players",
                             ascii_only=self.app_ascii)
                yield Label("  " + _("Bot speed"), classes="start-label -inline")
                yield Cycler(list(PACES), value=services(self).pace, id="pace", ascii_only=self.app_ascii,
                             labels=choice_labels()["speed"])
            # A row for each seat at the table; more come when more players are chosen.
            kinds = self._seat_kinds()
            for seat in range(count):
                yield self._new_seat_row(seat, kinds[seat], self._seat_placeholder(seat, kinds, count))
            yield Vertical(*self._option_rows(self.game), id="options-box")
            with Horizontal(classes="start-row"):
                yield Label(_("Seed"), classes="start-label")
                yield Input(placeholder=_("empty: random"), id="seed", classes="seed-input", restrict=r"[0-9]*")
            # Shown only with an error in it: at 80x24 every row counts.
            yield Static("", id="start-error")
        # Below the form, not in it: the buttons are never scrolled away or cut.
        with Horizontal(id="start-buttons"):
            yield FormButton(_("Start"), id="start", variant="success")
            yield FormButton(_("Join"), id="join-table", tooltip=_("join a table someone hosts"))
            yield FormButton(_("Statistics"), id="stats-button")
            yield FormButton(_("Settings"), id="settings-button")
            yield FormButton(_("Quit"), id="quit", variant="error")
        # No command palette key: at 80 columns every one of the screen's keys shows whole.
        yield KeysFooter(show_command_palette=False)
        yield TooSmall()

    def _saved_games_list(self) -> Vertical:
        return Vertical(
            Label(
                _("Unfinished games ({continue_key}: continue · {delete_key}: remove)").format(
                    continue_key=say("continue_saved", START_KEYS), delete_key=say("delete_saved", START_KEYS)),
                id="saved-title",
            ),
            OptionList(
                *[Option(Text(line), id=f"saved-{index}") for index, line in enumerate(saved_lines(self.saved_games))],
                id="saved-list",
            ),
            id="saved-games",
        )

    async def show_saved_games(self) -> None:
        """Read the unfinished games and list them above the form, with *Continue*
        beside *Start*; focus stays where it is (a new game is what Enter starts).

        Called once the screen's first frame is out: reading every save takes a while,
        and the form can be used meanwhile.
        """
        services(self).check_saves()
        if not self.saved_games or self.query("#saved-games"):
            return
        try:
            await self.query_one("#start-form").mount(self._saved_games_list(), after="#start-title")
            await self.query_one("#start-buttons").mount(
                FormButton(_("Continue"), id="continue", variant="primary"), before="#start"
            )
            self.query_one("#saved-list", OptionList).highlighted = 0
            self._label_continue()
        except NoMatches:
            # The screen was closed (a game started, the app quit) while the saves were
            # read or the list was mounted.
            return
        self.add_class("with-saved")
        self.refresh_bindings()

    @property
    def saved_games(self) -> list[SavedGame]:
        """The unfinished games, newest first, as the app read them for this screen."""
        return list(services(self).saved_games)

    @property
    def chosen_saved_game(self) -> SavedGame | None:
        """The unfinished game highlighted in the list (the newest unless moved)."""
        games = self.saved_games
        if not games:
            return None
        index = self.query_one("#saved-list", OptionList).highlighted
        return games[index if index is not None and 0 <= index < len(games) else 0]

    @property
    def default_level(self) -> str:
        return services(self).settings.default_bot_level

    @property
    def default_human(self) -> str:
        return services(self).settings.default_player_name

    @property
    def app_ascii(self) -> bool:
        return services(self).ascii_only

    def on_mount(self) -> None:
        fit_to_terminal(self)
        games = available_games()
        option_list = self.query_one("#game-list", OptionList)
        option_list.highlighted = games.index(self.game) if self.game in games else 0
        # A new game is what Enter starts; an unfinished one is C away (or a click).
        self.set_focus(option_list)
        # The saves are read after the first frame, which shows the whole form.
        self.call_after_refresh(self.show_saved_games)

    # --- the game and its table -------------------------------------------------
    def _show_game(self, game: str) -> AwaitMount:
        self.game = game
        facts = game_facts(game)
        self.query_one("#game-blurb", Static).update(game_blurb(game))
        players = self.query_one("#players", Cycler)
        counts = [str(n) for n in facts.player_counts]
        players.set_values(counts, str(facts.default_players))
        self._show_seats(int(players.value))
        box = self.query_one("#options-box", Vertical)
        box.remove_children()
        return box.mount_all(self._option_rows(game))

    def _option_rows(self, game: str) -> list[Horizontal]:
        """A row for each of ``game``'s options, set as a new table starts it."""
        rows = []
        defaults = table_defaults(game)
        for spec in game_facts(game).options:
            label = Label(_(spec.label or spec.name.replace("_", " ").capitalize()), classes="start-label")
            control: Cycler | Input
            if spec.kind is bool:
                control = Cycler(["on", "off"], value="on" if defaults[spec.name] else "off",
                                 id=f"opt-{spec.name}", ascii_only=self.app_ascii, labels=choice_labels()["switch"])
            else:
                control = Input(str(defaults[spec.name]), id=f"opt-{spec.name}", classes="seed-input",
                                restrict=r"[0-9]*")
            hint = Static(_(spec.help), classes="option-help")
            rows.append(Horizontal(label, control, hint, classes="start-row"))
        return rows

    def _seat_placeholder(self, seat: int, kinds: list[str], count: int) -> str:
        """The name a seat gets when none is typed (blank for a seat not at the table)."""
        if seat >= count:
            return ""
        from cardtable.userdata.meta import shown_name

        name = _default_name(seat, kinds[seat], kinds[:count], self.default_human)
        return _("You") if name == "You" else shown_name(name)

    def _new_seat_row(self, seat: int, kind: str, placeholder: str) -> Horizontal:
        row = Horizontal(*self._seat_controls(seat, kind, placeholder), classes="start-row seat-row",
                         id=f"seat-row-{seat}")
        self._seat_rows.append(row)
        return row

    def _seat_controls(self, seat: int, kind: str, placeholder: str) -> list[Widget]:
        return [
            Label(_("Seat {number}").format(number=seat + 1), classes="start-label"),
            Cycler(list(SEAT_KINDS), value=kind, id=f"kind-{seat}", ascii_only=self.app_ascii,
                   labels=choice_labels()["kind"]),
            Input(placeholder=placeholder, id=f"name-{seat}", classes="name-input", max_length=NAME_LIMIT),
        ]

    def _seat_kinds(self) -> list[str]:
        """Every seat's kind: as chosen in its row, or as a new table has it for a seat
        whose row was never needed."""
        kinds = ["human"] + [self.default_level] * (MAX_SEATS - 1)
        for seat in range(len(self._seat_rows)):
            kinds[seat] = self.query_one(f"#kind-{seat}", Cycler).value
        return kinds

    def _add_seat_rows(self, count: int) -> None:
        """Rows for the first ``count`` seats, those not there yet put after the last
        (hidden until :meth:`_show_seats` shows them)."""
        kinds = self._seat_kinds()
        while len(self._seat_rows) < count:
            seat = len(self._seat_rows)
            row = Horizontal(classes="start-row seat-row", id=f"seat-row-{seat}")
            row.display = False
            self.query_one("#start-form").mount(row, after=self._seat_rows[-1])
            if not row.is_attached:
                return  # the screen is closing: nothing takes a new row
            # Mounted into the row once it is in place (not given to it to compose), so
            # that the seat's controls can be asked for at once.
            row.mount(*self._seat_controls(seat, kinds[seat], ""))
            self._seat_rows.append(row)

    def _show_seats(self, count: int) -> None:
        self._add_seat_rows(count)
        kinds = self._seat_kinds()
        for seat, row in enumerate(self._seat_rows):
            row.display = seat < count
            self.query_one(f"#name-{seat}", Input).placeholder = self._seat_placeholder(seat, kinds, count)

    @on(OptionList.OptionHighlighted, "#game-list")
    def _game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and event.option.id != self.game:
            self._show_game(event.option.id)

    @on(OptionList.OptionSelected, "#game-list")
    def _game_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and event.option.id != self.game:
            self._show_game(event.option.id)
        self.query_one("#start", Button).focus()

    @on(Cycler.Changed)
    def _cycler_changed(self, event: Cycler.Changed) -> None:
        if event.cycler.id == "players" or (event.cycler.id or "").startswith("kind-"):
            self._show_seats(int(self.query_one("#players", Cycler).value))

    # --- starting ------------------------------------------------------------------
    def build_config(self) -> TableConfig:
        """The table as chosen on screen; raises a one-line ``ValueError`` if something is off."""
        facts = game_facts(self.game)
        count = int(self.query_one("#players", Cycler).value)
        self._add_seat_rows(count)  # the player count may have just changed
        kinds = [self.query_one(f"#kind-{seat}", Cycler).value for seat in range(count)]
        names = [self.query_one(f"#name-{seat}", Input).value for seat in range(count)]
        options: dict[str, object] = {}
        for spec in facts.options:
            widget = self.query_one(f"#opt-{spec.name}")
            if isinstance(widget, Cycler):
                options[spec.name] = widget.value == "on"
            else:
                value = self.query_one(f"#opt-{spec.name}", Input).value.strip()
                if not value:
                    raise ValueError(_("{option} needs a number").format(option=spec.name))
                options[spec.name] = value
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None
        return TableConfig.build(
            self.game, kinds, names, seed=seed, options=options, default_human=self.default_human
        )

    def action_start(self) -> None:
        try:
            config = self.build_config()
        except (CardtableError, ValueError) as exc:
            error = self.query_one("#start-error", Static)
            error.update(Text.assemble((_("Can't start:") + " ", "bold red"), literal(exc)))
            error.display = True
            return
        app = services(self)
        app.pace = self.query_one("#pace", Cycler).value
        app.save_path = None
        app.initial_state = None
        app.start_game(config)

    @on(Button.Pressed, "#continue")
    def _continue_pressed(self) -> None:
        game = self.chosen_saved_game
        if game is not None:
            services(self).resume_game(game)

    @on(OptionList.OptionSelected, "#saved-list")
    def _saved_game_chosen(self) -> None:
        self._continue_pressed()

    @on(OptionList.OptionHighlighted, "#saved-list")
    def _label_continue(self) -> None:
        """Continue names the game it carries on with (the one highlighted in the list)."""
        game = self.chosen_saved_game
        if game is not None:
            self.query_one("#continue", Button).label = _("Continue {game}").format(game=game.title)

    def action_continue_saved(self) -> None:
        self._continue_pressed()

    def on_resize(self) -> None:
        fit_to_terminal(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("-too-small") and action not in ("app.quit", "quit"):
            return False  # nothing on screen to act on
        if action in ("delete_saved", "continue_saved"):
            return bool(self.saved_games)
        return True

    def action_delete_saved(self) -> None:
        """Ask, then delete the highlighted unfinished game."""
        game = self.chosen_saved_game
        if game is None:
            return
        from cardtable.tui.screens.confirm import ConfirmScreen

        question = Text.assemble(_("Delete the unfinished game") + "\n", Text(game.describe()),
                                 "?\n" + _("It cannot be undone."))

        def answered(yes: bool | None) -> None:
            if yes:
                self._delete(game)

        self.app.push_screen(ConfirmScreen(question), answered)

    def _delete(self, game: SavedGame) -> None:
        from cardtable.engine.errors import SaveFileError
        from cardtable.userdata.slots import delete_game

        try:
            message = delete_game(game)
        except (SaveFileError, OSError) as exc:
            message = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.app.notify(message, severity="error", markup=False)
        else:
            self.app.notify(message[:1].upper() + message[1:], markup=False)
        services(self).show_start(self.game)

    def action_join(self) -> None:
        """Ask for a hosted table's address and code, and join it (``cardtable join``)."""
        from cardtable.tui.screens.join import JoinScreen

        if not isinstance(self.app.screen, JoinScreen):
            name = self.default_human
            self.app.push_screen(JoinScreen("" if name == "You" else name))

    @on(Button.Pressed, "#join-table")
    def _join_pressed(self) -> None:
        self.action_join()

    @on(Button.Pressed, "#stats-button")
    def _stats_pressed(self) -> None:
        services(self).action_statistics()

    @on(Button.Pressed, "#settings-button")
    def _settings_pressed(self) -> None:
        services(self).action_settings()

    def refresh_defaults(self) -> None:
        """Show new settings: bot speed, and the level of seats still at the old default."""
        self.query_one("#pace", Cycler).value = services(self).pace
        for seat in range(1, len(self._seat_rows)):  # a row made later gets the new level
            cycler = self.query_one(f"#kind-{seat}", Cycler)
            if cycler.value != "human":
                cycler.value = self.default_level
        self._show_seats(int(self.query_one("#players", Cycler).value))

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#quit")
    def _quit_pressed(self) -> None:
        self.app.exit()

    @on(Input.Submitted)
    def _input_submitted(self) -> None:
        self.action_start()
