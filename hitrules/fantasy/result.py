"""Fantasy close combat: the combat result, the Rank Bonus, Unit Strength and the Break test
(docs/rules.md § Fantasy combat: the combat result, § the Break test).

>>> rank_bonus(20, 5), unit_strength(3, Target(3, wounds=2, troop="monster"))
(2, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from hitrules.dice import Distribution
from hitrules.fantasy.after_hit import Target
from hitrules.fantasy.explanation import break_step, result_steps
from hitrules.fantasy.sides import LEADERSHIP_RANGE, SIDE_NAMES, check_bool, side_bonus
from hitrules.fantasy.troops import TROOP_TYPES, TROOPS
from hitrules.steps import Step, check_choice, check_int

# Combat result and Break test ------------------------------------------------------------------


def rank_bonus(models: int, rank_width: int, troop: str = "regular_infantry") -> int:
    """The Rank Bonus of ``models`` models in ranks ``rank_width`` wide.

    >>> rank_bonus(20, 5), rank_bonus(14, 5), rank_bonus(16, 5), rank_bonus(14, 5, "heavy_infantry")
    (2, 1, 2, 2)
    """
    kind = TROOPS[check_choice("troop type", troop, TROOP_TYPES)]
    if kind.min_per_rank is None or models <= 0:
        return 0
    full, last = divmod(models, rank_width)
    counted = (full if rank_width >= kind.min_per_rank else 0) + (last >= kind.min_per_rank)
    return min(max(counted - 1, 0), kind.max_rank_bonus)


def unit_strength(models: int, target: Target) -> int:
    """The Unit Strength of ``models`` models of the target's troop type."""
    per_model = TROOPS[target.troop].unit_strength
    return models * (target.wounds if per_model is None else per_model)


@dataclass(frozen=True)
class BreakOutcome:
    """The loser's Break test: the chance of each outcome (they add up to 1)."""

    breaks: Fraction
    falls_back: Fraction
    gives_ground: Fraction


@lru_cache(maxsize=4096)  # a big round asks again for the same few tests, once for each way it can end
def _break_ways(leadership: int, difference: int, outnumbered: bool, unbreakable: bool,
                stubborn: bool) -> tuple[int, int, int]:
    """Out of the 36 rolls of 2D6: the ways the loser Breaks, Falls Back in Good Order, Gives Ground."""
    ways = dict.fromkeys(BREAK_RESULTS, 0)
    for a in range(1, 7):
        for b in range(1, 7):
            ways[break_result(a + b, leadership, difference, outnumbered, unbreakable, stubborn)] += 1
    return ways["breaks"], ways["falls_back"], ways["gives_ground"]


#: What a Break test gives, in the order :class:`BreakOutcome` lists them.
BREAK_RESULTS = ("breaks", "falls_back", "gives_ground")


def break_result(natural: int, leadership: int, difference: int, outnumbered: bool = False,
                 unbreakable: bool = False, stubborn: bool = False) -> str:
    """What one roll of the Break test gives (one of :data:`BREAK_RESULTS`): ``natural`` is the 2D6 rolled
    (2..12), the loser lost by ``difference``. :func:`break_test` counts it over the 36 rolls.

    >>> break_result(8, 7, 2), break_result(6, 7, 2), break_result(6, 7, 2, outnumbered=True), break_result(2, 7, 9)
    ('breaks', 'falls_back', 'breaks', 'gives_ground')
    """
    if unbreakable:
        return "gives_ground"
    if stubborn:
        return "falls_back"
    if natural == 2 or natural + difference <= leadership:  # a double 1 always Gives Ground
        return "gives_ground"
    return "breaks" if natural > leadership or outnumbered else "falls_back"


def break_test(leadership: int, difference: int, outnumbered: bool = False, unbreakable: bool = False,
               stubborn: bool = False) -> BreakOutcome:
    """The Break test of a side that lost by ``difference``; ``outnumbered``: the winner's Unit
    Strength is more than twice the loser's.

    >>> b = break_test(7, 2)
    >>> b.breaks, b.falls_back, b.gives_ground
    (Fraction(5, 12), Fraction(11, 36), Fraction(5, 18))
    """
    check_int("Leadership", leadership, *LEADERSHIP_RANGE)
    check_int("The difference of the scores", difference, 1, 1000)
    for name, value in (("outnumbered", outnumbered), ("unbreakable", unbreakable), ("stubborn", stubborn)):
        check_bool(name, value)
    return BreakOutcome(*(Fraction(w, 36) for w in _break_ways(leadership, difference, outnumbered, unbreakable,
                                                                stubborn)))

@dataclass(frozen=True)
class RoundResult:
    """One round of combat, for the charger: the chances to win, draw and lose, the score
    difference, the models each side loses, each side's chance of losing with each outcome
    (``"break"``, ``"fall_back"``, ``"give_ground"``, ``"wiped_out"``), and why."""

    win: Fraction
    draw: Fraction
    lose: Fraction
    difference: dict[int, Fraction]
    charger_models_lost: Distribution
    charged_models_lost: Distribution
    charger_test: dict[str, Fraction]
    charged_test: dict[str, Fraction]
    steps: tuple[Step, ...]
    #: How the round can end, for what comes after it (the charge's Break test and pursuit): each
    #: ((the charger's score minus the charged's, the charger wiped out, the charged wiped out, the
    #: charger's Unit Strength more than twice the charged's, the charged's more than twice the
    #: charger's), ways), the ways over ``end_den`` adding up to it (:attr:`ends` gives the chances).
    end_ways: tuple[tuple[tuple[int, bool, bool, bool, bool], int], ...] = ()
    end_den: int = 1

    @property
    def ends(self) -> tuple[tuple[tuple[int, bool, bool, bool, bool], Fraction], ...]:
        """How the round can end (see :attr:`end_ways`), each with its chance."""
        return tuple((key, Fraction(w, self.end_den)) for key, w in self.end_ways)

