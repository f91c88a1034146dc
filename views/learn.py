"""Learn: walk through a roll one rule at a time, roll virtual dice, and take a quiz."""

import random

import streamlit as st

import webui
import webui_cache
import webui_routes
from hitrules import dice, fantasy, ninth, situations
from hitrules.edge import urlstate
from hitrules.presentation import figures, ranks
from hitrules.situations import combat as combat_situations
from hitrules.situations import quiz
from hitrules.words import chance_text, count_text, mean_text, number_text
from views import draw, pictures
from views.fantasy import shot_inputs
from views.ninth import attack_inputs
from views.target import TARGET_BOUNDS, TARGET_LABELS, fit_ruleset, target_inputs

P = "learn"
BOUNDS = urlstate.bounds(urlstate.LEARN)
SKILLS = range(BOUNDS["skill"][0], BOUNDS["skill"][1] + 1)
HELP = "For teaching: the same engine as the calculators, one rule at a time."
SECTION_NAMES = {"walk": "Walk through a roll", "roll": "Roll the dice", "quiz": "Quiz", "unit": "A whole unit",
                 "combat": "Close combat", "charge": "The charge"}
#: What a face that succeeds does, at each stage of the walkthrough.
SUCCEEDS = {"wound": "wounds", "save": "saves", "damage": "stops the wound"}
#: What is not part of the situation: the section, the step shown, the dice and the quiz.
NOT_SITUATION = ("section", "step", "seed", "rolls", "quiz", "q")


def render() -> None:
    values = webui.start_page(P, urlstate.LEARN, "Learn", HELP)
    section = st.segmented_control("Section", urlstate.LEARN_SECTIONS, key=webui.key("learn", "section"),
                                   format_func=SECTION_NAMES.get, required=True,
                                   help="Walk through a roll, roll virtual dice, take a quiz, walk through "
                                        "fantasy close combat (one melee attack, then who fights in a unit in "
                                        "ranks and the round it fights), or learn how far a charge goes and "
                                        "whether a fleeing unit is caught.")
    sit = SECTIONS[section](values)  # a section may change values (the step shown)
    link = None if sit is None else {**{k: values[k] for k in NOT_SITUATION}, **situations.learn_values(sit)}
    webui.write_link(urlstate.LEARN, values, link)


def _situation_inputs(values: dict):
    """The situation to learn from (one shot or attack), and the engine's result for its hit roll.
    Each input takes only what the rule set shown accepts."""
    if values["ruleset"] == "fantasy":
        fit_ruleset(P, values, "Fantasy", {name: TARGET_BOUNDS["fantasy"][name][1] for name in TARGET_LABELS},
                    TARGET_LABELS)
    sit, answer, _ = webui.situation(situations.learn_situation, values)
    ruleset = st.radio("Rule set", ("fantasy", "ninth"), key=webui.key("learn", "ruleset"), horizontal=True,
                       format_func={"fantasy": "Fantasy", "ninth": "9th / 8th edition"}.get,
                       help="Which game's hit roll to learn.")
    if ruleset == "fantasy":
        shot_inputs(P, answer, calculator=False)
    else:
        a, b = st.columns(2)
        a.radio("Edition", ninth.EDITIONS, key=webui.key("learn", "edition"), horizontal=True,
                format_func=lambda e: f"{e}th",
                help="8th edition: no cap on modifiers, and no automatic hit on a 6.")
        b.selectbox("Skill", SKILLS, key=webui.key("learn", "skill"), format_func=lambda x: f"{x}+",
                    help="The BS or WS: a roll of X or more hits.")
        attack_inputs(P)
        if answer and answer.verdict is not None:
            (st.success if answer.verdict.allowed else st.error)(answer.verdict.reason)
    target_inputs(P, ruleset, cover="light_cover")
    if answer is None:
        return sit, None
    return sit, answer.main if isinstance(answer, situations.FantasyAnswer) else answer.result


