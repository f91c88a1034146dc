"""Fantasy close combat: the round's explanation (the Why), apart from the round that computes it.
Each function turns the round's own numbers into one step.
"""

from __future__ import annotations

from fractions import Fraction

from hitrules.fantasy.after_hit import Target, wound_score
from hitrules.fantasy.melee import ON_BREAK, ON_KILLING, ON_RESULT, ON_WHO_FIRST, Blow, cites
from hitrules.fantasy.sides import SIDE_NAMES, Side, side_bonus
from hitrules.fantasy.troops import TROOPS
from hitrules.steps import Step
from hitrules.words import chance_text, count_text, number_text


def killing_steps(blow: Blow, target: Target) -> list[Step]:
    weapon, troop = blow.fighters.weapon, target.troop.replace("_", " ")
    steps = []
    for asked, name in ((weapon.killing_blow, "Killing Blow"), (weapon.monster_slayer, "Monster Slayer")):
        if asked and blow.rule == name:
            steps.append(Step("modifier", f"{name}: a natural 6 to wound against {troop} allows no armour and no "
                              "Regeneration save (the ward save as usual); unsaved, it removes the model "
                              "whatever Wounds it has left, and these wounds land first "
                              f"({ON_KILLING}). Chance per attack: "
                              f"{chance_text(blow.killing)}.", topic="save", anchor=cites("killing")))
        elif asked:
            steps.append(Step("skipped", f"{name} does not work against {troop}.", topic="save"))
    return steps

def phase_text(phase) -> str:
    names = [name for mine in phase.profiles for *_, name in mine]
    who = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    if phase.topic == "impact":
        return f"Impact Hits are resolved first of all: {who} ({ON_WHO_FIRST})."
    if phase.topic == "stomp":
        return (f"Stomp Attacks come last, after Initiative 1, at the same time; casualties do not reduce them: "
                f"{who} ({ON_WHO_FIRST}).")
    together = " strike at the same time, each with the models alive before this step" if all(phase.profiles) else ""
    return f"{phase.title}: {who}{together or ' strike'} ({ON_WHO_FIRST})."


def blow_text(blow: Blow, attacks, rank_and_file: bool, name: str, side: Side, target: Side) -> str:
    fighters, weapon = blow.fighters, blow.fighters.weapon
    if rank_and_file:
        count = f"{count_text(side.fighting, 'fighting model')} × {count_text(side.attacks, 'Attack')}"
        if side.supporting:
            count += f" + {count_text(side.supporting, 'supporting attack')}"
        count += ", fewer for each model slain before this step"
    else:
        count = count_text(attacks, "hit" if fighters.automatic else "attack")
    if blow.hit.automatic:
        hit = "hit automatically"
    else:
        shown = f", {fighters.modifier:+d}" if fighters.modifier else ""
        hit = (f"hit on {blow.hit.score}+ (WS {fighters.ws} against WS {target.ws}{shown}): "
               f"{chance_text(blow.hit.probability)}")
    score = wound_score(weapon.strength, target.unit.toughness)
    wound = f"wound on {score}+ (S{weapon.strength} against T{target.unit.toughness})" if score else "cannot wound"
    text = (f"{name[0].upper()}{name[1:]}: {count}; {hit}; {wound}. Each attack is an unsaved wound with chance "
            f"{chance_text(blow.killing + blow.ordinary)}")
    if blow.rule:
        text += f", a {blow.rule} that removes a model outright {chance_text(blow.killing)} ({ON_KILLING})"
    if str(weapon.multiple_wounds) != "1":
        text += f"; Multiple Wounds ({weapon.multiple_wounds})"
    return text + "."

def after_text(phase, states: dict, den: int, sides, full) -> Step:
    lost = [0, 0]
    wiped = [0, 0]
    for key, (_, ways) in states.items():
        w = sum(ways)
        for s in (0, 1):
            lost[s] += key[s] // sides[s].unit.wounds * w
            wiped[s] += w if key[s] == full[s] else 0
    parts = []
    for s in (0, 1):
        part = f"the {SIDE_NAMES[s]} has lost {number_text(Fraction(lost[s], den))} models on average"
        if wiped[s]:
            part += f" and is wiped out with chance {chance_text(Fraction(wiped[s], den))}"
        parts.append(part)
    return Step("chance", f"After {phase.title}: {parts[0]}; {parts[1]}.", topic=phase.topic)

def result_steps(sides, scored, ranks, chances) -> list[Step]:
    steps = [Step("base", "Combat result: each side scores +1 for each Wound the enemy lost this round (a "
                  "Wound that Regeneration recovers still counts; damage beyond a model's last Wound counts "
                  "nothing), its Rank Bonus from the models it has left, and its bonuses; a side that is wiped "
                  f"out scores only its Wounds ({ON_RESULT}).", topic="result", anchor=cites("result"))]
    for s, side in enumerate(sides):
        unit = side.unit
        parts = []
        if side.disrupted:
            parts.append("no Rank Bonus (Disrupted)")
        else:
            top = TROOPS[unit.troop].max_rank_bonus
            parts.append(f"Rank Bonus +{ranks[s][unit.models]} with all {unit.models} models in ranks of "
                         f"{side.rank_width} ({unit.troop.replace('_', ' ')}: at most +{top}), less as models fall")
        parts += [f"{name} +{value}" for name, value in side_bonus(side)]
        if side.massed_infantry:
            parts.append("Massed Infantry +1 if its Unit Strength is the higher at the end")
        steps.append(Step("roll", f"The {SIDE_NAMES[s]}: {'; '.join(parts)}. Its expected score: "
                          f"{number_text(scored[s])}.", topic="result"))
    win, draw, lose = chances
    steps.append(Step("chance", f"The higher score wins; equal scores are a draw; a side wiped out loses "
                      f"(both: a draw). The charger wins {chance_text(win)}, draws {chance_text(draw)} and "
                      f"loses {chance_text(lose)}.", topic="result"))
    return steps


def break_step(side: Side, name: str, test: dict[str, Fraction]) -> Step:
    how = ("Unbreakable: it never tests, and Gives Ground" if side.unbreakable else
           "Stubborn: it Falls Back in Good Order without a test" if side.stubborn else
           f"Leadership {side.leadership}: 2D6 above it Breaks; within it, but above it with the difference "
           "added, Falls Back in Good Order (Breaks instead when the winner's Unit Strength is more than twice "
           "its own); otherwise, or on a double 1, Gives Ground")
    loses = sum(test.values(), Fraction(0))
    if not loses:
        return Step("chance", f"The {name} cannot lose this round, so it takes no Break test "
                    f"({ON_BREAK}).", topic="break", anchor=cites("break"))
    labels = (("break", "Breaks"), ("fall_back", "Falls Back"), ("give_ground", "Gives Ground"),
              ("wiped_out", "is wiped out"))
    outcomes = ", ".join(f"{label} {chance_text(test[key])}" for key, label in labels if test[key])
    return Step("chance", f"If the {name} loses ({chance_text(loses)}): {how} ({ON_BREAK}). It "
                f"loses and {outcomes}.", topic="break", anchor=cites("break"))
