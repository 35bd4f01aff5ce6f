"""``cardtable export SAVEFILE RECORDFILE``: turn a save file into a game record.

The save is only read (a damaged one is reported, not moved: the player named it);
the record is written atomically and an existing file is replaced only with ``--force``.
"""

from __future__ import annotations

from pathlib import Path

from cardtable.commands.common import Refusal
from cardtable.display import visible
from cardtable.errors import SaveFileError
from cardtable.lang import _, ngettext
from cardtable.userdata.records import export_record, load_record

__all__ = ["export"]


def export(savefile: str, recordfile: str, force: bool = False) -> Path:
    """Export the game in ``savefile`` as a record at ``recordfile``; return its path.

    Raises :class:`SaveFileError` (exit status 2) for a save that cannot be read, and a
    :class:`~cardtable.commands.common.Refusal` (exit status 2) for a record file that
    exists without ``force`` or is a folder.
    """
    source, target = Path(savefile), Path(recordfile)
    if target.exists() and not force:
        raise Refusal(_("{path} already exists; add --force to replace it").format(path=target), 2)
    if target.is_dir():
        raise Refusal(_("{path} is a directory; give the record a file name").format(path=target), 2)
    replay = load_record(source)
    state = replay.state_at(replay.length)
    try:
        written = export_record(state, target)
    except OSError as exc:
        raise SaveFileError(_("cannot write {path}: {reason}").format(path=target, reason=exc.strerror or exc)) from None
    if state.is_over:
        said = _("Exported {source} ({game}, finished) to {target}")
    else:
        said = ngettext("Exported {source} ({game}, not finished, {count} action) to {target}",
                        "Exported {source} ({game}, not finished, {count} actions) to {target}", replay.length)
    print(visible(said.format(source=source, game=_(state.rules.title), count=replay.length, target=written)))
    return written
