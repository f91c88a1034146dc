"""Who fights in a unit in ranks, as a picture and in words (Learn's combat lesson).

Every count is the engine's (:func:`hitrules.fantasy.who_fights`, with the weapon's
:func:`hitrules.fantasy.combat_weapon`): the rule is never written twice. ``who_fights`` gives the
fighting rank (F) and every other model that fights (S); the models that fight by Press of Battle are
its S for a weapon that does not support, so the supporting models are the rest of S. The models are
laid out rank by rank, front rank first, as the rules count them: the fighting rank, the Press of Battle
rank behind it, then the supporting rank, then those that do not fight.

>>> orcs = unit_ranks(20, 5, "hand weapon", charged=True)
>>> orcs.fighting, orcs.press, orcs.supporting, orcs.idle
(5, 0, 0, 15)
>>> ranks_words(orcs)
'5 fight; no second rank: it charged, and hand weapons do not support. The other 15 do not fight.'
>>> state_troops = unit_ranks(20, 5, "thrusting spear", charged=False)
>>> ranks_words(state_troops)
'5 fight, 5 by Press of Battle, 5 support with thrusting spears. The other 5 do not fight.'
"""

from __future__ import annotations

from dataclasses import dataclass

import plotly.graph_objects as go

from hitrules import fantasy
from hitrules.presentation.figures import figure, trace

__all__ = ["LESSON_WEAPONS", "Ranks", "ranks_figure", "ranks_words", "unit_ranks"]

#: The weapons of the table an infantry unit of the lesson may fight with, "hand weapon" first.
LESSON_WEAPONS = tuple(w for w in fantasy.COMBAT_WEAPONS if w not in ("lance", "cavalry spear"))
#: Each model's part in the round, as the picture's legend says it.
ROLE_NAMES = {"fights": "fighting rank: strikes with its Attacks", "press": "Press of Battle: strikes once",
              "supports": "supporting (Fight in Extra Rank): strikes once", "idle": "does not fight"}
#: Each part's colour (Okabe-Ito) and marker, so that no part rests on its colour alone.
_LOOK = {"fights": ("#D55E00", "square"), "press": ("#E69F00", "diamond"), "supports": ("#0072B2", "circle"),
         "idle": ("#BBBBBB", "square-open")}
#: The troop types with Press of Battle (RULES.md §7), named for the words only: the count is who_fights'.
_PRESS_TYPES = {"regular_infantry": "regular", "heavy_infantry": "heavy"}


@dataclass(frozen=True)
class Ranks:
    """A unit's models and how many of them fight: ``fighting`` (the fighting rank, each with ``attacks``
    Attacks), ``press`` (the next rank by Press of Battle) and ``supporting`` (the rank behind, Fight in
    Extra Rank), each of the last two striking once; the rest stand idle. ``roles`` is each model's part,
    rank by rank from the front, left to right."""

    models: int
    rank_width: int
    troop_type: str
    weapon: str
    charged: bool
    attacks: int
    fighting: int
    press: int
    supporting: int
    weapon_supports: bool  # the weapon may support this turn
    weapon_ever_supports: bool  # it may in a turn it did not charge

    @property
    def idle(self) -> int:
        return self.models - self.fighting - self.press - self.supporting

    @property
    def strikes(self) -> int:
        """The attacks the unit makes: its fighting rank's Attacks, and one for every other model that fights."""
        return self.fighting * self.attacks + self.press + self.supporting

    @property
    def roles(self) -> tuple[str, ...]:
        return (("fights",) * self.fighting + ("press",) * self.press + ("supports",) * self.supporting
                + ("idle",) * self.idle)


def unit_ranks(models: int, rank_width: int, weapon: str, *, charged: bool, troop_type: str = "regular_infantry",
               attacks: int = 1, strength: int = 3, charger_in_front: bool = False) -> Ranks:
    """Who fights in a unit of ``models`` (no champion or character) ``rank_width`` wide, fought in its front,
    fighting with ``weapon`` (a name of the weapons table) in a turn it ``charged`` or not: the engine's counts.
    ``attacks`` is each model's Attacks before the weapon's Extra Attacks."""
    held = fantasy.combat_weapon(weapon, strength, charged=charged, charger_in_front=charger_in_front)
    fighting, others = fantasy.who_fights(models, rank_width, troop_type, supports=held.supports, charged=charged)
    _, press = fantasy.who_fights(models, rank_width, troop_type, supports=False, charged=charged)
    ever = fantasy.combat_weapon(weapon, strength, charged=False).supports
    return Ranks(models, rank_width, troop_type, weapon, charged, attacks + held.extra_attacks, fighting, press,
                 others - press, held.supports, ever)


def _plural(weapon: str) -> str:
    """``"thrusting spear"`` → ``"thrusting spears"``; ``"polearm (two-handed)"`` → ``"polearms (two-handed)"``."""
    name, _, rest = weapon.partition(" (")
    return f"{name}s" + (f" ({rest}" if rest else "")


