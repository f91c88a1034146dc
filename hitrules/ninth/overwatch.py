"""9th edition: may this unit fire Overwatch? Each check in the order a player makes it, the first
that forbids the shot deciding (docs/rules.md § Overwatch).
"""

from __future__ import annotations

from dataclasses import dataclass

from hitrules.steps import check_choice

TRIGGERS = ("set_up", "normal_move", "advance", "fall_back", "charge", "hatchway")
TRIGGER_NAMES = {
    "set_up": "was set up on the battlefield",
    "normal_move": "ended a Normal Move",
    "advance": "ended an Advance move",
    "fall_back": "ended a Fall Back move",
    "charge": "ended a charge move",
    "hatchway": "opened a Hatchway",
}
#: The Overwatch checks in the order a player makes them; the first that forbids the shot decides.
OVERWATCH_CHECKS = ("set_overwatch", "trigger", "engagement", "blast")
OVERWATCH_QUESTIONS = {
    "set_overwatch": "Has the unit Set Overwatch?",
    "trigger": "Is the trigger one of the six?",
    "engagement": "Enemies within Engagement Range?",
    "blast": "Is the weapon Blast?",
}


@dataclass(frozen=True)
class OverwatchCheck:
    """One check on the way to an Overwatch verdict: its question, the answer for this situation,
    and its ``outcome``: ``"pass"``, ``"fail"`` (it forbids the shot) or ``"not reached"``."""

    name: str
    question: str
    answer: str
    outcome: str


@dataclass(frozen=True)
class OverwatchVerdict:
    """Whether a unit may fire Overwatch with a weapon, and the rule that decides it.

    ``checks`` are the four checks in order, each passed, failed or not reached; ``check`` names
    the last one reached: the one that forbade the shot, or the last of all when it may fire.
    """

    allowed: bool
    reason: str
    check: str = ""
    checks: tuple[OverwatchCheck, ...] = ()


def overwatch_allowed(
    *,
    overwatch_set: bool,
    trigger: str,
    enemy_in_engagement_range: bool,
    target_ended_charge_in_engagement_range: bool,
    blast: bool,
) -> OverwatchVerdict:
    """Whether a unit may fire Overwatch at the enemy unit that caused ``trigger``.

    The checks come in the order a player makes them: Set Overwatch, the trigger, Engagement
    Range (with its exception for a target that just charged), Blast. An unknown trigger is an
    error, not a refusal: there is no such situation on the table.

    >>> v = overwatch_allowed(overwatch_set=True, trigger="charge", enemy_in_engagement_range=True,
    ...                       target_ended_charge_in_engagement_range=True, blast=True)
    >>> v.allowed, v.check, [c.outcome for c in v.checks]
    (False, 'blast', ['pass', 'pass', 'pass', 'fail'])
    """
    check_choice("Overwatch trigger", trigger, TRIGGERS)
    what = f"the enemy unit that {TRIGGER_NAMES[trigger]}"
    # Each check: its answer in a few words, and the refusal when it forbids the shot (else None).
    answers = (
        ("Yes", None) if overwatch_set else ("No", _NOT_SET),
        (f"Yes: it {TRIGGER_NAMES[trigger]}", None),
        _engagement_answer(trigger, enemy_in_engagement_range, target_ended_charge_in_engagement_range),
        ("Yes", _BLAST) if blast else ("No", None),
    )
    checks, refusal, decided = [], None, OVERWATCH_CHECKS[-1]
    for name, (answer, forbids) in zip(OVERWATCH_CHECKS, answers, strict=True):
        outcome = "not reached" if refusal is not None else "fail" if forbids else "pass"
        checks.append(OverwatchCheck(name, OVERWATCH_QUESTIONS[name], answer, outcome))
        if refusal is None and forbids:
            refusal, decided = forbids, name
    if refusal is not None:
        return OverwatchVerdict(False, refusal, decided, tuple(checks))
    if enemy_in_engagement_range:
        reason = (f"Yes, at {what}: enemy units are within Engagement Range, but the target just "
                  "finished a charge move within Engagement Range of the firing unit, which is the "
                  "exception. Each hit roll needs an unmodified 6; afterwards the unit must Set "
                  "Overwatch again.")
    else:
        reason = (f"Yes: a unit that has Set Overwatch may fire Overwatch at {what}, and only at that "
                  "unit. Each hit roll needs an unmodified 6; afterwards the unit must Set Overwatch again.")
    return OverwatchVerdict(True, reason, decided, tuple(checks))


_NOT_SET = ("No: only a unit that has Set Overwatch can fire Overwatch. It starts the action at the end "
            "of the Move Units step of its Movement phase, completes it at the end of that turn, and then "
            "has Set Overwatch until the end of the opponent's next turn.")
_BLAST = "No: weapons with the Blast ability cannot fire Overwatch. The unit's other ranged weapons can."


def _engagement_answer(trigger: str, enemy_in_range: bool, target_charged_in: bool) -> tuple[str, str | None]:
    """The Engagement Range check: its answer, and the refusal when it forbids the shot."""
    if not enemy_in_range:
        return "No", None
    if trigger == "charge" and target_charged_in:
        return "Yes, but it just charged in: the exception", None
    exception = "" if trigger == "charge" else (
        " (the exception is only for a target that just finished a charge move)")
    return ("Yes, and its charge ended elsewhere" if trigger == "charge"
            else "Yes, and the target did not charge"), (
        "No: a unit cannot fire Overwatch while enemy units are within Engagement Range of it, unless "
        "it fires at an enemy unit that has just finished a charge move within Engagement Range of "
        f"it{exception}. Other friendly units within Engagement Range of the same enemy do not matter.")

