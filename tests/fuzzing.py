"""A seeded generator of hostile inputs for the ``mtgasp`` command line, and what every run
must do (issue 13).

Cases start from the example states (``examples/*.yaml``) and the embedded cards, and mutate
them: wrong types, missing and unknown fields, huge and negative numbers, odd text (lone
surrogates, NUL, control characters, RTL marks, combining characters, very long values), YAML
features (tags, anchors and aliases, alias bombs, duplicate keys), truncation and random bytes,
sizes; card files given with ``--cards`` (mutated Oracle text, deep nesting, truncated gzip,
invalid UTF-8, a FIFO, ``/dev/zero``), boards of thousands of permanents or hundreds of
mutated cards. ``tests/fuzz_run.py`` runs each case as one isolated command and judges it:

* exit 0 or 4 (an answer, maybe incomplete), or 2 with a one-paragraph message on stderr;
  exit 2 is a failure for an unmutated seed;
* never a traceback, never exit 3 (an internal error: a bug), never another status;
* never a modified input file;
* never past its time bound.

Used by ``tests/test_fuzz.py`` (a small budget in the default run, a larger one marked slow) and
by ``benchmarks/fuzz.py`` (``--runs 5000``). Same seed, same cases.
"""

from __future__ import annotations

import gzip
import json
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))

#: Seconds each run's command may take (the CLI's --timeout: the whole command, input included).
SEARCH_TIMEOUT = 5.0

# -------------------------------------------------------------------------------------------
# Values
# -------------------------------------------------------------------------------------------

ODD_TEXT = [
    "\ud800",  # a lone surrogate
    "a\udfffb",
    "\x00",
    "pool\x00x",
    "\x07\x1b[31m",
    "\u202eevil\u202c",  # RTL override
    "\u200f\u200e",
    "e\u0301\u0301\u0301\u0301",  # combining marks
    "\ufeff",
    "\uffff",
    "\U0010ffff",
    "𝕱𝖔𝖗𝖊𝖘𝖙",
    "Ｆｏｒｅｓｔ",
    "",
    " ",
    "\t\n",
    "x" * 5000,
    "{G}" * 300,
    "!!python/object:os.system",
    "${HOME}",
    "'; DROP TABLE cards;--",
    "%s%n%x",
    "obj(\"a\")",
    "\\",
    '"',
]

HUGE_NUMBERS = [2**31, 2**31 - 1, -(2**31), -(2**31) - 1, 2**63, -(2**63) - 1, 10**30, -1, -5, 0, 1.5, float("inf"), float("nan")]


def _value(rng: random.Random) -> Any:
    kind = rng.randrange(10)
    if kind == 0:
        return rng.choice(HUGE_NUMBERS)
    if kind == 1:
        return rng.choice(ODD_TEXT)
    if kind == 2:
        return None
    if kind == 3:
        return rng.choice([True, False])
    if kind == 4:
        return [rng.choice(ODD_TEXT + ["alice", "forest"]) for _ in range(rng.randrange(4))]
    if kind == 5:
        return {rng.choice(["id", "card", "x", "", "controller"]): rng.choice(ODD_TEXT + [1])}
    if kind == 6:
        return rng.randrange(-3, 100)
    if kind == 7:
        return rng.choice(["alice", "bob", "forest", "Forest", "Mana Reflection", "tapped", "precombat_main"])
    if kind == 8:
        return [_value(rng)]
    return rng.random() * 10**rng.randrange(1, 12)


# -------------------------------------------------------------------------------------------
# State mutations
# -------------------------------------------------------------------------------------------


def _paths(data: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield at
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, at + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, at + (i,))


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        data = data[p]
    return data


def _mutate_tree(data: Any, rng: random.Random) -> tuple[Any, str]:
    paths = list(_paths(data))[1:] or [()]
    path = rng.choice(paths)
    what = rng.randrange(6)
    if not path:
        return _value(rng), "replace the document"
    parent = _get(data, path[:-1])
    key = path[-1]
    if what == 0 and isinstance(parent, dict):
        del parent[key]
        return data, f"delete {path}"
    if what == 1 and isinstance(parent, dict):
        parent[rng.choice(["colour", "tapped ", "x" * 300, "Id", "__class__", "cards"])] = _value(rng)
        return data, f"unknown key next to {path}"
    if what == 2 and isinstance(parent, list):
        parent.append(parent[key] if rng.random() < 0.5 else _value(rng))
        return data, f"append to {path[:-1]}"
    if what == 3 and isinstance(parent, list) and len(parent) < 50:
        parent.extend([parent[key]] * rng.randrange(2, 40))
        return data, f"repeat {path}"
    parent[key] = _value(rng)
    return data, f"replace {path}"


