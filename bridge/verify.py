"""Run ruling cases (docs/rulings-format.md): pass, fail (expected vs got, and the rules that
fired), or unsupported (with the reason: a query kind this mtgasp does not have yet, text the
parser does not support).

Comparison is exact. A list of values (types, amounts of mana, CR numbers) is compared as a set;
a list of mappings (outcomes, abilities, distinct results, successors) as a multiset of the
actual items projected onto the keys the expected items name, each expected item counting
``count`` times (default 1). ``rules_include`` is the one subset test: every outcome's rules
include those numbers.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import CardDatabase
from .errors import EngineError, InvalidStateError
from .queries import Engine
from .rulings import Case, Check, parse_mana
from .state import GameState, load_state, loads_state
from .terms import Mana

__all__ = ["CaseResult", "CheckResult", "run_case", "run_cases", "build_state"]

PASS, FAIL, UNSUPPORTED = "pass", "fail", "unsupported"
GAME_STEPS = ("apply", "play", "actions", "characteristics")


@dataclass
class CheckResult:
    check: Check
    status: str
    reason: str = ""
    mismatches: list[tuple[str, Any, Any]] = field(default_factory=list)
    """(expectation key, expected, got) for each expectation that failed."""
    rules: tuple[str, ...] = ()
    """The CR rules the answer cited (fired)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.check.describe(),
            "status": self.status,
            "reason": self.reason,
            "mismatches": [{"key": k, "expected": _plain(e), "got": _plain(g)} for k, e, g in self.mismatches],
            "rules": list(self.rules),
        }


@dataclass
class CaseResult:
    case: Case
    status: str
    reason: str = ""
    checks: list[CheckResult] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        c = self.case
        return {
            "name": c.name,
            "file": str(c.file),
            "status": self.status,
            "reason": self.reason,
            "ruling": {"card": c.ruling.card, "date": c.ruling.date, "source": c.ruling.source, "text": c.ruling.text},
            "rules": list(c.rules),
            "checks": [r.to_json() for r in self.checks],
        }

    def lines(self, verbose: bool = False) -> Iterable[str]:
        c = self.case
        yield f"{self.status.upper():>11}  {c.name}" + (f"  ({self.reason})" if self.reason else "")
        if self.status == FAIL or verbose:
            yield f"             ruling ({c.ruling.card or c.ruling.source}, {c.ruling.date or c.ruling.source}): {c.ruling.text}"
            for r in self.checks:
                if r.status == PASS and not verbose:
                    continue
                yield f"             {r.status}: {r.check.describe()}" + (f" ({r.reason})" if r.reason else "")
                for key, exp, got in r.mismatches:
                    yield f"               {key}: expected {_show(exp)}"
                    yield f"               {' ' * len(key)}  got      {_show(got)}"
                if r.rules:
                    yield f"               rules that fired: {', '.join(r.rules)}"


# -- states ------------------------------------------------------------------------------------


def build_state(case: Case, name: str, db: CardDatabase | None = None) -> GameState:
    """The case's state ``name``: a state file, or a document (players default to alice, bob)
    with the file's ``cards:`` that it names added to its own."""
    spec = case.states[name]
    if isinstance(spec, Path):
        return load_state(spec, db=db)
    doc = dict(spec)
    doc.setdefault("players", ["alice", "bob"])
    named = json.dumps(doc.get("battlefield", []), ensure_ascii=False) + json.dumps(doc.get("effects", []))
    extra = [dict(c) for c in case.cards if json.dumps(c["name"], ensure_ascii=False) in named]
    if extra:
        doc["cards"] = [*doc.get("cards", []), *extra]
    return loads_state(json.dumps(doc, ensure_ascii=False), format="json", db=db, source=f"{case.file} case {case.name} state {name}")


# -- running ------------------------------------------------------------------------------------


def run_cases(cases: Iterable[Case], engine: Engine | None = None) -> list[CaseResult]:
    engine = engine or Engine()
    return [run_case(c, engine) for c in cases]


