"""CR 613.1b (layer 2) and CR 110.2 for token doublers through `apply` and `replacements`: a
doubler a control-changing effect gave to another player doubles that player's tokens, not its
owner's.

"If an effect would create one or more tokens under your control, it creates twice that many of
those tokens instead" (Parallel Lives, Anointed Procession, Doubling Season): a replacement
effect (CR 614.1a) whose "you" is its controller (CR 109.5), and a permanent's controller is the
one after the control-changing effects (CR 110.2, 613.1b; the latest timestamp wins, 613.7).
Two ways a state can move control: a resolved "gain control" effect (`effects:`) and an Aura
"You control enchanted permanent" (Confiscate's Oracle text). Myr Propagator's ability ("Create a
token that's a copy of Myr Propagator") resolves for its controller; every expected count is a
hand count: one token, times two for each doubler its new controller controls (CR 616.1: doublers
commute, every order gives the same number). Run as a user runs them: state files read by
`mtgasp apply ... pass --out DIR` (the successor files' tokens counted by controller) and
`mtgasp replacements STATE tokens:PLAYER:1:Myr Propagator`.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgasp import Engine, loads_state
from mtgasp.cli import cli
from mtgasp.state import load_state

ENGINE = Engine()

CARDS = """\
cards:
  - {name: Confiscate, type_line: Enchantment — Aura, mana_cost: "{4}{U}{U}",
     oracle_text: "Enchant permanent\\nYou control enchanted permanent."}
  - {name: Walker, type_line: Artifact Creature — Construct, mana_cost: "{X}{X}", power: 0, toughness: 0,
     oracle_text: "This creature enters with X +1/+1 counters on it."}
  - {name: Hardened Scales, type_line: Enchantment, mana_cost: "{G}",
     oracle_text: "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead."}
