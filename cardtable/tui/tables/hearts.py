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
from cardtable.lang import N_, _, ngettext, number, pgettext
from cardtable.names import fit_name
from cardtable.tui.cardstyle import beside, lines_text
from cardtable.tui.keymap import say
from cardtable.tui.tables.base import TableArea, TableContext, outcome_mean
from cardtable.tui.wording import fill

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
    yours = (ctx.personal and shooter == viewer) or ctx.is_you(shooter)
    if yours:
        return _("You shot the moon: 0 for you, 26 for everyone else.")
    return _("{player} shot the moon: 0 for {player}, 26 for everyone else.").format(player=ctx.name(shooter))


def direction_word(direction: str) -> str:
    """Where Hearts' cards are passed this hand, in the reader's words (``left``)."""
    words = {
        "left": pgettext("pass direction", "left"),
        "right": pgettext("pass direction", "right"),
        "across": pgettext("pass direction", "across"),
        "none": pgettext("pass direction", "none"),
    }
    return words.get(direction, direction)


_SCORE_WIDTH = 26
"""The score table's width: a name, the last three hands and the totals of a game to 100."""


def hand_head(number: int) -> str:
    """A hand's number as the score sheet's column heads write it: ``h3``.

    >>> hand_head(3)
    'h3'
    """
    # TRANSLATORS: a column head of the Hearts score sheet: hand (deal) number {hand}, short (the word's first letter).
    return pgettext("a hand's number, short", "h{hand}").format(hand=number)


