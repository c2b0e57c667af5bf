"""tests/fixtures/triplea/refused_by_1_9.xml put into a copy of the minimap fixture: unit
types whose attachments TripleA 1.9 refuses, in the shapes real maps have."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "triplea"


def refused_units() -> list[str]:
    return re.findall(r'<unit name="([^"]+)"/>', (FIX / "refused_by_1_9.xml").read_text())


def _attachment_of(text: str, unit: str) -> str:
    m = re.search(rf'  <attachment name="unitAttachment" attachTo="{unit}".*?</attachment>\n',
                  text, flags=re.S)  # fmt: skip
    assert m, unit
    return m.group(0)


def minimap_with(dst: Path, units: list[str] | None = None) -> Path:
    """A copy of the minimap fixture at ``dst`` with the refused unit types (all, or
    ``units``) declared and attached; its game XML's path."""
    shutil.copytree(FIX / "minimap", dst)
    xml = dst / "map" / "games" / "minimap_war.xml"
    text = xml.read_text(encoding="utf-8")
    frag = (FIX / "refused_by_1_9.xml").read_text(encoding="utf-8")
    units = refused_units() if units is None else units
    decl = "".join(f'\t\t<unit name="{u}"/>\n' for u in units)
    atts = "".join(_attachment_of(frag, u) for u in units)
    text = text.replace("\t</unitList>", decl + "\t</unitList>", 1)
    i = text.index("</attachment>", text.index('attachTo="airfield"')) + len("</attachment>\n")
    xml.write_text(text[:i] + atts + text[i:], encoding="utf-8")
    return xml
