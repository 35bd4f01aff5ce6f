"""Hearts' table: the trick laid out by seat, hearts broken or not, the pass direction."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

from cardtable.bots.search import MoveValue
from cardtable.cards import Card, Suit
from cardtable.engine.actions import Action
from cardtable.engine.events import Event
from cardtable.engine.payloads import Exchange, RoundResult, TrickTaken
from cardtable.games.hearts import HeartsObservation
from cardtable.names import fit_name
from cardtable.tui.cardstyle import beside, lines_text
from cardtable.tui.keymap import say
from cardtable.tui.tables.base import TableArea, TableContext, outcome_mean
from cardtable.tui.wording import plural

__all__ = ["HeartsTable", "SUIT_ORDER"]

# Alternating colours, hearts last: clubs, diamonds, spades, hearts.
SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
POSITIONS = ("you", "left", "across", "right")
TWO_OF_CLUBS = Card.parse("2C")


def hand_order(cards: Iterable[Card]) -> list[Card]:
    """Cards in the order a Hearts hand shows them (the log and the status line agree).

    >>> [card.code for card in hand_order(Card.parse(c) for c in ("2H", "QS", "3C", "2C"))]
    ['2C', '3C', 'QS', '2H']
    """
    return sorted(cards, key=lambda card: (SUIT_ORDER[card.suit], card.rank))


def moon_line(ctx: TableContext, shooter: int, viewer: int | None) -> str:
    """Who shot the moon, told to the viewer as everything else is.

    >>> from cardtable.tui.cardstyle import CardStyle
    >>> ctx = TableContext(("You", "Ben"), ("You", "Ben"), CardStyle())
    >>> moon_line(ctx, 0, 0)
    'You shot the moon: 0 for you, 26 for everyone else.'
    >>> moon_line(ctx, 1, 0)
    'Ben shot the moon: 0 for Ben, 26 for everyone else.'
    """
    yours = (ctx.personal and shooter == viewer) or ctx.name(shooter) == "You"
    who = ctx.you(shooter) if shooter == viewer else ctx.who(shooter, start=True)
    return f"{who} shot the moon: 0 for {'you' if yours else who}, 26 for everyone else."


_SCORE_WIDTH = 26
"""The score table's width: a name, the last three hands and the totals of a game to 100."""