@dataclass(frozen=True)
class _Scoring:
    """What counts for each side's score, by the models it has left: its Wounds per model, models,
    the bonuses it claims whatever its losses, its Rank Bonus and its Unit Strength."""

    wounds: tuple[int, int]
    models: tuple[int, int]
    fixed: tuple[int, int]
    ranks: tuple[list[int], list[int]]
    strength: tuple[list[int], list[int]]

    @classmethod
    def of(cls, sides) -> _Scoring:
        models = tuple(side.unit.models for side in sides)
        return cls(tuple(side.unit.wounds for side in sides), models,
                   tuple(sum(v for _, v in side_bonus(side)) for side in sides),
                   tuple([0 if side.disrupted else rank_bonus(m, side.rank_width, side.unit.troop)
                          for m in range(n + 1)] for side, n in zip(sides, models, strict=True)),
                   tuple([unit_strength(m, side.unit) for m in range(n + 1)]
                         for side, n in zip(sides, models, strict=True)))

    def scores(self, sides, lost, full) -> tuple[list[int], list[int], tuple]:
        """In one final state (the Wounds each side lost): each side's score but the Wounds the enemy
        recovered, the models each has left, and (each side wiped out, each side's Unit Strength more
        than twice the other's)."""
        left = [self.models[s] - lost[s] // self.wounds[s] for s in (0, 1)]
        wiped = [lost[s] == full[s] for s in (0, 1)]
        us = [self.strength[s][left[s]] for s in (0, 1)]
        score = []
        for s in (0, 1):
            points = lost[1 - s]  # the Wounds the enemy lost (and those it recovered: see _ends)
            if not wiped[s]:
                points += self.fixed[s] + self.ranks[s][left[s]] + (sides[s].massed_infantry and us[s] > us[1 - s])
            score.append(points)
        return score, left, (wiped[0], wiped[1], us[0] > 2 * us[1], us[1] > 2 * us[0])


def _ends(sides, scoring: _Scoring, states: dict, full) -> tuple[dict, list[list[int]], list[int]]:
    """Over the round's final states: the ways of each (score difference, each side wiped out, each
    side's Unit Strength more than twice the other's), the ways of each number of models each side
    lost, and each side's score (but the Wounds recovered) summed over the ways."""
    models_lost = [[0] * (n + 1) for n in scoring.models]
    scored = [0, 0]
    ends: dict = {}
    for lost, (low, runs) in states.items():
        score, left, flags = scoring.scores(sides, lost, full)
        ways = sum(runs)
        for s in (0, 1):
            models_lost[s][scoring.models[s] - left[s]] += ways
            scored[s] += score[s] * ways
        for recovered_diff, w in enumerate(runs, start=low):
            if w:
                key = (score[0] - score[1] + recovered_diff, *flags)
                ends[key] = ends.get(key, 0) + w
    return ends, models_lost, scored


def _loser(sides, diff: int, flags) -> tuple[int | None, dict[str, int]]:
    """Who loses one way the round can end (None: a draw), and its Break test's ways out of 36."""
    wiped, outnumbers = flags[:2], flags[2:]
    if (wiped[0] and wiped[1]) or not (wiped[0] or wiped[1] or diff):
        return None, {}
    if wiped[0] or wiped[1]:
        return (0 if wiped[0] else 1), {"wiped_out": 36}
    loser = 0 if diff < 0 else 1
    side = sides[loser]
    ways = _break_ways(side.leadership, abs(diff), outnumbers[1 - loser], side.unbreakable, side.stubborn)
    return loser, dict(zip(("break", "fall_back", "give_ground"), ways, strict=True))


def result_of(sides, states: dict, den: int, full, steps: list[Step], recovered) -> RoundResult:
    """The combat result, the winner and the loser's Break test, over the round's final states."""
    scoring = _Scoring.of(sides)
    ends, models_lost, scored = _ends(sides, scoring, states, full)
    outcome = {"win": 0, "draw": 0, "lose": 0}
    difference: dict[int, int] = {}
    tests = [dict.fromkeys(("break", "fall_back", "give_ground", "wiped_out"), 0) for _ in sides]
    for (diff, *flags), w in ends.items():
        difference[diff] = difference.get(diff, 0) + w
        loser, test = _loser(sides, diff, flags)
        if loser is None:
            outcome["draw"] += w
            continue
        for name, n in test.items():
            tests[loser][name] += n * w
        outcome["lose" if loser == 0 else "win"] += w
    win, draw, lose = (Fraction(outcome[k], den) for k in ("win", "draw", "lose"))
    charger_test, charged_test = ({k: Fraction(v, 36 * den) for k, v in t.items()} for t in tests)
    lost = [Distribution(tuple(m), den) for m in models_lost]
    expected = [Fraction(x, den) + r for x, r in zip(scored, reversed(recovered), strict=True)]
    steps += result_steps(sides, expected, scoring.ranks, (win, draw, lose))
    steps += [break_step(sides[s], SIDE_NAMES[s], (charger_test, charged_test)[s]) for s in (0, 1)]
    return RoundResult(win, draw, lose, {d: Fraction(w, den) for d, w in sorted(difference.items())},
                       lost[0], lost[1], charger_test, charged_test, tuple(steps),
                       tuple(sorted(ends.items())), den)

