"""The embedded card set (mtgasp/data/cards.yaml): complete for the seeds, and true to the corpus."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from mtgasp.cards import Card, CardDatabase

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
CORPUS = SHARED_DATA / "cards" / "cards.jsonl"

#: Cards the seeds and the classic interactions of DESIGN.md need.
REQUIRED = [
    # basic lands
    "Plains",
    "Island",
    "Swamp",
    "Mountain",
    "Forest",
    "Wastes",
    "Snow-Covered Forest",
    # mana: could produce, counting, riders
    "Reflecting Pool",
    "Exotic Orchard",
    "Fellwar Stone",
    "Gaea's Cradle",
    "City of Brass",
    "Ancient Tomb",
    "Vivid Crag",
    "Pillar of the Paruns",
    "Ancient Ziggurat",
    "Mana Confluence",
    "Lotus Petal",
    "Sol Ring",
    "Azorius Signet",
    "Dark Ritual",
    "Chromatic Lantern",
    "Chromatic Orrery",
    "Celestial Dawn",
    # mana creatures, {T} and {Q}
    "Llanowar Elves",
    "Elvish Mystic",
    "Birds of Paradise",
    "Elvish Archdruid",
    "Priest of Titania",
    "Pili-Pala",
    "Order of Whiteclay",
    # creature lands
    "Mishra's Factory",
    "Treetop Village",
    "Blinkmoth Nexus",
    # triggers and replacements on tapping for mana
    "Wild Growth",
    "Overgrowth",
    "Heartbeat of Spring",
    "Mana Flare",
    "Zendikar Resurgent",
    "Caged Sun",
    "Mana Reflection",
    "Nyxbloom Ancient",
    "Contamination",
    "Naked Singularity",
    "Reality Twist",
    "Pulse of Llanowar",
    "Damping Sphere",
    "Blood Moon",
    # copies, tokens, X
    "Myr Propagator",
    "Cytoshape",
    "Cemetery Puca",
    "Clone",
    "Doubling Season",
    "Hangarback Walker",
    # combat, myriad, layers
    "Caller of the Pack",
    "The Master, Multiplied",
    "Master of Winds",
    "Grizzly Bears",
    "Opt",
    "Lightning Bolt",
    "Ghitu Lavarunner",
    "Jace Beleren",
    "Invasion of Kaladesh",
    "Serra Angel",
]


@lru_cache(maxsize=1)
def corpus() -> dict[str, dict[str, object]]:
    """The corpus records of the embedded names (only those lines are decoded: it is fast)."""
    wanted = {card.name for card in EMBEDDED}
    decoder = json.JSONDecoder()
    start = len('{"name": ')
    out: dict[str, dict[str, object]] = {}
    with CORPUS.open(encoding="utf-8") as lines:
        for line in lines:
            if decoder.raw_decode(line, start)[0] in wanted:
                record = json.loads(line)
                out.setdefault(record["name"], record)
    return out


EMBEDDED = list(CardDatabase.default())


@pytest.mark.parametrize("name", REQUIRED)
def test_required_card_is_embedded(name: str) -> None:
    assert CardDatabase.default()[name].name == name


def test_embedded_names_are_unique_and_exact() -> None:
    names = [card.name for card in EMBEDDED]
    assert len(names) == len(set(names)) == len(CardDatabase.default())


def test_time_lord_is_one_subtype_in_the_type_line() -> None:
    assert CardDatabase.default()["The Master, Multiplied"].type_line == "Legendary Creature — Time Lord Rogue"


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared card corpus (../shared/data) is not present")
@pytest.mark.parametrize("card", EMBEDDED, ids=[c.name for c in EMBEDDED])
def test_embedded_card_matches_the_corpus(card: Card) -> None:
    record = corpus().get(card.name)
    if record is None:
        pytest.skip(f"{card.name} is not in the corpus")
    assert card == Card.from_record(record)
