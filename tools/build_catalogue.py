"""Build hitrules/fantasy/catalogue.json.gz from Old World Builder's data (run by hand, never at start-up).

Old World Builder (https://github.com/nthiebes/old-world-builder, by nthiebes, CC BY 4.0) publishes every
Warhammer: The Old World army's units (``public/games/the-old-world/*.json``), the armies' names
(``src/assets/the-old-world.json``) and every unit's profiles and troop type
(``src/components/rules-index/rules-index-export.json``, looked up the builder's way: its
``normalizeRuleName`` and its ``synonyms`` in ``rules-map.js``). This script keeps only names and numbers:
no rule text, no notes; gzipped JSON (about 180 KB, 1.3 MB unpacked).

    python tools/build_catalogue.py                      # from the bare mirror (the default below)
    python tools/build_catalogue.py /path/to/old-world-builder   # from a checkout (or another bare repo)

Standard library only. The data file it writes is the one ``hitrules.fantasy.catalogue`` reads.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEFAULT_SOURCE = Path("/work/.mirror/nthiebes+old-world-builder/repo")
OUT = ROOT / "hitrules" / "fantasy" / "catalogue.json.gz"
SOURCE_URL = "https://github.com/nthiebes/old-world-builder"
LICENCE = "CC BY 4.0"
LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/"
ARMIES_DIR = "public/games/the-old-world"
ARMY_NAMES = "src/assets/the-old-world.json"
RULES_INDEX = "src/components/rules-index/rules-index-export.json"
RULES_MAP = "src/components/rules-index/rules-map.js"
#: The builder's languages, in the order its own code lists them (src/utils/string.js, namesForSpread).
LANGUAGES = ("en", "de", "fr", "cn", "es", "it", "pl")
NOT_ARMIES = {"magic-items"}
STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")

#: The rules index's troop type codes -> this package's troop keys (hitrules.fantasy.troops.TROOP_TYPES).
#: "Be" (behemoth) and "MCr" (monstrous creature) are both monsters in the rules' troop types. "NChar"
#: (two named characters, Ishaya Vess and Korhil Lionmane) names no troop type: None, the player says.
TROOP_CODES = {
    "RI": "regular_infantry",
    "HI": "heavy_infantry",
    "MI": "monstrous_infantry",
    "LCa": "light_cavalry",
    "HCa": "heavy_cavalry",
    "MCa": "monstrous_cavalry",
    "WB": "war_beasts",
    "LCh": "light_chariots",
    "HCh": "heavy_chariots",
    "Be": "monster",
    "MCr": "monster",
    "WM": "war_machine",
    "Sw": "swarm",
    "NChar": None,
}


class Source:
    """The builder's files, from a bare git repository (``git show HEAD:path``) or a checkout."""

    def __init__(self, path: Path):
        self.path = path
        self.bare = not (path / ARMIES_DIR).is_dir()

    def _git(self, *args: str) -> str:
        return subprocess.run(["git", "-C", str(self.path), *args], capture_output=True, text=True,
                              check=True, encoding="utf-8").stdout

    def commit(self) -> str:
        return self._git("rev-parse", "HEAD").strip()

    def read(self, path: str) -> str:
        if self.bare:
            return self._git("show", f"HEAD:{path}")
        return (self.path / path).read_text(encoding="utf-8")

    def army_ids(self) -> list[str]:
        if self.bare:
            names = self._git("ls-tree", "--name-only", "HEAD", ARMIES_DIR + "/").split()
        else:
            names = [f"{ARMIES_DIR}/{p.name}" for p in (self.path / ARMIES_DIR).glob("*.json")]
        ids = [Path(n).stem for n in names if n.endswith(".json")]
        return sorted(i for i in ids if i not in NOT_ARMIES)


# ----- the builder's rules-index lookup (src/utils/string.js normalizeRuleName, src/utils/unit.jsx getStats)

def normalize_rule_name(text: str) -> str:
    """The builder's normalizeRuleName."""
    text = re.sub(r" *\([^)]*\) *", "", text.lower())
    for char in "{}*[]":
        text = text.replace(char, "")
    text = re.sub(r"^[0-9]x ", "", text)
    return text.replace("“", '"').replace("”", '"').strip()


def synonyms(rules_map_js: str) -> dict[str, str]:
    """The ``synonyms`` object of rules-map.js (one ``key: "value",`` a line)."""
    block = rules_map_js[rules_map_js.index("export const synonyms"):]
    block = block[block.index("{") + 1:block.index("\n};")]
    found = {}
    for line in block.splitlines():
        line = line.strip()
        if not line or line.startswith("//"):
            continue
        match = re.fullmatch(r'("(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*)\s*:\s*"((?:[^"\\]|\\.)*)",?', line)
        if not match:
            raise ValueError(f"rules-map.js: a synonyms line this script cannot read: {line!r}")
        found[json.loads(match[1]) if match[1].startswith('"') else match[1]] = json.loads(f'"{match[2]}"')
    return found


