"""Your army: upload your roster and your opponent's, see their units, and open any calculator with one.

Each "use" opens a calculator by its link, built from the page's own parameters (hitrules.urlstate)
and the unit's numbers (hitrules.rosters), so the result can be shared and every value stays
editable. The rosters live in this session only: nothing is written on the server."""

from __future__ import annotations

import re

import streamlit as st

from hitrules import combat_situations, profiles, rosters, urlstate
from webui import pages, require_router

P = "army"
HELP = ("Export your army from BattleScribe or New Recruit (a .ros or .rosz roster) or from Old World Builder "
        "(Export, as text with stats), and upload it here. The file stays in your session: nothing is stored "
        "on the server, and it is gone when you close the tab.")
SIDES = {"mine": "Your army", "theirs": "Your opponent's army"}
#: The characteristics shown for a unit, by game.
SHOWN = {"ninth": ("M", "WS", "BS", "S", "T", "W", "A", "Ld", "Save"),
         "eighth": ("M", "WS", "BS", "S", "T", "W", "A", "Ld", "Save"),
         "fantasy": ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")}
NONE = "none"
_MOST_ROWS = profiles.MAX_ADDED


def render() -> None:
    require_router(P)
    st.title("Your army", help=HELP)
    st.caption("Upload an army file: its units fill any calculator with one click. The file never leaves "
               "your session.")
    rosters_read = {}
    for column, (who, label) in zip(st.columns(2, gap="large"), SIDES.items(), strict=True):
        with column:
            rosters_read[who] = _upload(who, label)
    units = {f"{who}:{i}": (who, unit) for who, roster in rosters_read.items() if roster
             for i, unit in enumerate(roster.units)}
    if not units:
        st.info("No army yet: upload one above. A BattleScribe or New Recruit roster (.ros, .rosz) of "
                "Warhammer 40,000 8th or 9th edition or of Warhammer: The Old World, or Old World Builder's "
                "text export with stats.", icon=":material/info:")
        return
    picks = st.container(horizontal=True)
    options = (NONE, *units)
    name = {NONE: "none", **{k: f"{'Yours' if who == 'mine' else 'Theirs'}: {u.name}" for k, (who, u) in units.items()}}
    attacker = picks.selectbox("Attacker (for the Target and Charged links)", options, key="army_attacker",
                               format_func=name.get,
                               help="The unit that shoots, fights or charges when you open a calculator from a "
                                    "target's Target or Charged link.")
    target = picks.selectbox("Target (for the Shoot, Fight and Charge links)", options, key="army_target",
                             format_func=name.get,
                             help="The unit attacked when you open a calculator from an attacker's Shoot, Fight "
                                  "or Charge link. None: the calculator's own target.")
    picked = {"attacker": units.get(attacker, (None, None))[1], "target": units.get(target, (None, None))[1]}
    for who, roster in rosters_read.items():
        if roster:
            _units(who, roster, picked)


def _upload(who: str, label: str) -> rosters.Roster | None:
    """The uploader of one side and its roster, read once per file and kept in this session."""
    file = st.file_uploader(label, key=f"army_{who}_file", help=HELP)
    kept = st.session_state.setdefault("_army_rosters", {})
    if file is None:
        kept.pop(who, None)
        return None
    if kept.get(who, (None,))[0] != file.file_id:
        try:
            kept[who] = (file.file_id, rosters.read(file.getvalue(), file.name), None)
        except rosters.RosterError as error:
            kept[who] = (file.file_id, None, str(error))
    _, roster, error = kept[who]
    if error:
        st.error(error, icon=":material/block:")
        return None
    st.success(f"{roster.name or 'Your roster'}: {len(roster.units)} units, {rosters.GAMES[roster.game]}.",
               icon=":material/check_circle:")
    return roster


def _units(who: str, roster: rosters.Roster, picked: dict) -> None:
    st.subheader(f"{SIDES[who]}: {roster.name}" if roster.name else SIDES[who], anchor=False)
    st.dataframe(_table(roster), hide_index=True, key=f"army_{who}_table", width="stretch")
    every = pages()
    for i, unit in enumerate(roster.units):
        row = st.container(horizontal=True, vertical_alignment="center", key=f"army_{who}_unit_{i}")
        row.markdown(f"**{unit.name}** ({unit.model_count})")
        for label, page, query, help in unit_links(unit, picked["target"], picked["attacker"]):
            row.page_link(every[page], label=label, query_params=query, help=help)


def _table(roster: rosters.Roster) -> list[dict]:
    """One row a unit: its name, force, models, the key characteristics of its first kind, weapons, not read."""
    rows = []
    for unit in roster.units:
        first = next((m for m in unit.models if not m.role), unit.models[0] if unit.models else None)
        stats = first.characteristics if first else {}
        weapons = dict.fromkeys(w.name for m in unit.models for w in m.weapons)
        rows.append({"Unit": unit.name, "Force": unit.force, "Models": unit.model_count,
                     **{k: stats.get(k, "") for k in SHOWN[roster.game]},
                     "Weapons": ", ".join(weapons), "Not read": "; ".join(rosters.not_read(unit))})
    return rows


def unit_links(unit: rosters.RosterUnit, target: rosters.RosterUnit | None,
               attacker: rosters.RosterUnit | None) -> list[tuple[str, str, dict, str]]:
    """Each use of ``unit``: its label, the page, the page's link parameters and a help text. A picked
    ``target`` (for the unit's attacks) or ``attacker`` (for the unit as a target) of the same game
    goes into the same link."""
    links = []
    if unit.game == "fantasy":
        target = target if target is not None and target.game == "fantasy" else None
        attacker = attacker if attacker is not None and attacker.game == "fantasy" else None
        if (query := fantasy_link(unit, target)) is not None:
            links.append(("Shoot", "fantasy", query, "Its missile weapons fill Fantasy shooting's whole unit."))
        if (query := fantasy_link(attacker, unit)) is not None and attacker is not None:
            links.append(("Target", "fantasy", query, "Fantasy shooting at it, by the attacker picked above."))
        elif (query := fantasy_link(None, unit)) is not None:
            links.append(("Target", "fantasy", query, "Fantasy shooting at it."))
        if (query := combat_link(unit, target)) is not None:
            links.append(("Charge", "combat", query, "Fantasy combat: it charges (the target picked above, "
                                                     "or the page's)."))
        if (query := combat_link(attacker, unit)) is not None:
            links.append(("Charged", "combat", query, "Fantasy combat: it is charged (by the attacker picked "
                                                      "above, or the page's)."))
        return links
    target = target if target is not None and target.game != "fantasy" else None
    attacker = attacker if attacker is not None and attacker.game != "fantasy" else None
    for melee, label in ((False, "Shoot"), (True, "Fight")):
        if (query := ninth_link(unit, target, melee)) is not None:
            links.append((label, "ninth", query, f"Its {'melee' if melee else 'ranged'} weapons fill the "
                                                 "9th edition attack's whole unit."))
    if (query := ninth_link(attacker, unit)) is not None:
        links.append(("Target", "ninth", query, "The 9th edition attack at it (by the attacker picked above, "
                                                "or the page's)."))
    return links


def _from(parts: list[str], left_out) -> str:
    said = " → ".join(parts)
    return f"{said}; not read: {', '.join(left_out)}" if left_out else said


def _row(ruleset: str, named: dict) -> tuple:
    """An added weapon's row, by its columns' names (the others at their defaults)."""
    return tuple(named.get(c, d) for c, d in zip(profiles.COLUMNS[ruleset], profiles.DEFAULTS[ruleset], strict=True))


def _short(left_out) -> list[str]:
    """The weapons left out, each named once (without its model's name)."""
    return list(dict.fromkeys(re.sub(r" \(.*\)$", "", item.split(":", 1)[0]) for item in left_out))


def ninth_link(unit: rosters.RosterUnit | None, target: rosters.RosterUnit | None, melee: bool = False) -> dict | None:
    """/ninth's link: ``unit``'s weapons (the first as the page's own, the others as added weapons) at
    ``target`` (or the page's). None when there is nothing to fill."""
    values = urlstate.defaults(urlstate.NINTH)
    parts, left_out = [], []
    if unit is not None:
        groups = rosters.ninth_groups(unit, melee)
        if not groups:
            return None
        left_out = [*_short(groups.left_out), *(g.name for g in groups[1 + _MOST_ROWS:])]
        first = groups[0]
        values |= {"rules": "8" if first.attack.edition == 8 else "9", "skill": first.attack.skill,
                   "attacks": str(first.attacks), "attack": ("melee",) if melee else (), "s": first.weapon.strength,
                   "ap": first.weapon.ap, "damage": first.weapon.damage,
                   "weapons": tuple(_row("ninth", {"name": g.name, "attacks": str(g.attacks), "skill": g.attack.skill,
                                                   "s": g.weapon.strength, "ap": g.weapon.ap,
                                                   "damage": str(g.weapon.damage),
                                                   "kind": "melee" if melee else "ranged"})
                                    for g in groups[1:1 + _MOST_ROWS])}
        parts.append(unit.name)
    elif target is None:
        return None
    if target is not None:
        try:
            t = rosters.ninth_target(target)
        except rosters.RosterError:
            return None if unit is None else ninth_link(unit, None, melee)
        values |= {"t": t.toughness, "sv": t.save, "wounds": t.wounds, "models": t.models}
        if t.invulnerable is not None:
            values |= {"extra": True, "invuln": t.invulnerable}
        parts.append(target.name)
    values |= {"chain": True, "from": _from(parts, left_out)}
    return urlstate.encode(urlstate.NINTH, values)


def fantasy_link(unit: rosters.RosterUnit | None, target: rosters.RosterUnit | None) -> dict | None:
    """/fantasy's link: ``unit``'s missile weapons at ``target`` (or the page's)."""
    values = urlstate.defaults(urlstate.FANTASY)
    parts, left_out = [], []
    if unit is not None:
        groups = rosters.fantasy_groups(unit)
        if not groups:
            return None
        left_out = [*_short(groups.left_out), *(g.name for g in groups[1 + _MOST_ROWS:])]
        first = groups[0]
        values |= {"bs": first.shot.ballistic_skill, "shots": str(first.shots), "s": first.weapon.strength,
                   "ap": first.weapon.ap,
                   "weapons": tuple(_row("fantasy", {"name": g.name, "shots": str(g.shots),
                                                     "bs": g.shot.ballistic_skill, "s": g.weapon.strength,
                                                     "ap": g.weapon.ap})
                                    for g in groups[1:1 + _MOST_ROWS])}
        parts.append(unit.name)
    elif target is None:
        return None
    if target is not None:
        try:
            t = rosters.fantasy_target(target)
        except rosters.RosterError:
            return None if unit is None else fantasy_link(unit, None)
        values |= {"t": t.toughness, "armour": t.armour, "wounds": t.wounds, "models": t.models}
        if t.ward is not None or t.regeneration is not None:
            values |= {"extra": True, "ward": t.ward, "regen": t.regeneration}
        left_out += [f"{target.name}'s {what}" for what in target.not_said]
        parts.append(target.name)
    values |= {"chain": True, "from": _from(parts, left_out)}
    return urlstate.encode(urlstate.FANTASY, values)


def combat_link(charger: rosters.RosterUnit | None, charged: rosters.RosterUnit | None) -> dict | None:
    """/combat's link: ``charger`` against ``charged``, either of them the page's own when None."""
    if charger is None and charged is None:
        return None
    page = combat_situations.combat_situation(urlstate.defaults(urlstate.COMBAT))
    sides, parts, left_out = [page.charger, page.charged], [], []
    for i, unit in enumerate((charger, charged)):
        if unit is None:
            continue
        try:
            read = rosters.fantasy_side(unit)
        except (rosters.RosterError, ValueError):
            return None
        sides[i] = read.side
        parts.append(f"{'charger' if i == 0 else 'charged'} {unit.name}")
        left_out += [f"{unit.name}'s {what}" for what in read.not_read]
        left_out += [f"{unit.name}'s {o.name}" for o in read.side.others[1:]]  # the page has one other a side
    values = combat_situations.combat_values(combat_situations.CombatSituation(*sides))
    values["from"] = _from(parts, left_out)
    return urlstate.encode(urlstate.COMBAT, values)