def run_case(case: Case, engine: Engine | None = None) -> CaseResult:
    """Run every check of ``case``. Unsupported (with the first reason) when it needs text the
    parser does not support or a query kind the engine does not have; otherwise pass or fail."""
    engine = engine or Engine()
    for card, ability in case.requires:
        reason = _unsupported_text(engine.db, card, ability)
        if reason:
            return CaseResult(case, UNSUPPORTED, reason)
    missing = [c for c in case.checks if not callable(getattr(engine, c.method, None))]
    if missing:
        return CaseResult(case, UNSUPPORTED, f"query '{missing[0].kind}' is not in this mtgasp yet (no Engine.{missing[0].method})")
    states: dict[str, GameState] = {}
    results: list[CheckResult] = []
    for check in case.checks:
        if check.state not in states:
            try:
                states[check.state] = build_state(case, check.state, engine.db)
            except InvalidStateError as e:
                return CaseResult(case, UNSUPPORTED, f"the state cannot be read yet: {e}")
        results.append(_run_check(check, states[check.state], engine))
    statuses = {r.status for r in results}
    if FAIL in statuses:
        return CaseResult(case, FAIL, "", results)
    if UNSUPPORTED in statuses:
        return CaseResult(case, UNSUPPORTED, next(r.reason for r in results if r.status == UNSUPPORTED), results)
    return CaseResult(case, PASS, "", results)


def _unsupported_text(db: CardDatabase, card: str, ability: int | None) -> str:
    parsed = db.parsed(db.get(card).name)
    for ab in parsed.unsupported:
        if ability is None or ab.index == ability:
            return f"{card}: ability {ab.index} is not supported by the parser yet: {ab.text!r}"
    return ""


def _run_check(check: Check, state: GameState, engine: Engine) -> CheckResult:
    a = check.args
    try:
        if check.kind == "could-produce":
            r = engine.could_produce(state, a["object"])
            return _compare(check, {"types": list(r.types)}, r.rules)
        if check.kind == "tap":
            return _tap(check, state, engine)
        if check.kind == "orders":
            r = engine.orders(state, a["object"], a.get("ability"), limit=int(a.get("limit", 100)))
            got = {
                "distinct": [
                    {"choice": d.choice, "produced": d.produced, "result": d.result, "orders": d.orders} for d in r.distinct
                ],
                "total_orders": r.total_orders,
                "chooser": r.chooser,
            }
            return _compare(check, got, ("614.1a", "614.5", "616.1", "616.1e", "616.1f"))
        if check.kind == "abilities":
            player = a.get("player", state.active)
            reports = [x for x in engine.mana_abilities(state, player) if "object" not in a or x.object == a["object"]]
            got = {
                "abilities": [
                    {
                        "object": x.object,
                        "card": x.ability.card,
                        "ability": str(x.ability),
                        "activatable": x.activatable,
                        "reasons": list(x.reasons),
                        "mana_cost": list(x.mana_cost),
                        "could_add": list(x.could_add),
                        "modelled": x.modelled,
                    }
                    for x in reports
                ]
            }
            return _compare(check, got, tuple(sorted({r for x in reports for r in x.rules})))
        if check.kind == "pools":
            player = a.get("player", state.active)
            r = engine.pools(state, player, limit=int(a.get("limit", 1000)))
            got = {"pools": [p.mana for p in r.pools], "maximal": [p.mana for p in r.maximal], "total": r.total}
            return _compare(check, got, ("106.4", "601.2h", "602.2b"))
        if check.kind == "check":
            found = engine.check(state)
            got = {
                "violations": [{"rule": c, "subject": s} for c, s in found if c not in ("unmodelled", "pending")],
                "pending_state_based_actions": [s for c, s in found if c == "pending"],
                "unmodelled": [s for c, s in found if c == "unmodelled"],
            }
            return _compare(check, got, tuple(sorted({c for c, _ in found if c not in ("unmodelled", "pending")})))
        # Game steps and other kinds: the result's JSON document, matched by the same rules.
        method = getattr(engine, check.method)
        args = [a[k] for k in ("action", "line", "object") if k in a]
        result = method(state, *args)
        doc = result.to_json() if hasattr(result, "to_json") else result
        if not isinstance(doc, Mapping):
            return CheckResult(check, UNSUPPORTED, f"verify cannot read the answer of '{check.kind}' yet")
        compared = _compare(check, doc, tuple(str(r) for r in doc.get("rules", ()) if isinstance(r, str)))
        if compared.status == FAIL and doc.get("not_modelled"):
            return CheckResult(check, UNSUPPORTED, f"not modelled: {'; '.join(map(str, doc['not_modelled']))}")
        return compared
    except EngineError as e:
        if check.kind in GAME_STEPS:
            # A game step the engine refuses to take is not an answer: the case waits for it.
            return CheckResult(check, UNSUPPORTED, f"the engine cannot take this step yet: {e}")
        return CheckResult(check, FAIL, f"the query failed: {e}", [("answer", "an answer", f"error: {e}")])


