"""President's table: the rank-order bar, the set on the table, who passed, the exchange."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cardtable.bots.search import MoveValue
from cardtable.cards import Card
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.payloads import Exchange, Placed, Revolution, RoundResult, TrickTaken
from cardtable.games.president import PresidentObservation
from cardtable.names import fit_name
from cardtable.tui.keymap import say
from cardtable.tui.tables.base import TableArea, TableContext, ordinal, outcome_mean, outcome_share
from cardtable.tui.wording import plural

__all__ = ["PresidentTable", "rank_bar"]

#: titles for narrow seat boxes
SHORT_TITLES = {"Vice-President": "Vice-Pres.", "President": "President"}


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
        label = rank.label
        if rank == table_rank:
            text.append(f"{label:>2}", style="bold black on yellow")
            text.append(" ", style=base)
        else:
            text.append(f"{label:>2} ", style=base)
    if revolution:
        text.append(
            f"\nREVOLUTION: {order.highest.label} is now highest, {order.lowest.label} lowest",
            style="bold #ff6b6b",
        )
    else:
        suffix = "revolution off" if not obs.revolution_enabled else "four of a kind flips it"
        text.append(f"\nlow {arrow} high · {order.highest.label} highest · {suffix}", style="dim")
    return text


class PresidentTable(TableArea[PresidentObservation]):
    """Draws President from a :class:`PresidentObservation`."""

    extra_moves = ("pass",)
    completions = ("trick",)
    hint_reasons = {
        **TableArea.hint_reasons,
        "gift": "the usual gift",
        "forced": "a sure way out: nobody can beat these plays",
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
        first = f"{outcome_share(move.outcomes, 0):.0%}"
        place = f"{outcome_mean(move.outcomes) + 1:.1f}{self.hint_noise(move)}"
        return f"{first}, place {place}" if short else f"President in {first}, expected place {place}"

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
            text.append(f"  {ctx.act(o.table_owner, 'played')}", style="bold")
            text.append(f"   ({len(o.table)} of a kind)" if len(o.table) > 1 else "", style="dim")
            text.append("\n")
            text.append_text(self.large_row(o.table, style, indent=4))
            text.append("\n")
        elif o.table:
            line = Text(f"  {ctx.act(o.table_owner, 'played')}  ", style="bold")
            for card in o.table:
                line.append(" ")
                line.append_text(style.face(card, width=4))
            if len(o.table) > 1:
                kind = f"({len(o.table)} of a kind)"
                # Beside the set when it fits the table's width, else whole on a line of its own.
                room = self.content_size.width if self.is_attached and self.content_size.width else 80
                fits = line.cell_len + 3 + len(kind) <= room
                line.append(f"   {kind}" if fits else f"\n  {kind}", style="dim")
            text.append_text(line)
            text.append("\n")
        elif not o.is_over:
            mine = o.current_player == o.seat and ctx.personal
            leader = "you lead" if mine else ctx.act(o.current_player, "leads")
            text.append(f"  The table is clear: {leader} any set.\n", style="italic")
        if o.passed:
            names = ", ".join(ctx.who(s, start=not i) for i, s in enumerate(o.passed))
            text.append(f"\n  Passed: {names}", style="dim")
        if o.finished:
            out = ", ".join(f"{ctx.who(s, start=not i)} {ordinal(i + 1)}" for i, s in enumerate(o.finished))
            text.append(f"\n  Out: {out}", style="green")
        return text

    def draw_completed(self, event: Event, obs: PresidentObservation, ctx: TableContext) -> Text:
        """The set that won the trick, still on the table, and who leads next."""
        text = rank_bar(obs, ctx)
        text.append("\n\n")
        text.append(f"  {self.winner_mark(ctx)} {ctx.does(event.seat, 'wins the trick with')} ", style="bold yellow")
        if self.large:
            text.append("\n")
            text.append_text(self.large_row(event.cards, ctx.style, indent=4))
        else:
            for card in event.cards:
                text.append(" ")
                text.append_text(ctx.style.face(card, width=4))
        leader = TrickTaken.of(event).leader
        if leader is not None:
            text.append(f"\n\n  {ctx.act(leader, 'leads')} next.", style="italic")
        return text

    def completed_line(self, event: Event, ctx: TableContext) -> Text:
        """``Ben wins the trick with 9♠ 9♥``, and who leads next if not the winner (who is out)."""
        text = Text.assemble((f"{ctx.does(event.seat, 'wins the trick with')} ", "bold yellow"), ctx.style.inline(event.cards))
        leader = TrickTaken.of(event).leader
        if leader is not None and leader != event.seat:
            text.append(f"; {ctx.act(leader, 'leads')} next", style="italic")
        return text

    def _exchange_text(self, o: PresidentObservation, ctx: TableContext) -> Text:
        style = ctx.style
        text = Text("  Card exchange before the round\n", style="bold")
        if o.exchange_received:
            text.append(f"  {ctx.you(o.seat)} received ")
            text.append_text(style.inline(o.exchange_received))
            text.append("\n")
        if o.exchange_given:
            text.append(f"  {ctx.you(o.seat)} gave ")
            text.append_text(style.inline(o.exchange_given))
            text.append("\n")
        due = o.exchange_due
        if due:
            receiver = self._give_back_to(o)
            text.append(
                f"  Choose {plural(due, 'card')} to give back to {ctx.who(receiver)}.\n",
                style="bold yellow",
            )
        elif o.current_player is not None:
            text.append(f"  {ctx.act(o.current_player, 'is')} choosing cards to give back.\n", style="dim")
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
            return [f"out {ordinal(obs.finished.index(seat) + 1)}"]
        if obs.current_player == seat:
            return ["to act"]
        if seat in obs.passed:
            return ["passed"]
        return []

    def seat_badges(self, obs: PresidentObservation, seat: int) -> list[str]:
        title = obs.titles[seat]
        if not title:
            return []
        return [title, SHORT_TITLES.get(title, title)]

    def prompt(self, obs: PresidentObservation, legal: Sequence[Action], ctx: TableContext) -> Text:
        if obs.phase == "exchange":
            due = obs.exchange_due
            return Text(f"Your turn: select {plural(due, 'card')} to give back, then {say('play')}.")
        if not obs.table:
            return Text(f"Your lead: select 1-4 cards of one rank ({say('toggle_card')}), then {say('play')}.")
        size = len(obs.table)
        if not any(action.kind == "play" for action in legal):
            what = "that card" if size == 1 else f"those {size}"
            return Text(f"You cannot beat {what}: {say('pass_turn')} to pass.")
        need = plural(size, "card")
        return Text(f"Your turn: beat it with {need} of a higher rank, or {say('pass_turn')} to pass.")

    def score_text(self, obs: PresidentObservation, ctx: TableContext) -> Text:
        text = Text()
        text.append(f"Round {obs.round}/{obs.rounds_total}\n", style="bold")
        for seat, score in enumerate(obs.scores):
            title = obs.titles[seat] or ""
            text.append(f"{fit_name(ctx.name(seat), 10, pad=True)}{score:>4} {title[:9]}\n")
        return text

    def last_completed(self, obs: PresidentObservation, ctx: TableContext) -> Text:
        events = list(obs.events)
        ends = [i for i, e in enumerate(events) if e.kind == "trick"]
        if not ends:
            return Text("No trick has been completed yet.")
        end = ends[-1]
        start = end - 1
        while start >= 0 and events[start].kind not in ("trick", "round_over", "deal", "exchange"):
            start -= 1
        text = Text(f"Last trick (round {events[end].round}):\n", style="bold")
        viewer = obs.seat
        assert viewer is not None, "a table is drawn around a seat (a replay's spectator as seat 0)"
        for event in events[start + 1 : end]:
            line = self.log_line(event, ctx, viewer)
            if line is not None:
                text.append("  ")
                text.append_text(line)
                text.append("\n")
        text.append(f"{ctx.who(events[end].seat, start=True)} won it.", style="bold")
        return text

    def log_line(self, event: Event, ctx: TableContext, viewer: int) -> Text | None:
        who = ctx.who(event.seat)
        if event.kind == "revolution":
            if Revolution.of(event).active:
                return Text(f"REVOLUTION by {who}: order flipped!", style="bold #ff6b6b")
            return Text(f"Counter-revolution by {who}: normal order", style="bold #ff6b6b")
        if event.kind == "out":
            placed = Placed.of(event)
            place, title = ordinal(placed.place), placed.title
            return Text(f"{ctx.act(event.seat, 'is')} out: {place}, {title}", style="bold green")
        if event.kind == "trick":
            return Text(f"{ctx.act(event.seat, 'wins')} the trick", style="dim italic")
        if event.kind == "exchange":
            exchange = Exchange.of(event)
            to = ctx.who(exchange.receiver)
            how = " (automatic)" if exchange.automatic else ""
            if event.cards:
                return Text.assemble(f"{ctx.act(event.seat, 'gives')} ", ctx.style.inline(event.cards), f" to {to}{how}")
            return Text(f"{ctx.act(event.seat, 'gives')} {plural(event.count, 'card')} to {to}{how}")
        if event.kind == "round_over":
            return Text(f"Round {event.round} is over", style="bold")
        return super().log_line(event, ctx, viewer)

    def round_summary(self, event: Event, obs: PresidentObservation, ctx: TableContext) -> Text:
        result = RoundResult.of(event)
        text = Text()
        text.append(f"{'place':<7}{'player':<16}{'title':<16}{'points':>7}{'total':>7}\n", style="bold")
        scores = result.scores or tuple(obs.scores)
        titles = result.titles or ("",) * obs.num_players
        points_of = result.points or (0,) * obs.num_players
        for place, seat in enumerate(result.order):
            title, points = titles[seat], points_of[seat]
            style = "bold green" if place == 0 else ("bold red" if place == len(result.order) - 1 else "")
            name = fit_name(ctx.name(seat), 15, pad=True)
            text.append(f"{ordinal(place + 1):<7}{name} {title:<16}{points:>7}{scores[seat]:>7}\n", style=style)
        return text
