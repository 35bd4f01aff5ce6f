"""How long cardtable takes to start, as ratios against what Python and Textual cost anyway.

Two parts, each timed as whole processes, in pairs run one after the other (A B A B ...)
so that a load that comes and goes falls on both sides of a pair alike; the figures are
each pair's ratio, min and median over the runs:

- ``cli``: ``cardtable --version``, ``--help``, ``rules president`` and ``stats``
  (output to a pipe) against ``python -c pass``, and their own seconds.
- ``frame``: the first frame of ``cardtable`` (the start screen) and of
  ``cardtable play president --seats human,easy,easy,easy``, against a minimal Textual
  app (a ``Header``, a ``Static`` and a ``Footer``), each in a pseudo-terminal of
  100x30.  The benchmark reads what the program writes, keeps the screen it draws, and
  stops the clock when the screen shows the app's content (the texts in ``MARKERS``:
  for the start screen, its last row and the game's options, which it fills in after
  composing; for the game, the table and the hand), then kills the program.

A third part, ``--lang CODE``, compares cardtable speaking another language with
cardtable in English, side by side: ``cardtable --lang CODE --version`` against
``cardtable --version``, and both first frames with ``--lang CODE`` against the same in
English (the frame's texts looked up in that language's catalogue).  English pays
nothing for the languages (no catalogue is read); another language may cost at most 10%
more (issue 37).

Beside the seconds, each run's CPU seconds (user and system, of the program and what it
started) are counted too, and their ratios given: on a machine shared with other work
the CPU a program needed changes much less with the load than the seconds it took.

Each case runs once first, not counted, which also writes the bytecode a real install
has.  Every cardtable run gets an empty data folder of its own (``CARDTABLE_HOME``), so the
player's saves and statistics are neither read nor changed; ``--home DIR`` times one
with files in it instead.  By default the checkout this file is in is timed
(``python -m cardtable`` with the checkout first on ``PYTHONPATH``); ``--installed``
times the ``cardtable`` command on ``PATH`` instead.

    python benchmarks/startup.py                 # both parts, 10 pairs of each
    python benchmarks/startup.py --runs 20 --part frame
    python benchmarks/startup.py --runs 1 --json # one pair of each, as JSON (the smoke test)
    python benchmarks/startup.py --runs 5 --lang nl   # Dutch against English

Figures depend on the machine and its load; the ratios much less.  The latest are in
docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

COLUMNS, ROWS = 100, 30

MINIMAL_APP = '''\
from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class Minimal(App[None]):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("a minimal Textual app")
        yield Footer()


Minimal().run()
'''

#: Runs a program (``-m MODULE`` or a script, then its arguments) with its terminal output
#: watched from inside: when what it has written shows every text of the markers (in
#: ``STARTUP_MARKERS``, separated by ``\x1f``), the CPU seconds it has used so far (all its
#: threads) go to the file ``STARTUP_FRAME_CPU``.  Counted from outside, a run's CPU goes on
#: until the benchmark has read the frame and killed the program, so it includes whatever
#: the program does meanwhile; this is its CPU at the frame itself.  Textual writes its
#: frames to ``sys.__stderr__``; the hook imports nothing of Textual's.
FRAME_CPU_HOOK = r'''\
import os, re, runpy, sys, time

_OUT = os.environ["STARTUP_FRAME_CPU"]
_MARKERS = os.environ["STARTUP_MARKERS"].split("\x1f")
_SEQUENCE = re.compile(r"\x1b\[[0-9;?<>=$ ]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


class _Watched:
    def __init__(self, file):
        self._file = file
        self._seen = ""
        self._done = False

    def write(self, data):
        if not self._done:
            self._seen = (self._seen + _SEQUENCE.sub("", data))[-20000:]
            if all(marker in self._seen for marker in _MARKERS):
                self._done = True
                with open(_OUT, "w") as out:
                    out.write(repr(time.process_time()))
        return self._file.write(data)

    def __getattr__(self, name):
        return getattr(self._file, name)


sys.__stderr__ = sys.stderr = _Watched(sys.__stderr__)
if sys.argv[1] == "-m":
    sys.argv = [sys.argv[2], *sys.argv[3:]]
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
else:
    sys.argv = sys.argv[1:]
    runpy.run_path(sys.argv[0], run_name="__main__")
'''

#: What each app's first frame shows once its content is drawn (all must be on screen).
#: Each ends with a text of the footer, the last row drawn: a frame can come in more than
#: one read, and the clock stops only once the whole of it is in.
MARKERS = {
    "minimal": ("a minimal Textual app", "palette"),
    # The seed row is the form's last; the game's options and its blurb beside the list;
    # the footer's last key.
    "start": ("Seed", "Revolution", "Shed your cards first", "esc Quit"),
    # The table's seats, the player's hand and its buttons, and the footer's keys.
    "play": ("Ada", "Cleo", "Your hand", "Clear", "Last trick"),
}

FRAME_TIMEOUT = 60.0

#: The first frames' texts in another language: each English marker and how to find it
#: there (a message of the catalogue, translated; a marker not listed is a name, the same
#: in every language).
TRANSLATED_MARKERS = {
    "Seed": lambda lang: lang._("Seed"),
    "Revolution": lambda lang: lang._("Revolution"),
    "Shed your cards first": lambda lang: lang._("Shed your cards first; beat sets of equal rank.")[:20],
    "esc Quit": lambda lang: "esc " + lang._("Quit"),
    "Your hand": lambda lang: lang.ngettext("Your hand · {count} card", "Your hand · {count} cards", 13)
    .split("·")[0].strip(),
    "Clear": lambda lang: lang._("Clear"),
    "Last trick": lambda lang: lang._("Last trick"),
}


def markers_in(code: str) -> dict[str, tuple[str, ...]]:
    """:data:`MARKERS` in the language ``code``, from the checkout's catalogue."""
    sys.path.insert(0, str(ROOT))
    try:
        import cardtable.lang as lang
    finally:
        sys.path.remove(str(ROOT))
    lang.use_language(code)
    if lang.current_language() != code:
        raise SystemExit(f"--lang {code}: no catalogue for that language")
    try:
        return {
            kind: tuple(TRANSLATED_MARKERS[marker](lang) if marker in TRANSLATED_MARKERS else marker
                        for marker in markers)
            for kind, markers in MARKERS.items()
        }
    finally:
        lang.use_language("en")


