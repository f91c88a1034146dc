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
from hitrules.fantasy.sides import (
    LEADERSHIP_RANGE,
    SIDE_NAMES,
    Side,
    check_bool,
    marching_column,
    others_in_ranks,
    side_bonus,
    side_strength,
    terror_applies,
)
from hitrules.fantasy.troops import TROOP_TYPES, TROOPS
from hitrules.steps import Step, check_choice, check_int

# Combat result and Break test ------------------------------------------------------------------


def rank_bonus(models: int, rank_width: int, troop: str = "regular_infantry", horde: bool = False) -> int:
    """The Rank Bonus of ``models`` models in ranks ``rank_width`` wide; Horde raises its most by 1.

    >>> rank_bonus(20, 5), rank_bonus(14, 5), rank_bonus(16, 5), rank_bonus(14, 5, "heavy_infantry")
    (2, 1, 2, 2)
    >>> rank_bonus(20, 5, horde=True)
    3
    """
    kind = TROOPS[check_choice("troop type", troop, TROOP_TYPES)]
    if kind.min_per_rank is None or models <= 0:
        return 0
    full, last = divmod(models, rank_width)
    counted = (full if rank_width >= kind.min_per_rank else 0) + (last >= kind.min_per_rank)
    return min(max(counted - 1, 0), kind.max_rank_bonus + horde)


#: The troop types that claim Massed Infantry (+1 with the higher Unit Strength).
MASSED_INFANTRY = ("regular_infantry", "heavy_infantry")
#: The least Unit Strength of an enemy in a unit's flank or rear that Disrupts it, and against heavy infantry
#: (Steady in the Ranks); the least Unit Strength of a unit in Close Order that claims its +1.
DISRUPTS, DISRUPTS_HEAVY, CLOSE_ORDER_STRENGTH = 5, 10, 10


def ranks_of(side: Side, models: int) -> tuple[int, int]:
    """(the ranks' bonus, the Close Order bonus) of a side with ``models`` rank and file left, its others in
    its ranks too: none in Skirmish, none in Marching Column (deeper than wide), no Rank Bonus when Disrupted
    by the player's input; Close Order +1 in Combat Order with Unit Strength 10 or more.

    >>> from hitrules.fantasy.after_hit import Weapon
    >>> ten = dict(unit=Target(3, models=10), ws=3, initiative=3, leadership=7, attacks=1, weapon=Weapon(3))
    >>> ranks_of(Side(rank_width=5, fighting=5, supporting=0, **ten), 10), ranks_of(Side(**ten, rank_width=5,
    ...                                                                                  fighting=5, supporting=0), 9)
    ((1, 1), (0, 0))
    """
    if models <= 0 or side.formation == "skirmish":
        return 0, 0
    if marching_column(side, models):
        return 0, 0
    n = models + others_in_ranks(side)
    ranks = 0 if side.disrupted else rank_bonus(n, side.rank_width, side.unit.troop, side.horde)
    close = side.formation == "close_order" and side_strength(side, models) >= CLOSE_ORDER_STRENGTH
    return ranks, int(close)


def disrupted_by(side: Side, enemy: Side, enemy_strength: int) -> bool:
    """The side is Disrupted: fought in its flank or rear by a unit not in Skirmish of Unit Strength 5 or
    more (10 or more against heavy infantry), as the round begins."""
    least = DISRUPTS_HEAVY if side.unit.troop == "heavy_infantry" else DISRUPTS
    return enemy.position != "front" and enemy.formation != "skirmish" and enemy_strength >= least


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
    the bonuses it claims whatever its losses, its ranks' and Close Order's bonus, its Unit Strength, whether it
    claims Massed Infantry, and the charged's Unit Strength as the round begins."""

    wounds: tuple[int, int]
    models: tuple[int, int]
    fixed: tuple[int, int]
    ranks: tuple[list[int], list[int]]
    close: tuple[list[int], list[int]]
    strength: tuple[list[int], list[int]]
    massed: tuple[bool, bool]

    @classmethod
    def of(cls, sides) -> _Scoring:
        models = tuple(side.unit.models for side in sides)
        ranks = [[ranks_of(side, m) for m in range(n + 1)] for side, n in zip(sides, models, strict=True)]
        return cls(tuple(side.unit.wounds for side in sides), models,
                   tuple(sum(v for _, v in side_bonus(side)) for side in sides),
                   tuple([r for r, _ in mine] for mine in ranks), tuple([c for _, c in mine] for mine in ranks),
                   tuple([side_strength(side, m) for m in range(n + 1)] for side, n in zip(sides, models, strict=True)),
                   tuple(side.unit.troop in MASSED_INFANTRY for side in sides))

    def disrupted(self, sides, removed: int) -> tuple[bool, bool]:
        """Each side Disrupted by the enemy's position and Unit Strength as the round begins (the charger's
        after ``removed`` models lost before it)."""
        start = (self.strength[0][self.models[0] - removed], self.strength[1][self.models[1]])
        return (disrupted_by(sides[0], sides[1], start[1]), disrupted_by(sides[1], sides[0], start[0]))

    def scores(self, sides, lost, full) -> tuple[list[int], list[int], tuple]:
        """In one final state (the Wounds each side lost, the charger's models removed before the round):
        each side's score but the Wounds the enemy recovered, the models each has left, and (each side wiped
        out, each side's Unit Strength more than twice the other's)."""
        left = [self.models[s] - lost[s] // self.wounds[s] for s in (0, 1)]
        wiped = [lost[s] == full[s] for s in (0, 1)]
        us = [self.strength[s][left[s]] for s in (0, 1)]
        disrupted = self.disrupted(sides, lost[2])
        score = []
        for s in (0, 1):
            points = lost[1 - s]  # the Wounds the enemy lost (and those it recovered: see _ends)
            if not wiped[s]:
                ranks = 0 if disrupted[s] else self.ranks[s][left[s]]
                points += self.fixed[s] + ranks + self.close[s][left[s]] + (self.massed[s] and us[s] > us[1 - s])
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
    leadership = side.leadership - terror_applies(sides[1 - loser], side)
    ways = _break_ways(leadership, abs(diff), outnumbers[1 - loser], side.unbreakable,
                       side.stubborn and not side.stubborn_tests)
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
    steps += result_steps(sides, expected, [_facts(sides, s, scoring) for s in (0, 1)], (win, draw, lose))
    steps += [break_step(sides[s], SIDE_NAMES[s], (charger_test, charged_test)[s], sides[1 - s]) for s in (0, 1)]
    return RoundResult(win, draw, lose, {d: Fraction(w, den) for d, w in sorted(difference.items())},
                       lost[0], lost[1], charger_test, charged_test, tuple(steps),
                       tuple(sorted(ends.items())), den)



def _facts(sides, s: int, scoring: _Scoring) -> dict:
    """What the Why says of a side's ranks, Close Order and Massed Infantry, with all its models."""
    side = sides[s]
    n = side.unit.models + others_in_ranks(side)
    depth = -(-n // side.rank_width)
    ranks, close = ranks_of(side, side.unit.models)
    return {"skirmish": side.formation == "skirmish", "marching": depth if depth > side.rank_width else 0,
            "disrupted": "input" if side.disrupted else "derived" if scoring.disrupted(sides, 0)[s] else "",
            "fought_in": sides[1 - s].position,
            "ranks": ranks, "in_ranks": n, "close_order": close, "massed": scoring.massed[s],
            "top": TROOPS[side.unit.troop].max_rank_bonus + side.horde}
