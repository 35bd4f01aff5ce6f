"""Who sits at a table: a person at this keyboard, a bot, or a remote player.

A seat is told only what its own seat may see (``state.observation(seat)``) and
answers with action text; the :class:`~cardtable.session.table.TableSession` applies
that text through the engine.  What differs between kinds is only where the answer
comes from:

- ``human``: a person at this keyboard, through the game screen's keys.  With more
  than one, the table is hot-seat: the screen is covered between two people's turns.
- ``bot``: a computer player (a level, or a user's bot named by an import path),
  asked by the session in a thread the UI runs.
- ``remote``: a person at another computer, joined over the network
  (:mod:`cardtable.net`).  Like a human seat it is waited for and answers through
  ``TableSession.act``; unlike one it never shares this keyboard, so it takes no part
  in the hot-seat hand-over.

>>> Seat.human("Ann").label, Seat.bot_seat("Ada", "hard").label, Seat.bot_seat("Eve", "my_bot.py:Clever").label
('Ann', 'Ada (hard)', 'Eve (Clever)')
>>> Seat.bot_seat("Ada", "hard").spec, Seat.human("Ann").spec
('hard', 'human')
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = ["Seat", "SeatKind"]


class SeatKind(StrEnum):
    """Where a seat's moves come from."""

    HUMAN = "human"
    BOT = "bot"
    REMOTE = "remote"


class Seat(NamedTuple):
    """One seat: its ``name`` as shown, its ``kind``, and for a bot its ``bot`` spec
    (a level such as ``hard``, or an import path ``module:Class``)."""

    name: str
    kind: SeatKind
    bot: str = ""

    @classmethod
    def human(cls, name: str) -> Seat:
        return cls(name, SeatKind.HUMAN)

    @classmethod
    def bot_seat(cls, name: str, spec: str) -> Seat:
        """A bot seat playing ``spec``: a level or a user bot's import path."""
        return cls(name, SeatKind.BOT, spec)

    @classmethod
    def from_spec(cls, name: str, spec: str) -> Seat:
        """The seat a saved or configured ``kind`` names: ``human`` or a bot spec.

        >>> Seat.from_spec("Ann", "human").kind, Seat.from_spec("Ada", "easy").kind
        (<SeatKind.HUMAN: 'human'>, <SeatKind.BOT: 'bot'>)
        """
        return cls.human(name) if spec == "human" else cls.bot_seat(name, spec)

    @property
    def is_human(self) -> bool:
        """A person at this keyboard."""
        return self.kind is SeatKind.HUMAN

    @property
    def is_bot(self) -> bool:
        return self.kind is SeatKind.BOT

    @property
    def waits_for_outside(self) -> bool:
        """Whether the table waits for this seat's answer from outside the session (a
        person here or elsewhere) rather than asking a bot."""
        return self.kind is not SeatKind.BOT

    @property
    def spec(self) -> str:
        """What a save records as the seat's kind: ``human``, ``remote`` or the bot spec."""
        return self.bot if self.is_bot else self.kind.value

    @property
    def label(self) -> str:
        """The name, with the bot's level (a user bot: its class) for a bot."""
        if not self.is_bot:
            return self.name
        return f"{self.name} ({self.bot.rpartition(':')[2] or self.bot})"
