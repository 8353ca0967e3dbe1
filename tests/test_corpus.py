"""bridge/corpus.py: reading card files (Scryfall, MTGJSON, JSON lines) and the corpus report;
the coverage ratchet over the shared card corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgasp.corpus import corpus_command, is_keyword_line, is_mana_line, iter_card_records, measure, template_of
from mtgasp.parser.split import self_names
from mtgasp.errors import CardDataError

HERE = Path(__file__).parent
CORPUS = HERE.parent.parent / "shared" / "data" / "cards" / "cards.jsonl"
RATCHET = HERE / "parser_cases" / "corpus_ratchet.json"

ELVES = {"name": "Llanowar Elves", "mana_cost": "{G}", "type_line": "Creature — Elf Druid",
         "oracle_text": "{T}: Add {G}.", "power": "1", "toughness": "1"}


def test_scryfall_array_with_faces(tmp_path: Path) -> None:
    cards = [ELVES, {
        "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
        "card_faces": [
            {"name": "Delver of Secrets", "mana_cost": "{U}", "type_line": "Creature — Human Wizard",
             "oracle_text": "At the beginning of your upkeep, look at the top card of your library.",
             "power": "1", "toughness": "1"},
            {"name": "Insectile Aberration", "mana_cost": "", "type_line": "Creature — Human Insect",
             "oracle_text": "Flying", "power": "3", "toughness": "2", "color_indicator": ["U"]},
        ]}]
    f = tmp_path / "oracle-cards.json"
    f.write_text(json.dumps(cards), encoding="utf-8")
    recs = list(iter_card_records(f))
    assert [r["name"] for r in recs] == ["Llanowar Elves", "Delver of Secrets", "Insectile Aberration"]
    assert recs[2]["color_indicator"] == ["U"] and recs[2]["oracle_text"] == "Flying"
    assert set(recs[0]) == {"name", "mana_cost", "type_line", "oracle_text", "power", "toughness",
                            "loyalty", "defense", "color_indicator"}


def test_mtgjson_atomic_joins_time_lord(tmp_path: Path) -> None:
    data = {"data": {"The Master, Multiplied": [{
        "name": "The Master, Multiplied", "manaCost": "{4}{B}{R}", "text": "Myriad",
        "supertypes": ["Legendary"], "types": ["Creature"], "subtypes": ["Time", "Lord", "Rogue"],
        "power": "4", "toughness": "3"}]}}
    f = tmp_path / "AtomicCards.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    (rec,) = iter_card_records(f)
    assert rec["type_line"] == "Legendary Creature — Time Lord Rogue"
    assert rec["mana_cost"] == "{4}{B}{R}" and rec["oracle_text"] == "Myriad"


def test_json_lines(tmp_path: Path) -> None:
    f = tmp_path / "cards.jsonl"
    f.write_text(json.dumps(ELVES) + "\n" + json.dumps({**ELVES, "name": "Fyndhorn Elves"}) + "\n", encoding="utf-8")
    assert [r["name"] for r in iter_card_records(f)] == ["Llanowar Elves", "Fyndhorn Elves"]


def test_bad_file_is_a_card_data_error(tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    f.write_text("not json", encoding="utf-8")
    with pytest.raises(CardDataError):
        list(iter_card_records(f))


def test_template_placeholders() -> None:
    assert template_of("{2}{G}, {T}: Add three mana of any one color. (Reminder.)") == \
        "{M}{M}, {T}: Add N mana of any N color."


def test_command_json(tmp_path: Path) -> None:
    f = tmp_path / "cards.jsonl"
    rows = [ELVES, {**ELVES, "name": "Gizmo", "oracle_text": "Flying\nWhenever ~ frobnicates, draw a card."}]
    f.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    result = CliRunner().invoke(corpus_command, [str(f), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["cards"] == 2 and report["cards_fully_parsed"] == 1
    assert report["mana_lines"] == 1 and report["mana_lines_parsed"] == 1
    assert report["unsupported_templates"][0]["example"] == "Gizmo"
    assert report["coverage"]["mana"] == {"total": 1, "parsed": 1, "pct": 100.0}
    text = CliRunner().invoke(corpus_command, [str(f), "--limit", "1"]).output
    assert "fully parsed:       1 (100.0%)" in text


@pytest.mark.parametrize(("name", "type_line", "text", "expected"), [
    ("Serra Angel", "Creature — Angel", "Flying, vigilance", True),
    ("Sample", "Creature", "Ward—Pay 3 life.", True),
    ("Sample", "Creature", "Swampwalk (This creature can't be blocked as long as ...)", True),
    ("Frazzled Editor", "Creature", "Protection from wordy (Something is wordy if ...)", True),
    ("Dark Knight's Greatsword", "Artifact", "Chaosbringer — Equip—Pay 3 life.", True),  # after a flavor word
    # the card's own name, starting with a keyword's word
    ("Storm Entity", "Creature — Elemental", "Storm Entity enters with a +1/+1 counter on it.", False),
    ("Awaken the Maelstrom", "Sorcery", "Awaken the Maelstrom is all colors.", False),
    ("Wraith, Vicious Vigilante", "Legendary Creature", "Fear Gas — Wraith can't be blocked.", False),
    # about a keyword, not the keyword
    ("Fighter Class", "Enchantment — Class", "Equip abilities you activate cost {2} less to activate.", False),
    ("Memory Crystal", "Artifact", "Buyback costs cost {2} less.", False),
    ("Catalyst Stone", "Artifact", "Flashback costs you pay cost up to {2} less.", False),
    # a flavor word that begins with a keyword's word
    ("Mutalith Vortex Beast", "Creature", "Warp Vortex — When Mutalith Vortex Beast enters, draw a card.", False),
])
def test_keyword_line_classifier(name: str, type_line: str, text: str, expected: bool) -> None:
    assert is_keyword_line(text, self_names(name, type_line)) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("{T}: Add {G}.", True),
    ("Whenever a player taps a land for mana, that player adds one mana of any type that land produced.", True),
    ("Add or subtract 1 from target creature's power, target player's life total, or target die roll's result.", False),
    ("({T}: Add {G}.)", False),
])
def test_mana_line_classifier(text: str, expected: bool) -> None:
    assert is_mana_line(text) is expected


def test_keyword_lines_recognised_and_parsed(tmp_path: Path) -> None:
    f = tmp_path / "cards.jsonl"
    rows = [{**ELVES, "name": "Gizmo", "oracle_text": "Flying\nProtection from wordy"},
            {**ELVES, "name": "Storm Gizmo", "oracle_text": "Storm Gizmo can't block."}]
    f.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    report = measure(iter_card_records(f))
    assert (report["keyword_abilities"], report["keyword_abilities_recognised"],
            report["keyword_abilities_parsed"]) == (2, 2, 1)


@pytest.fixture(scope="module")
def corpus_report() -> dict:
    if not CORPUS.exists():
        pytest.skip("../shared/data/cards/cards.jsonl is absent")
    return measure(iter_card_records(CORPUS), top=0)


@pytest.mark.parametrize("key", ["cards_fully_parsed", "mana_lines_parsed", "keyword_abilities_parsed",
                                 "abilities_parsed"])
def test_corpus_ratchet(corpus_report: dict, key: str) -> None:
    """Coverage may only grow: update tests/parser_cases/corpus_ratchet.json upward."""
    recorded = json.loads(RATCHET.read_text())[key]
    assert corpus_report[key] >= recorded, f"{key} dropped: {corpus_report[key]} < {recorded}"


@pytest.mark.slow
def test_alias_ratchet() -> None:
    """Templates general by construction (issue 12): the aliases read by exactly one corpus card,
    or by none, may only become fewer (parses every text: slow)."""
    if not CORPUS.exists():
        pytest.skip("../shared/data/cards/cards.jsonl is absent")
    rec = json.loads(RATCHET.read_text())
    a = measure(iter_card_records(CORPUS), top=0, aliases=True)["aliases"]
    assert len(a["one_card"]) <= rec["aliases_one_card_at_most"], a["one_card"]
    assert len(a["no_card"]) <= rec["aliases_no_card_at_most"], a["no_card"]


def test_corpus_has_no_internal_errors(corpus_report: dict) -> None:
    assert [e["card"] + ": " + e["message"] for e in corpus_report["parser_errors"]] == []


def test_corpus_report_is_the_same_in_several_processes(tmp_path) -> None:
    """``--jobs N`` parses in N processes; the report (all but the timings) is the same."""
    import json as _json

    f = tmp_path / "cards.jsonl"
    cards = [
        {"name": "Llanowar Elves", "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}."},
        {"name": "Frobnicator", "type_line": "Artifact", "oracle_text": "Frobnicate all the things."},
        {"name": "Serra Angel", "type_line": "Creature — Angel", "oracle_text": "Flying, vigilance"},
        {"name": "Tainted Field", "type_line": "Land",
         "oracle_text": "{T}: Add {C}.\n{T}: Add {W} or {B}. Activate only if you control a Swamp."},
    ] * 4
    f.write_text("\n".join(_json.dumps(c) for c in cards) + "\n", encoding="utf-8")

    def report(jobs: int) -> dict:
        r = measure(iter_card_records(f), jobs=jobs)
        return {k: v for k, v in r.items() if k != "jobs" and not k.startswith("seconds")}

    one = report(1)
    assert one["cards"] == 16 and one["cards_fully_parsed"] == 12
    assert report(2) == one


def test_corpus_aliases_lists_those_read_by_one_card_or_none(tmp_path) -> None:
    """``--aliases``: each grammar alias with the number of cards whose parse used it; the two
    Elves share theirs, so every alias used by exactly one card is one of Birds of Paradise's."""
    import json as _json

    f = tmp_path / "cards.jsonl"
    cards = [
        {"name": "Llanowar Elves", "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}."},
        {"name": "Fyndhorn Elves", "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}."},
        {"name": "Birds of Paradise", "type_line": "Creature — Bird",
         "oracle_text": "Flying\n{T}: Add one mana of any color."},
    ]
    f.write_text("\n".join(_json.dumps(c) for c in cards) + "\n", encoding="utf-8")
    a = measure(iter_card_records(f), aliases=True)["aliases"]
    one = {x["alias"]: x["card"] for x in a["one_card"]}
    assert one and set(one.values()) == {"Birds of Paradise"}
    assert any(name.startswith("keywords__") for name in one)  # Flying is read by Birds only
    assert "costs__c_tap" not in one and "costs__c_tap" not in a["no_card"]  # {T}: all three
    assert not set(one) & set(a["no_card"])
    assert a["total"] > len(one) + len(a["no_card"])  # the Elves' aliases are used by two cards
    assert measure(iter_card_records(f), aliases=True, jobs=2)["aliases"] == a
