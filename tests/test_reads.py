"""No silent answers (issue 8, item 5): the rules declare which facts they read; a fact about an
object that no rule reads is listed as "not modelled" with the answers and by `check`.

The read table is derived from the rule files by a static pass (mtgasp.reads); these tests fix
what the pass finds on small programs written here (the expected tables read off by hand), keep
the declarations of rules_asp/reads.lp and interface.lp in step with the rules, and check the
lists a user sees."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import Engine, loads_state
from mtgasp.cards import CardDatabase
from mtgasp.cli import main
from mtgasp.reads import analyse, card_executable, read_table, unread_card_facts, unread_facts

DECLS = """
kind_arg(effect, 3, 3). kind_arg(filter, 3, 3). kind_arg(keyword, 2, 2).
reports(not_modelled, 2). bookkeeping(state_fact, 1). descriptive(ability_text, 2).
"""

PROGRAM = """
% a kind named in the literal, and one compared after flowing through effect_term/1
do(A) :- effect(A, _, gain_life(_, _)).
effect_term(T) :- effect(_, _, T).
known(T) :- effect_term(T), T = draw(_, _).
% a table of facts joined with the kind (pooled)
_src_dep(self; other).
needs(F) :- filter(F, _, X), _src_dep(X).
% read only to be reported: not a read (a report, and a helper that serves only reports)
not_modelled(A, T) :- effect(A, _, T), T = mill(_, _).
_flying(A) :- keyword(A, "flying").
fly_unread(A) :- _flying(A).
% copied by the frame: not a read
state_fact(life(P, N)) :- life(P, N).
% a guard is a read: the rule acts unless the kind is there
hasty(A) :- keyword(A, K), K = "haste", not cant(A).
"""


def _table():
    return analyse([("t.lp", PROGRAM)], DECLS)


def test_kinds_read_are_those_named_compared_or_joined() -> None:
    t = _table()
    assert t.kinds == {
        ("effect", 3, 3): frozenset({"gain_life/2", "draw/2"}),
        ("filter", 3, 3): frozenset({"self", "other"}),
        ("keyword", 2, 2): frozenset({'"haste"'}),
    }


def test_reports_and_bookkeeping_read_nothing() -> None:
    t = _table()
    assert ("life", 2) not in t.predicates  # only the frame copies it
    assert {("effect", 3), ("filter", 3), ("keyword", 2), ("cant", 1)} <= t.predicates
    # fly_unread/1 is a report by its name; _flying/1 serves only it
    assert ("_flying", 1) not in t.predicates


def test_a_fact_is_unread_by_its_predicate_or_its_kind() -> None:
    import clingo

    t = _table()
    ab = clingo.parse_term('ab(card("X"),1)')
    fact = lambda text: clingo.parse_term(text.replace("A", str(ab)))  # noqa: E731
    assert t.unread(fact("effect(A,1,draw(you,1))")) is None
    assert t.unread(fact("effect(A,1,mill(you,2))")) == "no rule reads the mill/2 of effect/3"
    assert t.unread(fact('keyword(A,"flying")')) == 'no rule reads the "flying" of keyword/2'
    assert t.unread(fact("life(player(\"a\"),20)")) == "no rule reads life/2"
    assert t.unread(fact('ability_text(A,"Flying")')) is None  # descriptive


# --- the real rule base ----------------------------------------------------------------


def test_every_input_the_rules_read_is_declared() -> None:
    """A rule that starts reading a predicate no rule derives reads an input: it must be
    declared (#defined in interface.lp or the file, and in docs/facts.md)."""
    t = read_table()
    inputs = {p for p in t.predicates if p not in t.derived}
    assert sorted(inputs - t.defined) == []


def test_every_declared_input_is_read_or_declared_unread() -> None:
    """rules_asp/reads.lp lists the inputs no rule reads (unread_input/2) — exactly those: a
    declared input that stops being read, or an unread one that a rule starts reading, fails
    here (then edit the list)."""
    t = read_table()
    unread = {p for p in t.defined if p not in t.predicates and p not in t.derived and p not in t.descriptive}
    assert sorted(unread - t.unread_inputs) == [], "declared inputs no rule reads: add them to unread_input/2"
    assert sorted(t.unread_inputs - unread) == [], "read now: delete them from unread_input/2 in rules_asp/reads.lp"


def test_the_cached_table_is_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """read_table keeps the table in a cache file; read back, it is the table the pass gives."""
    from mtgasp.engine import rules_dir
    from mtgasp.reads import DECLARATIONS, rule_files

    monkeypatch.setenv("MTGASP_CACHE_DIR", str(tmp_path))
    read_table.cache_clear()
    try:
        first = read_table()
        assert len(list(tmp_path.glob("reads-*.json"))) == 1
        read_table.cache_clear()
        again = read_table()  # from the file
    finally:
        read_table.cache_clear()
    fresh = analyse(rule_files(), (rules_dir() / DECLARATIONS).read_text(encoding="utf-8"))
    for t in (first, again):
        assert (t.predicates, t.derived, t.kinds, t.descriptive, t.defined, t.unread_inputs, t.where) == (
            fresh.predicates, fresh.derived, fresh.kinds, fresh.descriptive, fresh.defined, fresh.unread_inputs, fresh.where)


def test_the_mana_kinds_are_read() -> None:
    """CR 106.4, 605.1a: a mana ability's {T} cost and its add_mana part are what the mana rules
    read (docs/facts.md)."""
    t = read_table()
    assert "add_mana" in t.kinds[("effect", 3, 3)]
    assert {"tap", "mana/2"} <= t.kinds[("cost", 2, 2)]
    assert {"type/1", "choice/1"} <= t.kinds[("adds", 5, 5)]


def test_the_text_reading_agrees_with_the_symbol_reading() -> None:
    """`corpus` reads the parser's fact texts without clingo (ReadTable.unread_text); on every
    fact of the embedded card set it says what ReadTable.unread says of the symbol."""
    t = read_table()
    db = CardDatabase.default()
    n = 0
    for card in db:
        for f in db.facts(card.name):
            assert t.unread_text(str(f)) == t.unread(f), str(f)
            n += 1
    assert n > 1000


def test_fully_read_cards_have_no_unread_fact() -> None:
    db = CardDatabase.default()
    for name in ("Llanowar Elves", "Forest", "Reflecting Pool", "Sol Ring"):
        assert unread_card_facts(db.facts(name)) == [], name
        assert card_executable(db.facts(name)), name


# --- what a user sees ------------------------------------------------------------------

# "Cumulative upkeep" (CR 702.24) is parsed as keyword/2 and keyword_param/2; no rule reads the
# keyword: an upkeep the rules do not play.
GROVE = """
players: [alice, bob]
battlefield:
  - {id: grove, card: Cursed Grove, controller: alice}
  - {id: forest, card: Forest, controller: alice}
  - {id: elves, card: Llanowar Elves, controller: alice}
cards:
  - {name: Cursed Grove, type_line: Land, oracle_text: "Cumulative upkeep {1}\\n{T}: Add {G}."}
"""
GROVE_FACT = 'keyword(ab(card("Cursed Grove"),1),"cumulative upkeep")'


def test_check_lists_the_unread_fact_with_its_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(GROVE)
    assert main(["check", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["unread_facts"] == [{
        "object": "grove", "card": "Cursed Grove", "fact": GROVE_FACT,
        "why": 'no rule reads the "cumulative upkeep" of keyword/2', "scope": "object",
    }]
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert 'grove (Cursed Grove): not modelled: keyword(ab(~,1),"cumulative upkeep")' in out


def test_unread_facts_of_a_state() -> None:
    st = loads_state(GROVE)
    got = unread_facts(st, CardDatabase.default())
    assert [(u.object, u.card, u.fact) for u in got] == [("grove", "Cursed Grove", GROVE_FACT)]


GROVE_WHY = 'no rule reads the "cumulative upkeep" of keyword/2'


def test_tap_says_its_answer_ignores_an_unread_fact_of_its_object() -> None:
    """CR 702.24a: cumulative upkeep is a triggered ability of the permanent; tapping the Grove for
    {G} is answered, and the answer says it ignores the keyword no rule reads."""
    st = loads_state(GROVE)
    r = Engine().tap(st, "grove")
    assert [str(o.adds_for("alice")) for o in r.outcomes] == ["{G}"]
    assert [(u.object, u.fact, u.why) for u in r.not_modelled] == [("grove", GROVE_FACT, GROVE_WHY)]
    doc = r.to_json()
    assert doc["depends_on_unmodelled"] is True
    assert [u["fact"] for u in doc["unread_facts"]] == [GROVE_FACT]


def test_an_answer_about_another_object_does_not_depend_on_it() -> None:
    st = loads_state(GROVE)
    engine = Engine()
    for obj in ("forest", "elves"):
        r = engine.tap(st, obj)
        assert r.not_modelled == () and r.to_json()["depends_on_unmodelled"] is False, obj
    produced = {r.object: [u.fact for u in r.not_modelled] for r in engine.could_produce_all(st)}
    assert produced == {"grove": [GROVE_FACT], "forest": [], "elves": []}
    reports = {r.object: [u.fact for u in r.not_modelled] for r in engine.mana_abilities(st, "alice")}
    assert reports == {"grove": [GROVE_FACT], "forest": [], "elves": []}
    assert [u.fact for u in engine.pools(st, "alice").not_modelled] == [GROVE_FACT]
    assert engine.pools(st, "bob").not_modelled == ()


# Contamination's upkeep trigger ("sacrifice ~ unless you sacrifice a creature") may act on any
# answer: the unread parts of a triggered or replacement ability are listed with every answer,
# also the tap of another permanent. effect_unless/3 is an input no rule reads (reads.lp).
CONTAMINATION = """
players: [alice, bob]
battlefield:
  - {id: forest, card: Forest, controller: alice}
  - {id: contamination, card: Contamination, controller: bob}
"""


def test_an_unread_trigger_on_the_battlefield_is_listed_with_every_answer() -> None:
    st = loads_state(CONTAMINATION)
    got = Engine().tap(st, "forest").not_modelled
    table = read_table()
    expected = {str(f) for f in CardDatabase.default().facts("Contamination") if table.unread(f) is not None}
    assert {u.fact for u in got} == expected
    assert {(u.object, u.scope) for u in got} == {("contamination", "any")}
    assert any(u.fact.startswith("effect_unless(") for u in got)


def test_the_cli_prints_the_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(GROVE)
    assert main(["tap", str(path), "grove"]) == 0
    out = capsys.readouterr().out
    assert ('warning: grove (Cursed Grove): not modelled: keyword(ab(~,1),"cumulative upkeep") '
            f"({GROVE_WHY}); this answer ignores it") in out
    assert main(["tap", str(path), "forest"]) == 0
    assert "warning" not in capsys.readouterr().out


def test_a_state_of_fully_read_cards_has_none() -> None:
    st = loads_state(
        "players: [alice]\nbattlefield:\n  - {id: f, card: Forest, controller: alice}\n"
        "  - {id: e, card: Llanowar Elves, controller: alice}\n"
    )
    assert unread_facts(st, CardDatabase.default()) == ()
    assert Engine().check(st) == ()


# --- the corpus share ------------------------------------------------------------------

# Five cards; by hand: Forest (a basic land: its intrinsic mana ability, CR 305.6), Llanowar
# Elves ({T}: Add {G}.) and Sol Ring ({T}: Add {C}{C}.) are read in full; Cursed Grove's
# cumulative upkeep is read by no rule; Gizmo's trigger is text the parser does not support.
CORPUS = [
    {"name": "Forest", "type_line": "Basic Land — Forest", "oracle_text": "({T}: Add {G}.)", "mana_cost": ""},
    {"name": "Llanowar Elves", "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}.",
     "mana_cost": "{G}", "power": "1", "toughness": "1"},
    {"name": "Sol Ring", "type_line": "Artifact", "oracle_text": "{T}: Add {C}{C}.", "mana_cost": "{1}"},
    {"name": "Cursed Grove", "type_line": "Land", "oracle_text": "Cumulative upkeep {1}\n{T}: Add {G}.", "mana_cost": ""},
    {"name": "Gizmo", "type_line": "Creature", "oracle_text": "Whenever ~ frobnicates, draw a card.",
     "mana_cost": "{2}", "power": "1", "toughness": "1"},
]


def test_corpus_reports_the_executable_share(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from mtgasp.corpus import corpus_command

    f = tmp_path / "cards.jsonl"
    f.write_text("\n".join(json.dumps(r) for r in CORPUS) + "\n", encoding="utf-8")
    report = json.loads(CliRunner().invoke(corpus_command, [str(f), "--json"]).output)
    assert (report["cards"], report["cards_fully_parsed"], report["cards_executable"]) == (5, 4, 3)
    assert report["cards_executable_pct"] == 60.0
    assert report["unread_facts"] == [
        {"what": 'no rule reads the "cumulative upkeep" of keyword/2', "cards": 1, "example": "Cursed Grove"},
    ]
    text = CliRunner().invoke(corpus_command, [str(f)]).output
    assert "executable:         3 (60.0%)" in text