def _dump(data: Any) -> str:
    try:
        return yaml.safe_dump(data, allow_unicode=False, sort_keys=False, width=10**6)
    except (yaml.YAMLError, ValueError, TypeError, OverflowError):
        return json.dumps(data, default=str, ensure_ascii=True)


def _yaml_feature(text: str, rng: random.Random) -> tuple[str, str]:
    lines = text.splitlines()
    kind = rng.randrange(11)
    if kind == 0:
        return text.replace("tapped: true", "tapped: !!int yes").replace("controller: alice", "controller: !!int alice", 1) + "\nx: !!int word\n", "!!int tag on a word"
    if kind == 1:
        return text + "\nextra: !!python/object/apply:os.system ['true']\n", "python tag"
    if kind == 2:
        bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
        for i in range(1, 9):
            prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
            bomb += f"{cur}: &{cur} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"
        return text + "\n" + bomb, "alias bomb"
    if kind == 3:
        return text.replace("players:", "players: &p", 1) + "\nnotes: *p\n", "anchor and alias"
    if kind == 4:
        return text + "\nplayers: [mallory]\n", "duplicate key"
    if kind == 5 and lines:
        cut = rng.randrange(len(text) + 1)
        return text[:cut], f"truncated at {cut}"
    if kind == 6:
        b = bytearray(text.encode("utf-8"))
        for _ in range(rng.randrange(1, 8)):
            if b:
                b[rng.randrange(len(b))] = rng.randrange(256)
        return b.decode("utf-8", "surrogateescape"), "random bytes"
    if kind == 7:
        return "[" * 10000 + "]" * 10000, "nested 10,000 deep"
    if kind == 8:
        return text + "\nnotes: " + json.dumps("x" * rng.choice([10**4, 10**6])) + "\n", "a huge text field"
    if kind == 9:
        return text.replace("alice", "alice\\0", 1) if "\\" in text else text.replace("life: 20", "life: 0x7fffffffffff"), "odd literal"
    return text.replace(": ", ": " + "9" * rng.choice([20, 5000]) + " #", 1), "a huge number literal"


# -------------------------------------------------------------------------------------------
# Card mutations
# -------------------------------------------------------------------------------------------

ORACLE_WORDS = [
    "{T}", ":", "Add", "{G}", "{W}{U}", "{C}", "{X}", "{2}", "{S}", "{G/P}", "{2/W}", "or", "one mana of any color",
    "for each", "creature you control", ".", ",", "\n", "Sacrifice ~", "If you control", "instead", "an Elf",
    "land", "Activate only as a sorcery", "When", "Whenever", "enchanted land is tapped for mana", "its controller adds",
    "an additional", "{", "}", "(", ")", "—", "•", "~", "that player", "Flying", "protection from",
]


def _mutate_oracle(text: str, rng: random.Random, *, printable: bool = False) -> str:
    """``text`` mutated; with ``printable`` no odd character is inserted (the card stays valid)."""
    kind = rng.randrange(1 if printable else 0, 7)
    if kind == 0:
        pos = rng.randrange(len(text) + 1)
        return text[:pos] + rng.choice(ODD_TEXT) + text[pos:]
    if kind == 1:
        return " ".join(rng.choice(ORACLE_WORDS) for _ in range(rng.randrange(1, 40)))
    if kind == 2:
        return "{T}: Add " + rng.choice(["{G}", "{C}", "{W/U}", "{X}"]) * rng.choice([50, 400, 1500]) + "."
    if kind == 3:
        return text[: rng.randrange(len(text) + 1)]
    if kind == 4:
        return "\n".join([text] * rng.randrange(2, 30))
    if kind == 5:
        return "(" * rng.choice([100, 2000]) + text + ")" * rng.choice([0, 100])
    return "".join(rng.choice(text or "x") for _ in range(len(text)))


# -------------------------------------------------------------------------------------------
# Cases
# -------------------------------------------------------------------------------------------


@dataclass
class Case:
    """One run: the command line (paths inside ``files``' directory) and what it mutates."""

    name: str
    argv: list[str]
    seed_input: bool = False
    """An unmutated seed: it must succeed (exit 0, or 4 when the time limit cut it short)."""
    files: dict[str, bytes] = field(default_factory=dict)
    special: dict[str, str] = field(default_factory=dict)
    """Files that are not regular files: name -> "fifo"."""


