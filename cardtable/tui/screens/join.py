"""The start screen's *Join a table*: the address and code of a hosted table, then its table.

A friend who hosts a game (``cardtable host``) sends each player a line such as
``cardtable join 127.0.0.1:8765 3qJ0Xw…``.  This pop-up asks for what that command
takes: the host's address (``HOST:PORT``), the seat's code and, if the player likes,
the name to show.  The whole line may be pasted into any field: it is split into the
three.  What is wrong is said in one line before anything is sent; then the app opens
the same table as ``cardtable join`` (:meth:`CardtableApp.open_joined_table
<cardtable.tui.app.CardtableApp.open_joined_table>`).  If the host cannot be reached
or refuses the code, the reason stays in that line and the player stays here, over the
start screen, to try again (Esc goes back to it).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Paste
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Static
from textual.worker import Worker, WorkerState

from cardtable.display import literal
from cardtable.errors import CardtableError
from cardtable.lang import _
from cardtable.names import NAME_LIMIT
from cardtable.net.client import check_join, read_join_line
from cardtable.tui.keymap import JOIN_KEYS, bindings, say_first
from cardtable.tui.services import services
from cardtable.tui.widgets.firstframe import LaterStyles
from cardtable.tui.widgets.footer import SpokenKeys
from cardtable.tui.wording import fill

__all__ = ["JoinScreen"]


class _JoinInput(Input):
    """A field that takes a whole join line pasted into it apart, into the three fields."""

    class LinePasted(Message):
        """A join line was pasted: ``found`` is its ``(address, code, name)``."""

        def __init__(self, found: tuple[str, str, str]) -> None:
            super().__init__()
            self.found = found

    def _on_paste(self, event: Paste) -> None:
        text = event.text.splitlines()[0] if event.text.strip() else ""
        # A name may have spaces: in its field only a line with ``cardtable join`` is split.
        whole = "cardtable join " in " ".join(text.split()) or self.id != "join-name"
        found = read_join_line(text) if whole and len(text.split()) > 1 else None
        if found is not None:
            event.prevent_default()  # not into this field as it is: Input's own paste is skipped
            event.stop()
            self.post_message(self.LinePasted(found))


class JoinScreen(LaterStyles, SpokenKeys, ModalScreen[None]):
    """Ask for a hosted table's address, the seat's code and a name; then join it."""

    BINDINGS = bindings(JOIN_KEYS)

    def __init__(self, name: str = "") -> None:
        super().__init__()
        #: the name offered at first (the settings' player name, if any)
        self.default_name = name
        #: the join under way, if any
        self.joining: Worker[str | None] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            yield Static(Text(_("Join a table"), style="bold"), id="join-title")
            yield Static(
                Text(_("Type or paste the line the host sent you: cardtable join HOST:PORT CODE")),
                id="join-help",
            )
            with Horizontal(classes="join-row"):
                yield Label(_("Address"), classes="join-label")
                yield _JoinInput(placeholder="HOST:PORT, e.g. 127.0.0.1:8765", id="join-address", max_length=300)
            with Horizontal(classes="join-row"):
                yield Label(_("Code"), classes="join-label")
                yield _JoinInput(placeholder=_("the seat's code, after the address"), id="join-code", max_length=300)
            with Horizontal(classes="join-row"):
                yield Label(_("Name"), classes="join-label")
                yield _JoinInput(self.default_name, placeholder=_("optional: the name the others see"), id="join-name",
                            max_length=NAME_LIMIT)
            yield Static("", id="join-error")
            with Horizontal(id="join-buttons"):
                yield Button(_("Join ({key})").format(key="Enter"), id="join-button", variant="success")
                yield Button(_("Cancel ({key})").format(key=say_first("cancel", JOIN_KEYS)), id="join-cancel",
                             variant="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#join-address", Input).focus()

    # --- a whole line pasted ---------------------------------------------------------
    @on(_JoinInput.LinePasted)
    def _line_pasted(self, event: _JoinInput.LinePasted) -> None:
        self.fill(*event.found)

    def fill(self, address: str, code: str, name: str) -> None:
        """Put a join line's parts in their fields (a name only if the line has one)."""
        self.query_one("#join-address", Input).value = address
        self.query_one("#join-code", Input).value = code
        if name:
            self.query_one("#join-name", Input).value = name
        self.query_one("#join-code" if not code else "#join-button").focus()

    # --- joining ---------------------------------------------------------------------
    def values(self) -> tuple[str, str, str]:
        """The three fields as typed."""
        return (
            self.query_one("#join-address", Input).value,
            self.query_one("#join-code", Input).value,
            self.query_one("#join-name", Input).value,
        )

    def say(self, line: str | Text) -> None:
        self.query_one("#join-error", Static).update(line)

    def action_join(self) -> None:
        """Check the fields, then join in the background (the line says how it went)."""
        if self.joining is not None and self.joining.state in (WorkerState.PENDING, WorkerState.RUNNING):
            return
        address = self.query_one("#join-address", Input).value
        if len(address.split()) > 1:
            # The whole line typed into the address: split it now.
            found = read_join_line(address)
            if found is not None:
                self.fill(*found)
        try:
            address, code, name = check_join(*self.values(), name_field="name")
        except CardtableError as exc:
            self.say(Text.assemble((_("Can't join:") + " ", "bold red"), literal(exc)))
            return
        self.say(fill(_("Joining {address}…"), address=literal(address)))
        self.query_one("#join-button", Button).disabled = True
        self.joining = self.run_worker(self._join(address, code, name), group="join", exit_on_error=False)

    async def _join(self, address: str, code: str, name: str) -> str | None:
        problem = await services(self).open_joined_table(address, code, name)
        if problem is not None:
            # Not joined: the reason, and the fields, stay here to try again.
            self.query_one("#join-button", Button).disabled = False
            self.say(Text.assemble((_("Can't join:") + " ", "bold red"), literal(problem)))
        return problem

    def action_cancel(self) -> None:
        # Dismissing cancels a join under way (its connection is closed, the seat freed).
        self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_join()

    @on(Button.Pressed, "#join-button")
    def _join_pressed(self) -> None:
        self.action_join()

    @on(Button.Pressed, "#join-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
