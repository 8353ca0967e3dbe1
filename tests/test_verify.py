"""mtgasp verify finds wrong expectations: each kind of expectation can fail, bad case files are
reported by field with exit status 2, and unsupported text or query kinds are named."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from mtgasp.cli import main
from mtgasp.rulings import RulingFormatError, load_cases
from mtgasp.verify import FAIL, PASS, UNSUPPORTED, run_case

HEAD = """
cases:
- name: {name}
  ruling: {{source: cr, text: "a test of verify"}}
  rules: ['106.7']
  state:
    battlefield:
    - {{id: garrison, card: Boros Garrison, controller: alice}}
    - {{id: flare, card: Mana Flare, controller: bob}}
  checks:
"""


def _case(tmp_path: Path, checks: str, name: str = "probe", extra: str = "") -> Path:
    p = tmp_path / f"{name}.yaml"
    p.write_text(HEAD.format(name=name) + textwrap.indent(textwrap.dedent(checks), "  ") + extra, encoding="utf-8")
    return p


def _status(path: Path) -> str:
    [case] = load_cases(path)
    return run_case(case).status


# Boros Garrison ({R}{W}) with Mana Flare: {R}{R}{W} or {R}{W}{W} (the Mana Flare ruling), two outcomes.
RIGHT = """
- query: tap
  object: garrison
  adds: ['{W}{R}{R}', '{W}{W}{R}']
  outcomes:
  - {adds: {alice: '{W}{R}{R}'}, triggers: [{object: flare, adds: '{R}'}]}
  - {adds: {alice: '{W}{W}{R}'}, triggers: [{object: flare, adds: '{W}'}]}
"""


@pytest.mark.parametrize(
    ("checks", "status"),
    [
        (RIGHT, PASS),
        (RIGHT.replace("'{W}{R}{R}', '{W}{W}{R}'", "'{W}{R}{R}'"), FAIL),  # one result missing
        (RIGHT.replace("'{R}'}]}", "'{W}'}]}"), FAIL),  # a trigger's mana wrong
        (RIGHT.replace("adds: '{W}'}]}", "adds: '{W}'}]}\n  - {adds: {alice: '{W}{W}{R}'}}"), FAIL),  # one outcome too many
        ("- query: could-produce\n  object: garrison\n  types: [R, W]\n", PASS),
        ("- query: could-produce\n  object: garrison\n  types: [R]\n", FAIL),
        ("- query: tap\n  object: garrison\n  rules_include: ['605.4a']\n", PASS),
        ("- query: tap\n  object: garrison\n  rules_include: ['616.1']\n", FAIL),  # no replacement effect
        ("- query: abilities\n  player: alice\n  abilities: [{object: garrison, activatable: true}]\n", PASS),
        ("- query: abilities\n  player: alice\n  abilities: [{object: garrison, activatable: false}]\n", FAIL),
        ("- query: check\n  violations: []\n", PASS),
        ("- query: pools\n  player: alice\n  maximal: ['{W}{R}{R}', '{W}{W}{R}']\n", PASS),
        ("- query: pools\n  player: alice\n  maximal: ['{W}{R}']\n", FAIL),
    ],
)
def test_each_expectation_can_fail(tmp_path: Path, checks: str, status: str) -> None:
    assert _status(_case(tmp_path, checks)) == status


def test_a_query_kind_the_engine_lacks_is_unsupported_with_its_name(tmp_path: Path) -> None:
    from mtgasp import Engine
    from mtgasp.rulings import QUERY_KINDS

    lacking = [(k, m) for k, (m, _, _) in QUERY_KINDS.items() if not hasattr(Engine, m)]
    if not lacking:
        pytest.skip("the Engine answers every query kind")
    kind, method = lacking[0]
    args, expectations = QUERY_KINDS[kind][1:]
    lines = "".join(f"  {a}: x\n" for a in args[:1]) + f"  {expectations[0]}: []\n"
    [case] = load_cases(_case(tmp_path, f"- query: {kind}\n" + lines))
    r = run_case(case)
    assert (r.status, r.reason) == (UNSUPPORTED, f"query '{kind}' is not in this mtgasp yet (no Engine.{method})")


def test_text_the_parser_does_not_support_is_unsupported_with_the_text(tmp_path: Path) -> None:
    extra = "  requires: [{card: Caller of the Pack, ability: 2}]\n"
    [case] = load_cases(_case(tmp_path, RIGHT, extra=extra))
    r = run_case(case)
    assert (r.status, r.reason.startswith("Caller of the Pack: ability 2 is not supported")) in (
        (UNSUPPORTED, True),
        (PASS, False),  # the day the parser reads myriad, the requirement is met
    )


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("cases:\n- name: x\n  ruling: {source: cr, text: t}\n  checks: [{query: tap, object: a, adds: []}]\n", "state"),
        ("cases:\n- name: x\n  ruling: {source: cr, text: t}\n  rules: [106.7]\n  state: {}\n  checks: []\n", "rules[0]"),
        ("cases:\n- name: x\n  ruling: {source: forum, text: t}\n  state: {}\n  checks: []\n", "ruling.source"),
        ("cases:\n- name: x\n  ruling: {source: cr, text: t}\n  state: {}\n  checks: [{query: guess}]\n", "checks[0].query"),
        ("cases:\n- name: x\n  ruling: {source: cr, text: t}\n  state: {}\n  checks: [{query: tap, object: a, adds: [G]}]\n",
         "checks[0].adds[0]"),
    ],
)
def test_a_malformed_case_names_the_field(tmp_path: Path, text: str, field: str) -> None:
    p = tmp_path / "bad.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(RulingFormatError, match=rf"field '{field.replace('[', '.').replace(']', '.')}"):
        load_cases(p)


def test_the_command_exit_status_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _case(tmp_path, RIGHT, name="good")
    bad = _case(tmp_path, RIGHT.replace("'{R}'}]}", "'{G}'}]}"), name="bad")
    assert main(["verify", str(good)]) == 0
    capsys.readouterr()
    assert main(["verify", str(bad), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    [case] = doc["cases"]
    assert (doc["summary"], case["status"], case["checks"][0]["mismatches"][0]["key"]) == (
        {"pass": 0, "fail": 1, "unsupported": 0},
        "fail",
        "outcomes",
    )
    assert "605.4a" in case["checks"][0]["rules"]
    (tmp_path / "broken.yaml").write_text("cases: [1]\n", encoding="utf-8")
    assert main(["verify", str(tmp_path / "broken.yaml")]) == 2