@dataclass
class Run:
    """One run of a program: the seconds it took and the CPU seconds it used (and, for a
    first frame, the CPU seconds it had used when it wrote that frame)."""

    seconds: float
    cpu: float
    frame_cpu: float = 0.0


@dataclass
class Pairs:
    """One comparison: the runs of A and of B, pair by pair."""

    name: str
    versus: str
    a: list[Run] = field(default_factory=list)
    b: list[Run] = field(default_factory=list)

    @property
    def ratios(self) -> list[float]:
        return [a.seconds / b.seconds for a, b in zip(self.a, self.b)]

    @property
    def cpu_ratios(self) -> list[float]:
        return [a.cpu / b.cpu for a, b in zip(self.a, self.b) if b.cpu > 0]

    @property
    def frame_cpu_ratios(self) -> list[float]:
        return [a.frame_cpu / b.frame_cpu for a, b in zip(self.a, self.b) if b.frame_cpu > 0 and a.frame_cpu > 0]

    def summary(self) -> dict[str, float | int | str]:
        cpu_ratios = self.cpu_ratios or [0.0]
        return {
            "name": self.name,
            "versus": self.versus,
            "runs": len(self.a),
            "seconds_min": min(run.seconds for run in self.a),
            "seconds_median": statistics.median(run.seconds for run in self.a),
            "versus_seconds_median": statistics.median(run.seconds for run in self.b),
            "ratio_min": min(self.ratios),
            "ratio_median": statistics.median(self.ratios),
            "cpu_seconds_median": statistics.median(run.cpu for run in self.a),
            "versus_cpu_seconds_median": statistics.median(run.cpu for run in self.b),
            "cpu_ratio_median": statistics.median(cpu_ratios),
            "frame_cpu_seconds_median": statistics.median(run.frame_cpu for run in self.a),
            "versus_frame_cpu_seconds_median": statistics.median(run.frame_cpu for run in self.b),
            "frame_cpu_ratio_median": statistics.median(self.frame_cpu_ratios or [0.0]),
        }


