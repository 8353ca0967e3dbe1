"""State → plain data in the file schema (version 2) → YAML or JSON text or a file."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from .model import CardObject, Change, GameState, Hidden
from .vocab import EFFECT_KINDS, EXCEPTION_KINDS, FORMAT_VERSION


def _change_to_dict(change: Change) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": change.kind}
    for key in (EFFECT_KINDS[change.kind] if change.kind in EFFECT_KINDS else EXCEPTION_KINDS[change.kind]):
        if key == "except":
            if change.exceptions:
                out["except"] = [_change_to_dict(c) for c in change.exceptions]
        else:
            out[key] = getattr(change, key)
    return out


def _remembered_to_dict(t: Any) -> dict[str, Any]:
    """A trigger's ``died`` and ``last_known`` (CR 603.10a), when it has them."""
    out: dict[str, Any] = {}
    if t.died is not None:
        out["died"] = t.died
    if t.last_known is not None:
        out["last_known"] = {k: v for k, v in _change_to_dict(t.last_known).items() if k != "kind"}
    return out


def _player_to_dict(p: Any) -> Any:
    if p.life == 20 and not p.counters and not p.drew_from_empty and not p.lost:
        return p.id
    entry: dict[str, Any] = {"id": p.id}
    if p.life != 20:
        entry["life"] = p.life
    if p.counters:
        entry["counters"] = dict(p.counters)
    if p.drew_from_empty:
        entry["drew_from_empty"] = True
    if p.lost:
        entry["lost"] = True
    return entry


