"""The languages: the catalogues complete and honest, the choice of language, its cost.

The catalogues are read with Babel (``read_po``) from cardtable/locale; the template is
checked against a fresh extraction from the code (tools/translations.py).  The choice
of language and what it costs are checked through ``cardtable`` itself, in fresh
interpreters, since Typer words some of its help when first imported.
"""

from __future__ import annotations

import importlib.util
import os
import re
import string
import subprocess
import sys
import textwrap
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from cardtable import lang
from cardtable.lang import (
    PSEUDO,
    UnknownLanguageError,
    language_from_environment,
    language_option,
    resolve_language,
    supported_languages,
    use_language,
)
from tests.commandline import run_cardtable

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "cardtable" / "locale"
TRANSLATED = ("nl", "et", "pl", "bg")


def _tools() -> ModuleType:
    spec = importlib.util.spec_from_file_location("translations", ROOT / "tools" / "translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def catalogue(code: str) -> Catalog:
    with (LOCALE / code / "LC_MESSAGES" / "cardtable.po").open("rb") as handle:
        return read_po(handle, locale=None if code == PSEUDO else code)


def template() -> Catalog:
    with (LOCALE / "cardtable.pot").open("rb") as handle:
        return read_po(handle)


def messages(catalog: Catalog) -> Iterator[Message]:
    return (message for message in catalog if message.id)


def key(message: Message) -> tuple[object, str | None]:
    return message.id, message.context


PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd]")


def placeholders(text: str) -> Counter[str]:
    """The fields of ``text`` as str.format and %-formatting read them ({name}, {}, {name!r}, %(x)s)."""
    found: Counter[str] = Counter(PLACEHOLDER.findall(text))
    for _literal, field, spec, conversion in string.Formatter().parse(text):
        if field is not None:
            found["{" + field + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}"] += 1
    return found




# The catalogues ---------------------------------------------------------------------


def test_the_languages_are_english_and_the_four_catalogues() -> None:
    assert supported_languages() == ("en", *TRANSLATED)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(code: str) -> None:
    translated = {key(message): message for message in messages(catalogue(code))}
    for message in messages(template()):
        found = translated.get(key(message))
        assert found is not None, f"{code}: {message.id!r} is not in the catalogue"
        assert not found.fuzzy, f"{code}: {message.id!r} is fuzzy"
        forms = found.string if isinstance(found.string, tuple) else (found.string,)
        # The thousands separator is a no-break space in Estonian, Polish and Bulgarian: a
        # space, but not an empty translation.
        blank = "" if message.context == "the thousands separator" else None
        assert all(form.strip(blank) for form in forms), f"{code}: {message.id!r} is not translated"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_carries_exactly_its_messages_placeholders(code: str) -> None:
    known = template()
    for message in messages(catalogue(code)):
        if message.id not in known:
            continue
        if isinstance(message.id, tuple):
            expected = placeholders(message.id[1])
            for form in message.string:
                assert placeholders(form) == expected, f"{code}: {form!r} for {message.id!r}"
        else:
            assert placeholders(message.string) == placeholders(message.id), f"{code}: {message.string!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_are_the_languages_own(code: str) -> None:
    catalog = catalogue(code)
    rule = get_plural(code)
    assert catalog.num_plurals == rule.num_plurals
    assert catalog.plural_expr.replace(" ", "") == rule.plural_expr.replace(" ", "")
    for message in messages(catalog):
        if isinstance(message.id, tuple):
            assert len(message.string) == rule.num_plurals, message.id
    if code == "pl":
        assert rule.num_plurals == 3  # 1 karta, 2-4 karty, 5 kart


def test_the_template_is_up_to_date_with_the_code(tmp_path: Path) -> None:
    fresh = _tools().extract(tmp_path / "fresh.pot")
    assert {key(message) for message in messages(fresh)} == {key(message) for message in messages(template())}, (
        "cardtable/locale/cardtable.pot is out of date: run `python tools/translations.py extract`"
    )


def test_the_pseudo_language_covers_every_message_as_the_script_makes_it() -> None:
    pseudo = _tools().pseudo
    made = {key(message): message for message in messages(catalogue(PSEUDO))}
    for message in messages(template()):
        found = made.get(key(message))
        assert found is not None, f"qps lacks {message.id!r}: run `python tools/translations.py extract`"
        if isinstance(message.id, tuple):
            assert tuple(found.string) == tuple(pseudo(part) for part in message.id)
        else:
            assert found.string == pseudo(message.id)
            assert placeholders(found.string) == placeholders(message.id)
            assert len(found.string) >= 1.3 * len(message.id)


def test_the_scripts_examples_hold() -> None:
    import doctest

    assert doctest.testmod(_tools()).failed == 0