# --- running a command --------------------------------------------------------------

def children_cpu() -> float:
    """CPU seconds (user and system) of every child process ended and waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_run(command: Sequence[str], env: dict[str, str]) -> Run:
    """The seconds ``command`` takes from start to exit (its output to a pipe), and its CPU."""
    cpu = children_cpu()
    start = time.perf_counter()
    result = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {result.returncode}: {result.stderr.decode(errors='replace')}")
    return Run(elapsed, children_cpu() - cpu)


class Screen:
    """The text a terminal of ``ROWS`` x ``COLUMNS`` would show, from what a program writes.

    Enough of a terminal for Textual's output: cursor positioning (``CSI row;col H``),
    carriage return and line feed, and printable text; colours, modes and other
    sequences are skipped.
    """

    _SEQUENCE = re.compile(r"\x1b\[([0-9;?<>=$ ]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")

    def __init__(self) -> None:
        self.cells = [[" "] * COLUMNS for _ in range(ROWS)]
        self.row = self.column = 0
        self.pending = ""

    def feed(self, text: str) -> None:
        text = self.pending + text
        self.pending = ""
        # A sequence cut at the end of a read waits for the rest.
        cut = text.rfind("\x1b")
        if cut != -1 and not self._SEQUENCE.match(text, cut) and len(text) - cut < 64:
            text, self.pending = text[:cut], text[cut:]
        position = 0
        for match in self._SEQUENCE.finditer(text):
            self._write(text[position:match.start()])
            position = match.end()
            if match.group(2) == "H" and match.group(1) is not None and "?" not in match.group(1):
                parts = (match.group(1).split(";") + ["", ""])[:2]
                self.row = min(ROWS - 1, max(0, int(parts[0] or 1) - 1))
                self.column = min(COLUMNS - 1, max(0, int(parts[1] or 1) - 1))
        self._write(text[position:])

    def _write(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.column = 0
            elif char == "\n":
                self.row = min(ROWS - 1, self.row + 1)
            elif char.isprintable() and self.column < COLUMNS:
                self.cells[self.row][self.column] = char
                self.column += 1

    def text(self) -> str:
        return "\n".join("".join(row) for row in self.cells)


def first_frame(
    command: Sequence[str], env: dict[str, str], markers: Sequence[str], hook: Path | None = None
) -> tuple[Run, str]:
    """Seconds from starting ``command`` in a pseudo-terminal to a screen showing every
    text of ``markers`` (and the CPU seconds the program used, counted once it is
    killed, which it is then), and that screen.  With ``hook`` (a file holding
    :data:`FRAME_CPU_HOOK`) and a ``command`` that starts with Python, the program runs
    under the hook, which tells its CPU seconds at the frame itself."""
    import fcntl
    import pty
    import struct
    import termios

    frame_cpu_file = None
    if hook is not None and Path(command[0]).name.startswith("python"):
        frame_cpu_file = hook.with_name(f"frame-cpu-{os.getpid()}-{time.perf_counter_ns()}")
        env = dict(env, STARTUP_FRAME_CPU=str(frame_cpu_file), STARTUP_MARKERS="\x1f".join(markers))
        command = [command[0], str(hook), *command[1:]]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    screen = Screen()
    cpu = children_cpu()
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    try:
        while True:
            left = FRAME_TIMEOUT - (time.perf_counter() - start)
            if left <= 0:
                raise RuntimeError(f"{' '.join(command)}: no frame showing {markers} in {FRAME_TIMEOUT:g} s:\n{screen.text()}")
            ready, _, _ = select.select([master], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(master, 1 << 16)
            except OSError:  # the program ended: its side of the terminal closed
                data = b""
            if not data:
                raise RuntimeError(f"{' '.join(command)} ended before its first frame:\n{screen.text()}")
            screen.feed(data.decode("utf-8", errors="replace"))
            shown = screen.text()
            if all(marker in shown for marker in markers):
                elapsed = time.perf_counter() - start
                break
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
        os.close(master)
    frame_cpu = 0.0
    if frame_cpu_file is not None and frame_cpu_file.exists():
        frame_cpu = float(frame_cpu_file.read_text())
        frame_cpu_file.unlink()
    return Run(elapsed, children_cpu() - cpu, frame_cpu), shown


# --- the two parts ------------------------------------------------------------------

@dataclass
class Setup:
    cardtable: list[str]
    python: str
    env: dict[str, str]
    home: Path | None
    scratch: Path

    def cardtable_env(self) -> dict[str, str]:
        """The environment of one cardtable run: a fresh empty data folder unless --home."""
        env = dict(self.env)
        if self.home is not None:
            env["CARDTABLE_HOME"] = str(self.home)
        else:
            env["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="home-", dir=self.scratch)
        return env


def cli_part(setup: Setup, runs: int) -> list[Pairs]:
    baseline = [setup.python, "-c", "pass"]
    cases = {
        "cardtable --version": ["--version"],
        "cardtable --help": ["--help"],
        "cardtable rules president": ["rules", "president"],
        "cardtable stats": ["stats"],
    }
    results = [Pairs(name, "python -c pass") for name in cases]
    for case in [*cases.values()]:  # one warm-up each: the first run compiles the bytecode
        timed_run(setup.cardtable + case, setup.cardtable_env())
    timed_run(baseline, setup.env)
    for _ in range(runs):
        for pairs, args in zip(results, cases.values()):
            pairs.a.append(timed_run(setup.cardtable + args, setup.cardtable_env()))
            pairs.b.append(timed_run(baseline, setup.env))
    return results


def frame_part(setup: Setup, runs: int) -> tuple[list[Pairs], dict[str, str]]:
    script = setup.scratch / "minimal_app.py"
    script.write_text(MINIMAL_APP, encoding="utf-8")
    minimal = [setup.python, str(script)]
    cases = {
        "first frame: cardtable": ("start", []),
        "first frame: cardtable play president --seats human,easy,easy,easy": (
            "play", ["play", "president", "--seats", "human,easy,easy,easy"],
        ),
    }
    results = [Pairs(name, "first frame: minimal Textual app") for name in cases]
    hook = setup.scratch / "frame_cpu_hook.py"
    hook.write_text(FRAME_CPU_HOOK, encoding="utf-8")
    screens: dict[str, str] = {}
    screens["minimal"] = first_frame(minimal, setup.env, MARKERS["minimal"], hook)[1]  # warm-up
    for kind, args in cases.values():
        screens[kind] = first_frame(setup.cardtable + args, setup.cardtable_env(), MARKERS[kind], hook)[1]
    for _ in range(runs):
        for pairs, (kind, args) in zip(results, cases.values()):
            pairs.a.append(first_frame(setup.cardtable + args, setup.cardtable_env(), MARKERS[kind], hook)[0])
            pairs.b.append(first_frame(minimal, setup.env, MARKERS["minimal"], hook)[0])
    return results, screens


def lang_part(setup: Setup, runs: int, code: str) -> tuple[list[Pairs], dict[str, str]]:
    """``cardtable`` speaking ``code`` against ``cardtable`` in English: ``--version`` and
    both first frames, pair by pair."""
    translated = markers_in(code)
    language = ["--lang", code]
    version_pairs = Pairs(f"cardtable --lang {code} --version", "cardtable --version")
    frames = {
        "start": ([], Pairs(f"first frame: cardtable --lang {code}", "first frame: cardtable")),
        "play": (["play", "president", "--seats", "human,easy,easy,easy"],
                 Pairs(f"first frame: cardtable --lang {code} play president --seats human,easy,easy,easy",
                       "first frame: cardtable play president (English)")),
    }
    hook = setup.scratch / "frame_cpu_hook.py"
    hook.write_text(FRAME_CPU_HOOK, encoding="utf-8")
    screens: dict[str, str] = {}
    # One warm-up each: the bytecode, and the language's compiled catalogue.
    timed_run(setup.cardtable + language + ["--version"], setup.cardtable_env())
    timed_run(setup.cardtable + ["--version"], setup.cardtable_env())
    for kind, (args, _pairs) in frames.items():
        screens[f"{kind} ({code})"] = first_frame(
            setup.cardtable + language + args, setup.cardtable_env(), translated[kind], hook)[1]
        first_frame(setup.cardtable + args, setup.cardtable_env(), MARKERS[kind], hook)
    for _ in range(runs):
        version_pairs.a.append(timed_run(setup.cardtable + language + ["--version"], setup.cardtable_env()))
        version_pairs.b.append(timed_run(setup.cardtable + ["--version"], setup.cardtable_env()))
        for kind, (args, pairs) in frames.items():
            pairs.a.append(first_frame(setup.cardtable + language + args, setup.cardtable_env(), translated[kind], hook)[0])
            pairs.b.append(first_frame(setup.cardtable + args, setup.cardtable_env(), MARKERS[kind], hook)[0])
    return [version_pairs, *(pairs for _args, pairs in frames.values())], screens


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="pairs of runs of each case (default 10)")
    parser.add_argument("--part", choices=["cli", "frame", "all"], default="all")
    parser.add_argument("--installed", action="store_true",
                        help="time the cardtable command on PATH, not this checkout")
    parser.add_argument("--home", type=Path, help="a CARDTABLE_HOME with saves and statistics to read")
    parser.add_argument("--lang", metavar="CODE",
                        help="compare cardtable in the language CODE with English (--version and first frames), "
                             "in place of the parts")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--show-screens", action="store_true", help="print each app's first frame once")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8", LC_ALL="C.UTF-8",
               COLUMNS=str(COLUMNS), LINES=str(ROWS))
    env.pop("CARDTABLE_HOME", None)
    # An installed program runs from compiled bytecode: let the warm-up runs write it.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if args.installed:
        found = shutil.which("cardtable")
        if found is None:
            parser.error("--installed: no cardtable command on PATH")
        cardtable = [found]
        python = sys.executable
    else:
        cardtable = [sys.executable, "-m", "cardtable"]
        python = sys.executable
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))

    report: dict[str, object] = {"command": cardtable, "python": python, "runs": args.runs}
    with tempfile.TemporaryDirectory(prefix="cardtable-startup-") as scratch:
        setup = Setup(cardtable, python, env, args.home, Path(scratch))
        figures: list[Pairs] = []
        if args.lang is not None:
            frames, screens = lang_part(setup, args.runs, args.lang)
            figures += frames
            if args.show_screens:
                report["screens"] = screens
        elif args.part in ("cli", "all"):
            figures += cli_part(setup, args.runs)
        if args.lang is None and args.part in ("frame", "all"):
            frames, screens = frame_part(setup, args.runs)
            figures += frames
            if args.show_screens:
                report["screens"] = screens
        report["figures"] = [pairs.summary() for pairs in figures]

    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{' '.join(cardtable)}; {args.runs} pairs of runs each; ratios are A/B pair by pair")
    print(f"{'A':70} {'B':34} {'A s (med)':>9} {'B s (med)':>9} {'A/B min':>7} {'A/B med':>7} "
          f"{'A CPU s':>7} {'B CPU s':>7} {'CPU A/B':>7} {'A CPU@f':>7} {'B CPU@f':>7} {'A/B @f':>7}")
    for summary in report["figures"]:  # type: ignore[attr-defined]
        at_frame = (f" {summary['frame_cpu_seconds_median']:7.3f} {summary['versus_frame_cpu_seconds_median']:7.3f} "
                    f"{summary['frame_cpu_ratio_median']:7.2f}" if summary["frame_cpu_ratio_median"] else "")
        print(f"{summary['name']:70} {summary['versus']:34} {summary['seconds_median']:9.3f} "
              f"{summary['versus_seconds_median']:9.3f} {summary['ratio_min']:7.2f} {summary['ratio_median']:7.2f} "
              f"{summary['cpu_seconds_median']:7.3f} {summary['versus_cpu_seconds_median']:7.3f} "
              f"{summary['cpu_ratio_median']:7.2f}{at_frame}")
    for kind, shown in report.get("screens", {}).items():  # type: ignore[attr-defined]
        print(f"\n--- {kind}: first frame ---\n{shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
