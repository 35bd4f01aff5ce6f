"""Network play: a host that owns the table and players who join it from elsewhere.

- :mod:`cardtable.net.protocol`: the messages, declared and checked on arrival.
- :mod:`cardtable.net.host`: the host, a WebSocket server around a
  :class:`~cardtable.session.TableSession`.
- :mod:`cardtable.net.client`: a player's connection, without any user interface.

This package never imports Textual: the table screen sits on top of the client.
"""
