"""Turn each rules catalogue (../shared/rules/<game>.md, our own words) into hench/<game>/rules.toml.

Run from the repository root:  python tools/import_rules.py [path/to/shared/rules]
The TOML files are committed; this script is how they were made and how they are refreshed.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

GAMES = {"henchmania": "HM", "huns": "HU", "hemloch": "HL", "maniacal": "MA", "lancaster-henry-v": "LH", "lancaster-base": "LB"}
PACKAGE = {"lancaster-henry-v": "lancaster", "lancaster-base": "lancaster"}
LINE = re.compile(r"^[-*]\s+(?:`|\*\*)?(?P<id>[A-Z]{2}-\d{3})(?:`|\*\*)?\s+\[(?P<tag>[a-z-]+)\]\s*(?P<rest>.*)$")
# The base game's catalogue tags each rule by how well it is backed ([OFF], [FAN/OFF], [INF]...), over several lines.
CONFIDENCE_LINE = re.compile(r"^[-*]\s+\*\*(?P<id>LB-\d{3})\*\*\s+\[(?P<tag>[A-Za-z/+ 0-9-]+)\]\s*(?P<rest>.*)$")
DATA_RULES = {"LB-002", "LB-003", "LB-005"}  # component lists: data, not engine rules
TRAILING_SECTION = re.compile(r"\s*\*\((?P<section>[^)]*(?:\([^)]*\)[^)]*)*)\)\*\s*$")
LEADING_SECTION = re.compile(r"^\((?P<section>[^)]*(?:\([^)]*\)[^)]*)*)\)\s*")


def parse(md: str) -> list[dict]:
    rules, heading, in_catalogue = [], "", False
    for line in md.splitlines():
        if line.startswith("## "):
            in_catalogue = line.startswith("## 3")
        elif line.startswith("### "):
            heading = re.sub(r"^\d+(\.\d+)*\s*", "", line[4:]).strip()
        m = LINE.match(line.strip()) if in_catalogue else None
        if not m:
            continue
        rest, section = m["rest"].strip(), heading
        if t := TRAILING_SECTION.search(rest):
            section, rest = t["section"], rest[: t.start()]
        elif l := LEADING_SECTION.match(rest):
            section, rest = l["section"], rest[l.end():]
        rules.append({"id": m["id"], "tag": m["tag"], "heading": heading, "section": section.strip(),
                      "summary": kit_words(re.sub(r"\*\*|`", "", rest).strip())})
    return rules


def kit_words(summary: str) -> str:
    """The catalogue's "Stand-in: <how the software models it>" notes, said as what they are: how the kit does it
    (the apps call nothing a stand-in since the real Lancaster base game replaced one, issue 27)."""
    return summary.replace("Stand-in: ", "In the kit: ")


def parse_base(md: str) -> list[dict]:
    """The base game's catalogue (section 2): a rule runs on over its indented lines; its confidence tag ([OFF],
    [FAN], [INF]...) leads the summary, and the tag is 'engine' (or 'data' for the component lists)."""
    rules: list[dict] = []
    heading, in_catalogue = "", False
    for line in md.splitlines():
        if line.startswith("## "):
            in_catalogue = line.startswith("## 2")
        elif line.startswith("### "):
            heading = re.sub(r"^\d+(\.\d+)*\s*", "", line[4:]).strip()
        elif in_catalogue and (m := CONFIDENCE_LINE.match(line.strip())):
            rules.append({"id": m["id"], "tag": "data" if m["id"] in DATA_RULES else "engine", "heading": heading,
                          "section": "", "confidence": m["tag"], "summary": m["rest"].strip()})
        elif in_catalogue and rules and line.startswith("  ") and line.strip():
            rules[-1]["summary"] += " " + line.strip()
    for r in rules:
        text = r.pop("summary")
        sources = re.findall(r"\*\(([^)]*(?:\([^)]*\)[^)]*)*)\)\*", text)
        r["section"] = "; ".join(sources)
        r["summary"] = f"[{r.pop('confidence')}] " + re.sub(r"\s*\*\([^*]*\)\*", "", re.sub(r"\*\*|`", "", text)).strip()
    return rules


def to_toml(game: str, rules: list[dict]) -> str:
    out = [f"# Rules of {game}, from the shared catalogue (our own words; rule IDs are stable).",
           "# Made by tools/import_rules.py. tag: engine | data | table-talk", ""]
    for r in rules:
        out.append("[[rule]]")
        out += [f"{k} = {json.dumps(r[k], ensure_ascii=False)}" for k in ("id", "tag", "heading", "section", "summary")]
        out.append("")
    return "\n".join(out)


def main(src: Path) -> None:
    packages: dict[str, tuple[list[str], list[dict]]] = {}
    for name, prefix in GAMES.items():
        md = (src / f"{name}.md").read_text()
        rules = parse_base(md) if prefix == "LB" else parse(md)
        assert rules and all(r["id"].startswith(prefix) for r in rules), name
        names, found = packages.setdefault(PACKAGE.get(name, name), ([], []))
        names.append(name)
        found += rules
    for package, (names, rules) in packages.items():
        dest = Path("hench") / package / "rules.toml"
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(to_toml(" and ".join(names), rules))
        print(f"{dest}: {len(rules)} rules")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/rules"))
