"""Your army: upload your roster and your opponent's, see their units, and open any calculator with one.

Each "use" opens a calculator by its link, built from the page's own parameters (hitrules.edge.urlstate)
and the unit's numbers (hitrules.edge.rosters), so the result can be shared and every value stays
editable. The rosters live in this session only: nothing is written on the server."""

import streamlit as st

from hitrules.edge import rosters
from webui_routes import pages, require_router

P = "army"
HELP = ("Export your army from BattleScribe or New Recruit (a .ros or .rosz roster) or from Old World Builder "
        "(Export, as text with stats), and upload it here. The file stays in your session: nothing is stored "
        "on the server, and it is gone when you close the tab.")
SIDES = {"mine": "Your army", "theirs": "Your opponent's army"}
NONE = "none"
#: The links of both rosters' units kept for the last few picks (a rerun only draws them).
LINKS_KEPT = 8


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
    links = _links(rosters_read, units.get(attacker, (None, None))[1], units.get(target, (None, None))[1],
                   (attacker, target))
    for who, roster in rosters_read.items():
        if roster:
            _units(who, roster, links[who])


def _links(rosters_read: dict, attacker, target, picks: tuple) -> dict:
    """Each unit's links, worked out once for the rosters and picks, and kept for the last few picks."""
    kept = st.session_state.setdefault("_army_links", {})
    key = (tuple(id(r) for r in rosters_read.values()), picks)
    if key not in kept:
        kept[key] = {who: [rosters.unit_links(u, target, attacker) for u in roster.units] if roster else []
                     for who, roster in rosters_read.items()}
        while len(kept) > LINKS_KEPT:
            del kept[next(iter(kept))]  # the oldest
    return kept[key]


def _upload(who: str, label: str) -> rosters.Roster | None:
    """The uploader of one side and its roster, read once per file and kept in this session."""
    file = st.file_uploader(label, key=f"army_{who}_file", help=HELP)
    kept = st.session_state.setdefault("_army_rosters", {})
    if file is None:
        kept.pop(who, None)
        return None
    if kept.get(who, (None,))[0] != file.file_id:
        try:
            roster = rosters.read(file.getvalue(), file.name)
            kept[who] = (file.file_id, roster, None, [_block(row) for row in rosters.units_table(roster)])
        except rosters.RosterError as error:
            kept[who] = (file.file_id, None, str(error), None)
    _, roster, error, _ = kept[who]
    if error:
        st.error(error, icon=":material/block:")
        return None
    st.success(f"{roster.name or 'Your roster'}: {len(roster.units)} units, {rosters.GAMES[roster.game]}.",
               icon=":material/check_circle:")
    return roster


#: Markdown's own signs, each written with a backslash so that a roster's text shows as it is.
_MARKDOWN_SIGNS = str.maketrans({c: "\\" + c for c in "\\`*_[]<>$|~#"})


def _escaped(text) -> str:
    """A roster's text as plain markdown (its line breaks and markdown's own signs taken literally)."""
    return " ".join(str(text).split()).translate(_MARKDOWN_SIGNS)


def _block(row: dict) -> str:
    """One unit's details under its name, as short lines that wrap on a phone (a table of 13 columns
    scrolled sideways at 390 px and hid "Not read"): its characteristics, its weapons, what was not read."""
    stats = " · ".join(f"{k} {_escaped(v)}" for k, v in row.items()
                       if k not in ("Unit", "Models", "Weapons", "Not read") and str(v).strip())
    lines = [stats] if stats else []
    lines += [f"{label}: {_escaped(row[label])}" for label in ("Weapons", "Not read") if row[label]]
    return "  \n".join(lines) or "No characteristics or weapons read."


def _units(who: str, roster: rosters.Roster, links: list) -> None:
    st.subheader(f"{SIDES[who]}: {roster.name}" if roster.name else SIDES[who], anchor=False)
    # Each unit's details, made once a file (a dataframe's conversion took half of each rerun: bench/rosters.py).
    blocks = st.session_state["_army_rosters"][who][3]
    if not roster.units:
        st.markdown("*No units in this roster.*")
    every = pages()
    for unit, unit_links, block in zip(roster.units, links, blocks, strict=True):
        row = st.container(horizontal=True, vertical_alignment="center")
        row.markdown(f"**{_escaped(unit.name)}** ({unit.model_count})")
        for label, page, query, help in unit_links:
            row.page_link(every[page], label=label, query_params=query, help=help)
        st.markdown(block)
