"""Learn: walk through a roll one rule at a time, roll virtual dice, and take a quiz."""

import random

import streamlit as st

import webui
import webui_cache
from hitrules import dice, fantasy, ninth, situations
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.situations import quiz
from hitrules.words import chance_text, count_text, mean_text, number_text
from views import draw, pictures
from views.fantasy import shot_inputs
from views.learn_charge import charge_section, next_seed
from views.learn_combat import combat_section
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
    c.button("Roll again", key="learn_reroll_dice", help="The next seed: new dice.", on_click=next_seed)
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


SECTIONS = {"walk": _walk, "roll": _roll, "quiz": _quiz, "unit": _unit, "combat": combat_section,
            "charge": charge_section}