def _walk(values: dict):
    """The engine's steps for the situation, one at a time, with the faces that hit at each."""
    sit, result = _situation_inputs(values)
    if result is None:
        return sit
    chain, refused = draw.attempt(situations.chain, sit)
    draw.refusal(draw.AFTER_THE_HIT, refused)
    steps = result.steps + (chain.steps if chain else ())  # past the hit too, with the target part on
    step_key = webui.key(P, "step")
    if st.session_state.get(step_key, 1) > len(steps):  # fewer steps than the step shown: show the last
        st.session_state[step_key] = len(steps)
    step = st.slider("Step", 1, len(steps), key=step_key,
                     help="Move through the working one rule at a time.")
    values["step"] = step
    shown = [draw.numbered(steps[:step], bold=step)]
    faces = steps[step - 1].hitting_faces  # only this step's own faces: None when it has none
    if faces is not None:
        what = SUCCEEDS.get(steps[step - 1].topic, "hits")
        shown += [f"The six faces of the D6 after this step (✓ {what}):", draw.faces_row(faces)]
    reached_roll = any(s.kind == "roll" for s in steps[:step])
    if reached_roll and isinstance(result, fantasy.ShotResult) and result.faces[1] is not None:
        shown += ["On the 7+ chart a 6 is rolled again:", draw.faces_grid(*result.faces)]
    if step >= len(result.steps):
        shown.append(f"**So the roll is {result.roll}: {chance_text(result.probability)} per shot.**")
    if chain and step == len(steps):
        shown.append(f"**So each attack wounds and gets through with chance "
                     f"{chance_text(chain.stages.mean(3))}, and removes {mean_text(chain.models_removed.mean)} "
                     "models on average.**")
    st.markdown("\n\n".join(shown))
    pictures.cover_at_step("learn_cover_picture", result, steps[step - 1])
    verdict = getattr(situations.answer(sit), "verdict", None)  # Overwatch fire's, worked out once
    current = steps[step - 1]  # the picture shows at the step where the Overwatch rules decide
    if verdict is not None and (current.text == verdict.reason or (verdict.allowed and current.kind == "roll")):
        pictures.overwatch("learn_overwatch_picture", verdict)
    return sit


def _dice(result, seed: int, rolls: int):
    """``rolls`` seeded rolls of the situation, their running-rate chart and the exact distribution."""
    roll_once = fantasy.roll_once if isinstance(result, fantasy.ShotResult) else ninth.roll_once
    rng = random.Random(seed)
    outcomes = tuple(roll_once(result, rng) for _ in range(rolls))
    figure = figures.running_rate_figure(tuple(hit for hit, _ in outcomes), result.probability)
    return outcomes, figure, dice.hits(rolls, result.probability)


def _next_seed() -> None:
    st.session_state["learn_seed"] = min(st.session_state["learn_seed"] + 1, BOUNDS["seed"][1])


def _roll(values: dict):
    """Seeded dice for the situation, their running hit rate, and how lucky they were."""
    sit, result = _situation_inputs(values)
    if result is None:
        return sit
    a, b, c = st.columns([2, 2, 1])
    seed = a.number_input("Seed", *BOUNDS["seed"], step=1, key=webui.key("learn", "seed"),
                          help="The same seed gives the same rolls, so a shared link shows the same dice.")
    rolls = b.number_input("Rolls", *BOUNDS["rolls"], step=1, key=webui.key("learn", "rolls"),
                           help="How many shots to roll; more rolls land closer to the exact chance.")
    c.button("Roll again", key="learn_reroll_dice", help="The next seed: new dice.", on_click=_next_seed)
    # This player's dice are theirs: kept in their own session (the last roll only), never shared.
    key = (sit, seed, rolls)
    kept = st.session_state.get("_learn_dice")
    if kept is None or kept[0] != key:
        kept = (key, _dice(result, seed, rolls))
        st.session_state["_learn_dice"] = kept
    outcomes, figure, dist = kept[1]
    hits = sum(hit for hit, _ in outcomes)
    st.plotly_chart(figure, key="learn_rate", config={"displayModeBar": False})
    st.markdown(
        f"**{count_text(hits, 'hit')} from {count_text(rolls, 'roll')}** "
        f"({number_text(100 * hits, 1, over=rolls)}%); the exact chance is {chance_text(result.probability)}, "
        f"so {number_text(dist.mean)} hits were expected. "
        f"{hits} or fewer happens {chance_text(dist.percentile(hits))} of the time, and {hits} or more "
        f"{chance_text(dist.at_least(hits))}."
    )
    shown = " ".join(("✓" if hit else "✗") + "".join(map(str, faces)) for hit, faces in outcomes[:40])
    st.caption(f"The first rolls (dice shown, ✓ hit, ✗ miss): {shown}")
    return sit