class HeartsTable(TableArea[HeartsObservation]):
    """Draws Hearts from a :class:`HeartsObservation`."""

    extra_moves = ()
    give_verb = "pass"
    gave_word = "passed"
    move_verbs = {**TableArea.move_verbs, "give": "passes"}
    move_nouns = {**TableArea.move_nouns, "give": "pass of"}
    completions = ("trick",)
    hint_reasons = {**TableArea.hint_reasons, "pass": "the hard bot's pick of three"}

    def hint_value(self, move: MoveValue, short: bool = False) -> str:
        """The points the viewer takes this hand in the search's simulations of the move
        (the search itself weighs them against the others' average).

        >>> from cardtable.bots.search import MoveValue
        >>> HeartsTable().hint_value(MoveValue(Action.parse("play QS"), 4, 0.4, {13: 1, 0: 3}))
        'expected 3.2 ± 6.5 points this hand'
        """
        if not move.outcomes:
            return super().hint_value(move, short)
        points = f"{outcome_mean(move.outcomes):.1f}{self.hint_noise(move)}"
        return points if short else f"expected {points} points this hand"

    @staticmethod
    def hint_score(outcome: int) -> float:
        """An outcome is the points taken."""
        return float(outcome)

    def draw(self, obs: HeartsObservation, ctx: TableContext) -> Text:
        o = obs  # HeartsObservation; fields documented in docs/api.md
        text = Text()
        text.append_text(self._header(o, ctx))
        text.append("\n\n")
        if o.phase == "pass":
            text.append_text(self._pass_text(o, ctx))
            return text
        pointed = o.current_player if o.phase == "play" else None
        text.append_text(self._trick_cross(o, ctx, dict(o.trick), pointed))
        return text

    def draw_completed(self, event: Event, obs: HeartsObservation, ctx: TableContext) -> Text:
        """The four cards of the trick just taken, the winner marked ★ and named."""
        trick = TrickTaken.of(event)
        plays = dict(trick.plays)
        text = Text()
        text.append(f"Hand {event.round} · trick {trick.number if trick.number is not None else '?'}/13", style="bold")
        text.append("\n")
        text.append(f"{self.winner_mark(ctx)} ", style="bold yellow")
        text.append_text(self.completed_line(event, ctx))
        text.append("\n\n")
        text.append_text(self._trick_cross(obs, ctx, plays, None, winner=event.seat))
        return text

    def completed_line(self, event: Event, ctx: TableContext) -> Text:
        """``Ben takes the trick (+3 points)``."""
        points = TrickTaken.of(event).points
        return Text(
            ctx.does(event.seat, "takes the trick") + (f" (+{plural(points, 'point')})" if points else ""),
            style="bold yellow",
        )

    def _trick_cross(
        self, o: HeartsObservation, ctx: TableContext, played: dict[int, Card], pointed: int | None,
        winner: int | None = None,
    ) -> Text:
        """The trick laid out by seat: across at the top, left and right, the viewer below."""
        style = ctx.style
        n = o.num_players
        width = max((self.size.width or 48) - 2, 30)

        def slot(seat: int) -> Text:
            name = fit_name(ctx.name(seat), 10)
            card = played.get(seat)
            face = style.face(card, width=4) if card else Text(" -- ", style="#5c7d6a on #17402b")
            if seat == winner:
                pointer = Text(f"{self.winner_mark(ctx)} ", style="bold yellow")
            elif seat == pointed:
                pointer = Text(f"{'>' if style.ascii_only else '▸'} ", style="bold yellow")
            else:
                pointer = Text("  ")
            return Text.assemble(pointer, (name + " ", "bold" if seat in (pointed, winner) else ""), face)

        def centred(t: Text) -> Text:
            return Text(" " * max((width - t.cell_len) // 2, 0)) + t

        me = o.seat
        assert me is not None, "a table is drawn around a seat (a replay's spectator as seat 0)"
        left, across, right = (me + 1) % n, (me + 2) % n, (me + 3) % n
        text = Text()
        if self.large:
            return self._large_cross(o, ctx, played, pointed, winner)
        text.append_text(centred(slot(across)))
        text.append("\n\n")
        row = slot(left)
        gap = max(width - row.cell_len - slot(right).cell_len, 2)
        text.append_text(row + Text(" " * gap) + slot(right))
        text.append("\n\n")
        text.append_text(centred(slot(me)))
        return text

    def _large_cross(
        self, o: HeartsObservation, ctx: TableContext, played: dict[int, Card], pointed: int | None,
        winner: int | None = None,
    ) -> Text:
        """The trick in large cards, spread round the table: across at the top, left and
        right at the edges, the viewer at the bottom, each name above its card."""
        style = ctx.style
        n = o.num_players
        width = max((self.size.width or 60) - 2, 40)

        def block(seat: int) -> list[Text]:
            if seat == winner:
                pointer = Text(f"{self.winner_mark(ctx)} ", style="bold yellow")
            elif seat == pointed:
                pointer = Text(f"{'>' if style.ascii_only else '▸'} ", style="bold yellow")
            else:
                pointer = Text("")
            label = Text.assemble(pointer, (fit_name(ctx.name(seat), 12), "bold" if seat in (pointed, winner) else ""))
            return self.seat_block(label, played.get(seat), style)

        def centred(lines: list[Text]) -> list[Text]:
            widest = max(line.cell_len for line in lines)
            return [Text(" " * max((width - widest) // 2, 0)) + line for line in lines]

        me = o.seat or 0  # a spectator's table is laid out around seat 0
        left, across, right = (me + 1) % n, (me + 2) % n, (me + 3) % n
        sides = [block(left), block(right)]
        spread = max(width - sum(max(line.cell_len for line in b) for b in sides) - 4, 2)
        rows = centred(block(across)) + [Text("")]
        rows += beside([[Text("  ")], sides[0], [Text(" " * spread)], sides[1]], gap=0) + [Text("")]
        rows += centred(block(me))
        return lines_text(rows)

    def _header(self, o: HeartsObservation, ctx: TableContext) -> Text:
        style = ctx.style
        text = Text()
        text.append(f"Hand {o.hand_number}", style="bold")
        if o.phase == "play":
            text.append(f" · trick {o.trick_number}/13")
            if o.lead_suit is not None:
                text.append(" · led ")
                text.append_text(style.suit_text(o.lead_suit))
        text.append("\n")
        heart = style.suit_label(Suit.HEARTS)
        if o.hearts_broken:
            text.append(f"{heart} hearts broken", style="bold #ff5a6e")
        else:
            text.append(f"{heart} hearts not broken", style="dim")
        direction = o.pass_direction
        text.append(" · pass: ")
        if direction == "none":
            text.append("none this hand", style="dim")
        elif o.pass_target is None:
            text.append(direction)  # the table as everyone sees it
        else:
            text.append(f"{direction} to {ctx.who(o.pass_target)}")
        return text

    def _pass_text(self, o: HeartsObservation, ctx: TableContext) -> Text:
        text = Text()
        direction = o.pass_direction
        if o.pass_target is None:
            text.append(f"  Everyone chooses 3 cards to pass {direction}.\n")
        elif o.cards_given:
            text.append(f"  {ctx.act(o.seat, 'passes') if not ctx.personal else 'You pass'} {direction} to {ctx.who(o.pass_target)}: ")
            text.append_text(ctx.style.inline(o.cards_given))
            text.append("\n  Waiting for the others to choose.\n", style="dim")
        else:
            text.append(
                f"  Choose 3 cards to pass {direction} to {ctx.who(o.pass_target)}.\n",
                style="bold yellow",
            )
        chosen = ", ".join(ctx.who(s, start=not i) for i, s in enumerate(o.passed_seats)) or "nobody yet"
        text.append(f"  Chosen: {chosen}", style="dim")
        return text

    def sort_hand(self, obs: HeartsObservation) -> list[Card]:
        return hand_order(obs.hand)

    def move_kind(self, obs: HeartsObservation, legal: Sequence[Action]) -> str:
        return "give" if obs.phase == "pass" else "play"

    def seat_status(self, obs: HeartsObservation, seat: int) -> list[str]:
        if obs.phase == "pass":
            return ["passed"] if seat in obs.passed_seats else ["choosing"]
        return ["to act"] if obs.current_player == seat else []

    def seat_badges(self, obs: HeartsObservation, seat: int) -> list[str]:
        points = obs.points_taken[seat]
        tricks = obs.tricks_taken[seat]
        return [f"{points} pts · {plural(tricks, 'trick')}", f"{points} pts · {tricks} tr"]

    def prompt(self, obs: HeartsObservation, legal: Sequence[Action], ctx: TableContext) -> Text:
        if obs.phase == "pass":
            return Text(
                f"Your turn: select 3 cards to pass {obs.pass_direction} ({say('toggle_card')}), then {say('play')}."
            )
        if obs.lead_suit is None:
            if [action.cards for action in legal] == [(TWO_OF_CLUBS,)]:
                two = ctx.style.label(TWO_OF_CLUBS)
                return Text(f"Your lead: play the {two} ({say('play')}).")
            return Text(f"Your lead: choose a card ({say('cursor(-1)')} {say('cursor(1)')}) and press {say('play')}.")
        suit = ctx.style.suit_label(obs.lead_suit)
        return Text(f"Your turn: follow {suit} if you can; choose a card and press {say('play')}.")

    def score_text(self, obs: HeartsObservation, ctx: TableContext) -> Text:
        text = Text()
        text.append(f"Hand {obs.hand_number} · to {obs.target}\n", style="bold")
        # Columns wide enough for hand numbers and totals of a long game (a target of
        # up to 100,000): as many of the last three hands as fit beside the totals.
        played = len(obs.hand_scores)
        column = max(4, len(f"h{played}") + 1)
        total_width = max(5, *(len(str(total)) + 1 for total in obs.scores))
        count = min(3, played, max(_SCORE_WIDTH - 9 - total_width, 0) // column)
        hands = obs.hand_scores[played - count:]
        first = played - count + 1
        header = "".join(f"{'h' + str(first + i):>{column}}" for i in range(count))
        text.append(f"{'':<9}{header}{'tot':>{total_width}}\n", style="dim")
        for seat, total in enumerate(obs.scores):
            per = "".join(f"{h[seat]:>{column}}" for h in hands)
            text.append(f"{fit_name(ctx.name(seat), 9, pad=True)}{per}{total:>{total_width}}\n")
        return text

    def last_completed(self, obs: HeartsObservation, ctx: TableContext) -> Text:
        trick = obs.last_trick
        if trick is None:
            return Text("No trick completed yet in this hand.")
        text = Text("Last trick:\n", style="bold")
        for seat, card in trick.plays:
            text.append(f"  {fit_name(ctx.name(seat), 12, pad=True)}")
            text.append_text(ctx.style.inline([card]))
            text.append("\n")
        text.append(f"{ctx.who(trick.winner, start=True)} took it ({plural(trick.points, 'point')}).", style="bold")
        return text

    def log_line(self, event: Event, ctx: TableContext, viewer: int) -> Text | None:
        who = ctx.who(event.seat, start=True)
        if event.kind == "trick":
            points = TrickTaken.of(event).points
            return Text(f"{ctx.act(event.seat, 'takes')} the trick" + (f" (+{points})" if points else ""),
                        style="bold" if points else "dim italic")
        if event.kind == "hearts_broken":
            return Text("Hearts are broken!", style="bold #ff5a6e")
        if event.kind == "give" and event.cards:
            return Text.assemble(f"{ctx.act(event.seat, 'passes')} ",
                                 ctx.style.inline(hand_order(event.cards)), f" {Exchange.of(event).direction}")
        if event.kind == "exchange" and Exchange.of(event).receiver == viewer and event.cards:
            return Text.assemble(f"{who} passed {ctx.you(viewer, capital=False)} ", ctx.style.inline(hand_order(event.cards)))
        if event.kind == "moon":
            return Text(f"{ctx.act(event.seat, 'shot')} the moon!", style="bold yellow")
        if event.kind == "tie":
            return Text("Tied for the lowest score: one more hand", style="bold")
        if event.kind == "round_over":
            return Text(f"Hand {event.round} is over", style="bold")
        return super().log_line(event, ctx, viewer)

    def round_summary(self, event: Event, obs: HeartsObservation, ctx: TableContext) -> Text:
        result = RoundResult.of(event)
        text = Text()
        text.append(f"{'player':<16}{'taken':>7}{'scored':>8}{'total':>7}\n", style="bold")
        totals = result.totals or tuple(obs.scores)
        taken = result.points_taken or (0,) * obs.num_players
        scores = result.scores or (0,) * obs.num_players
        best = min(totals)
        for seat in range(obs.num_players):
            style = "bold green" if totals[seat] == best else ""
            text.append(
                f"{fit_name(ctx.name(seat), 15, pad=True)} {taken[seat]:>7}{scores[seat]:>8}{totals[seat]:>7}\n",
                style=style,
            )
        shooter = result.moon_shooter
        if shooter is not None:
            text.append(f"\n{moon_line(ctx, shooter, obs.seat)}\n", style="bold yellow")
        if len(obs.hand_scores) > 1:
            text.append("\nPoints per hand: ", style="dim")
            for i, hand in enumerate(obs.hand_scores, 1):
                text.append(f"h{i} " + "/".join(str(p) for p in hand) + "  ", style="dim")
            text.append("\n")
        return text