def test_the_template_carries_typers_own_words() -> None:
    # Typer looks them up in the global domain; each listed one is one Typer really uses.
    ids = {message.id for message in messages(template())}
    typer_source = "".join(
        path.read_text(encoding="utf-8") for path in Path(importlib.util.find_spec("typer").origin).parent.glob("*.py")  # type: ignore[arg-type, union-attr]
    )
    for word in lang.TYPER_MESSAGES:
        assert word in ids
        assert f'_("{word}")' in typer_source or f"_('{word}')" in typer_source, word


# Choosing the language --------------------------------------------------------------


def test_the_order_is_the_option_then_the_setting_then_the_environment_then_english() -> None:
    environ = {"LANG": "nl_NL.UTF-8"}
    assert resolve_language("bg", "pl", environ) == "bg"
    assert resolve_language(None, "pl", environ) == "pl"
    assert resolve_language(None, "auto", environ) == "nl"
    assert resolve_language(None, None, {}) == "en"


def test_unknown_codes_fall_back_and_never_fail() -> None:
    assert resolve_language("xx", "yy", {"LANG": "fr_FR.UTF-8"}) == "en"
    assert resolve_language(None, "yy", {"LANG": "et_EE.UTF-8"}) == "et"
    assert language_from_environment({"LANGUAGE": "fr:de", "LANG": "pl_PL"}) is None  # LANGUAGE decides, as in gettext
    assert language_from_environment({"LANGUAGE": "fr:bg"}) == "bg"
    assert language_from_environment({"LC_ALL": "POSIX", "LANG": "pl_PL"}) == "en"
    assert language_from_environment({"LC_MESSAGES": "et_EE.UTF-8@euro"}) == "et"


def test_the_option_is_found_anywhere_and_the_pseudo_language_is_accepted_but_not_listed() -> None:
    assert language_option(["play", "durak", "--lang=pl", "--seats", "human,easy"]) == (
        "pl", ["play", "durak", "--seats", "human,easy"])
    assert language_option(["--lang", "qps"]) == ("qps", [])
    assert language_option(["records", "--", "--lang", "xx"]) == (None, ["records", "--", "--lang", "xx"])
    with pytest.raises(UnknownLanguageError) as caught:
        language_option(["--lang", "nl_NL"])
    assert "qps" not in str(caught.value)
    with pytest.raises(UnknownLanguageError):
        language_option(["--lang"])


def test_a_language_speaks_its_words_and_english_its_own() -> None:
    use_language("pl")
    assert lang.current_language() == "pl"
    assert lang._("Error") == "Błąd"
    assert lang._("no such message") == "no such message"
    use_language("qps")
    assert lang._("Error").startswith("⟦") and lang._("Error").endswith("⟧")
    use_language("en")
    assert lang._("Error") == "Error"
    assert lang.ngettext("{n} card", "{n} cards", 5) == "{n} cards"


def test_an_unknown_lang_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run_cardtable("--lang", "xx", "rules", "president", home=tmp_path, timeout=120)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "cardtable: unknown language 'xx'; choose one of en, nl, et, pl, bg\n"
    # Said in the language the environment chose.
    result = run_cardtable("play", "hearts", "--lang", "klingon", env={"LANG": "pl_PL.UTF-8"}, home=tmp_path, timeout=120)
    assert result.returncode == 2
    assert result.stderr == "cardtable: nieznany język 'klingon'; wybierz jeden z: en, nl, et, pl, bg\n"