def _quiz(values: dict) -> None:
    """A question from the quiz seed, checked against the engine, with its working."""
    topic = st.segmented_control("Quiz on", quiz.TOPICS, key=webui.key("learn", "topic"),
                                 format_func=quiz.TOPIC_NAMES.get,
                                 required=True, help="Hit rolls, wound rolls, saves, a mix of those three, "
                                                     "the combat WS chart, Break tests, or charges.")
    a, b = st.columns(2)
    seed = a.number_input("Quiz number", *BOUNDS["quiz"], step=1, key=webui.key("learn", "quiz"),
                          help="Everyone who opens the same quiz number gets the same questions.")
    number = b.number_input("Question", *BOUNDS["q"], step=1, key=webui.key("learn", "q"),
                            help="Raise it for the next question.")
    question = quiz.question(seed, number, topic)
    edition = {"fantasy": "fantasy", "ninth": "9th edition", "eighth": "8th edition"}[question.ruleset]
    st.markdown(f"**Question {number}** ({edition}): {question.situation}")
    # A hit quiz keeps the keys it always had; the other topics have their own answers.
    answer = f"{seed}_{number}" if topic == "hit" else f"{topic}_{seed}_{number}"
    roll = st.radio(question.roll_prompt, question.roll_choices, index=None,
                    key=webui.key("learn", f"answer_roll_{answer}"), horizontal=True,
                    help="The score the dice must show, as a player would say it.")
    picked = st.radio(question.chance_prompt, question.chance_choices, index=None,
                      key=webui.key("learn", f"answer_chance_{answer}"), horizontal=True, format_func=str,
                      help="The exact chance, as a fraction.")
    score = st.session_state.setdefault("learn_score", {})
    if st.button("Check my answer", key="learn_check", disabled=roll is None or picked is None,
                 help="Pick both answers first; the working is shown after."):
        right_roll, right_chance = question.check(roll, picked)
        score[(topic, seed, number)] = right_roll and right_chance
        (st.success if right_roll and right_chance else st.error)(
            ("Right! " if right_roll and right_chance else "Not quite. ")
            + f"It needs **{question.correct_roll}**"
            + ("" if right_roll else f" (not {roll})") + f", and the chance is **{question.correct_chance}**"
            + ("" if right_chance else f" (not {picked})") + ".")
        st.markdown(draw.numbered(question.steps))
    if score:
        st.metric("Score this session", f"{sum(score.values())} / {len(score)}")
    st.caption("Next question: raise the question number. Share the link to give others the same quiz.")


def _combat(values: dict) -> None:
    """Fantasy close combat: one melee attack a rule at a time with its faces, then a unit in ranks: who fights
    and the round it fights."""
    st.subheader("One melee attack")
    draw.melee_inputs(P, BOUNDS, "melee_mod")
    hit = fantasy.melee_hit(values["ws"], values["target_ws"], values["melee_mod"], values["melee_reroll"],
                           values["sixes"])
    shown = []
    for i, step in enumerate(hit.steps, start=1):
        shown.append(f"{i}. {draw.step_markdown(step)}")
        if step.hitting_faces is not None and step.kind in ("base", "modifier", "roll"):
            shown.append(f"   {draw.faces_row(step.hitting_faces)}")
    st.markdown("\n".join(shown))
    _ranks()


#: The combat lesson's two units (RULES.md §7's worked example "Who fights"): the name, its Toughness, armour
#: (worn with a shield), Leadership and weapon, and its rules.
_UNITS = {"a": ("Orc Boyz", 4, "light", 6, "hand weapon", {"horde": False}),
          "d": ("State Troops", 3, "light", 7, "thrusting spear", {"horde": True})}
#: Who charged this turn: the Orcs (5" into the front: +3 Initiative), the State Troops, or neither (a round
#: after the first).
_CHARGED = {"a": "The Orc Boyz charged", "d": "The State Troops charged", "": "Neither: a later round"}
#: The lesson's bounds for each unit: its models and its rank width.
_MODELS, _WIDTH = (1, 30), (2, 10)  # at most 15 ranks deep: the picture stays under 800 px tall
#: The charge's Initiative bonus in the lesson: 5" into the front, +1 per full inch, at most +3.
_CHARGE_BONUS = 3


