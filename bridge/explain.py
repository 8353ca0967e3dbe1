"""Short statements of the Comprehensive Rules the rule set cites, for explanations.

The rules themselves live in ``rules_asp/``; this table only gives a reader the gist of each CR
number an outcome cites. A test checks that every number here exists in the CR text we target
(see ``rules_asp/cr_version.lp``) and that every number a query can cite is here.
"""

from __future__ import annotations

__all__ = ["CR_SUMMARIES", "summary"]

CR_SUMMARIES: dict[str, str] = {
    "102.1": "the active player is the player whose turn it is",
    "103.8a": "in a two-player game, the player who plays first skips the draw step of their first turn",
    "117.3d": "a player with priority who takes no action passes; the next player in turn order receives priority",
    "117.4": "when all players pass in succession, the top of the stack resolves, or with an empty stack the step ends",
    "305.1": "a player may play a land during a main phase of their turn with the stack empty (a special action)",
    "500.1": "a turn has five phases in order: beginning, precombat main, combat, postcombat main, ending",
    "500.2": "a phase or step with priority ends when the stack is empty and all players pass in succession",
    "500.5": "as a step or phase ends, effects lasting until then expire and unspent mana empties",
    "502.3": "in the untap step the active player untaps their permanents",
    "504.1": "in the draw step the active player draws a card",
    "508.8": "with no attackers, the declare blockers and combat damage steps are skipped",
    "514.2": "in the cleanup step damage is removed and 'until end of turn' effects end",
    "603.3b": "triggered abilities go on the stack in APNAP order, each player ordering their own",
    "614.12": "some replacement effects modify how a permanent enters the battlefield",
    "704.5j": "the legend rule: of two or more legendary permanents with the same name a player controls, all but one go to the graveyard",
    "102.2": "each other player is an opponent",
    "106.1a": "there are five colors of mana",
    "106.1b": "there are six types of mana: white, blue, black, red, green and colorless",
    "106.4": "mana an effect adds goes into a player's mana pool",
    "106.5": "an ability that would produce mana of an undefined type produces no mana instead",
    "700.5": "a player's devotion to a color is the number of mana symbols of that color among the mana costs of permanents they control",
    "608.2c": "instructions are followed in the order written; a later \"instead\" or a condition modifies earlier text",
    "106.7": "the types a permanent could produce take replacement effects into account, in any order, and ignore costs",
    "106.12": "to tap a permanent for mana is to activate its mana ability with {T} in the cost",
    "106.12a": "'tapped for mana' triggers trigger when such an ability resolves and produces mana",
    "106.12b": "'tapped for mana' replacement effects modify the mana production event",
    "107.5": "{T}: tap this permanent; a tapped permanent can't be tapped again to pay it",
    "107.6": "{Q}: untap this permanent; an untapped permanent can't be untapped to pay it",
    "118.3": "a player can't pay a cost without the necessary resources",
    "119.4": "a player can pay life only if their life total is at least that amount",
    "302.6": "a creature's {T}/{Q} abilities need it under its controller's control since their most recent turn began",
    "305.6": "a land with a basic land type has that type's intrinsic mana ability",
    "305.7": "setting a land's subtype to a basic land type removes its old land types and rules-text abilities",
    "602.2b": "the costs of an activated ability are paid as it is activated",
    "602.5b": "an activation restriction must be met when the ability is activated",
    "602.5d": "\"activate only as a sorcery\": during a main phase of its controller's turn, with the stack empty",
    "603.2": "a triggered ability triggers whenever its trigger event happens",
    "602.1b": "text after the colon may restrict when a player can activate the ability",
    "602.5": "a player can't begin to activate an ability that's prohibited from being activated",
    "702.10c": "a creature with haste can activate its {T} and {Q} abilities even if it came under its controller's control this turn",
    "605.1a": "an activated ability that doesn't target and could add mana is a mana ability",
    "605.1b": "a triggered ability that triggers from a mana ability and could add mana is a mana ability",
    "605.3b": "an activated mana ability resolves immediately, without the stack",
    "605.4a": "a triggered mana ability resolves immediately after the mana ability that triggered it",
    "613.1d": "layer 4: type-changing effects",
    "613.1e": "layer 5: color-changing effects",
    "613.1f": "layer 6: ability-adding and ability-removing effects",
    "613.7": "within a layer, effects apply in timestamp order",
    "614.1a": "effects that use the word 'instead' are replacement effects",
    "614.5": "a replacement effect gets only one opportunity to affect an event",
    "616.1": "the affected object's controller chooses the order of replacement effects",
    "616.1e": "any applicable replacement effect may be chosen",
    "616.1f": "after one applies, repeat with the effects that are now applicable",
}


def summary(rule: str) -> str:
    """The gist of CR ``rule``, or an empty string if the table lacks it."""
    return CR_SUMMARIES.get(rule, "")
