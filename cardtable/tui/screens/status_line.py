"""The game screen's status line: :class:`StatusLine`.

One line under the table says what just happened (cards received, a revolution, an
undo: the *news*, kept until the viewer's next move) and what to do now (the prompt),
or why a move was refused (until the selection changes), a hint, whose bot is
thinking, or why the table waits.  What it says is worded by the view model
(:class:`~cardtable.tui.viewmodel.TableViewModel`); this part keeps which of them holds
the line and puts it there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from cardtable.lang import _
from cardtable.tui.viewmodel import TableFacts

if TYPE_CHECKING:
    from cardtable.session.notices import Refusal
    from cardtable.tui.screens.game import GameScreen

__all__ = ["StatusLine"]


class StatusLine:
    """The status line of ``screen``: the news, the prompt, a refusal or a hint."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: what just happened, kept beside "X is thinking…" and the prompt until the
        #: viewer's next move; and such news told before the drawing that shows it
        self.news: Text | None = None
        self.next_news: Text | None = None
        #: what holds the line now: ``prompt``, ``news``, ``refusal`` (until the
        #: selection changes) or ``hint`` (H again explains it)
        self.holder = "prompt"
        #: what the line says, and what it shows: that, after the turn clock if one runs
        self.text = Text()
        self.shown: Text | None = None

    def facts(self) -> TableFacts:
        """The facts drawn, with whose turn it is and the table's pause as they are now
        (the line changes between two drawings)."""
        screen = self.screen
        view = screen.view
        if view is None:
            return screen.facts()
        return view.facts._replace(to_act=screen.session.to_act, pause_line=TableFacts.pause_of(screen.session))

    # --- the news --------------------------------------------------------------------------
    def tell(self, news: Text | None) -> None:
        """Say ``news`` from the next drawing on, until the viewer's next move."""
        self.next_news = news

    def forget_news(self) -> None:
        """The viewer moved, or the hand went: what happened before is no longer news."""
        self.news = None

    def drawn(self) -> None:
        """The table was drawn: news told before it is the news now; say it."""
        if self.next_news is not None:
            self.news, self.next_news = self.next_news, None
        self.show()

    # --- what the line says ------------------------------------------------------------------
    def set(self, text: Text, holder: str = "news") -> None:
        """Put ``text`` on the line (``holder``: what it is, see :attr:`holder`), after
        the turn clock's seconds where a clock runs."""
        self.holder = holder
        self.text = text
        self.put(again=True)

    def put(self, again: bool = False) -> None:
        """Show :attr:`text` with the clock as it is now; only the line's text changes,
        and on the clock's timer only when it differs (``again``: whatever it showed)."""
        clock = self.clock()
        shown = Text.assemble(clock, "  ·  ", self.text) if clock.plain else self.text
        if not again and shown == self.shown:
            return
        self.shown = shown
        self.screen.query_one("#status", Static).update(shown)

    def clock(self) -> Text:
        """The turn clock's seconds (the viewer's, or whose clock runs); empty where none runs."""
        screen = self.screen
        clock = screen.session.clock
        if clock is None or screen.read_only or screen.view is None:
            return Text()
        return screen.view_model.clock(self.facts(), clock.clocks())

    def tick(self) -> None:
        """A second passed: count the clock down on the line (nothing else is redrawn)."""
        if self.screen.view is not None and not self.screen.finished and not self.screen.gone():
            self.put()

    def prompt(self) -> Text:
        """What to do now (or why nobody moves, or who is to act)."""
        facts = self.facts()
        view_model = self.screen.view_model
        return view_model.prompt(facts, view_model.context(facts))

    def show(self) -> None:
        """What just happened, and what to do now."""
        facts = self.facts()
        prompt = self.screen.view_model.prompt(facts, self.screen.view_model.context(facts))
        if self.news is not None and (facts.my_turn or facts.pause_line):
            # The pause shows beside the news too: nobody moves until the table is full.
            # What happened, and what to do now (after a pass: lead the 2♣).
            self.set(Text.assemble(self.news, "  ·  ", prompt))
        else:
            self.set(self.news or prompt)

    def refusal(self, refusal: Refusal | str) -> Text:
        """A refused move as the line says it (``Refused: 8♦ does not beat 6♠``)."""
        return self.screen.view_model.refusal(self.facts(), refusal)

    def refuse(self, refusal: Refusal | str) -> None:
        """Say why a move was refused, until the selection changes."""
        self.set(self.refusal(refusal), "refusal")

    def choice_changed(self) -> None:
        """The selection or the cursor moved: a refusal of the old choice no longer applies."""
        if self.holder == "refusal" and self.screen.view is not None:
            self.set(self.prompt())

    def pause(self) -> Text | None:
        """Why nobody moves, while the table waits for players elsewhere."""
        line = TableFacts.pause_of(self.screen.session)
        return Text(line, style="bold yellow") if line else None

    def thinking(self) -> Text:
        """``Ada (hard) is thinking…``, beside the news."""
        thinking = self.screen.view_model.thinking(self.facts())
        return Text.assemble(self.news, "  ·  ", thinking) if self.news else thinking

    def wait(self) -> Text:
        """The answer to a key pressed out of turn: wait, and who is thinking (or, while
        the table waits for an away player, that)."""
        pause = self.pause()
        if pause is not None:
            return pause
        text = Text(_("Wait for your turn."), style="bold yellow")
        if self.screen.session.bot_to_act:
            text.append("  ")
            text.append_text(self.screen.view_model.thinking(self.facts()))
        return text