def rule_entry(name_en: str, index: dict, syn: dict[str, str]) -> dict | None:
    """The rules index's entry for a unit (or mount) named name_en, as the builder's getStats finds it
    outside a renegade army composition (" {renegade}" dropped)."""
    key = normalize_rule_name(name_en.replace(" {renegade}", ""))
    return index.get(syn.get(key) or key)


def renegade_entry(name_en: str, index: dict, syn: dict[str, str]) -> dict | None:
    """The entry the builder's getStats reads for a "{renegade}" unit in a renegade army composition."""
    if "{renegade}" not in name_en:
        return None
    key = normalize_rule_name(name_en)
    return index.get(syn.get(key) or key)


def profiles(entry: dict | None) -> list[list[str]]:
    return [[str(s.get("Name", "")), *(str(s.get(k, "")) for k in STATS)] for s in (entry or {}).get("stats", [])]


# ----- units

def display(name: str) -> str:
    """A name as the builder shows it: its "{faction}" tags dropped (getUnitName)."""
    return re.sub(r" *\{[^}]*\}", "", name).strip()


def names(obj: dict) -> dict[str, str]:
    return {lang: display(obj[f"name_{lang}"]) for lang in LANGUAGES
            if isinstance(obj.get(f"name_{lang}"), str) and display(obj[f"name_{lang}"])}


def split_names(text: str) -> list[str]:
    """A list of names joined by commas, commas inside brackets kept ("Hatred (Dwarfs, Elves)"); when the
    brackets do not pair up (a typo of the builder's), every comma splits."""
    balanced = text.count("(") == text.count(")") and text.count("[") == text.count("]")
    parts, depth, current = [], 0 if balanced else -10**6, ""
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        if char in ",，" and depth <= 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return [p.strip() for p in parts if p.strip()]


def option(obj: dict, index: dict, syn: dict, *, mount: bool = False) -> dict:
    """One option-like entry: names, points, default flag, per model, its own options; a mount's profiles
    and troop type (the rules index's: what its rider becomes, e.g. heavy cavalry on a barded warhorse)."""
    out: dict = {"names": names(obj), "points": obj.get("points", 0) or 0}
    if obj.get("active") or obj.get("equippedDefault") or obj.get("defaultSelected") or obj.get("alwaysActive"):
        out["default"] = True
    if obj.get("perModel"):
        out["per_model"] = True
    if obj.get("options"):
        out["options"] = [option(o, index, syn) for o in obj["options"]]
    entry = rule_entry(obj.get("name_en", ""), index, syn) if mount else None
    if found := profiles(entry):
        out["profiles"] = found
    if entry and (code := entry.get("troopType")):
        if code not in TROOP_CODES:
            raise ValueError(f"mount {obj.get('name_en')!r}: troop type code {code!r} has no mapping in TROOP_CODES")
        out["troop_type"] = TROOP_CODES[code]
    return out


def defaults_first(entries: list[dict]) -> list[dict]:
    return [e for e in entries if e.get("default")] + [e for e in entries if not e.get("default")]


def special_rules(unit: dict) -> dict[str, list[str]]:
    rules = unit.get("specialRules") or {}
    return {lang: split_names(rules[f"name_{lang}"]) for lang in LANGUAGES
            if isinstance(rules.get(f"name_{lang}"), str) and rules[f"name_{lang}"].strip()}


def unit_record(army: str, category: str, unit: dict, index: dict, syn: dict) -> dict:
    entry = rule_entry(unit["name_en"], index, syn)
    code = (entry or {}).get("troopType")
    if code is not None and code not in TROOP_CODES:
        raise ValueError(f"{army}/{unit['id']}: troop type code {code!r} has no mapping in TROOP_CODES")
    return {
        "army": army,
        "id": unit["id"],
        "category": category,
        # The army compositions (the army itself, its Armies of Infamy) the builder offers the unit in;
        # empty: every composition of its army.
        "compositions": sorted(unit.get("armyComposition") or ()),
        "names": names(unit),
        "troop_type": TROOP_CODES.get(code) if code else None,
        "troop_code": code,
        "profiles": profiles(entry),
        "renegade_profiles": profiles(renegade_entry(unit["name_en"], index, syn)),
        "equipment": defaults_first([option(o, index, syn) for o in unit.get("equipment") or []]),
        # "armour": one unit of the builder's (knights-of-the-realm) spells the key the British way.
        "armour": [option(o, index, syn) for o in (unit.get("armor") or unit.get("armour") or [])],
        "options": [option(o, index, syn) for o in unit.get("options") or []],
        "mounts": defaults_first([option(o, index, syn, mount=True) for o in unit.get("mounts") or []]),
        "command": [option(o, index, syn) for o in unit.get("command") or []],
        "special_rules": special_rules(unit),
        "minimum": unit.get("minimum") or 1,
        "maximum": unit.get("maximum") or 0,
        "points": unit.get("points", 0) or 0,
    }


