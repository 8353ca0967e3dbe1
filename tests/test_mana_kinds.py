"""The kinds of mana an ability can add, each read from Oracle text (CR 106)."""

from __future__ import annotations

import textwrap

from mtgasp import Engine, Mana, loads_state

ENGINE = Engine()


def could_add(battlefield: str, cards: str = "") -> dict[str, tuple[Mana, ...]]:
    text = "players: [alice, bob]\nbattlefield:\n" + textwrap.indent(textwrap.dedent(battlefield).strip("\n"), "  ")
    if cards:
        text += "\ncards:\n" + textwrap.indent(textwrap.dedent(cards).strip("\n"), "  ")
    return {r.object: r.could_add for r in ENGINE.mana_abilities(loads_state(text + "\n"), "alice")}


def test_two_mana_of_different_colors() -> None:
    adds = could_add(
        "- {id: vessel, card: Vessel Test, controller: alice}",
        '- {name: Vessel Test, type_line: Artifact, oracle_text: "{T}: Add two mana of different colors."}',
    )
    expected = sorted(Mana.one(a) + Mana.one(b) for i, a in enumerate("wubrg") for b in "wubrg"[i + 1 :])
    assert list(adds["vessel"]) == expected


def test_one_mana_of_any_color_among_permanents() -> None:
    adds = could_add(
        """
        - {id: mox, card: Mox Test, controller: alice}
        - {id: master, card: "The Master, Multiplied", controller: alice}
        - {id: elves, card: Llanowar Elves, controller: bob}
        """,
        '- {name: Mox Test, type_line: Legendary Artifact, oracle_text: "{T}: Add one mana of any color among legendary creatures you control."}',
    )
    assert adds["mox"] == (Mana(B=1), Mana(R=1))


def test_for_each_with_a_multiple() -> None:
    adds = could_add(
        """
        - {id: temple, card: Temple Test, controller: alice}
        - {id: e1, card: Llanowar Elves, controller: alice}
        - {id: e2, card: Elvish Mystic, controller: alice}
        """,
        '- {name: Temple Test, type_line: Land, oracle_text: "{T}: Add {G}{G} for each Elf you control."}',
    )
    assert adds["temple"] == (Mana(G=4),)


def test_the_chosen_color() -> None:
    adds = could_add(
        "- {id: lantern, card: Lantern Test, controller: alice, chosen: {color: blue}}",
        """
        - name: Lantern Test
          type_line: Artifact
          oracle_text: |-
            As Lantern Test enters, choose a color.
            {T}: Add one mana of the chosen color.
        """,
    )
    assert adds["lantern"] == (Mana(U=1),)