def _unit_inputs(column, p: str, charged: str):
    """One unit's weapon, models and rank width (session only: the lesson's link keeps its other inputs),
    and who fights in it, from the engine."""
    name, *_, weapon, _ = _UNITS[p]
    column.markdown(f"**{name}**" + (" (charged)" if charged == p else ""))
    held = column.selectbox("Weapon", ranks.LESSON_WEAPONS, index=ranks.LESSON_WEAPONS.index(weapon),
                            key=f"learn_ranks_{p}_weapon", help="The weapon the unit fights with this round.")
    models = column.number_input("Models", *_MODELS, value=20, step=1, key=f"learn_ranks_{p}_models",
                                 help="The unit's rank and file, all alike.")
    width = column.number_input("Rank width", *_WIDTH, value=5, step=1, key=f"learn_ranks_{p}_width",
                                help="How many models stand side by side in each rank.")
    other = "d" if p == "a" else "a"
    return ranks.unit_ranks(models, width, held, charged=charged == p, charger_in_front=charged == other)


def _lesson_side(unit, p: str, charged: str) -> fantasy.Side:
    """The unit as a side of the round: the worked example's profile (WS 3, S3, I3, A1, a shield), the
    weapon as the table has it this turn, and who fights from the engine."""
    _, toughness, armour, leadership, _, flags = _UNITS[p]
    held = fantasy.combat_weapon(unit.weapon, 3, charged=charged == p, charger_in_front=charged not in ("", p))
    save = fantasy.armour_value(armour, shield=True, troop_type=unit.troop_type, weapon=unit.weapon)
    target = fantasy.Target(toughness, save, models=unit.models, troop=unit.troop_type)
    return fantasy.Side(target, 3, 3 + held.initiative, leadership, unit.rank_width, unit.fighting,
                        unit.press + unit.supporting, unit.attacks, held.weapon, strike_first=held.strike_first,
                        strike_last=held.strike_last, charge_bonus=_CHARGE_BONUS if charged == p else 0, **flags)


def _ranks() -> None:
    """A unit in ranks: who fights and how many attacks each model makes, drawn from the engine's who_fights,
    one line per side of why, and the round the two units fight."""
    st.subheader("A unit in ranks: who fights")
    st.markdown("The rules' worked example: **20 Orc Boyz charge 5\" into the front of 20 State Troops**, both "
                "regular infantry 5 wide (WS 3, S3, I3, 1 Attack; the Orcs T4 with hand weapons, light armour and "
                "shields, 4+ as they Parry; the State Troops T3, a Horde, with thrusting spears, light armour and "
                "shields, 5+). A model in the **fighting rank** strikes with its Attacks. Regular and heavy "
                "infantry fight with their next rank too, by **Press of Battle**, except in a turn they charged; "
                "a weapon that may **Fight in Extra Rank** (spears, whips…) lets the rank behind those "
                "**support**. Each of those strikes once. Change the weapons, who charged, the models and the "
                "rank widths, and watch who fights.")
    charged = st.radio("Who charged this turn", tuple(_CHARGED), format_func=_CHARGED.get, horizontal=True,
                       key="learn_ranks_charged", help="A unit that charged gets no Press of Battle, and a "
                       "spear does not support in a turn it charged.")
    columns = st.columns(2)
    units = {p: _unit_inputs(column, p, charged) for column, p in zip(columns, _UNITS, strict=True)}
    names = {p: _UNITS[p][0] for p in _UNITS}
    st.plotly_chart(webui_cache.shared(ranks.ranks_figure, units["a"], units["d"], names["a"], names["d"]),
                    key="learn_ranks_picture", config={"displayModeBar": False})
    st.markdown("\n".join(f"- **{names[p]}**: {ranks.ranks_words(units[p])} "
                           f"{count_text(units[p].strikes, 'attack')} in all." for p in _UNITS))
    _lesson_round(units, names, charged)


