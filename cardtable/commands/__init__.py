"""The work behind each ``cardtable`` command, one module per command.

:mod:`cardtable.cli` only declares the commands; these modules do the work, so they
can be tested and reused (the app's help screen renders the same rules text).
"""
