"""Card files users already have: Scryfall bulk JSON, MTGJSON AtomicCards, JSON lines, YAML.

The fixtures under tests/fixtures/cards/ are small hand-made files in each real format.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mtgasp.card_files import iter_card_file
from mtgasp.cards import Card, CardDatabase
from mtgasp.errors import CardDataError

FIXTURES = Path(__file__).parent / "fixtures" / "cards"
SCRYFALL = FIXTURES / "scryfall_oracle_cards.json"
MTGJSON = FIXTURES / "AtomicCards.json"
JSONL = FIXTURES / "cards.jsonl"
YAML = FIXTURES / "my-cards.yaml"

MASTER = Card(
    "The Master, Multiplied",
    mana_cost="{4}{B}{R}",
    type_line="Legendary Creature — Time Lord Rogue",
    oracle_text='Myriad\nThe "legend rule" doesn\'t apply to creature tokens you control.\n'
    "Triggered abilities you control can't cause you to sacrifice or exile creature tokens you control.",
    power="4",
    toughness="3",
)


def names(path: Path, **kwargs: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(card.name, aliases) for card, aliases in iter_card_file(path, **kwargs)]


# ---------------------------------------------------------------------------------------------
# Scryfall
# ---------------------------------------------------------------------------------------------


def test_scryfall_faces_split_cards_and_skipped_layouts() -> None:
    assert names(SCRYFALL) == [
        ("Llanowar Elves", ()),
        ("Invasion of Kaladesh", ("Invasion of Kaladesh // Aetherwing, Golden-Scale Flagship",)),
        ("Aetherwing, Golden-Scale Flagship", ()),
        ("Fire // Ice", ()),
        ("Fire", ()),
        ("Ice", ()),
        ("The Master, Multiplied", ()),
        ("Forest", ()),
    ]


def test_scryfall_fields() -> None:
    db = CardDatabase.from_file(SCRYFALL, include_default=False)
    assert db["The Master, Multiplied"] == MASTER
    assert db["Aetherwing, Golden-Scale Flagship"] == Card(
        "Aetherwing, Golden-Scale Flagship",
        type_line="Legendary Artifact — Vehicle",
        oracle_text="Flying\nAetherwing, Golden-Scale Flagship's power is equal to the number of artifacts you control.\n"
        "Crew 1",
        power="*",
        toughness="4",
        color_indicator=("U", "R"),
    )
    assert db["Invasion of Kaladesh"].defense == "4"
    assert db["Fire // Ice"] == Card(
        "Fire // Ice",
        mana_cost="{1}{R} // {1}{U}",
        type_line="Instant // Instant",
        oracle_text="Fire deals 2 damage divided as you choose among one or two targets.\n//\n"
        "Tap target permanent.\nDraw a card.",
    )
    assert db["invasion of kaladesh // aetherwing, golden-scale flagship"].name == "Invasion of Kaladesh"
    assert "Goblin" not in db  # token definitions are not cards


def test_user_file_is_layered_over_the_embedded_set() -> None:
    db = CardDatabase.from_file(SCRYFALL)
    assert db["Forest"].oracle_text == "({T}: Add {G}.) This is the fixture's Forest."  # the file wins
    assert db["Lightning Bolt"].mana_cost == "{R}"  # the embedded set is underneath
    assert "Lightning Bolt" not in CardDatabase.from_file(SCRYFALL, include_default=False)


def test_scryfall_api_list_object(tmp_path: Path) -> None:
    cards = json.loads(SCRYFALL.read_text(encoding="utf-8"))
    path = tmp_path / "search.json"
    path.write_text(json.dumps({"object": "list", "has_more": False, "data": cards[:1]}), encoding="utf-8")
    assert names(path) == [("Llanowar Elves", ())]


# ---------------------------------------------------------------------------------------------
# MTGJSON
# ---------------------------------------------------------------------------------------------


def test_mtgjson_keeps_time_lord_as_one_subtype() -> None:
    db = CardDatabase.from_file(MTGJSON, include_default=False)
    assert db["The Master, Multiplied"] == MASTER
    assert db["The Master, Multiplied"].type_line.endswith("— Time Lord Rogue")


def test_mtgjson_faces() -> None:
    assert names(MTGJSON) == [
        ("The Master, Multiplied", ()),
        ("Fire // Ice", ()),
        ("Fire", ()),
        ("Ice", ()),
        ("Delver of Secrets", ("Delver of Secrets // Insectile Aberration",)),
        ("Insectile Aberration", ()),
        ("Jace Beleren", ()),
    ]
    db = CardDatabase.from_file(MTGJSON, include_default=False)
    assert db["Insectile Aberration"] == Card(
        "Insectile Aberration",
        type_line="Creature — Human Insect",
        oracle_text="Flying",
        power="3",
        toughness="2",
        color_indicator=("U",),
    )
    assert db["Jace Beleren"].loyalty == "3"
    assert db["Fire"].mana_cost == "{1}{R}"
    assert db["Fire // Ice"].mana_cost == "{1}{R} // {1}{U}"


# ---------------------------------------------------------------------------------------------
# JSON lines, JSON arrays, YAML, gzip
# ---------------------------------------------------------------------------------------------


def test_json_lines_in_the_corpus_format() -> None:
    db = CardDatabase.from_file(JSONL, include_default=False)
    assert db.names() == ["Dryad Arbor", "Grizzly Bears", "Lim-Dûl's Vault"]
    assert db["Dryad Arbor"].color_indicator == ("G",)
    assert db["lim-dul's vault"].mana_cost == "{U}{B}"


def test_yaml_card_list() -> None:
    db = CardDatabase.from_file(YAML, include_default=False)
    assert db["Test Ape"] == Card(
        "Test Ape", type_line="Creature — Ape", oracle_text="Trample", power="3", toughness="3", color_indicator=("G",)
    )


def test_json_array_of_records(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"name": "X", "type_line": "Land"}]), encoding="utf-8")
    assert names(path) == [("X", ())]


def test_gzip_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.jsonl.gz"
    path.write_bytes(gzip.compress(JSONL.read_bytes()))
    assert [n for n, _ in names(path)] == ["Grizzly Bears", "Dryad Arbor", "Lim-Dûl's Vault"]


def test_explicit_format_overrides_detection(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text(JSONL.read_text(encoding="utf-8"), encoding="utf-8")
    assert len(names(path, format="jsonl")) == 3
    assert len(names(path)) == 3  # detected from the content too


def test_the_first_record_of_a_name_wins(tmp_path: Path) -> None:
    path = tmp_path / "dupes.jsonl"
    path.write_text('{"name": "X", "type_line": "Land"}\n{"name": "x", "type_line": "Creature"}\n', encoding="utf-8")
    assert CardDatabase.from_file(path, include_default=False)["X"].type_line == "Land"


# ---------------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        (
            "bad.jsonl",
            '{"name": "X", "type_line": "Land"}\n{"name": \n',
            "{path}:2: JSON syntax error at column 10: Expecting value",
        ),
        (
            "bad.jsonl",
            '{"name": "X"}\n',
            "{path}:1: card.type_line: expected a type line such as 'Creature — Elf Druid', got None",
        ),
        (
            "bad.json",
            '[{"object": "card", "name": "X", "layout": "normal"}]',
            "{path}: [0].type_line: expected a type line such as 'Creature — Elf Druid', got None",
        ),
        (
            "bad.json",
            '{"meta": {}, "data": {"X": {"name": "X"}}}',
            "{path}: data['X']: expected a list of card objects",
        ),
        (
            "bad.json",
            '{"meta": {}, "data": [1, 2',
            "{path}: JSON syntax error at line 1, column 27: Expecting ',' delimiter",
        ),
        ("bad.yaml", "cards: [\n", "{path}: YAML syntax error at line 2, column 1: did not find expected node content"),
        ("bad.yaml", "cards: {a: 1}\n", "{path}: expected a list of card records (or a mapping with a 'cards:' list)"),
        (
            "bad.txt",
            "hello\n",
            "{path}: cannot tell the card file format (expected a Scryfall or MTGJSON JSON file, "
            "JSON lines, or a .yaml card list); pass format= to say which",
        ),
        ("bad.bin", b"\xff\xfe\x00", "{path}: not UTF-8 text (byte 0)"),
        ("bad.gz", "not gzip", "{path}: not a gzip file: Not a gzipped file (b'no')"),
    ],
)
def test_card_file_errors(tmp_path: Path, name: str, content: str | bytes, message: str) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        CardDatabase.from_file(path)
    assert str(info.value) == message.format(path=path)


def test_missing_card_file(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot read the card file: No such file or directory"):
        CardDatabase.from_file(tmp_path / "nope.json")


def test_unknown_format_name() -> None:
    with pytest.raises(CardDataError, match="unknown card file format 'csv'; expected one of"):
        CardDatabase.from_file(JSONL, format="csv")