def _commands(state: dict[str, Any], rng: random.Random, *, valid: bool = False) -> list[str]:
    """A command on the state; with ``valid`` only commands an unmutated example must answer."""
    bf = state.get("battlefield") if isinstance(state, dict) else None
    obj = "forest"
    if isinstance(bf, list) and bf and isinstance(bf[0], dict) and isinstance(bf[0].get("id"), str):
        obj = rng.choice([p.get("id") for p in bf if isinstance(p, dict) and isinstance(p.get("id"), str)] or ["forest"])
    return rng.choice(
        [
            ["check", "S"],
            ["could-produce", "S"],
            ["tap", "S", obj],
            ["pools", "S", "--limit", "50", "--maximal-limit", "200"],
            ["abilities", "S"],
            ["check", "S", "--json"],
            ["could-produce", "S", "--json"],
            # the game commands (bounded by --timeout like the queries)
            ["actions", "S"],
            ["actions", "S", "--json"],
            ["apply", "S", "pass"],
            ["apply", "S", "settle"],
        ]
        + (
            []
            if valid
            else [
                # actions that may be illegal in the state, or are not actions at all (exit 2)
                ["apply", "S", rng.choice([f"activate:{obj}", f"activate:{obj}:2", f"cast:{obj}", f"play:{obj}"])],
                ["apply", "S", rng.choice(["activate:", "cast:\x00", "x" * 300, "activate:a:b:c", "play:" + "9" * 30])],
            ]
        )
    )


def _seed_states() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        out.append((path.stem, text, yaml.safe_load(text)))
    return out


def _state_case(i: int, rng: random.Random, seeds: list[tuple[str, str, dict[str, Any]]]) -> Case:
    stem, text, data = rng.choice(seeds)
    r = rng.random()
    cmd = _commands(data, rng, valid=r < 0.06)
    argv = ["--timeout", str(SEARCH_TIMEOUT), *[("state.yaml" if a == "S" else a) for a in cmd]]
    if r < 0.06:
        return Case(f"{i}: seed {stem}", argv, seed_input=True, files={"state.yaml": text.encode()})
    if r < 0.55:
        mutated, how = _mutate_tree(json.loads(json.dumps(data)), rng)
        for _ in range(rng.randrange(3)):
            mutated, more = _mutate_tree(mutated, rng)
            how += "; " + more
        body = _dump(mutated).encode("utf-8", "surrogatepass")
    elif r < 0.93:
        body_text, how = _yaml_feature(text, rng)
        body = body_text.encode("utf-8", "surrogateescape")
    elif r < 0.95:
        return _scale_case(i, rng)
    elif r < 0.96:
        return Case(f"{i}: {stem} state is a FIFO", argv, special={"state.yaml": "fifo"})
    elif r < 0.98:
        argv = [("/dev/zero" if a == "state.yaml" else a) for a in argv]
        return Case(f"{i}: state is /dev/zero", argv)
    else:
        body, how = b"\xff\xfe" + os.urandom(rng.randrange(1, 2000)), "random bytes"
    return Case(f"{i}: {stem}: {how[:120]}", argv, files={"state.yaml": body})


SCALE_CARDS = ["Forest", "Llanowar Elves", "Reflecting Pool", "Exotic Orchard", "City of Brass", "Birds of Paradise"]
SCALE_EFFECTS = ["Mana Reflection", "Nyxbloom Ancient", "Pulse of Llanowar", "Contamination", "Mana Reflection"]


def scale_board(n: int, players: list[str], kinds: list[str], effects: list[str]) -> dict[str, Any]:
    """A valid state: ``n`` permanents of the cards ``kinds`` (in turn) controlled by the first
    player, and one permanent of each card of ``effects``."""
    battlefield = [{"id": f"p{k}", "card": kinds[k % len(kinds)], "controller": players[0]} for k in range(n)]
    battlefield += [{"id": f"e{k}", "card": c, "controller": players[0]} for k, c in enumerate(effects)]
    return {"players": players, "battlefield": battlefield}


def _scale_case(i: int, rng: random.Random) -> Case:
    """A large valid board: many permanents under replacement effects, or many players; the
    answer may be cut by the time limit (exit 4) but the run must stay within its bound."""
    n = rng.choice([200, 1000, 3000])
    players = ["alice", "bob"] if rng.random() < 0.8 else ["alice", *(f"pl{k}" for k in range(rng.choice([300, 999])))]
    kinds = rng.sample(SCALE_CARDS, rng.randrange(1, len(SCALE_CARDS) + 1))
    state = scale_board(n, players, kinds, SCALE_EFFECTS[: rng.randrange(5)])
    cmd = rng.choice([["pools", "state.yaml"], ["could-produce", "state.yaml"], ["check", "state.yaml"],
                      ["actions", "state.yaml"], ["tap", "state.yaml", "p0"], ["abilities", "state.yaml"],
                      ["apply", "state.yaml", "pass"]])
    argv = ["--timeout", str(SEARCH_TIMEOUT), *cmd]
    return Case(f"{i}: scale: {n} permanents, {len(players)} players, {len(state['battlefield']) - n} effects", argv,
                seed_input=True, files={"state.yaml": json.dumps(state).encode()})


