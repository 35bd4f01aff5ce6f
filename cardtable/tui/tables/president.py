"""President's table: the rank-order bar, the set on the table, who passed, the exchange."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text

from cardtable.cards import Card
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.payloads import Exchange, Placed, Revolution, RoundResult, TrickTaken
from cardtable.games.president import PresidentObservation
from cardtable.lang import N_, _, ngettext, number, percent
from cardtable.names import fit_name
from cardtable.tui.keymap import say
from cardtable.tui.tables.base import TableArea, TableContext, ordinal, outcome_mean, outcome_share
from cardtable.tui.wording import fill

if TYPE_CHECKING:
    from cardtable.bots.search import MoveValue

__all__ = ["PresidentTable", "rank_bar"]

#: titles for narrow seat boxes
# TRANSLATORS: President's title Vice-President, shortened where a seat's box is narrow.
SHORT_TITLES = {"Vice-President": N_("Vice-Pres."), "President": "President"}


def rank_bar(obs: PresidentObservation, ctx: TableContext) -> Text:
    """The thirteen ranks low to high in the order in force, the table's rank marked.

    During a revolution the bar is drawn reversed-out and says which rank is highest.
    """
    order = obs.rank_order
    table_rank = obs.table[0].rank if obs.table else None
    arrow = "->" if ctx.style.ascii_only else "→"
    revolution = obs.revolution
    base = "bold white on #8b1a1a" if revolution else "white on #1f3b2d"
    text = Text()
    for rank in order.ranks:
        label = ctx.style.rank_label(rank)
        if rank == table_rank:
            text.append(f"{label:>2}", style="bold black on yellow")
            text.append(" ", style=base)
        else:
            text.append(f"{label:>2} ", style=base)
    if revolution:
        text.append("\n")
        text.append(
            _("REVOLUTION: {highest} is now highest, {lowest} lowest").format(
                highest=ctx.style.rank_label(order.highest), lowest=ctx.style.rank_label(order.lowest)),
            style="bold #ff6b6b",
        )
    else:
        suffix = _("revolution off") if not obs.revolution_enabled else _("four of a kind flips it")
        text.append("\n")
        text.append(_("low {arrow} high · {highest} highest · {rule}").format(
            arrow=arrow, highest=ctx.style.rank_label(order.highest), rule=suffix), style="dim")
    return text


class PresidentTable(TableArea[PresidentObservation]):
    """Draws President from a :class:`PresidentObservation`."""

    extra_moves = ("pass",)
    completions = ("trick",)
    hint_reasons = {
        **TableArea.hint_reasons,
        "gift": N_("the usual gift"),
        "forced": N_("a sure way out: nobody can beat these plays"),
    }

    def hint_value(self, move: MoveValue, short: bool = False) -> str:
        """The viewer's chance of finishing first and its expected place this round in
        the search's simulations of the move (the search values first place most).

        >>> from cardtable.bots.search import MoveValue
        >>> PresidentTable().hint_value(MoveValue(Action.parse("play 3C"), 4, 0.4, {0: 1, 2: 3}))
        'President in 25%, expected place 2.5 ± 1.0'
        """
        if not move.outcomes:
            return super().hint_value(move, short)
        first = percent(outcome_share(move.outcomes, 0))
        place = number(outcome_mean(move.outcomes) + 1, 1) + self.hint_noise(move)
        if short:
            return _("{share}, place {place}").format(share=first, place=place)
        return _("President in {share}, expected place {place}").format(share=first, place=place)

    @staticmethod
    def hint_score(outcome: int) -> float:
        """An outcome is the place, from 0 (President)."""
        return float(outcome + 1)

    def draw(self, obs: PresidentObservation, ctx: TableContext) -> Text:
        o = obs  # PresidentObservation; fields documented in docs/api.md
        style = ctx.style
        text = rank_bar(o, ctx)
        text.append("\n\n")
        if o.phase == "exchange":
            text.append_text(self._exchange_text(o, ctx))
        elif o.table and self.large:
            text.append("  ")
            text.append_text(ctx.line(o.table_owner, _("You played"), _("{player} played"), "bold"))
            text.append(f"   ({self._of_a_kind(len(o.table))})" if len(o.table) > 1 else "", style="dim")
            text.append("\n")
            text.append_text(self.large_row(o.table, style, indent=4))
            text.append("\n")
        elif o.table:
            line = Text("  ", style="bold") + ctx.line(o.table_owner, _("You played"), _("{player} played"), "bold")
            line.append("  ")
            for card in o.table:
                line.append(" ")
                line.append_text(style.face(card, width=4))
            if len(o.table) > 1:
                kind = f"({self._of_a_kind(len(o.table))})"
                # Beside the set when it fits the table's width, else whole on a line of its own.
                room = self.content_size.width if self.is_attached and self.content_size.width else 80
                fits = line.cell_len + 3 + len(kind) <= room
                line.append(f"   {kind}" if fits else f"\n  {kind}", style="dim")
            text.append_text(line)
            text.append("\n")
        elif not o.is_over:
            if o.current_player == o.seat and ctx.personal:
                clear = _("The table is clear: you lead any set.")
            elif ctx.is_you(o.current_player):
                clear = _("The table is clear: You lead any set.")
            else:
                clear = _("The table is clear: {player} leads any set.").format(player=ctx.name(o.current_player))
            text.append(f"  {clear}\n", style="italic")
        if o.passed:
            names = ", ".join(ctx.who(s, start=not i) for i, s in enumerate(o.passed))
            text.append("\n  " + _("Passed: {players}").format(players=names), style="dim")
        if o.finished:
            out = ", ".join(f"{ctx.who(s, start=not i)} {ordinal(i + 1)}" for i, s in enumerate(o.finished))
            text.append("\n  " + _("Out: {players}").format(players=out), style="green")
        return text

    def draw_completed(self, event: Event, obs: PresidentObservation, ctx: TableContext) -> Text:
        """The set that won the trick, still on the table, and who leads next."""
        text = rank_bar(obs, ctx)
        text.append("\n\n")
        text.append(f"  {self.winner_mark(ctx)} ", style="bold yellow")
        text.append_text(ctx.line(event.seat, _("You win the trick with"), _("{player} wins the trick with"), "bold yellow"))
        text.append(" ")
        if self.large:
            text.append("\n")
            text.append_text(self.large_row(event.cards, ctx.style, indent=4))
        else:
            for card in event.cards:
                text.append(" ")
                text.append_text(ctx.style.face(card, width=4))
        leader = TrickTaken.of(event).leader
        if leader is not None:
            text.append("\n\n  ")
            text.append_text(ctx.line(leader, _("You lead next."), _("{player} leads next."), "italic"))
        return text

    def completed_line(self, event: Event, ctx: TableContext) -> Text:
        """``Ben wins the trick with 9♠ 9♥``, and who leads next if not the winner (who is out)."""
        text = ctx.line(event.seat, _("You win the trick with {cards}"), _("{player} wins the trick with {cards}"),
                        "bold yellow", cards=ctx.style.inline(event.cards))
        leader = TrickTaken.of(event).leader
        if leader is not None and leader != event.seat:
            text.append("; ")
            text.append_text(ctx.line(leader, _("you lead next"), _("{player} leads next"), "italic"))
        return text

    @staticmethod
    def _of_a_kind(count: int) -> str:
        return ngettext("{count} of a kind", "{count} of a kind", count).format(count=count)

    def _exchange_text(self, o: PresidentObservation, ctx: TableContext) -> Text:
        style = ctx.style
        text = Text("  " + _("Card exchange before the round") + "\n", style="bold")
        if o.exchange_received:
            text.append("  ")
            text.append_text(ctx.own_line(o.seat, _("You received {cards}"), _("{player} received {cards}"),
                                          cards=style.inline(o.exchange_received)))
            text.append("\n")
        if o.exchange_given:
            text.append("  ")
            text.append_text(ctx.own_line(o.seat, _("You gave {cards}"), _("{player} gave {cards}"),
                                          cards=style.inline(o.exchange_given)))
            text.append("\n")
        due = o.exchange_due
        if due:
            receiver = self._give_back_to(o)
            text.append("  ")
            text.append(
                ngettext("Choose {count} card to give back to {player}.", "Choose {count} cards to give back to {player}.",
                         due).format(count=due, player=ctx.name(receiver)) + "\n",
                style="bold yellow",
            )
        elif o.current_player is not None:
            text.append("  ")
            text.append_text(ctx.line(o.current_player, _("You are choosing cards to give back."),
                                      _("{player} is choosing cards to give back."), "dim"))
            text.append("\n")
        return text

    def _give_back_to(self, o: PresidentObservation) -> int | None:
        titles = o.titles
        if o.seat is None:
            return None
        mine = titles[o.seat]
        wanted = "Scum" if mine == "President" else "Vice-Scum"
        return next((s for s, t in enumerate(titles) if t == wanted), None)

    def sort_hand(self, obs: PresidentObservation) -> list[Card]:
        return sorted(obs.hand, key=obs.rank_order.sort_key)

    def move_kind(self, obs: PresidentObservation, legal: Sequence[Action]) -> str:
        return "give" if obs.phase == "exchange" else "play"

    def playable_cards(self, obs: PresidentObservation, legal: Sequence[Action]) -> set[Card]:
        return super().playable_cards(obs, legal)

    def seat_status(self, obs: PresidentObservation, seat: int) -> list[str]:
        if seat in obs.finished:
            return [_("out {place}").format(place=ordinal(obs.finished.index(seat) + 1))]
        if obs.current_player == seat:
            return [_("to act")]
        if seat in obs.passed:
            return [_("passed")]
        return []

    def seat_badges(self, obs: PresidentObservation, seat: int) -> list[str]:
        title = obs.titles[seat]
        if not title:
            return []
        return [_(title), _(SHORT_TITLES.get(title, title))]

    def prompt(self, obs: PresidentObservation, legal: Sequence[Action], ctx: TableContext) -> Text:
        # Each sentence comes twice: to the person alone at the table, and naming the
        # person to act when several people share the keyboard (hot-seat).
        seat = obs.seat
        if obs.phase == "exchange":
            due = obs.exchange_due
            return ctx.own_line(
                seat,
                ngettext("Your turn: select {count} card to give back, then {play}.",
                         "Your turn: select {count} cards to give back, then {play}.", due),
                # TRANSLATORS: hot-seat: several people share the keyboard, {player} is to act.
                ngettext("{player}'s turn: select {count} card to give back, then {play}.",
                         "{player}'s turn: select {count} cards to give back, then {play}.", due),
                count=due, play=say("play"))
        if not obs.table:
            return ctx.own_line(seat, _("Your lead: select 1-4 cards of one rank ({select}), then {play}."),
                                _("{player}'s lead: select 1-4 cards of one rank ({select}), then {play}."),
                                select=say("toggle_card"), play=say("play"))
        size = len(obs.table)
        key = say("pass_turn")
        if not any(action.kind == "play" for action in legal):
            if size == 1:
                return ctx.own_line(seat, _("You cannot beat that card: {key} to pass."),
                                    _("{player} cannot beat that card: {key} to pass."), key=key)
            return ctx.own_line(seat, _("You cannot beat those {count}: {key} to pass."),
                                _("{player} cannot beat those {count}: {key} to pass."), count=size, key=key)
        return ctx.own_line(
            seat,
            ngettext("Your turn: beat it with {count} card of a higher rank, or {key} to pass.",
                     "Your turn: beat it with {count} cards of a higher rank, or {key} to pass.", size),
            ngettext("{player}'s turn: beat it with {count} card of a higher rank, or {key} to pass.",
                     "{player}'s turn: beat it with {count} cards of a higher rank, or {key} to pass.", size),
            count=size, key=key)

    def score_text(self, obs: PresidentObservation, ctx: TableContext) -> Text:
        text = Text()
        text.append(_("Round {round}/{rounds}").format(round=obs.round, rounds=obs.rounds_total) + "\n", style="bold")
        # The side panel is 28 columns inside: the name, the points, and the rest for the
        # title, whole in every language ("Vice-President", "Wiceprezydent": 14 and 13).
        points = max(3, *(len(str(score)) for score in obs.scores))
        for seat, score in enumerate(obs.scores):
            held = obs.titles[seat]
            title = _(held) if held else ""
            text.append(f"{fit_name(ctx.name(seat), 10, pad=True)}{score:>{points}} {title[: 28 - 11 - points]}\n")
        return text

    def last_completed(self, obs: PresidentObservation, ctx: TableContext) -> Text:
        events = list(obs.events)
        ends = [i for i, e in enumerate(events) if e.kind == "trick"]
        if not ends:
            return Text(_("No trick has been completed yet."))
        end = ends[-1]
        start = end - 1
        while start >= 0 and events[start].kind not in ("trick", "round_over", "deal", "exchange"):
            start -= 1
        text = Text(_("Last trick (round {round}):").format(round=events[end].round) + "\n", style="bold")
        viewer = obs.seat
        assert viewer is not None, "a table is drawn around a seat (a replay's spectator as seat 0)"
        for event in events[start + 1 : end]:
            line = self.log_line(event, ctx, viewer)
            if line is not None:
                text.append("  ")
                text.append_text(line)
                text.append("\n")
        text.append_text(ctx.line(events[end].seat, _("You won it."), _("{player} won it."), "bold"))
        return text

    def log_line(self, event: Event, ctx: TableContext, viewer: int) -> Text | None:
        if event.kind == "revolution":
            # Whole sentences for the reader and for another seat: "by you" is
            # inflected differently from a name in most languages ("door jou").
            if Revolution.of(event).active:
                return ctx.line(event.seat, _("REVOLUTION by you: order flipped!"),
                                _("REVOLUTION by {player}: order flipped!"), "bold #ff6b6b")
            return ctx.line(event.seat, _("Counter-revolution by you: normal order"),
                            _("Counter-revolution by {player}: normal order"), "bold #ff6b6b")
        if event.kind == "out":
            placed = Placed.of(event)
            place, title = ordinal(placed.place), _(placed.title) if placed.title else ""
            return ctx.line(event.seat, _("You are out: {place}, {title}"), _("{player} is out: {place}, {title}"),
                            "bold green", place=place, title=title)
        if event.kind == "trick":
            return ctx.line(event.seat, _("You win the trick"), _("{player} wins the trick"), "dim italic")
        if event.kind == "exchange":
            return self._exchange_line(event, ctx)
        if event.kind == "round_over":
            return Text(_("Round {round} is over").format(round=event.round), style="bold")
        return super().log_line(event, ctx, viewer)

    def _exchange_line(self, event: Event, ctx: TableContext) -> Text:
        """``Ada gives 2♠ to you``: the giver and the receiver each the reader or not."""
        exchange = Exchange.of(event)
        giver, receiver = event.seat, exchange.receiver
        cards: Text | str = ctx.style.inline(event.cards)
        if event.cards:
            lines = (_("You give {cards} to {target}"), _("{player} gives {cards} to you"),
                     _("{player} gives {cards} to {target}"))
        else:
            count = event.count
            cards = str(count)
            lines = (ngettext("You give {cards} card to {target}", "You give {cards} cards to {target}", count),
                     ngettext("{player} gives {cards} card to you", "{player} gives {cards} cards to you", count),
                     ngettext("{player} gives {cards} card to {target}", "{player} gives {cards} cards to {target}", count))
        if ctx.is_you(giver):
            line = fill(lines[0], cards=cards, target=ctx.name(receiver))
        elif ctx.is_you(receiver):
            line = fill(lines[1], player=ctx.name(giver), cards=cards)
        else:
            line = fill(lines[2], player=ctx.name(giver), cards=cards, target=ctx.name(receiver))
        if exchange.automatic:
            line.append(" " + _("(automatic)"))
        return line

    def round_summary(self, event: Event, obs: PresidentObservation, ctx: TableContext) -> Text:
        result = RoundResult.of(event)
        text = Text()
        heads = (_("place"), _("player"), _("title"), _("points"), _("total"))
        scores = result.scores or tuple(obs.scores)
        titles = result.titles or ("",) * obs.num_players
        points_of = result.points or (0,) * obs.num_players
        rows = []
        for place, seat in enumerate(result.order):
            style = "bold green" if place == 0 else ("bold red" if place == len(result.order) - 1 else "")
            title = _(titles[seat]) if titles[seat] else ""
            rows.append(((ordinal(place + 1), fit_name(ctx.name(seat), 15), title, str(points_of[seat]),
                          str(scores[seat])), style))
        # Each column as wide as its widest cell, a translated heading included (Polish
        # "miejsce" is wider than English "place"), and never narrower than in English.
        widths = [max(least, *(cell_len(cells[column]) for cells in [heads, *(cells for cells, _style in rows)]))
                  for column, least in enumerate((6, 15, 16, 6, 6))]
        for cells, style in [(heads, "bold"), *rows]:
            left = " ".join(cell + " " * (width - cell_len(cell)) for cell, width in zip(cells[:3], widths[:3]))
            right = "".join(" " * (width + 1 - cell_len(cell)) + cell for cell, width in zip(cells[3:], widths[3:]))
            text.append(f"{left}{right}\n", style=style)
        return text
