"""A round's end on the game screen: :class:`RoundEndPart`.

When a round (a Hearts hand, a Durak round) or the game ends, its pop-up
(:class:`~cardtable.tui.screens.roundover.RoundOverScreen`) shows the summary and the
winners and asks what next: play on, deal again, a new game, review the round, or quit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.events import Event
from cardtable.engine.observation import Observation
from cardtable.engine.payloads import Ending, EventKind
from cardtable.tui.config import TableConfig
from cardtable.tui.screens.game_parts import GameScreenParts
from cardtable.tui.screens.roundover import RoundOverScreen
from cardtable.tui.services import services

if TYPE_CHECKING:
    from cardtable.session.review import RoundReviews

__all__ = ["RoundEndPart"]


class RoundEndPart(GameScreenParts):
    """A round's or the game's end: its pop-up and what the player chose next."""

    #: the reviews of this game's rounds (made at the first: the review's modules load then)
    _round_reviews: RoundReviews | None = None

    def show_round_over(self, event: Event) -> None:
        obs = self.obs
        assert obs is not None
        over = self.session.is_over
        title = "Game over" if over else f"{self.round_noun.capitalize()} {event.round} is over"
        body = self.table.round_summary(event, obs, self.context)
        if over:
            winners = [self.context.name(s) for s in Ending.of(event).winners] or self._winners_from_events(obs)
            if winners:
                body.append(f"\nWinner: {', '.join(winners)}", style="bold green")
        self.round_over_event = event
        self.app.push_screen(
            RoundOverScreen(title, body, over, self.round_noun, reviewable=self.reviewable()), self.round_over_choice
        )

    def reviewable(self) -> bool:
        """Whether the round-over pop-up offers the review: a table played here, one
        person at it (or, in hot-seat, once the game is over, for the person shown)."""
        session = self.session
        return (
            session.state is not None and not self.read_only and session.local
            and session.viewer is not None and (not self.hotseat or session.is_over)
        )

    @property
    def round_reviews(self) -> RoundReviews:
        """The reviews of this game's rounds, kept while the game is open (made at the first)."""
        if self._round_reviews is None:
            from cardtable.session.review import RoundReviews

            self._round_reviews = RoundReviews()
        return self._round_reviews

    def review_round(self) -> None:
        from cardtable.userdata.records import Replay

        session = self.session
        event = self.round_over_event
        rounds = (event.round,) if event is not None else None
        kept = self.round_reviews
        # A game over before its first review (the FINISHED notice found nothing kept):
        # this review, and any after it, go beside the record too.
        self.keep_reviews_with_record()
        services(self).open_review(
            Replay.from_state(self.state), session.viewer, rounds,
            lambda _: self.show_round_over(event) if event is not None else None, kept=kept,
        )

    def keep_reviews_with_record(self) -> None:
        """Once the game is over and its record written, the reviews of its rounds made
        here go beside the record (and each made later), where the replay screen and
        ``cardtable review`` read them."""
        kept = self._round_reviews
        state = self.session.state
        if kept is None or kept.record is not None or state is None or not self.session.local:
            return
        from cardtable.session.review import record_of

        record = record_of(state)
        if record is not None:
            kept.keep_beside(record)

    def _winners_from_events(self, obs: Observation) -> list[str]:
        for event in reversed(obs.events):
            if event.kind == EventKind.GAME_OVER:
                return [self.context.name(s) for s in Ending.of(event).winners]
        return []

    def round_over_choice(self, choice: str | None) -> None:
        if choice == "review":
            self.review_round()
        elif choice == "quit":
            self.finished = True
            self.app.exit()
        elif choice == "new" or (choice == "again" and not self.session.local):
            # The host deals a hosted table's games: from here, a new game is one's own.
            self.finished = True
            services(self).show_start(self.game_name)
        elif choice == "again":
            self.finished = True
            config = self.config
            if config.seed is not None:
                config = TableConfig(config.game, config.seats, config.seed + 1, config.options)
            services(self).start_game(config)
        else:
            self.next_turn()