def _verb(verb: str, count: int) -> str:
    """``verb`` as ``count`` models do it: "1 fights", "5 fight"."""
    return f"{verb}s" if count == 1 else verb


def _no_press(ranks: Ranks) -> str:
    """Why no second rank fights by Press of Battle."""
    if ranks.troop_type not in _PRESS_TYPES:
        return "only regular and heavy infantry fight by Press of Battle"
    if ranks.charged:
        return "it charged"
    return "it is deeper than wide (a Marching Column)"


def _no_support(ranks: Ranks) -> str:
    """Why the rank behind does not support, when it is the weapon."""
    if ranks.weapon_ever_supports:
        return f"{_plural(ranks.weapon)} do not support in a turn they charged"
    return f"{_plural(ranks.weapon)} do not support"


def ranks_words(ranks: Ranks) -> str:
    """One line: how many fight, and why no more do ("5 fight; no second rank: it charged, and hand weapons do
    not support")."""
    head = f"{ranks.fighting} {_verb('fight', ranks.fighting)}" + (
        f" with {ranks.attacks} Attacks each" if ranks.attacks > 1 else "")
    if ranks.models <= ranks.rank_width:
        return f"{head}: the whole unit is in its fighting rank."
    done = [head]
    if ranks.press:
        done.append(f"{ranks.press} by Press of Battle")
    if ranks.supporting:
        done.append(f"{ranks.supporting} {_verb('support', ranks.supporting)} with {_plural(ranks.weapon)}")
    line = ", ".join(done)
    behind = ranks.models - ranks.fighting - ranks.press
    no_support = [_no_support(ranks)] if behind and not ranks.weapon_supports else []
    if not ranks.press and not ranks.supporting:
        line += "; no second rank: " + ", and ".join([_no_press(ranks), *no_support])
    elif not ranks.press:
        line += f"; no Press of Battle: {_no_press(ranks)}"
    elif no_support:
        line += f"; {no_support[0]}"
    idle = {0: "", 1: " The other model does not fight."}.get(ranks.idle, f" The other {ranks.idle} do not fight.")
    return f"{line}.{idle}"


def _unit_points(ranks: Ranks, name: str, facing_down: bool) -> dict[str, list[tuple[float, float, str, str]]]:
    """Each model of ``ranks`` as a point of the picture, by its part: (x, y, text in it, hover)."""
    points: dict[str, list[tuple[float, float, str, str]]] = {role: [] for role in ROLE_NAMES}
    width = ranks.rank_width
    for n, role in enumerate(ranks.roles):
        rank, file = divmod(n, width)
        y = 0.7 + rank if facing_down else -0.7 - rank
        strikes = ranks.attacks if role == "fights" else 1
        text = "" if role == "idle" else str(strikes)
        hover = (f"{name}, rank {rank + 1}: " + ("does not fight" if role == "idle" else
                                                  f"{ROLE_NAMES[role].split(':')[0]}, {strikes} "
                                                  f"attack{'s' if strikes > 1 else ''}"))
        points[role].append((file - (width - 1) / 2, y, text, hover))
    return points


def ranks_figure(top: Ranks, bottom: Ranks, top_name: str, bottom_name: str) -> go.Figure:
    """The two units face to face, front rank to front rank: every model a mark (its part in the round), with
    the number of attacks it makes written in it."""
    parts = (_unit_points(top, top_name, True), _unit_points(bottom, bottom_name, False))
    traces = []
    for role, name in ROLE_NAMES.items():
        points = [p for unit in parts for p in unit[role]]
        colour, symbol = _LOOK[role]
        traces.append(trace("scatter", x=[p[0] for p in points], y=[p[1] for p in points], mode="markers+text",
                            name=name, text=[p[2] for p in points], textfont={"color": "white", "size": 11},
                            marker={"symbol": symbol, "size": 18, "color": colour,
                                    "line": {"color": "#555555", "width": 1}},
                            customdata=[p[3] for p in points], hovertemplate="%{customdata}<extra></extra>"))
    depth_top, depth_bottom = -(-top.models // top.rank_width), -(-bottom.models // bottom.rank_width)
    half = max(top.rank_width, bottom.rank_width) / 2
    labels = [{"x": -half - 0.2, "y": y, "text": text, "showarrow": False, "xanchor": "right", "font": {"size": 12}}
              for y, text in ((0.7, f"{top_name} ▼"), (-0.7, f"{bottom_name} ▲"))]
    return figure(traces, title="Who fights, and how many attacks each model makes", height=120 + 22 * (
        depth_top + depth_bottom), margin={"l": 10, "r": 10, "t": 40, "b": 10}, showlegend=True,
                  legend={"orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom", "x": 0},
                  xaxis={"visible": False, "range": [-half - 4.5, half + 0.3]},
                  yaxis={"visible": False, "range": [-depth_bottom - 0.3, depth_top + 0.3], "scaleanchor": "x"},
                  annotations=labels, plot_bgcolor="white", dragmode=False)