def _lesson_round(units: dict, names: dict, charged: str) -> None:
    """The round the two units fight, as the engine works it out: the side that charged strikes as the charger."""
    order = ("d", "a") if charged == "d" else ("a", "d")
    sides = [_lesson_side(units[p], p, charged) for p in order]
    result, refused = draw.attempt(webui_cache.shared, fantasy.combat_round, *sides)
    st.subheader("The round they fight")
    if result is None:
        draw.refusal("The round", refused)
        return
    win, lose = (result.win, result.lose) if order[0] == "a" else (result.lose, result.win)
    draw.metrics_row((f"{names['a']} win", chance_text(win), None), ("Draw", chance_text(result.draw), None),
                     (f"{names['a']} lose", chance_text(lose), None))
    if not charged:
        st.caption(f"Neither charged: in the steps, \"the charger\" is the {names['a']}, with no charge bonus.")
    draw.why("The round in order", result.steps, None)
    st.page_link(webui_routes.pages()["combat"],
                 label="Open the Orcs and the State Troops on the combat page, and change them",
                 query_params=dict(combat_situations.COMBAT_PRESETS["orcs_spearmen"].query),
                 icon=":material/swords:")


#: The whole unit's worked examples (docs/rules.md § A whole unit): every attack hits automatically and
#: wounds on 4+ (S4 against T4), with no save, so each lands with chance 1/2.
_LANDS = ninth.Attack(3, auto_hit=True)


def _lands(damage: str, name: str) -> ninth.Group:
    return ninth.Group(_LANDS, 1, ninth.Weapon(4, damage=damage), name)


def _unit(values: dict) -> None:
    """Two profiles, one after the other, with the damaged model carried over; then why the order of
    three can matter. The engine's own states and steps, one profile at a time."""
    st.markdown("Every attack here hits automatically and wounds on 4+ with no save, so each lands with chance "
                "1/2. **Two profiles, A and B**, each one attack of **Damage 2**, into **one model of 3 "
                "wounds**. A model that has lost wounds keeps the loss for the next profile.")
    two = webui_cache.shared(ninth.attack_unit, (_lands("2", "A"), _lands("2", "B")), ninth.Target(4, wounds=3))
    for k, name in enumerate(("A", "B"), start=1):
        st.markdown(f"**After {name}**" + (": the model it leaves is where B's damage goes first." if k == 1 else
                                          ": B's 2 damage met the model A left with 2 wounds lost, and removed it; "
                                          "the second point was lost, never spilling over."))
        st.dataframe(webui_cache.shared(figures.unit_state_table, two, k), hide_index=True)
    st.markdown(f"The model is removed only when both land: **{chance_text(two.models_removed.at_least(1))}**.")
    st.markdown("**Three profiles: the order can matter.** A (Damage 1), B (Damage 2) and C (Damage 1) into "
                "two models of 2 wounds.")
    target = ninth.Target(4, wounds=2, models=2)
    for column, order in zip(st.columns(2), ("ABC", "ACB"), strict=True):
        groups = tuple(_lands({"A": "1", "B": "2", "C": "1"}[n], n) for n in order)
        result = webui_cache.shared(ninth.attack_unit, groups, target)
        with column:
            st.markdown(f"**{', '.join(order)}**: {mean_text(result.models_removed.mean)} of a model removed on "
                        "average.")
            draw.why(f"Why: {', '.join(order)}", result.steps, None)


#: The charge lesson's flights against pursuits (docs/rules.md § Fantasy charge: after the Break test): what
#: flees and what pursues, in words, and the movers.
_CHASES = (("A unit that Breaks (2D6) against a pursuer of 2D6", fantasy.Mover(4), fantasy.Mover(4), False),
           ("A unit that Breaks (2D6) against a pursuer with Swiftstride (3D6)", fantasy.Mover(4, swiftstride=True),
            fantasy.Mover(4), False),
           ("A unit that Falls Back in Good Order (2D6 keep the higher) against 2D6", fantasy.Mover(4),
            fantasy.Mover(4), True),
           ("A Resolute unit that Breaks (2D6 - 1) against 2D6", fantasy.Mover(4), fantasy.Mover(4, resolute=True),
            False))


#: What the charge lesson's faces are: the Charge roll's kept die, never a die to hit.
CHARGE_DIE_WORDS = "The Charge roll, 2D6 keep the higher: the kept die"