def _card_object_to_dict(obj: CardObject, zone_owner: str | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": obj.id, "card": obj.card}
    if obj.owner != zone_owner:
        entry["owner"] = obj.owner
    if obj.token:
        entry["token"] = True
    return entry


def _hidden_to_dict(zone: Hidden, owner: str, cards_key: str) -> Any:
    known = [_card_object_to_dict(o, owner) for o in zone.cards]
    if cards_key == "cards" and zone.size == len(zone.cards):
        return known  # a hand known in full: the list of its cards
    out: dict[str, Any] = {"size": zone.size}
    if known:
        out[cards_key] = known
    return out


def _zones_to_dict(state: GameState, out: dict[str, Any]) -> None:
    if state.stack:
        entries = []
        for item in state.stack:
            entry: dict[str, Any] = {"id": item.id}
            if item.delayed is not None:
                entry["delayed"] = item.delayed
            if item.ability is not None:
                entry.update(ability=item.ability, source=item.source)
            if item.card is not None:
                entry["card"] = item.card
            entry["controller"] = item.controller
            if item.owner != item.controller:
                entry["owner"] = item.owner
            if item.x is not None:
                entry["x"] = item.x
            if item.targets:
                entry["targets"] = list(item.targets)
            if item.modes:
                entry["modes"] = list(item.modes)
            entry.update(_remembered_to_dict(item))
            entries.append(entry)
        out["stack"] = entries
    if state.hands:
        out["hand"] = {p: _hidden_to_dict(h, p, "cards") for p, h in state.hands.items()}
    if state.libraries:
        out["library"] = {p: _hidden_to_dict(lib, p, "top") for p, lib in state.libraries.items()}
    if state.graveyards:
        out["graveyard"] = {p: [_card_object_to_dict(o, p) for o in objs] for p, objs in state.graveyards.items()}
    if state.exile:
        out["exile"] = [_card_object_to_dict(o, None) for o in state.exile]
    if state.command:
        out["command"] = [_card_object_to_dict(o, None) for o in state.command]


def state_to_dict(state: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {"version": FORMAT_VERSION}
    if state.notes:
        out["notes"] = state.notes
    out["players"] = [_player_to_dict(p) for p in state.players]
    if state.turn is not None:
        out["turn"] = state.turn
    out["active"] = state.active
    out["step"] = state.step
    if state.priority is not None and state.priority != state.active:
        out["priority"] = state.priority
    if state.passed:
        out["passed"] = list(state.passed)
    if state.combat_damage_step is not None:
        out["combat_damage_step"] = state.combat_damage_step
    if state.battlefield:
        entries = []
        for perm in state.battlefield:
            entry: dict[str, Any] = {"id": perm.id, "card": perm.card, "controller": perm.controller}
            if perm.owner != perm.controller:
                entry["owner"] = perm.owner
            for key in ("tapped", "sick", "token"):
                if getattr(perm, key):
                    entry[key] = True
            if perm.counters:
                entry["counters"] = dict(perm.counters)
            if perm.damage:
                entry["damage"] = perm.damage
            if perm.attached_to is not None:
                entry["attached_to"] = perm.attached_to
            if perm.attacking is not None:
                entry["attacking"] = perm.attacking
            if perm.blocking:
                entry["blocking"] = perm.blocking[0] if len(perm.blocking) == 1 else list(perm.blocking)
            if perm.protector is not None:
                entry["protector"] = perm.protector
            if perm.chosen:
                entry["chosen"] = dict(perm.chosen)
            if perm.timestamp:
                entry["timestamp"] = perm.timestamp
            for key in ("damaged_by_deathtouch", "blocked", "first_striker"):
                if getattr(perm, key):
                    entry[key] = True
            entries.append(entry)
        out["battlefield"] = entries
    _zones_to_dict(state, out)
    pools: dict[str, dict[str, Any]] = {p: dict(pool) for p, pool in state.mana_pool.items() if pool}
    for r in state.restricted_mana:
        entry = {"mana": r.mana, "amount": r.amount, "spend_only": r.spend_only}
        pools.setdefault(r.player, {}).setdefault("restricted", []).append(entry)
    if pools:
        out["mana_pool"] = {p: pools[p] for p in state.player_ids if p in pools}
    if state.effects:
        effects = []
        for eff in state.effects:
            entry = _change_to_dict(eff.change)
            entry = {"kind": entry.pop("kind"), "object": eff.object, **entry}
            if eff.until is not None:
                entry["until"] = eff.until
            if eff.timestamp:
                entry["timestamp"] = eff.timestamp
            if eff.source is not None:
                entry["source"] = eff.source
            if eff.controller is not None:
                entry["controller"] = eff.controller
            effects.append(entry)
        out["effects"] = effects
    if state.delayed_triggers:
        out["delayed_triggers"] = [
            {"when": d.when, "what": d.what, "controller": d.controller} for d in state.delayed_triggers
        ]
    if state.pending_triggers:
        out["pending_triggers"] = [
            {"delayed": t.delayed, "controller": t.controller} if t.delayed is not None
            else {"card": t.card, "ability": t.ability, "source": t.source, "controller": t.controller,
                  **({"x": t.x} if t.x is not None else {}), **_remembered_to_dict(t)}
            for t in state.pending_triggers
        ]
    memory: dict[str, Any] = {}
    if any(state.lands_played.values()):
        memory["lands_played"] = {p: n for p, n in state.lands_played.items() if n}
    if any(state.spells_cast.values()):
        memory["spells_cast"] = {p: n for p, n in state.spells_cast.items() if n}
    if state.activated:
        memory["activated"] = [
            {"object": a.object, "card": a.card, "ability": a.ability, "times": a.times} for a in state.activated
        ]
    if memory:
        out["turn_memory"] = memory
    if state.cards:
        out["cards"] = [card.to_record() for card in state.cards]
    return out


class _Dumper(yaml.SafeDumper):
    """Writes multi-line strings as ``|`` blocks and small leaf mappings in flow style."""


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


def _represent_dict(dumper: yaml.SafeDumper, data: Mapping[Any, Any]) -> yaml.Node:
    flat = all(not isinstance(v, (Mapping, list)) or _is_small(v) for v in data.values())
    short = not any(isinstance(v, str) and "\n" in v for v in data.values())
    node = dumper.represent_mapping("tag:yaml.org,2002:map", data.items())
    node.flow_style = flat and short and len(data) <= 12 and "oracle_text" not in data
    return node


def _is_small(value: object) -> bool:
    if isinstance(value, Mapping):
        return all(not isinstance(v, (Mapping, list)) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, (Mapping, list)) for v in value)
    return True


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    node = dumper.represent_sequence("tag:yaml.org,2002:seq", data)
    node.flow_style = all(not isinstance(v, (Mapping, list)) for v in data) or all(
        isinstance(v, Mapping) and len(v) <= 2 and _is_small(v) for v in data
    )
    return node


class _Document(dict):  # type: ignore[type-arg]
    """The top-level mapping: always in block style, so that the text never starts with ``{``
    (which :func:`loads_state` reads as JSON)."""


def _represent_document(dumper: yaml.SafeDumper, data: Mapping[Any, Any]) -> yaml.Node:
    node = dumper.represent_mapping("tag:yaml.org,2002:map", data.items())
    node.flow_style = False
    return node


_Dumper.add_representer(_Document, _represent_document)
_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(dict, _represent_dict)


def dumps_state(state: GameState, *, format: str = "yaml") -> str:
    """The state as YAML or JSON text in the file schema (see :meth:`GameState.to_dict`)."""
    data = state.to_dict()
    if format == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if format == "yaml":
        text: str = yaml.dump(_Document(data), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
        return text
    raise ValueError(f"format must be 'yaml' or 'json', not {format!r}")


def dump_state(state: GameState, path: str | Path, *, format: str | None = None) -> None:
    """Save the state as a new game-state file (JSON for ``.json``, else YAML)."""
    path = Path(path)
    fmt = format or ("json" if path.suffix.lower() == ".json" else "yaml")
    path.write_text(dumps_state(state, format=fmt), encoding="utf-8")
