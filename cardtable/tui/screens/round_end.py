"""A round's end on the game screen: :class:`RoundEnd`.

When a round (a Hearts hand, a Durak round) or the game ends, its pop-up
(:class:`~cardtable.tui.screens.roundover.RoundOverScreen`) shows the summary and the
winners and asks what next: play on, deal again, a new game, review the round, or quit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.payloads import Ending, EventKind
from cardtable.lang import _, ngettext
from cardtable.tui.config import TableConfig
from cardtable.tui.services import services

if TYPE_CHECKING:
    from cardtable.session.review import RoundReviews
    from cardtable.tui.screens.game import GameScreen

__all__ = ["RoundEnd"]


class RoundEnd:
    """A round's or the game's end on ``screen``: its pop-up and what the player chose next."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        #: a round just ended, its pop-up due once the table is drawn
        self.pending: Event | None = None
        #: the round-over event the pop-up shows (the review of that round comes back to it)
        self.shown: Event | None = None
        #: the reviews of this game's rounds (made at the first: the review's modules load then)
        self._reviews: RoundReviews | None = None

    def ended(self, event: Event | None) -> None:
        """A round just ended with ``event``: its pop-up is due once the table is drawn
        (``None``: none is, an undo took the round's end back)."""
        self.pending = event

    def show_pending(self) -> bool:
        """Show the pop-up of a round just ended, if one did; whether it is shown."""
        event, self.pending = self.pending, None
        if event is None:
            return False
        self.show(event)
        return True

    def show(self, event: Event) -> None:
        screen = self.screen
        view = screen.view
        assert view is not None
        obs, ctx = view.obs, screen.context
        over = screen.session.is_over
        noun = screen.view_model.round_noun
        if over:
            title = _("Game over")
        else:
            title = _("{round} {number} is over").format(round=noun.capitalize(), number=event.round)
        body = screen.table.round_summary(event, obs, ctx)
        if over:
            winners = [ctx.name(s) for s in Ending.of(event).winners] or self.winners_from_events(obs)
            if winners:
                body.append("\n" + ngettext("Winner: {players}", "Winner: {players}", len(winners)).format(
                    players=", ".join(winners)), style="bold green")
        self.shown = event
        from cardtable.tui.screens.roundover import RoundOverScreen  # a screen pushed later loads then

        screen.app.push_screen(RoundOverScreen(title, body, over, noun, reviewable=self.reviewable()), self.chosen)

    def reviewable(self) -> bool:
        """Whether the round-over pop-up offers the review: a table played here, one
        person at it (or, in hot-seat, once the game is over, for the person shown)."""
        screen = self.screen
        session = screen.session
        return (
            session.state is not None and not screen.read_only and session.local
            and session.viewer is not None and (not session.hotseat or session.is_over)
        )

    @property
    def reviews(self) -> RoundReviews:
        """The reviews of this game's rounds, kept while the game is open (made at the first)."""
        if self._reviews is None:
            from cardtable.session.review import RoundReviews

            self._reviews = RoundReviews()
        return self._reviews

    def review_round(self) -> None:
        from cardtable.userdata.records import Replay

        screen = self.screen
        event = self.shown
        rounds = (event.round,) if event is not None else None
        kept = self.reviews
        # A game over before its first review (the FINISHED notice found nothing kept):
        # this review, and any after it, go beside the record too.
        self.keep_reviews_with_record()
        services(screen).open_review(
            Replay.from_state(screen.state), screen.session.viewer, rounds,
            lambda _: self.show(event) if event is not None else None, kept=kept,
        )

    def keep_reviews_with_record(self) -> None:
        """Once the game is over and its record written, the reviews of its rounds made
        here go beside the record (and each made later), where the replay screen and
        ``cardtable review`` read them."""
        kept = self._reviews
        session = self.screen.session
        state = session.state
        if kept is None or kept.record is not None or state is None or not session.local:
            return
        from cardtable.session.review import record_of

        record = record_of(state)
        if record is not None:
            kept.keep_beside(record)

    def winners_from_events(self, obs: Observation) -> list[str]:
        for event in reversed(obs.events):
            if event.kind == EventKind.GAME_OVER:
                return [self.screen.context.name(s) for s in Ending.of(event).winners]
        return []

    def chosen(self, choice: str | None) -> None:
        """What the player chose at the pop-up: review, quit, a new game, again, or play on."""
        screen = self.screen
        if choice == "review":
            self.review_round()
        elif choice == "quit":
            screen.finish()
            screen.app.exit()
        elif choice == "new" or (choice == "again" and not screen.session.local):
            # The host deals a hosted table's games: from here, a new game is one's own.
            screen.finish()
            services(screen).show_start(screen.game_name)
        elif choice == "again":
            screen.finish()
            config = screen.config
            if config.seed is not None:
                config = TableConfig(config.game, config.seats, config.seed + 1, config.options)
            services(screen).start_game(config)
        else:
            screen.turns.next_turn()
