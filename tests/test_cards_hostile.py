"""Card files and card text that try to break the reader (issue 13): each ends with a
one-paragraph CardDataError naming the file and the field, quoting at most a short excerpt."""

from __future__ import annotations

import gzip
import json
import os
import re
import unicodedata
from pathlib import Path

import pytest

from mtgasp.cards import CardDatabase, check_text, excerpt
from mtgasp.cli import main
from mtgasp.errors import CardDataError


def _jsonl(tmp_path: Path, **record: object) -> Path:
    p = tmp_path / "cards.jsonl"
    p.write_text(json.dumps({"name": "Zed", "type_line": "Land", **record}) + "\n", encoding="utf-8")
    return p


def test_nested_100000_deep_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "cards.json"
    p.write_text("[" * 100000 + "]" * 100000)
    with pytest.raises(CardDataError, match="nested too deeply"):
        CardDatabase.from_file(p)


def test_truncated_gzip_is_refused(tmp_path: Path) -> None:
    whole = gzip.compress(b'{"name": "Zed", "type_line": "Land"}\n' * 200)
    p = tmp_path / "cards.jsonl.gz"
    p.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(CardDataError, match="not a gzip file: it ends before"):
        CardDatabase.from_file(p)


def test_fifo_and_devices_are_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "cards.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(CardDataError, match="FIFO"):
        CardDatabase.from_file(fifo)
    with pytest.raises(CardDataError, match="device"):
        CardDatabase.from_file("/dev/zero")


@pytest.mark.parametrize(
    "text, code",
    [("{T}: Add {G}.\ud800", "U+D800"), ("{T}: Add\x00 {G}.", "U+0000"), ("Add {G}\x1b[31m", "U+001B"), ("a\u2028b", "U+2028")],
)
def test_control_characters_and_lone_surrogates_are_refused(tmp_path: Path, text: str, code: str) -> None:
    with pytest.raises(CardDataError, match=re.escape(f"oracle_text: character {code}")):
        CardDatabase.from_file(_jsonl(tmp_path, oracle_text=text))


def test_rtl_marks_and_combining_characters_are_read(tmp_path: Path) -> None:
    text = "{T}: Add {G}.\u202e\u0301"
    db = CardDatabase.from_file(_jsonl(tmp_path, oracle_text=text))
    assert db["Zed"].oracle_text == text


def test_huge_values_are_quoted_as_an_excerpt(tmp_path: Path) -> None:
    with pytest.raises(CardDataError) as err:
        CardDatabase.from_file(_jsonl(tmp_path, oracle_text="x" * 10**6))
    assert len(str(err.value)) < 300 and "1000000 characters" in str(err.value)


def test_5000_digit_number_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "cards.jsonl"
    p.write_text('{"name": "Zed", "type_line": "Land", "power": ' + "9" * 5000 + "}\n")
    with pytest.raises(CardDataError, match="cannot be read"):
        CardDatabase.from_file(p)


def test_yaml_tag_on_a_word_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "cards.yaml"
    p.write_text("cards:\n  - {name: Zed, type_line: Land, power: !!int word}\n")
    with pytest.raises(CardDataError, match="cannot be read"):
        CardDatabase.from_file(p)


def test_excerpt_escapes_what_cannot_be_printed() -> None:
    assert excerpt("a\x00b\ud800") == "'a\\x00b\\ud800'"
    assert excerpt(10**400) == "a 1329-bit integer"
    assert excerpt({"a": 1}) == "a dict"


def test_cli_bad_card_file_is_one_paragraph_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = _jsonl(tmp_path, oracle_text="{T}: Add {G}.\ud800")
    assert main(["--cards", str(p), "card", "Zed"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err and "U+D800" in err


def test_cli_internal_error_is_one_paragraph_exit_3(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # The last resort: an unexpected exception (a bug) is reported, not printed as a traceback.
    def boom(*args: object, **kw: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(CardDatabase, "get", boom)
    assert main(["card", "Forest"]) == 3
    err = capsys.readouterr().err
    assert "internal error (RuntimeError: boom)" in err and "report" in err and "Traceback" not in err


def test_the_characters_refused_in_card_text_are_exactly_unicode_control_and_surrogate() -> None:
    # Independent basis: the Unicode categories Cc (control) and Cs (surrogate), plus the line and
    # paragraph separators; a line break is allowed in Oracle text only.
    def refused(ch: str, multiline: bool) -> bool:
        try:
            check_text("ab" + ch, "text", multiline=multiline)
        except ValueError:
            return True
        return False

    points = [*range(0x3000), *range(0xD7F0, 0xE010), 0xFEFF, 0xFFFD, 0x1F600, 0x10FFFF]
    for cp in points:
        ch = chr(cp)
        expected = unicodedata.category(ch) in ("Cc", "Cs") or ch in "\u2028\u2029"
        assert refused(ch, False) == expected, hex(cp)
        assert refused(ch, True) == (expected and ch != "\n"), hex(cp)