"""


def _state(permanents: list[str], effects: list[str] = (), resolving: str = "alice") -> str:
    """Both players have a tapped Myr Propagator (pa, pb); the ability of `resolving`'s resolves
    when alice passes (bob has passed)."""
    source = "pa" if resolving == "alice" else "pb"
    lines = ["version: 2", "players: [alice, bob]", "active: alice", "step: precombat_main", "priority: alice",
             "passed: [bob]", "battlefield:",
             "  - {id: pa, card: Myr Propagator, controller: alice, tapped: true}",
             "  - {id: pb, card: Myr Propagator, controller: bob, tapped: true}",
             *(f"  - {p}" for p in permanents)]
    if effects:
        lines += ["effects:", *(f"  - {e}" for e in effects)]
    lines += ["stack:", f"  - {{id: ab, ability: 1, source: {source}, controller: {resolving}}}"]
    return "\n".join(lines) + "\n" + CARDS


def _apply(tmp_path: Path, text: str) -> list[Counter]:
    """`mtgasp apply STATE pass --out DIR`: each successor's new tokens counted by controller."""
    src, out = tmp_path / "state.yaml", tmp_path / "out"
    src.write_text(text)
    result = CliRunner().invoke(cli, ["apply", str(src), "pass", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "not modelled" not in result.output
    boards = []
    for f in sorted(out.glob("successor-*.yaml")):
        boards.append(Counter(p.controller for p in load_state(f).battlefield if p.token))
    return boards


def _replacements(tmp_path: Path, text: str, player: str) -> str:
    """`mtgasp replacements STATE tokens:PLAYER:1:Myr Propagator`: the result lines."""
    src = tmp_path / "state.yaml"
    src.write_text(text)
    result = CliRunner().invoke(cli, ["replacements", str(src), f"tokens:{player}:1:Myr Propagator"])
    assert result.exit_code == 0, result.output
    return result.output


STOLEN_BY_EFFECT = (["{id: pl, card: Parallel Lives, controller: alice}"],
                    ["{kind: gain_control, object: pl, player: bob}"])
STOLEN_BY_AURA = (["{id: pl, card: Parallel Lives, controller: alice}",
                   "{id: cf, card: Confiscate, controller: bob, attached_to: pl}"], [])


@pytest.mark.parametrize("board", [STOLEN_BY_EFFECT, STOLEN_BY_AURA], ids=["gain_control", "aura"])
def test_cr613_1b_a_stolen_doubler_doubles_its_new_controllers_tokens(tmp_path: Path, board) -> None:
    # Bob controls alice's Parallel Lives (CR 613.1b): bob's 1 token * 2 = 2 (CR 614.1a).
    permanents, effects = board
    assert _apply(tmp_path, _state(permanents, effects, resolving="bob")) == [Counter({"bob": 2})]


@pytest.mark.parametrize("board", [STOLEN_BY_EFFECT, STOLEN_BY_AURA], ids=["gain_control", "aura"])
def test_cr110_2_a_stolen_doubler_no_longer_doubles_its_owners_tokens(tmp_path: Path, board) -> None:
    # Alice owns Parallel Lives but bob controls it: "under your control" is bob's; alice: 1 token.
    permanents, effects = board
    assert _apply(tmp_path, _state(permanents, effects, resolving="alice")) == [Counter({"alice": 1})]


def test_cr613_1b_without_the_control_effect_the_owner_keeps_doubling(tmp_path: Path) -> None:
    # The same board with no control-changing effect: alice's 1 token * 2 = 2; bob's 1.
    permanents = ["{id: pl, card: Parallel Lives, controller: alice}"]
    assert _apply(tmp_path, _state(permanents, resolving="alice")) == [Counter({"alice": 2})]
    assert _apply(tmp_path, _state(permanents, resolving="bob")) == [Counter({"bob": 1})]


def test_cr613_7_the_latest_control_effect_decides_whose_tokens_are_doubled(tmp_path: Path) -> None:
    # Bob's Confiscate (timestamp 2) gives him Parallel Lives; alice's later "gain control"
    # (timestamp 5) takes it back (CR 613.7: the latest timestamp wins): alice's 1 * 2 = 2, bob's 1.
    permanents = ["{id: pl, card: Parallel Lives, controller: alice, timestamp: 1}",
                  "{id: cf, card: Confiscate, controller: bob, attached_to: pl, timestamp: 2}"]
    effects = ["{kind: gain_control, object: pl, player: alice, timestamp: 5}"]
    assert _apply(tmp_path, _state(permanents, effects, resolving="alice")) == [Counter({"alice": 2})]
    assert _apply(tmp_path, _state(permanents, effects, resolving="bob")) == [Counter({"bob": 1})]


# Both players' doublers after a swap: alice's Doubling Season and Parallel Lives go to bob (a
# Confiscate and a "gain control" effect), bob's Anointed Procession goes to alice. Without the
# swap alice would get 1 * 2 * 2 = 4 and bob 1 * 2 = 2; with it, the other way round.
SWAP = (["{id: ds, card: Doubling Season, controller: alice}",
         "{id: pl, card: Parallel Lives, controller: alice}",
         "{id: ap, card: Anointed Procession, controller: bob}",
         "{id: cf, card: Confiscate, controller: bob, attached_to: ds}"],
        ["{kind: gain_control, object: pl, player: bob}", "{kind: gain_control, object: ap, player: alice}"])


def test_cr613_1b_both_players_doublers_after_a_swap_through_apply(tmp_path: Path) -> None:
    # Alice controls only Anointed Procession now: 1 * 2 = 2. Bob controls Doubling Season and
    # Parallel Lives: 1 * 2 * 2 = 4, in either order (one successor: both orders give 4).
    assert _apply(tmp_path, _state(*SWAP, resolving="alice")) == [Counter({"alice": 2})]
    assert _apply(tmp_path, _state(*SWAP, resolving="bob")) == [Counter({"bob": 4})]


def test_cr616_1_both_players_doublers_after_a_swap_through_replacements(tmp_path: Path) -> None:
    # The same counts with the orders (CR 616.1): alice's one effect, 1 order; bob's two, 2 orders.
    alice = _replacements(tmp_path, _state(*SWAP), "alice")
    bob = _replacements(tmp_path, _state(*SWAP), "bob")
    assert "ap (Anointed Procession)" in alice and "ds (" not in alice and "pl (" not in alice
    assert "    2   [1 order(s)]" in alice and "1 distinct result(s), 1 order(s)" in alice
    assert "ds (Doubling Season)" in bob and "pl (Parallel Lives)" in bob and "ap (" not in bob
    assert "    4   [2 order(s)]" in bob and "1 distinct result(s), 2 order(s)" in bob


def test_cr616_1_the_swapped_doubler_is_chosen_by_the_player_whose_tokens_they_are() -> None:
    # Through the engine: bob's resolution makes one choice, "tokens 4" (CR 616.1: bob orders).
    result = ENGINE.apply(loads_state(_state(*SWAP, resolving="bob")), "pass")
    assert result.not_modelled == ()
    (s,) = result.successors
    assert s.sequences == (("tokens 4",),)


# CR 614.12, 616.1: the counters a permanent enters with go through the counter replacement
# effects of the controller after layer 2 too. Walker (X = 3) enters under bob's control; alice's
# Hardened Scales is bob's through Confiscate: 3 + 1 = 4 counters; alice's own Walker gets 3.
def _walker(caster: str) -> str:
    permanents = ["{id: hs, card: Hardened Scales, controller: alice}",
                  "{id: cf, card: Confiscate, controller: bob, attached_to: hs}"]
    text = _state(permanents, resolving=caster)
    return text.replace(f"  - {{id: ab, ability: 1, source: {'pa' if caster == 'alice' else 'pb'}, controller: {caster}}}",
                        f"  - {{id: w, card: Walker, controller: {caster}, x: 3}}")


@pytest.mark.parametrize(("caster", "counters"), [("bob", 4), ("alice", 3)])
def test_cr614_12_a_stolen_counter_modifier_applies_to_its_new_controllers_entering_creature(
        tmp_path: Path, caster: str, counters: int) -> None:
    src, out = tmp_path / "state.yaml", tmp_path / "out"
    src.write_text(_walker(caster))
    result = CliRunner().invoke(cli, ["apply", str(src), "pass", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "not modelled" not in result.output
    (f,) = sorted(out.glob("successor-*.yaml"))
    (walker,) = [p for p in load_state(f).battlefield if p.id == "w"]
    assert (walker.controller, dict(walker.counters)) == (caster, {"+1/+1": counters})


def test_cr613_1b_the_controller_after_layer_2_is_settled_before_the_step(monkeypatch: pytest.MonkeyPatch) -> None:
    # The token classes read current_controller/2 and must stay out of the step's recursive
    # component (else CR 616's graph is grounded for every set of effects that might apply): the
    # grounder must know every controller after layer 2 as a fact. Before, layer 2, the player
    # filters ("a land a player controls") and viewer/2 were one recursive component whenever
    # a player filter was grounded (every rule grounded here, as MTGASP_GROUND_ALL=1 does): 1 of
    # the 11 atoms was a fact, and the token classes reading them did not finish grounding.
    import clingo

    monkeypatch.setenv("MTGASP_GROUND_ALL", "1")

    from mtgasp.engine import rule_base, rules_dir

    pos = ENGINE.position(loads_state(_state(*SWAP, resolving="bob")))
    text = "".join(f"{f}.\n" for f in [*pos.program(), clingo.Function("__action", [clingo.Function("pass", [])])])
    ctl = clingo.Control(["0"])
    base = rules_dir()
    rule_base([base / "engine.lp", base / "queries" / "apply.lp"], base).load(ctl, text)
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    atoms = {str(a.symbol): a.is_fact for a in ctl.symbolic_atoms.by_signature("current_controller", 2)}
    # Every permanent has exactly one controller: ds, pl to bob, ap to alice; pa, pb, cf as printed.
    assert atoms == {f'current_controller(obj("{o}"),player("{p}"))': True for o, p in [
        ("pa", "alice"), ("pb", "bob"), ("ds", "bob"), ("pl", "bob"), ("ap", "alice"), ("cf", "bob"), ("ab", "bob")]}
