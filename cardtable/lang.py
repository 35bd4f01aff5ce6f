"""The player's language: which one is chosen, and the words in it (standard library gettext).

cardtable speaks English, Dutch, Estonian, Polish and Bulgarian (:func:`supported_languages`:
English and every language that has a catalogue in ``cardtable/locale/``).  The language
comes from ``--lang CODE``, else the ``language`` setting, else the environment
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, read as gettext reads them); anything
unknown falls back to English (:func:`resolve_language`).  :func:`use_language` makes a
language the current one; :func:`_`, :func:`ngettext`, :func:`pgettext` and
:func:`npgettext` answer in it, and :func:`number`, :func:`brief_number` and
:func:`percent` write numbers as it does (its decimal mark and thousands separator are
messages of its catalogue: Dutch ``3.684`` and ``0,35``, Polish ``13 684``).

English is the language the code is written in: it loads no catalogue and does not even
import :mod:`gettext`, so it costs nothing at start-up.  The pseudo-language ``qps``
(:data:`PSEUDO`, never offered to players) marks and lengthens every message, so that a
screen shows at a glance which words escaped the catalogue and what does not fit.

Where the catalogues are: an installed cardtable carries them compiled
(``cardtable/locale/<code>/LC_MESSAGES/cardtable.mo``, made at build time by setup.py).  A
checkout has only the ``.po`` sources; the first run in a language compiles its ``.po``
with Babel (a test and build dependency) beside it, as Python writes bytecode, and again
whenever the ``.po`` is newer.  docs/translating.md is the translator's guide.

>>> use_language("en")
>>> _("the rules of {game} are not written yet").format(game="chess")
'the rules of chess are not written yet'
>>> ngettext("{count} card", "{count} cards", 2).format(count=2)
'2 cards'
>>> resolve_language(option=None, setting="auto", environ={"LANG": "pl_PL.UTF-8"})
'pl'
>>> resolve_language(option=None, setting=None, environ={"LANG": "C.UTF-8"})
'en'
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

TYPE_CHECKING = False  # typing itself is not loaded: `cardtable --lang nl --version` comes here
if TYPE_CHECKING:
    from typing import Protocol

__all__ = [
    "DOMAIN",
    "ENGLISH",
    "PSEUDO",
    "AUTO",
    "ENVIRONMENT_VARIABLES",
    "LANGUAGE_NAMES",
    "UnknownLanguageError",
    "N_",
    "Nn_",
    "_",
    "ngettext",
    "pgettext",
    "npgettext",
    "number",
    "brief_number",
    "percent",
    "supported_languages",
    "offered_languages",
    "language_name",
    "current_language",
    "use_language",
    "resolve_language",
    "language_from_environment",
    "language_option",
    "locale_dir",
    "TYPER_MESSAGES",
    "rules_text",
]

DOMAIN = "cardtable"
"""The gettext domain: the catalogues are ``<code>/LC_MESSAGES/cardtable.mo``."""

ENGLISH = "en"
PSEUDO = "qps"
"""The pseudo-language: every message marked and about 40% longer.  Accepted by ``--lang``
and the environment, never offered or listed."""
AUTO = "auto"
"""The ``language`` setting that leaves the choice to the environment."""

ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the environment names a language, first found first (as :func:`gettext.find` reads them)."""

LANGUAGE_NAMES = {
    "en": "English",
    "nl": "Nederlands",
    "et": "eesti",
    "pl": "polski",
    "bg": "български",
}
"""Each language's name in itself, as the settings screen offers it (a new language
without a line here is offered by its code)."""

_LOCALE = Path(__file__).resolve().parent / "locale"
_SOURCE_ROOT = Path(__file__).resolve().parent.parent


if TYPE_CHECKING:

    class _Catalogue(Protocol):
        def gettext(self, message: str, /) -> str: ...
        def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
        def pgettext(self, context: str, message: str, /) -> str: ...
        def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


_current = ENGLISH
_catalogue: _Catalogue | None = None
_saved_environment: dict[str, str | None] = {}


class UnknownLanguageError(ValueError):
    """``--lang`` named a language cardtable does not speak; the message lists those it does."""

    def __init__(self, code: str) -> None:
        from cardtable.errors import quoted

        self.code = code
        super().__init__(
            _("unknown language {code}; choose one of {codes}").format(
                code=quoted(code), codes=", ".join(offered_languages())
            )
        )


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (it is translated where shown).

    >>> N_("Error")
    'Error'
    """
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message for the catalogue without translating it."""
    return singular, plural


