"""Hints and the "why" view on the game screen: :class:`Hints`.

``H`` asks the table for a hint (the hard bot thinking on the viewer's observation
only, in a worker thread), selects the suggested move in the hand (marked ◆) and says
it on the status line in the game's own terms; ``H`` again, while the table has not
moved on, shows the "why" view: the hard bot's best moves, their values and the
simulations behind each.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.worker import get_current_worker

from cardtable.engine.actions import Action
from cardtable.lang import _, ngettext, number, pgettext
from cardtable.tui.keymap import say
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.wording import fill

if TYPE_CHECKING:
    from cardtable.session.requests import Decision, HintAnswer, HintRequest, MoveValue
    from cardtable.tui.screens.game import GameScreen

__all__ = ["Hints"]


class Hints:
    """A hint for the viewer's turn on ``screen``, its wording and why the hard bot chose it."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: the hint on show (``None``: none), how the hard bot came to it, and the table's
        #: generation then (a second H shows the "why" view while the table has not moved on)
        self.action: Action | None = None
        self.decision: Decision | None = None
        self.generation = -1

    def forget(self) -> None:
        """The hint no longer applies (a move was made, undone, or the hand hidden)."""
        self.action = None

    @property
    def current(self) -> bool:
        """A hint was given for the table as it is now (nothing moved since)."""
        return self.action is not None and self.generation == self.screen.session.generation

    def still_chosen(self) -> Action | None:
        """The hint's move, while it is current and the hand still holds what it chose
        (its cards selected; nothing selected for a pass or a take): Enter makes it."""
        if not self.current or self.action not in self.screen.legal:
            return None
        hand = self.screen.query_one(HandView)
        return self.action if hand.selected == hand.hinted else None

    def ask(self) -> None:
        """Ask the table for a hint (the hard bot, on the viewer's observation) in a
        worker; asked again while the hint shows, explain it (:meth:`show_why`); after
        something else took the status line (a refusal), show the hint again first."""
        screen = self.screen
        if self.current and self.action is not None:
            if screen.status_line.holder != "hint":
                self.show(self.action, self.decision)
            elif self.decision is not None:
                self.show_why(self.decision)
            return
        hints = screen.session.hints
        if hints is None:
            screen.status_line.set(Text(_("No hints at this table."), style="bold yellow"))
            return
        request = hints.request(screen.viewer)
        if isinstance(request, str):
            screen.status_line.set(Text(request, style="bold yellow"))
            return
        screen.status_line.set(Text(_("Thinking of a hint…"), style="italic"))
        screen.run_worker(partial(self.think, request), "hint_worker", group="hint", exit_on_error=False,
                          exclusive=True, thread=True)

    def think(self, request: HintRequest) -> None:
        """In a worker thread: the hard bot's thinking, handed back to :meth:`done`."""
        worker = get_current_worker()
        answer = request.think(lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.screen.app.call_from_thread(self.done, answer)

    def move(self, action: Action, bare: bool = False) -> Text:
        """A suggested move in the hint's words: ``play 10♠``, ``beat 7♥ with 9♥``;
        ``bare``: a play as its cards alone (``10♠``)."""
        style = self.screen.context.style
        if action.kind == "defend":
            attacking, beating = action.cards
            return fill(_("beat {attack} with {cards}"), attack=style.inline([attacking]), cards=style.inline([beating]))
        if action.cards:
            shown = [card for card in self.screen.query_one(HandView).cards if card in action.cards] or list(action.cards)
            if bare and action.kind in _BARE_KINDS:
                return style.inline(shown)
            moves = self.screen.table.hint_moves
            return fill(_(moves.get(action.kind, moves["play"])), cards=style.inline(shown))
        if action.kind == "take":
            return Text(_("take the cards"))
        return Text(pgettext("a move", "pass"))

    def line(self, action: Action, decision: Decision | None) -> Text:
        """The status line of a hint: the move and why, in the game's own terms
        (``Hint: play 10♠: expected 3.1 points this hand; next best Q♠: 4.6``), or that
        several moves are about equal (``3♣, 7♣ 7♦ and 8♣ 8♠ are about equal here``)
        when their results lie within each other's noise.  Short enough for two lines
        at 80 columns."""
        table = self.screen.table
        words = Text.assemble((_("Hint:") + " ", "bold cyan"), self.move(action))
        if action.cards:
            how_to = _("{play} plays it").format(play=say("play"))
        else:
            key = say("pass_turn") if action.kind == "pass" else say("take")
            how_to = _("{play} or {key}").format(play=say("play"), key=key)
        searched = decision is not None and any(m.action == action and m.visits for m in decision.moves)
        if decision is None or not searched:
            reason = table.hint_reason(decision) if decision is not None else ""
            if reason:
                words.append(f": {reason}")
            words.append(f" ({how_to})", style="dim")
            return words
        best = next(m for m in decision.moves if m.action == action)
        equal = self.about_equal(decision.moves, action)
        if len(equal) > 1 and all(m.action.kind in _BARE_KINDS for m in equal):
            words.append(": ")
            words.append_text(self.move_list([m.action for m in equal]))
            words.append(" " + _("are about equal here ({value})").format(value=table.hint_value(best)))
        elif len(equal) > 1:
            words.append(" " + _("({value}): about equal with").format(value=table.hint_value(best)) + " ")
            words.append_text(self.move_list([m.action for m in equal[1:]]))
        else:
            words.append(f": {table.hint_value(best)}")
            others = [m for m in decision.moves if m.action != action and m.visits]
            if others:
                # After the search, a closer look may prefer another move than the one
                # the search tried most: then that one is named as what it beat.
                overruled = decision.moves[0].action != action
                runner = decision.moves[0] if overruled else others[0]
                words.append("; " + (_("a closer look preferred it to") if overruled else _("next best")) + " ")
                words.append_text(self.move(runner.action, bare=True))
                words.append(f": {table.hint_value(runner, short=True)}")
        words.append(" (" + _("{how}; {hint}: why").format(how=how_to, hint=say("hint")) + ")", style="dim")
        return words

    def about_equal(self, moves: Sequence[MoveValue], action: Action) -> list[MoveValue]:
        """The moves the hint's search cannot tell from ``action`` (the hints capability's
        judgement: the bots load when a hint is first worded)."""
        hints = self.screen.session.hints
        return [] if hints is None else hints.about_equal(moves, action, self.screen.table.hint_score)

    def move_list(self, actions: Sequence[Action], most: int = 3) -> Text:
        """``3♣, 7♣ 7♦ and 8♣ 8♠``: moves named by their cards, at most ``most`` of them
        (then ``and 2 more``)."""
        shown = [self.move(action, bare=True) for action in actions[:most]]
        more = len(actions) - len(shown)
        text = Text()
        for index, phrase in enumerate(shown):
            if index:
                text.append(" " + _("and") + " " if index == len(shown) - 1 and not more else ", ")
            text.append_text(phrase)
        if more:
            text.append(" " + ngettext("and {count} more", "and {count} more", more).format(count=more))
        return text

    def done(self, answer: HintAnswer) -> None:
        """Show the suggestion and why, and select it, so that Enter (or P, T) makes it."""
        screen = self.screen
        hints = screen.session.hints
        if screen.gone() or hints is None:
            return
        action = hints.answer(answer)
        if action is None:
            return
        self.action = action
        self.decision = answer.decision
        self.generation = screen.session.generation
        self.show(action, answer.decision)

    def show(self, action: Action, decision: Decision | None) -> None:
        """Select the hint's move in the hand (marked ◆) and say it on the status line."""
        screen = self.screen
        hand = screen.query_one(HandView)
        if action.kind == "defend":
            attacking, beating = action.cards
            screen.table.aim_at(attacking)
            if screen.view is not None:
                screen.table.show(screen.view.obs, screen.view.context)
            mine = [beating]
        elif action.cards:
            mine = [card for card in hand.cards if card in action.cards]  # as the hand shows them
        else:
            mine = []
        hand.hinted = set(mine)
        hand.selected = set(mine)
        if mine:
            hand.cursor = min(hand.cards.index(card) for card in mine)
        hand.refresh()
        screen.status_line.set(self.line(action, decision), "hint")

    def why_text(self, decision: Decision) -> Text:
        """The "why" view: the hard bot's top three moves, their values and the number of
        simulations behind each, and whether they are about equal or one is clearly best;
        or, without a search, how it decided."""
        text = Text(_("Why this hint") + "\n\n", style="bold")
        searched = [m for m in decision.moves if m.visits]
        if not searched:
            text.append_text(self.move(decision.action))
            text.append(f": {self.screen.table.hint_reason(decision) or _('decided without weighing the moves')}.")
            return text
        screen = self.screen
        times = decision.iterations
        # No noun of the game's in the sentence: "this {round}" would need the noun's gender.
        text.append(ngettext(
            "From what you can see, the hard bot played the rest out {count} time.",
            "From what you can see, the hard bot played the rest out {count} times.", times,
        ).format(count=number(times)) + "\n")
        text.append(_("Its best moves, the hint first (± how far chance alone may move each figure):") + "\n\n")
        for place, move in enumerate(decision.ranked[:3], start=1):
            text.append(f"{place}. ", style="bold")
            text.append_text(self.move(move.action, bare=True))
            text.append(f": {screen.table.hint_value(move)}")
            text.append("  (" + ngettext("{count} simulation", "{count} simulations", move.visits).format(
                count=number(move.visits)) + ")", style="dim")
            text.append("\n")
        chosen = self.move(decision.action, bare=True)
        equal = self.about_equal(decision.moves, decision.action)
        text.append("\n")
        if len(equal) > 1:
            text.append_text(self.move_list([m.action for m in equal], most=len(equal)))
            text.append(" " + _(
                "are about equal here: their results differ by less than the ± chance "
                "alone makes over this many tries, so any of them is a fair choice"
            ))
            if decision.action != searched[0].action:
                text.append(";\n" + _("played against each other, the hard bot preferred") + " ")
                text.append_text(chosen)
            text.append(".")
        elif len(searched) > 1:
            text.append_text(chosen)
            if decision.action != searched[0].action:
                text.append(" ")
                text.append_text(fill(_("did better than {move} when the two were played against each other."),
                                      move=self.move(searched[0].action, bare=True)))
            else:
                text.append(" " + _("did better than the others by more than chance alone explains."))
        else:
            text.append(_("No other move was worth playing out as often."))
        return text

    def show_why(self, decision: Decision) -> None:
        from cardtable.tui.screens.info import InfoScreen  # a screen pushed later loads then

        self.screen.app.push_screen(InfoScreen(self.why_text(decision), wide=True))


#: the moves a list of moves names by their cards alone (``3♣, 7♣ 7♦ and 8♣ 8♠``)
_BARE_KINDS = frozenset({"play", "give"})