def _charge(values: dict) -> None:
    """The charge: the Charge roll's faces (2D6 keep the higher), one charge worked out, and the flight
    against the pursuit, each from the engine."""
    st.subheader("The Charge roll: 2D6, keep the higher")
    kept = fantasy.charge_range(fantasy.Mover(1))  # M 1 + the kept die: the die is the range less 1
    faces = [(k, kept[k + 1]) for k in range(1, 7)]
    st.markdown("Roll two dice and keep the higher. A kept **k** comes from every roll whose higher die is k: "
                "(k, k), and k with any of the k - 1 lower faces, either way round: **2k - 1 of the 36 rolls**.")
    st.markdown(" · ".join(f"kept {k}: **{chance_text(p)}**" for k, p in faces))
    st.markdown(f"So a kept 6 ({chance_text(faces[5][1])}) is **11 times as likely** as a kept 1 "
                f"({chance_text(faces[0][1])}): the charge range is Movement + the kept die, and it reaches when "
                "it is at least the distance.")
    roll = fantasy.charge_roll(fantasy.Mover(4), 9)
    reach = next(s.hitting_faces for s in roll.steps if s.kind == "roll")
    draw.why("M 4 from 9\": does it reach?", roll.steps, None,
             after=f"{CHARGE_DIE_WORDS} (✓ the charge reaches):\n\n{draw.faces_row(reach)}")
    st.page_link(webui_routes.pages()["explore"], label="Every Movement and distance: How far can I charge?",
                 query_params={"view": "charge"}, icon=":material/straighten:")
    st.subheader("The flight against the pursuit")
    st.markdown("A unit that loses and Breaks flees 2D6; the winner pursues 2D6 and catches it (destroying it) "
                "when its pursuit is **at least** the flight. A tie goes to the pursuer, which is why 2D6 against "
                "2D6 catches more often than not.")
    chases = [(words, fantasy.pursuit(pursuer, fleer, good_order)) for words, pursuer, fleer, good_order in _CHASES]
    st.markdown("\n".join(f"- {words}: caught **{chance_text(chase.caught)}**" for words, chase in chases))
    draw.why("Why 721/1296", chases[0][1].steps, None)
    _charge_rolled()


#: The whole charge rolled through (docs/rules.md § Fantasy: the charge, RULES.md §8's example): §7's round of
#: 2 models a side (1 Wound, T3, no saves, WS 3, S3, 1 Attack, Ld 7) with the charger at M 4 from 6", the
#: charged unit Holding, both pursuing 2D6.
ROLLED_MOVEMENT, ROLLED_DISTANCE, ROLLED_MODELS, ROLLED_LD = 4, 6, 2, 7


def _dice_text(dice: list[int]) -> str:
    return " ".join(f"**{d}**" for d in dice) if dice else "none"