def armies(source: Source) -> list[dict]:
    listed = {a["id"]: a for a in json.loads(source.read(ARMY_NAMES))["armies"]}
    out = []
    for army in source.army_ids():
        known = listed.get(army, {})
        out.append({"id": army, "names": names(known) or {"en": army.replace("-", " ").title()}})
    return out


def units(source: Source, army_ids: list[str], index: dict, syn: dict) -> list[dict]:
    """Every army's units in the builder's order, one per (army, id): a unit the builder lists twice
    under one id (in two categories, or once more as a renegade variant) is kept where it first appears."""
    out, seen = [], {}
    for army in army_ids:
        for category, listed in json.loads(source.read(f"{ARMIES_DIR}/{army}.json")).items():
            for unit in listed:
                record = unit_record(army, category, unit, index, syn)
                if (army, unit["id"]) in seen:
                    kept = seen[army, unit["id"]]
                    extra = {k: v for k, v in record["names"].items() if kept["names"].get(k) != v}
                    if extra:
                        kept.setdefault("also", {}).update(extra)
                    kept["renegade_profiles"] = kept["renegade_profiles"] or record["renegade_profiles"]
                    if kept["compositions"] and record["compositions"]:
                        kept["compositions"] = sorted({*kept["compositions"], *record["compositions"]})
                    else:
                        kept["compositions"] = []
                    continue
                seen[army, unit["id"]] = record
                out.append(record)
    return out


# ----- the engine's names for equipment, in every language the builder gives

#: Spellings the builder pairs with the wrong English name (its empire-of-man.json gives "Repeater handgun"
#: the German "Repetier-Armbrust", a repeater crossbow): never read as an alias.
MISTRANSLATED = {"repetier-armbrust"}


def engine_aliases(all_units: list[dict]) -> dict[str, str]:
    """Each builder-language spelling of a piece of equipment whose English name the catalogue maps
    (hitrules.fantasy.catalogue.engine_name), normalised -> the engine's name. Read only from entries
    of one piece in both languages (translators reorder lists), also without its note in brackets;
    a spelling that would mean two things is left out."""
    from hitrules.fantasy.catalogue import engine_name, name_key

    found: dict[str, set[str]] = {}

    def visit(entry: dict) -> None:
        english = split_names(entry["names"].get("en", ""))
        engine = engine_name(english[0], english_only=True) if len(english) == 1 else None
        for lang, text in entry["names"].items():
            pieces = split_names(text)
            if engine and lang != "en" and len(pieces) == 1:
                for spelling in {pieces[0], re.sub(r"\([^)]*\)", "", pieces[0])}:
                    found.setdefault(name_key(spelling), set()).add(engine)
        for sub in entry.get("options", ()):
            visit(sub)

    for unit in all_units:
        for kind in ("equipment", "armour", "options", "mounts", "command"):
            for entry in unit[kind]:
                visit(entry)
    return {k: next(iter(v)) for k, v in sorted(found.items()) if k and k not in MISTRANSLATED and len(v) == 1
            and engine_name(k, english_only=True) in (None, next(iter(v)))}


def build(source_path: Path) -> dict:
    source = Source(source_path)
    index = json.loads(source.read(RULES_INDEX))
    syn = synonyms(source.read(RULES_MAP))
    army_list = armies(source)
    all_units = units(source, [a["id"] for a in army_list], index, syn)
    return {
        "source": SOURCE_URL,
        "author": "nthiebes and the Old World Builder contributors",
        "licence": LICENCE,
        "licence_url": LICENCE_URL,
        "commit": source.commit(),
        "changes": "names and numbers extracted into one data file; rule text dropped",
        "languages": list(LANGUAGES),
        "stats": ["Name", *STATS],
        "armies": army_list,
        "units": all_units,
        "aliases": engine_aliases(all_units),
    }


def main(argv: list[str]) -> int:
    source = Path(argv[1]) if len(argv) > 1 else DEFAULT_SOURCE
    data = build(source)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    # mtime 0 and no file name: the same data gives the same bytes, so a rebuild changes git only if the data did.
    OUT.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    print(f"{OUT.relative_to(ROOT)}: {len(data['armies'])} armies, {len(data['units'])} units, "
          f"{len(data['aliases'])} equipment spellings, {OUT.stat().st_size // 1024} KB, commit {data['commit']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
