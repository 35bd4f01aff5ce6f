"""Why a host closed a player's connection or turned them away, in the player's language.

The host sends its reason as data (:data:`cardtable.net.protocol.Parting`, with its
seconds) besides its English line for logs, and a connection that ends otherwise says
why as data too (:data:`cardtable.net.client.Ended`); this screen words both.  A reason without a
code (an older host, a message the host could not read) is shown as the host wrote it.

>>> parting_line("wrong_code", None, "x")
'wrong code: no seat at this table has it'
>>> parting_line("joined_too_often", 12, "x")
'this seat joined too often lately; try again in 12 seconds'
>>> parting_line(None, None, "the connection closed (1006)")
'the connection closed (1006)'
"""

from __future__ import annotations

from cardtable.lang import _, brief_number, ngettext

__all__ = ["parting_line"]


def parting_line(why: str | None, seconds: float | None, reason: str) -> str:
    """The host's ``why`` (with its ``seconds``) in the player's language; ``reason``,
    the host's or the connection's own line, when there is no ``why`` this cardtable knows."""
    count = round(seconds) if seconds is not None else 0
    match why:
        case "host_closed":
            return _("the host closed the table")
        case "game_over":
            return _("the game is over")
        case "joined_elsewhere":
            return _("your seat was joined from another connection")
        case "wrong_code" if seconds is not None:
            return ngettext(
                "wrong code: no seat at this table has it (too many from your address: each try now waits "
                "{count} second)",
                "wrong code: no seat at this table has it (too many from your address: each try now waits "
                "{count} seconds)", count).format(count=brief_number(seconds))
        case "wrong_code":
            return _("wrong code: no seat at this table has it")
        case "crowded":
            return _("too many connections waiting to join; try again soon")
        case "table_closed":
            return _("the table is closed")
        case "joined_too_often":
            return ngettext("this seat joined too often lately; try again in {count} second",
                            "this seat joined too often lately; try again in {count} seconds", count).format(count=count)
        case "say_hello":
            # TRANSLATORS: the host's refusal of a first message that is not a hello (a program, not cardtable).
            return _("say hello first")
        case "flood":
            return _("too many messages: closing the connection")
        case "slow_down":
            return _("too many messages: slow down; messages are being dropped")
        case "binary":
            return _("send text messages (JSON), not binary ones")
        case "already_joined":
            return _("already joined: hello is only the first message")
        # Found by this cardtable, not said by the host:
        case "connection_closed":
            return _("the connection closed")
        case "unreadable":
            return _("the host sent a message this cardtable cannot read")
        case "listener_failed":
            return _("cardtable failed while showing the host's news; the connection was closed")
    return reason