def roll_through_charge(rng: random.Random) -> tuple[list[str], str]:
    """One whole charge of the worked example, every die drawn from ``rng``: the lines that show each die, in
    order, and how the turn ended (one of fantasy.OUTCOMES). The scores each die needs are the engine's
    (the Charge roll's faces that reach, the melee chart, the wound chart)."""
    d6 = lambda n: [rng.randint(1, 6) for _ in range(n)]  # noqa: E731
    reach = next(s.hitting_faces for s in fantasy.charge_roll(fantasy.Mover(ROLLED_MOVEMENT), ROLLED_DISTANCE).steps
                 if s.kind == "roll")
    hit, wound = fantasy.melee_score(3, 3), fantasy.wound_score(3, 3)
    lines = []
    charge_dice = d6(2)
    kept = max(charge_dice)
    lines.append(f"**The Charge roll**: {_dice_text(charge_dice)}, keep the higher: {kept}; M {ROLLED_MOVEMENT} + "
                 f"{kept} = {ROLLED_MOVEMENT + kept}\" against {ROLLED_DISTANCE}\": "
                 + ("it reaches." if kept in reach else "short: the charge fails."))
    if kept not in reach:
        return lines, "failed"
    lines.append("**The reaction**: the charged unit Holds.")
    models = [ROLLED_MODELS, ROLLED_MODELS]  # the charger's, the charged's
    lost = [0, 0]
    for side, initiative in ((0, 6), (1, 3)):  # the charger at 3 + 3 for the charge, then the charged at 3
        enemy = 1 - side
        hits = d6(models[side])
        wounds = d6(sum(d >= hit for d in hits))
        kills = min(models[enemy], sum(d >= wound for d in wounds))
        models[enemy] -= kills
        lost[enemy] += kills
        lines.append(f"**Initiative {initiative}, the {('charger', 'charged unit')[side]}** ({len(hits)} attacks): "
                     f"to hit ({hit}+) {_dice_text(hits)}; to wound ({wound}+) {_dice_text(wounds)}: "
                     f"{count_text(kills, 'model')} slain (no saves).")
        if not models[enemy]:
            break
    if not models[1]:
        lines.append("The charged unit is wiped out.")
        return lines, "charged_destroyed"
    if not models[0]:
        lines.append("The charger is wiped out.")
        return lines, "charger_destroyed"
    # The combat result: +1 a Wound the enemy lost; two models make no rank, and there are no bonuses.
    scores = (lost[1], lost[0])
    lines.append(f"**Combat result**: the charger {scores[0]}, the charged unit {scores[1]}.")
    if scores[0] == scores[1]:
        lines.append("A draw: no Break test; the fight goes on.")
        return lines, "fight_goes_on"
    loser = 0 if scores[0] < scores[1] else 1
    name = ("charger", "charged")[loser]
    difference = abs(scores[0] - scores[1])
    test = d6(2)
    natural = sum(test)
    outnumbered = models[1 - loser] > 2 * models[loser]  # the winner's Unit Strength more than twice the loser's
    verdict = fantasy.break_result(natural, ROLLED_LD, difference, outnumbered)
    words = {"breaks": "it Breaks", "falls_back": "it Falls Back in Good Order", "gives_ground": "it Gives Ground"}
    lines.append(f"**Break test** of the {name} (lost by {difference}, Ld {ROLLED_LD}): {_dice_text(test)} = "
                 f"{natural}, + {difference} = {natural + difference}: {words[verdict]}.")
    if verdict == "gives_ground":
        lines.append("The winner follows up: the fight goes on.")
        return lines, "fight_goes_on"
    flight_dice = d6(2)
    flight = max(flight_dice) if verdict == "falls_back" else sum(flight_dice)
    pursuit_dice = d6(2)
    pursuit = sum(pursuit_dice)
    caught = pursuit >= flight
    how = "2D6 keep the higher" if verdict == "falls_back" else "2D6"
    lines.append(f"**The flight** ({how}): {_dice_text(flight_dice)} = {flight}\"; **the pursuit** (2D6): "
                 f"{_dice_text(pursuit_dice)} = {pursuit}\": " + ("caught." if caught else "it gets away."))
    if verdict == "breaks":
        return lines, f"{name}_destroyed" if caught else f"{name}_fled"
    return lines, "fight_goes_on" if caught else f"{name}_fell_back"


def _charge_rolled() -> None:
    """The worked whole charge, rolled with seeded dice (the seed is in the link: the same dice for everyone)."""
    st.subheader("A whole charge, rolled")
    st.markdown(f"The whole charge above (the rules' worked example: 2 models a side, M {ROLLED_MOVEMENT} from "
                f"{ROLLED_DISTANCE}\", the charged unit Holds, both pursue 2D6), every die rolled. The engine's "
                f"exact answer: the charged unit is destroyed with chance "
                f"{chance_text(_worked_charge().outcomes['charged_destroyed'])}.")
    a, b = st.columns([3, 1])
    seed = a.number_input("Seed", *BOUNDS["seed"], step=1, key=webui.key("learn", "seed"),
                          help="The same seed gives the same dice, so a shared link shows the same charge.")
    b.button("Roll again", key="learn_reroll_charge", help="The next seed: new dice.", on_click=_next_seed)
    lines, outcome = roll_through_charge(random.Random(seed))
    st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(lines, start=1)))
    exact = _worked_charge().outcomes[outcome]
    st.markdown(f"**This time: {figures.CHARGE_OUTCOME_NAMES[outcome].lower()}**, which happens "
                f"{chance_text(exact)} of the time.")


def _worked_charge():
    two = fantasy.Side(fantasy.Target(3, models=ROLLED_MODELS), ws=3, initiative=3, leadership=ROLLED_LD,
                       rank_width=ROLLED_MODELS, fighting=ROLLED_MODELS, supporting=0, attacks=1,
                       weapon=fantasy.Weapon(3))
    return webui_cache.shared(fantasy.charge, two, two, ROLLED_DISTANCE, fantasy.Mover(ROLLED_MOVEMENT),
                        fantasy.Mover(ROLLED_MOVEMENT))


SECTIONS = {"walk": _walk, "roll": _roll, "quiz": _quiz, "unit": _unit, "combat": _combat, "charge": _charge}