def test_lang_given_to_a_command_speaks_the_language_in_typers_help_too(tmp_path: Path) -> None:
    result = run_cardtable("rules", "--help", "--lang", "bg", home=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Опции" in result.stdout  # Typer's panel title, worded when Typer was imported
    assert "Options" not in result.stdout


def test_the_setting_chooses_over_the_environment_and_lang_over_the_setting(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text('language = "et"\n', encoding="utf-8")
    result = run_cardtable("--lang", "xx", env={"LANG": "nl_NL.UTF-8"}, home=tmp_path, timeout=120)
    assert result.stderr.startswith("cardtable: tundmatu keel 'xx'")
    result = run_cardtable("rules", "president", "--raw", "--lang", "pl", env={"LANG": "nl_NL.UTF-8"}, home=tmp_path, timeout=120)
    assert result.stdout.startswith("# Prezydent")  # the Polish rules
    (config / "settings.toml").write_text('language = "tlh"\n', encoding="utf-8")
    result = run_cardtable("--lang", "xx", env={"LANG": "nl_NL.UTF-8"}, home=tmp_path, timeout=120)
    assert result.stderr.startswith("cardtable: onbekende taal 'xx'")  # a bad setting falls back, silently here


def test_the_language_setting_is_checked_and_a_bad_one_falls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.userdata.settings import Settings, check_setting, load_settings

    assert check_setting("language", "bg") is None and check_setting("language", "auto") is None
    assert check_setting("language", "qps") == (
        'language must be one of "auto", "en", "nl", "et", "pl", "bg", not "qps"')
    with pytest.raises(ValueError):
        Settings(language="xx")
    path = tmp_path / "settings.toml"
    path.write_text('language = "tlh"\n', encoding="utf-8")
    settings, warnings = load_settings(path)
    assert settings.language == "auto"
    assert warnings == ['settings.toml: language must be one of "auto", "en", "nl", "et", "pl", "bg", not "tlh"; using "auto"']


def test_a_checkout_compiles_a_catalogue_on_first_use_and_again_when_its_source_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locale = tmp_path / "locale"
    messages = locale / "nl" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    source = messages / "cardtable.po"
    source.write_bytes((LOCALE / "nl" / "LC_MESSAGES" / "cardtable.po").read_bytes())
    monkeypatch.setattr(lang, "_LOCALE", locale)
    use_language("nl")
    assert (messages / "cardtable.mo").is_file() and lang._("Error") == "Fout"
    use_language("en")
    source.write_text(source.read_text(encoding="utf-8").replace('msgstr "Fout"', 'msgstr "Foutje"'), encoding="utf-8")
    later = (messages / "cardtable.mo").stat().st_mtime_ns + 10**9
    os.utime(source, ns=(later, later))
    use_language("nl")
    assert lang._("Error") == "Foutje"


def test_a_checkout_that_cannot_be_written_compiles_into_a_scratch_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locale, scratch = tmp_path / "locale", tmp_path / "scratch"
    messages = locale / "pl" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    (messages / "cardtable.po").write_bytes((LOCALE / "pl" / "LC_MESSAGES" / "cardtable.po").read_bytes())
    compile_for_real = lang._compile

    def read_only_checkout(source: Path, target: Path) -> None:
        if locale in target.parents:
            raise PermissionError(13, "Permission denied")
        compile_for_real(source, target)

    monkeypatch.setattr(lang, "_LOCALE", locale)
    monkeypatch.setattr(lang, "_compile", read_only_checkout)
    monkeypatch.setattr(lang, "_scratch_locale", lambda: scratch)
    use_language("pl")
    assert lang._("Error") == "Błąd"
    assert (scratch / "pl" / "LC_MESSAGES" / "cardtable.mo").is_file()
    assert not (messages / "cardtable.mo").exists()


def test_polish_numbers_take_their_three_forms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A plural message through ngettext and npgettext with the Polish catalogue's own
    # Plural-Forms (1 karta, 2-4 karty, 5-21 kart, 22 karty).
    import io

    from babel.messages.pofile import write_po

    catalog = catalogue("pl")
    catalog.add(("{count} card", "{count} cards"), ("{count} karta", "{count} karty", "{count} kart"))
    catalog.add(("{count} trick", "{count} tricks"), ("{count} lewa", "{count} lewy", "{count} lew"), context="hearts")
    messages = tmp_path / "locale" / "pl" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog)
    (messages / "cardtable.po").write_bytes(buffer.getvalue())
    monkeypatch.setattr(lang, "_LOCALE", tmp_path / "locale")
    use_language("pl")
    words = [lang.ngettext("{count} card", "{count} cards", n).format(count=n) for n in (1, 2, 4, 5, 12, 21, 22)]
    assert words == ["1 karta", "2 karty", "4 karty", "5 kart", "12 kart", "21 kart", "22 karty"]
    assert lang.npgettext("hearts", "{count} trick", "{count} tricks", 3).format(count=3) == "3 lewy"
    assert lang.pgettext("hearts", "Error") == "Error"  # no such message in that context: the English


# What English costs -------------------------------------------------------------------


def test_english_opens_no_catalogue_and_the_app_path_imports_no_gettext(tmp_path: Path) -> None:
    script = textwrap.dedent(
        """
        import sys
        opened = []
        sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
        from cardtable.__main__ import choose_language
        assert choose_language([]) == []
        app_path = "gettext" in sys.modules
        from cardtable.__main__ import main
        main(["rules", "president", "--raw"])
        from cardtable import lang
        print(app_path, lang._catalogue is None, [path for path in opened if path.endswith(".mo")], file=sys.stderr)
        """
    )
    environment = {key: value for key, value in os.environ.items() if key not in lang.ENVIRONMENT_VARIABLES}
    environment.update({"CARDTABLE_HOME": str(tmp_path), "LANG": "en_GB.UTF-8"})
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environment,
                            timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().splitlines()[-1] == "False True []"