def _tap(check: Check, state: GameState, engine: Engine) -> CheckResult:
    obj = check.args["object"]
    player = check.args.get("player") or state.permanent(obj).controller
    r = engine.tap(state, obj)
    outcomes = [
        {
            "ability": str(o.ability),
            "card": o.ability.card,
            "choice": o.choice,
            "produced": o.produced,
            "replaced": o.replaced,
            "orders": o.orders,
            "triggers": [
                {"object": t.object, "card": t.ability.card, "adds": t.adds, "recipient": t.recipient, "choice": t.choice}
                for t in o.triggers
            ],
            "adds": {p: m for p, m in o.adds},
            "rules": list(o.rules),
        }
        for o in r.outcomes
    ]
    got: dict[str, Any] = {
        "adds": sorted({o.adds_for(player) for o in r.outcomes}),
        "outcomes": outcomes,
        "cannot": [{"ability": str(ab), "rule": rule} for ab, rule in r.cannot],
        "notes": list(r.notes),
        "unsupported_notes": [n for n in r.notes if "not supported" in n],
        "results": [
            {"adds": dict(adds), "outcomes": len(group), "orders": sum(o.orders for o in group)}
            for adds, group in r.distinct().items()
        ],
    }
    if all(isinstance(x, str) for x in check.expect.get("cannot") or [{}]):
        got["cannot"] = [rule for _, rule in r.cannot]  # written as the CR numbers alone
    rules = tuple(sorted({x for o in r.outcomes for x in o.rules} | {rule for _, rule in r.cannot}))
    result = _compare(check, got, rules)
    include = check.expect.get("rules_include")
    if include is not None:
        lacking = [o for o in r.outcomes if not set(map(str, include)) <= set(o.rules)]
        if lacking or not r.outcomes:
            result.status = FAIL
            result.mismatches.append(("rules_include", sorted(map(str, include)), [list(o.rules) for o in (lacking or r.outcomes)]))
    return result


# -- comparing -----------------------------------------------------------------------------------


def _compare(check: Check, got: Mapping[str, Any], rules: Iterable[str]) -> CheckResult:
    mismatches = []
    for key, expected in check.expect.items():
        if key == "rules_include":
            continue
        if key not in got:
            return CheckResult(check, UNSUPPORTED, f"the answer has no field '{key}' yet", [], tuple(rules))
        absent = _absent_field(expected, got[key])
        if absent:
            # the answer does not give what the ruling is about (yet): not a wrong answer
            return CheckResult(check, UNSUPPORTED, f"the answer has no field '{absent}' yet", [], tuple(rules))
        ok, exp_n, got_n = _matches(expected, got[key])
        if not ok:
            mismatches.append((key, exp_n, got_n))
    return CheckResult(check, FAIL if mismatches else PASS, "", mismatches, tuple(rules))


def _absent_field(expected: Any, actual: Any) -> str:
    """A field an expected mapping names that no mapping of the answer has (searched through
    lists of mappings), or ''."""
    if isinstance(expected, list) and isinstance(actual, (list, tuple)):
        keys = {str(k) for e in expected if isinstance(e, Mapping) for k in e}
        present = {str(k) for x in actual if isinstance(x, Mapping) for k in x}
        if actual and any(isinstance(x, Mapping) for x in actual):
            missing = sorted(keys - present)
            if missing:
                return missing[0]
            # nested lists of mappings (a successor's tokens): the same question one level down
            for k in sorted(keys):
                inner_exp = [v for e in expected if isinstance(e, Mapping) and isinstance(e.get(k), list) for v in e[k]]
                inner_act = [v for x in actual if isinstance(x, Mapping) and isinstance(x.get(k), (list, tuple)) for v in x[k]]
                found = _absent_field(inner_exp, inner_act) if inner_exp and inner_act else ""
                if found:
                    return found
    return ""