def _(message: str) -> str:
    """``message`` in the current language."""
    return message if _catalogue is None else _catalogue.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n`` in the current language (Polish has three)."""
    if _catalogue is None:
        return singular if n == 1 else plural
    return _catalogue.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` ("pass" a card or a turn) in the current language."""
    return message if _catalogue is None else _catalogue.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext` has one."""
    if _catalogue is None:
        return singular if n == 1 else plural
    return _catalogue.npgettext(context, singular, plural, n)


def number(value: float, digits: int = 0, grouped: bool = True) -> str:
    """``value`` rounded to ``digits`` decimals, as the current language writes numbers:
    its decimal mark, its thousands separator and minus sign (see :func:`_number_marks`).
    Not ``grouped``: without thousands separators, for a table's column of figures, where
    80 columns must hold the widest.

    A figure that rounds to zero is ``0``, never ``-0``.  English writes what Python's
    ``f"{value:,.2f}"`` writes.

    >>> use_language("en")
    >>> number(3684), number(0.35, 2), number(-1234.5, 1), number(-0.04, 1), number(13684, grouped=False)
    ('3,684', '0.35', '-1,234.5', '0.0', '13684')
    """
    grouping = "," if grouped else ""
    if isinstance(value, int) and digits == 0:
        return _in_marks(f"{value:{grouping}d}")
    return _in_marks(f"{value:z{grouping}.{digits}f}")


def brief_number(value: float) -> str:
    """``value`` in its shortest form (up to six significant digits, no trailing zeros:
    Python's ``g``), as the current language writes numbers: seconds (``0.5``, ``15``).

    >>> use_language("en")
    >>> brief_number(0.5), brief_number(15.0), brief_number(1.25), brief_number(12345)
    ('0.5', '15', '1.25', '12,345')
    """
    return _in_marks(f"{value:,g}")


def percent(value: float, digits: int = 0) -> str:
    """``value`` (a share: 0.51) as a percentage with ``digits`` decimals, written as the
    current language writes one (``51%``; a catalogue may say ``51 %``).

    >>> use_language("en")
    >>> percent(0.514), percent(0.0512, 1), percent(1)
    ('51%', '5.1%', '100%')
    """
    shown = number(value * 100, digits)
    if _catalogue is None or _current == PSEUDO:
        return shown + "%"
    # TRANSLATORS: how a percentage is written; {number} is the number, as 51 in "51%" (CLDR's
    # percent pattern: Dutch, Estonian, Polish and Bulgarian write "51%", French "51 %").
    pattern = pgettext("a percentage", "{number}%")
    return pattern.replace("{number}", shown) if pattern.count("{number}") == 1 else shown + "%"


def _number_marks() -> tuple[str, str, int, str]:
    """The current language's decimal mark, thousands separator, minimum grouping digits
    and minus sign, from its catalogue, so that a translator owns them and a new language
    needs no code.  English, and the pseudo-language (whose marked words would be longer
    than the numbers), write ``.``, ``,``, 1 and ``-``; so does a language whose mark is
    not one character (a mistyped catalogue cannot garble every number).
    """
    if _catalogue is None or _current == PSEUDO:
        return ".", ",", 1, "-"
    # TRANSLATORS: the decimal mark, one character, as in 0.5 (CLDR: "," for nl, et, pl, bg).
    decimal = pgettext("the decimal mark", ".")
    # TRANSLATORS: the thousands separator, one character, as in 13,684 (CLDR: "." for nl;
    # a no-break space, U+00A0, for et, pl, bg).
    group = pgettext("the thousands separator", ",")
    # TRANSLATORS: CLDR's minimum grouping digits: "1" groups 3,684; "2" writes 3684 but
    # 13,684 (et, pl, bg).
    fewest = pgettext("the minimum grouping digits", "1")
    # TRANSLATORS: the minus sign, one character, as in -2.5 (CLDR: U+2212 "−" for et).
    minus = pgettext("the minus sign", "-")
    if len(decimal) != 1 or decimal.isalnum():
        decimal = "."
    if len(group) != 1 or group.isalnum() or group == decimal:
        group = "," if decimal != "," else "."
    if len(minus) != 1 or minus.isalnum():
        minus = "-"
    return decimal, group, int(fewest) if fewest in ("1", "2", "3", "4") else 1, minus


def _in_marks(english: str) -> str:
    """A number Python wrote (``-13,684.5``) in the current language's marks."""
    decimal, group, fewest, minus = _number_marks()
    if (decimal, group, fewest, minus) == (".", ",", 1, "-"):
        return english
    sign, unsigned = ("-", english[1:]) if english.startswith("-") else ("", english)
    whole, point, fraction = unsigned.partition(".")
    if len(whole.replace(",", "")) < 3 + fewest:
        whole = whole.replace(",", "")
    return (minus if sign else "") + whole.replace(",", group) + (decimal if point else "") + fraction


# Typer looks these words up in the global gettext domain (typer/core.py and
# typer/rich_utils.py, the panel titles when that module is first imported), so they are
# listed here for Babel to put in our catalogue.  The Click that Typer carries has no
# catalogue lookups: its own words ("Usage:", "No such option") are worded by cardtable.
TYPER_MESSAGES = (
    # TRANSLATORS: Typer's help: the default of an option that is computed when it runs.
    N_("(dynamic)"),
    N_("Aborted!"),
    N_("Aborted."),
    # TRANSLATORS: Typer's help: {default} is an option's default value.
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    # TRANSLATORS: Typer's help: the titles of the panels of arguments, options and commands.
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("Missing command."),
    # TRANSLATORS: Typer's error: {name!r} is the command typed, in quotes.
    N_("No such command {name!r}."),
    N_("(deprecated) "),
    N_("[default: {}]"),
    N_("[env var: {}]"),
    N_("[required]"),
    # TRANSLATORS: the title of the box an error of the command line is shown in.
    N_("Error"),
    # TRANSLATORS: Typer's hint under an error; keep [blue] and [/] (colour markup) as they are.
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
)


def locale_dir() -> Path:
    """The folder of the catalogues: ``cardtable/locale`` (the template, and a folder a language)."""
    return _LOCALE


def supported_languages() -> tuple[str, ...]:
    """English, then every language with a catalogue, in the order of :data:`LANGUAGE_NAMES`
    (then any other, alphabetically); the pseudo-language is not one of them.

    >>> supported_languages()
    ('en', 'nl', 'et', 'pl', 'bg')
    """
    found = set()
    try:
        entries = list(_LOCALE.iterdir())
    except OSError:
        entries = []
    for entry in entries:
        messages = entry / "LC_MESSAGES"
        if entry.name != PSEUDO and ((messages / f"{DOMAIN}.po").is_file() or (messages / f"{DOMAIN}.mo").is_file()):
            found.add(entry.name)
    known = [code for code in LANGUAGE_NAMES if code in found]
    return (ENGLISH, *known, *sorted(found - set(known) - {ENGLISH}))


def offered_languages() -> tuple[str, ...]:
    """The languages offered to players (the settings, the ``--lang`` error): :func:`supported_languages`."""
    return supported_languages()


def language_name(code: str) -> str:
    """A language's name in itself (``"polski"``), or its code when cardtable knows no name.

    >>> language_name("bg"), language_name("xx")
    ('български', 'xx')
    """
    return LANGUAGE_NAMES.get(code, code)


def current_language() -> str:
    """The code of the language in use (``"en"`` until :func:`use_language` says otherwise)."""
    return _current


def _known(code: str) -> str | None:
    """``code`` as a supported code (``"nl_NL.UTF-8"`` is ``"nl"``), or ``None``."""
    base = code.strip().split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    if base in (ENGLISH, PSEUDO):
        return base
    return base if base and base in supported_languages() else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for, or ``None`` when it names none cardtable speaks.

    The first of :data:`ENVIRONMENT_VARIABLES` that is set decides, as for gettext; it may
    list several (``LANGUAGE=pl:en``), the first one cardtable speaks wins, and ``C`` or
    ``POSIX`` means English.

    >>> language_from_environment({"LANGUAGE": "de:pl", "LANG": "nl_NL.UTF-8"})
    'pl'
    >>> language_from_environment({"LC_ALL": "C", "LANG": "bg_BG.UTF-8"})
    'en'
    >>> language_from_environment({"LANG": "fr_FR.UTF-8"}) is None
    True
    """
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT_VARIABLES:
        value = environ.get(variable)
        if not value:
            continue
        for entry in value.split(":"):
            if entry.split(".")[0] in ("C", "POSIX"):
                return ENGLISH
            code = _known(entry)
            if code is not None:
                return code
        return None
    return None


def resolve_language(option: str | None, setting: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``option`` (``--lang``), else ``setting`` unless it is
    :data:`AUTO`, else the environment, else English.  Anything unknown is passed over.

    >>> resolve_language("et", "pl", {"LANG": "nl_NL"}), resolve_language(None, "pl", {"LANG": "nl_NL"})
    ('et', 'pl')
    >>> resolve_language(None, "klingon", {"LANG": "nl_NL"}), resolve_language("xx", None, {})
    ('nl', 'en')
    """
    for choice in (option, None if setting == AUTO else setting):
        if choice:
            code = _known(choice)
            if code is not None:
                return code
    return language_from_environment(environ) or ENGLISH


def language_option(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """The value of ``--lang CODE`` (or ``--lang=CODE``) anywhere before ``--`` in ``args``,
    and ``args`` without it.  Raises :class:`UnknownLanguageError` for a code cardtable does
    not speak (or a missing one); the last ``--lang`` given wins.

    >>> language_option(["play", "durak", "--lang", "pl"])
    ('pl', ['play', 'durak'])
    >>> language_option(["--lang=xx"])
    Traceback (most recent call last):
    ...
    cardtable.lang.UnknownLanguageError: unknown language 'xx'; choose one of en, nl, et, pl, bg
    """
    chosen: str | None = None
    rest: list[str] = []
    words = iter(args)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        if word == "--lang" or word.startswith("--lang="):
            value = word.partition("=")[2] if "=" in word else next(words, "")
            code = _known(value) if value.strip() == value else None
            if code is None or code != value.lower():
                raise UnknownLanguageError(value)
            chosen = code
        else:
            rest.append(word)
    return chosen, rest


def use_language(code: str) -> None:
    """Speak ``code`` from now on (``"en"``, a supported code or :data:`PSEUDO`; anything
    else is English).

    For any language but English the catalogue is loaded and also bound as the process's
    global gettext domain, with ``LANGUAGE`` set to ``code``: Typer looks its own words up
    there (some when :mod:`typer.rich_utils` is first imported, so this is called before
    that), and a cardtable this one starts speaks the same language.
    """
    global _current, _catalogue
    code = _known(code) or ENGLISH
    if code == _current and (_catalogue is not None or code == ENGLISH):
        return
    if code == ENGLISH:
        _current, _catalogue = ENGLISH, None
        _unbind_global_domain()
        return
    root = _compiled_locale(code)
    if root is None:
        _current, _catalogue = ENGLISH, None
        _unbind_global_domain()
        return
    import gettext

    # Read afresh, not through gettext.translation's cache: a checkout may have just
    # compiled a newer catalogue.
    with (root / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as handle:
        _catalogue = gettext.GNUTranslations(handle)
    _current = code
    _bind_global_domain(root, code)


def _bind_global_domain(root: Path, code: str) -> None:
    import gettext

    if not _saved_environment:
        _saved_environment["LANGUAGE"] = os.environ.get("LANGUAGE")
    os.environ["LANGUAGE"] = code
    gettext.bindtextdomain(DOMAIN, str(root))
    gettext.textdomain(DOMAIN)


def _unbind_global_domain() -> None:
    if not _saved_environment:
        return
    import gettext

    before = _saved_environment.pop("LANGUAGE")
    if before is None:
        os.environ.pop("LANGUAGE", None)
    else:
        os.environ["LANGUAGE"] = before
    gettext.textdomain("messages")


def _compiled_locale(code: str) -> Path | None:
    """The folder holding ``code``'s compiled catalogue, compiling it first in a checkout
    where the ``.po`` is newer than the ``.mo`` (or there is none); ``None`` when there is
    no catalogue, or Babel is missing to compile one."""
    messages = _LOCALE / code / "LC_MESSAGES"
    compiled, source = messages / f"{DOMAIN}.mo", messages / f"{DOMAIN}.po"
    try:
        source_time = source.stat().st_mtime_ns
    except OSError:
        return _LOCALE if compiled.is_file() else None
    roots = (_LOCALE, _scratch_locale())
    for root in roots:
        try:
            if (root / code / "LC_MESSAGES" / f"{DOMAIN}.mo").stat().st_mtime_ns >= source_time:
                return root
        except OSError:
            pass
    for root in roots:
        try:
            _compile(source, root / code / "LC_MESSAGES" / f"{DOMAIN}.mo")
        except ImportError:
            return None
        except OSError:
            continue
        return root
    return None


def _scratch_locale() -> Path:
    """Where a checkout that cannot be written to keeps its compiled catalogues."""
    import tempfile

    return Path(tempfile.gettempdir()) / f"cardtable-locale-{os.getuid() if hasattr(os, 'getuid') else 'user'}"


def _compile(source: Path, target: Path) -> None:
    """Compile the ``.po`` at ``source`` into ``target`` with Babel, atomically."""
    import io
    import tempfile

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as handle:
        catalog = read_po(handle)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    target.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=".cardtable-", suffix=".mo")
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(buffer.getvalue())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def rules_text(game: str, language: str | None = None) -> str | None:
    """The Markdown of ``game``'s rules in ``language`` (default: the current one), else in
    English; ``None`` when not even the English rules are there.

    An installed cardtable carries them in the package (``cardtable/docs/rules/<code>/``);
    a checkout reads the repository's ``docs/rules/<code>/``.

    >>> rules_text("president", "pl").splitlines()[0]
    '# Prezydent'
    >>> rules_text("hearts", "bg").splitlines()[0]
    '# Купи'
    >>> rules_text("hearts", "xx").splitlines()[0]
    '# Hearts'
    """
    code = _current if language is None else language
    folders = [Path(__file__).resolve().parent / "docs" / "rules", _SOURCE_ROOT / "docs" / "rules"]
    candidates: list[Path] = []
    if code not in (ENGLISH, PSEUDO):
        candidates += [folder / code / f"{game}.md" for folder in folders]
    candidates += [folder / f"{game}.md" for folder in folders]
    for candidate in candidates:
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8")
    return None