def card_board(n: int, rng: random.Random, cards: list[dict[str, Any]]) -> tuple[dict[str, Any], bytes]:
    """A valid state of ``n`` permanents, each a different card whose Oracle text is mutated,
    and the card file (JSON lines) that defines them: many texts to parse before any search."""
    records, battlefield = [], []
    for k in range(n):
        card = dict(rng.choice(cards))
        card["name"] = f"Fuzzed {k} " + "".join(rng.choice("abcdefghij") for _ in range(6))
        # at most the 5,000 characters a card text may have (mtgasp.cards.MAX_FIELD_CHARS)
        card["oracle_text"] = _mutate_oracle(str(card.get("oracle_text", "")), rng, printable=True)[:5000]
        records.append(json.dumps(card, ensure_ascii=True))
        battlefield.append({"id": f"c{k}", "card": card["name"], "controller": "alice"})
    return {"players": ["alice", "bob"], "battlefield": battlefield}, ("\n".join(records) + "\n").encode()


def _card_board_case(i: int, rng: random.Random, cards: list[dict[str, Any]]) -> Case:
    n = rng.choice([50, 300])
    state, lines = card_board(n, rng, cards)
    cmd = rng.choice([["check", "state.yaml"], ["could-produce", "state.yaml"], ["abilities", "state.yaml"]])
    argv = ["--timeout", str(SEARCH_TIMEOUT), "--cards", "cards.jsonl", *cmd]
    return Case(f"{i}: card text (board of {n} mutated cards)", argv,
                files={"state.yaml": json.dumps(state).encode(), "cards.jsonl": lines})


def _embedded_cards() -> list[dict[str, Any]]:
    text = (ROOT / "bridge" / "data" / "cards.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    return list(data["cards"] if isinstance(data, dict) else data)


def _card_case(i: int, rng: random.Random, cards: list[dict[str, Any]]) -> Case:
    if rng.random() < 0.03:
        return _card_board_case(i, rng, cards)
    card = dict(rng.choice(cards))
    name = "Fuzzed " + "".join(rng.choice("abcdefghij") for _ in range(6))
    card["name"] = name
    kind = rng.random()
    card["oracle_text"] = _mutate_oracle(str(card.get("oracle_text", "")), rng)
    if rng.random() < 0.2:
        card[rng.choice(["mana_cost", "type_line", "power", "color_indicator"])] = _value(rng)
    state = {
        "players": ["alice", "bob"],
        "battlefield": [{"id": "x", "card": name, "controller": "alice"}, {"id": "forest", "card": "Forest", "controller": "alice"}],
    }
    files: dict[str, bytes] = {"state.yaml": _dump(state).encode()}
    special: dict[str, str] = {}
    cards_arg = "cards.jsonl"
    if kind < 0.55:
        files["cards.jsonl"] = json.dumps(card, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass") + b"\n"
    elif kind < 0.75:
        cards_arg = "cards.yaml"
        files["cards.yaml"] = _dump({"cards": [card]}).encode("utf-8", "surrogatepass")
    elif kind < 0.80:
        cards_arg = "cards.json"
        files["cards.json"] = ("[" * 100000 + "]" * 100000).encode()
    elif kind < 0.85:
        cards_arg = "cards.jsonl.gz"
        whole = gzip.compress(json.dumps(card).encode() * 50)
        files["cards.jsonl.gz"] = whole[: rng.randrange(len(whole))]
    elif kind < 0.88:
        cards_arg = "cards.jsonl"
        special["cards.jsonl"] = "fifo"
    elif kind < 0.90:
        cards_arg = "/dev/zero"
    elif kind < 0.95:
        files["cards.jsonl"] = json.dumps(card).encode()[:-5] + b"\xff\xfe\xc3\n"
    else:
        # a state whose cards: section holds the mutated card
        state["cards"] = [card]
        files["state.yaml"] = _dump(state).encode("utf-8", "surrogatepass")
        cards_arg = ""
    cmd = rng.choice([["card", name], ["check", "state.yaml"], ["tap", "state.yaml", "x"], ["could-produce", "state.yaml", "x"], ["abilities", "state.yaml"]])
    argv = ["--timeout", str(SEARCH_TIMEOUT)] + (["--cards", cards_arg] if cards_arg else []) + cmd
    return Case(f"{i}: card text ({cards_arg or 'cards:'})", argv, files=files, special=special)


def cases(n: int, seed: int = 13, *, cards_share: float = 0.4) -> Iterator[Case]:
    """``n`` cases, the same for the same seed: state mutations and card mutations."""
    rng = random.Random(seed)
    seeds = _seed_states()
    cards = _embedded_cards()
    for i in range(n):
        yield _card_case(i, rng, cards) if rng.random() < cards_share else _state_case(i, rng, seeds)