def _matches(expected: Any, actual: Any) -> tuple[bool, Any, Any]:
    """Whether ``actual`` is what ``expected`` says, and both in comparable (normal) form."""
    if isinstance(expected, list) and isinstance(actual, (list, tuple)):
        if any(isinstance(e, Mapping) for e in expected) or (not expected and any(isinstance(x, Mapping) for x in actual)):
            return _multiset(expected, list(actual))
        like = actual[0] if actual else None
        exp = sorted((_norm_value(e, like) for e in expected), key=str)
        act = sorted((_norm_value(x, x) for x in actual), key=str)
        return exp == act, exp, act
    if isinstance(expected, Mapping) and isinstance(actual, Mapping):
        exp_m, act_m = {}, {}
        ok = True
        for k, v in expected.items():
            sub_ok, e, g = _matches(v, actual.get(str(k), actual.get(k)))
            exp_m[k], act_m[k] = e, g
            ok = ok and sub_ok
        return ok, exp_m, act_m
    e, g = _norm_value(expected, actual), _norm_value(actual, actual)
    return e == g, e, g


def _norm_value(value: Any, like: Any) -> Any:
    """Values as compared: mana as :class:`Mana` when the answer holds mana, numbers and CR
    numbers as strings only where the answer holds strings."""
    if isinstance(like, Mana) or isinstance(value, Mana):
        try:
            return parse_mana(value)
        except ValueError:
            return value
    if isinstance(value, (list, tuple)):
        return tuple(_norm_value(v, v) for v in value)
    if isinstance(like, str) and isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


def _multiset(expected: list[Any], actual: list[Any]) -> tuple[bool, Any, Any]:
    keys: list[str] = []
    for e in expected:
        for k in e if isinstance(e, Mapping) else ():
            if k != "count" and k not in keys:
                keys.append(k)
    want: Counter[str] = Counter()
    shown_exp: dict[str, Any] = {}
    for e in expected:
        item = {k: v for k, v in e.items() if k != "count"}
        probe = _project(item, actual[0] if actual else {}, keys)
        key = _key(probe)
        want[key] += int(e.get("count", 1))
        shown_exp[key] = probe
    have: Counter[str] = Counter()
    shown_got: dict[str, Any] = {}
    for a in actual:
        probe = _project(a, a, keys, sub=_subkeys(expected))
        key = _key(probe)
        have[key] += 1
        shown_got[key] = probe
    exp_list = [dict(shown_exp[k], count=n) for k, n in sorted(want.items())]
    got_list = [dict(shown_got[k], count=n) for k, n in sorted(have.items())]
    return want == have, exp_list, got_list


def _subkeys(expected: list[Any]) -> dict[str, list[str]]:
    """For nested lists of mappings (an outcome's triggers): the keys the expectation names."""
    sub: dict[str, list[str]] = {}
    for e in expected:
        for k, v in e.items() if isinstance(e, Mapping) else ():
            if isinstance(v, list):
                for item in v:
                    for kk in item if isinstance(item, Mapping) else ():
                        if kk not in sub.setdefault(k, []):
                            sub[k].append(kk)
    return sub


def _project(item: Mapping[str, Any], like: Any, keys: list[str], sub: Mapping[str, list[str]] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in keys:
        v = item.get(k) if isinstance(item, Mapping) else None
        ref = like.get(k) if isinstance(like, Mapping) else None
        if isinstance(v, list) and (sub is not None and k in sub or any(isinstance(x, Mapping) for x in v)):
            subkeys = (sub or {}).get(k) or sorted({kk for x in v if isinstance(x, Mapping) for kk in x})
            ref0 = ref[0] if isinstance(ref, list) and ref else {}
            out[k] = sorted((_project(x, ref0 if ref0 else x, subkeys) for x in v), key=_key)
        elif isinstance(v, Mapping) and isinstance(ref, Mapping):
            out[k] = {str(kk): _norm_value(vv, next(iter(ref.values()), vv)) for kk, vv in v.items()}
        else:
            out[k] = _norm_value(v, ref)
    return out


def _key(value: Any) -> str:
    return json.dumps(_plain(value), sort_keys=True, ensure_ascii=False)


def _plain(value: Any) -> Any:
    if isinstance(value, Mana):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _show(value: Any) -> str:
    return json.dumps(_plain(value), ensure_ascii=False)