class HeartsTable(TableArea[HeartsObservation]):
    """Draws Hearts from a :class:`HeartsObservation`."""

    extra_moves = ()
    hint_moves = {**TableArea.hint_moves, "give": N_("pass {cards}")}
    gave_words = (N_("{player} passed you {cards}"), N_("{player} passed {target} {cards}"))
    move_lines = {**TableArea.move_lines, "give": (N_("You pass {cards}"), N_("{player} passes {cards}"))}
    hidden_lines = {"give": (("You pass {count} card", "You pass {count} cards"),
                             ("{player} passes {count} card", "{player} passes {count} cards"))}
    move_nouns = {**TableArea.move_nouns, "give": N_("your pass of {cards}")}
    completions = ("trick",)
    hint_reasons = {**TableArea.hint_reasons, "pass": N_("the hard bot's pick of three")}

    def hint_value(self, move: MoveValue, short: bool = False) -> str:
        """The points the viewer takes this hand in the search's simulations of the move
        (the search itself weighs them against the others' average).

        >>> from cardtable.bots.search import MoveValue
        >>> HeartsTable().hint_value(MoveValue(Action.parse("play QS"), 4, 0.4, {13: 1, 0: 3}))
        'expected 3.2 ± 6.5 points this hand'
        """
        if not move.outcomes:
            return super().hint_value(move, short)
        points = number(outcome_mean(move.outcomes), 1) + self.hint_noise(move)
        return points if short else _("expected {points} points this hand").format(points=points)

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
        number = trick.number if trick.number is not None else "?"
        text.append(_("Hand {hand} · trick {trick}/13").format(hand=event.round, trick=number), style="bold")
        text.append("\n")
        text.append(f"{self.winner_mark(ctx)} ", style="bold yellow")
        text.append_text(self.completed_line(event, ctx))
        text.append("\n\n")
        text.append_text(self._trick_cross(obs, ctx, plays, None, winner=event.seat))
        return text

    def completed_line(self, event: Event, ctx: TableContext) -> Text:
        """``Ben takes the trick (+3 points)``."""
        points = TrickTaken.of(event).points
        line = ctx.line(event.seat, _("You take the trick"), _("{player} takes the trick"), "bold yellow")
        if points:
            line.append(" (+" + ngettext("{count} point", "{count} points", points).format(count=points) + ")")
        return line

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
        text.append(_("Hand {hand}").format(hand=o.hand_number), style="bold")
        if o.phase == "play":
            text.append(" · " + _("trick {trick}/13").format(trick=o.trick_number))
            if o.lead_suit is not None:
                text.append(" · ")
                text.append_text(fill(_("led {suit}"), suit=style.suit_text(o.lead_suit)))
        text.append("\n")
        heart = style.suit_label(Suit.HEARTS)
        if o.hearts_broken:
            text.append(_("{heart} hearts broken").format(heart=heart), style="bold #ff5a6e")
        else:
            text.append(_("{heart} hearts not broken").format(heart=heart), style="dim")
        direction = o.pass_direction
        text.append(" · ")
        if direction == "none":
            text.append(_("pass: none this hand"), style="dim")
        elif o.pass_target is None:
            # the table as everyone sees it
            text.append(_("pass: {direction}").format(direction=direction_word(direction)))
        else:
            text.append(_("pass: {direction} to {player}").format(
                direction=direction_word(direction), player=ctx.who(o.pass_target)))
        return text

    def _pass_text(self, o: HeartsObservation, ctx: TableContext) -> Text:
        text = Text()
        direction = direction_word(o.pass_direction)
        if o.pass_target is None:
            text.append("  " + _("Everyone chooses 3 cards to pass {direction}.").format(direction=direction) + "\n")
        elif o.cards_given:
            text.append("  ")
            text.append_text(ctx.own_line(o.seat, _("You pass {direction} to {target}: {cards}"),
                                          _("{player} passes {direction} to {target}: {cards}"),
                                          direction=direction, target=ctx.who(o.pass_target),
                                          cards=ctx.style.inline(o.cards_given)))
            text.append("\n  " + _("Waiting for the others to choose.") + "\n", style="dim")
        else:
            text.append(
                "  " + _("Choose 3 cards to pass {direction} to {player}.").format(
                    direction=direction, player=ctx.who(o.pass_target)) + "\n",
                style="bold yellow",
            )
        chosen = ", ".join(ctx.who(s, start=not i) for i, s in enumerate(o.passed_seats)) or _("nobody yet")
        text.append("  " + _("Chosen: {players}").format(players=chosen), style="dim")
        return text

    def sort_hand(self, obs: HeartsObservation) -> list[Card]:
        return hand_order(obs.hand)

    def move_kind(self, obs: HeartsObservation, legal: Sequence[Action]) -> str:
        return "give" if obs.phase == "pass" else "play"

    def seat_status(self, obs: HeartsObservation, seat: int) -> list[str]:
        if obs.phase == "pass":
            if seat in obs.passed_seats:
                return [pgettext("Hearts: has chosen the cards to pass", "passed")]
            return [_("choosing")]
        return [_("to act")] if obs.current_player == seat else []

    def seat_badges(self, obs: HeartsObservation, seat: int) -> list[str]:
        points = obs.points_taken[seat]
        tricks = obs.tricks_taken[seat]
        return [ngettext("{points} pts · {count} trick", "{points} pts · {count} tricks", tricks).format(
                    points=points, count=tricks),
                _("{points} pts · {count} tr").format(points=points, count=tricks)]

    def prompt(self, obs: HeartsObservation, legal: Sequence[Action], ctx: TableContext) -> Text:
        # Each sentence comes twice: to the person alone at the table, and naming the
        # person to act when several people share the keyboard (hot-seat).
        seat = obs.seat
        if obs.phase == "pass":
            return ctx.own_line(seat, _("Your turn: select 3 cards to pass {direction} ({select}), then {play}."),
                                # TRANSLATORS: hot-seat: several people share the keyboard, {player} is to act.
                                _("{player}'s turn: select 3 cards to pass {direction} ({select}), then {play}."),
                                direction=direction_word(obs.pass_direction), select=say("toggle_card"),
                                play=say("play"))
        if obs.lead_suit is None:
            if [action.cards for action in legal] == [(TWO_OF_CLUBS,)]:
                two = ctx.style.label(TWO_OF_CLUBS)
                return ctx.own_line(seat, _("Your lead: play the {card} ({play})."),
                                    _("{player}'s lead: play the {card} ({play})."), card=two, play=say("play"))
            return ctx.own_line(seat, _("Your lead: choose a card ({left} {right}) and press {play}."),
                                _("{player}'s lead: choose a card ({left} {right}) and press {play}."),
                                left=say("cursor(-1)"), right=say("cursor(1)"), play=say("play"))
        suit = ctx.style.suit_label(obs.lead_suit)
        return ctx.own_line(seat, _("Your turn: follow {suit} if you can; choose a card and press {play}."),
                            _("{player}'s turn: follow {suit} if possible; choose a card and press {play}."),
                            suit=suit, play=say("play"))

    def score_text(self, obs: HeartsObservation, ctx: TableContext) -> Text:
        text = Text()
        text.append(_("Hand {hand} · to {target}").format(hand=obs.hand_number, target=obs.target) + "\n", style="bold")
        # Columns wide enough for hand numbers and totals of a long game (a target of
        # up to 100,000), and for the language's words over them, a space apart: as many
        # of the last three hands as fit beside the totals.
        played = len(obs.hand_scores)
        column = max(4, len(hand_head(played)) + 1)
        total_head = pgettext("total score, short", "tot")
        total_width = max(5, len(total_head) + 1, *(len(str(total)) + 1 for total in obs.scores))
        count = min(3, played, max(_SCORE_WIDTH - 9 - total_width, 0) // column)
        hands = obs.hand_scores[played - count:]
        first = played - count + 1
        header = "".join(f"{hand_head(first + i):>{column}}" for i in range(count))
        text.append(f"{'':<9}{header}{total_head:>{total_width}}\n", style="dim")
        for seat, total in enumerate(obs.scores):
            per = "".join(f"{h[seat]:>{column}}" for h in hands)
            text.append(f"{fit_name(ctx.name(seat), 9, pad=True)}{per}{total:>{total_width}}\n")
        return text

    def last_completed(self, obs: HeartsObservation, ctx: TableContext) -> Text:
        trick = obs.last_trick
        if trick is None:
            return Text(_("No trick completed yet in this hand."))
        text = Text(_("Last trick:") + "\n", style="bold")
        for seat, card in trick.plays:
            text.append(f"  {fit_name(ctx.name(seat), 12, pad=True)}")
            text.append_text(ctx.style.inline([card]))
            text.append("\n")
        points = trick.points
        text.append_text(ctx.line(trick.winner, ngettext("You took it ({count} point).", "You took it ({count} points).", points),
                                  ngettext("{player} took it ({count} point).", "{player} took it ({count} points).", points),
                                  "bold", count=points))
        return text

    def log_line(self, event: Event, ctx: TableContext, viewer: int) -> Text | None:
        if event.kind == "trick":
            points = TrickTaken.of(event).points
            line = ctx.line(event.seat, _("You take the trick"), _("{player} takes the trick"),
                            "bold" if points else "dim italic")
            return line + Text(f" (+{points})") if points else line
        if event.kind == "hearts_broken":
            return Text(_("Hearts are broken!"), style="bold #ff5a6e")
        if event.kind == "give" and event.cards:
            return ctx.line(event.seat, _("You pass {cards} {direction}"), _("{player} passes {cards} {direction}"),
                            cards=ctx.style.inline(hand_order(event.cards)),
                            direction=direction_word(Exchange.of(event).direction))
        if event.kind == "exchange" and Exchange.of(event).receiver == viewer and event.cards:
            cards = ctx.style.inline(hand_order(event.cards))
            if ctx.is_yours(viewer):
                return fill(_("{player} passed you {cards}"), player=ctx.name(event.seat), cards=cards)
            return fill(_("{player} passed {target} {cards}"), player=ctx.name(event.seat), target=ctx.name(viewer),
                        cards=cards)
        if event.kind == "moon":
            return ctx.line(event.seat, _("You shot the moon!"), _("{player} shot the moon!"), "bold yellow")
        if event.kind == "tie":
            return Text(_("Tied for the lowest score: one more hand"), style="bold")
        if event.kind == "round_over":
            return Text(_("Hand {hand} is over").format(hand=event.round), style="bold")
        return super().log_line(event, ctx, viewer)

    def round_summary(self, event: Event, obs: HeartsObservation, ctx: TableContext) -> Text:
        result = RoundResult.of(event)
        text = Text()
        player, taken_word, scored, total = _("player"), _("taken"), _("scored"), _("total")
        text.append(f"{player:<16}{taken_word:>7}{scored:>8}{total:>7}\n", style="bold")
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
            text.append("\n" + _("Points per hand:") + " ", style="dim")
            for i, hand in enumerate(obs.hand_scores, 1):
                text.append(f"{hand_head(i)} " + "/".join(str(p) for p in hand) + "  ", style="dim")
            text.append("\n")
        return text
