"""Network play: a host that owns the table and players who join it from elsewhere.

- :mod:`cardtable.net.protocol`: the messages, declared and checked on arrival.
- :mod:`cardtable.net.host`: the host, a WebSocket server around a
  :class:`~cardtable.session.TableSession`; its parts :mod:`~cardtable.net.admission`
  (who gets in, and how fast), :mod:`~cardtable.net.broadcast` (each seat's state in
  small messages) and :mod:`~cardtable.net.bot_seats` (seats handed to bots, the turn
  clock).
- :mod:`cardtable.net.hosted`: the host's own seat, played on the table screen.
- :mod:`cardtable.net.client`: a player's connection, without any user interface, and
  :mod:`cardtable.net.remote`: that seat as the table screen plays it.

This package never imports Textual: the table screen sits on top of the client.
"""
