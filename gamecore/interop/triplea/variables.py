"""TripleA 2.x game XML shorthand, written out the way TripleA 1.9 (and the rest of the
importer) reads a game: ``<variableList>`` variables, ``foreach`` attachments, ``<forEach>``
step blocks and short ``javaClass`` names.

TripleA 2.x's GameParser (``parseVariables``, ``parseAttachments``, ``parseSteps``):

- ``<variable name="v"><element name="x"/>...</variable>``: a list of names; an element
  ``$w$`` stands for the elements of an earlier variable ``w``;
- ``<attachment foreach="$a$">`` (or ``$a$^$b$``, every pair): one attachment per element,
  with ``@a@`` (and ``@b@``) replaced by it in the attachment's attributes and its options'
  names, values and counts;
- ``<forEach variable="$a$">`` in ``<sequence>``: its steps once per element, ``@a@``
  replaced in every attribute of the steps and their step properties;
- ``$a$`` in an option value: the elements of ``a`` joined by ``:``;
- a ``javaClass`` without a package (``UnitAttachment``): the class of that name in
  ``games.strategy.triplea.attachments`` (delegates: ``...triplea.delegate``).

The expansion is bounded (untrusted input): a game that would grow beyond
:data:`MAX_EXPANDED` elements, or names a variable that does not exist, is refused in one
line naming the file and line.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from gamecore.interop.triplea.xmlsafe import XmlDoc

__all__ = [
    "ATTACHMENT_PACKAGE",
    "DELEGATE_PACKAGE",
    "MAX_EXPANDED",
    "expand_variables",
    "full_class",
]

ATTACHMENT_PACKAGE = "games.strategy.triplea.attachments."
DELEGATE_PACKAGE = "games.strategy.triplea.delegate."
#: the most attachments and steps a game may expand to
MAX_EXPANDED = 200_000
#: the most elements one variable may hold
MAX_ELEMENTS = 20_000

_DOLLAR = re.compile(r"\$([^$@:\s^]+)\$")


def full_class(name: str, package: str) -> str:
    """``name`` with ``package`` in front when it has none (TripleA 2.x's short names)."""
    return name if "." in name or not name else package + name


def _variables(doc: XmlDoc, el: ET.Element) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for var in el:
        if var.tag != "variable":
            continue
        name = var.get("name")
        if not name:
            raise doc.error(var, "a <variable> without a name")
        items: list[str] = []
        for e in var:
            if e.tag != "element":
                continue
            v = e.get("name", "")
            m = _DOLLAR.fullmatch(v)
            if m:
                if m.group(1) not in out:
                    raise doc.error(e, f"variable '{name}' names unknown variable '{v}'")
                items.extend(out[m.group(1)])
            else:
                items.append(v)
            if len(items) > MAX_ELEMENTS:
                raise doc.error(var, f"variable '{name}' has more than {MAX_ELEMENTS} elements")
        out[name] = items
    return out


def _loop_vars(doc: XmlDoc, el: ET.Element, spec: str, vars_: dict) -> list[str]:
    names = []
    for part in spec.split("^"):
        m = _DOLLAR.fullmatch(part.strip())
        if not m:
            raise doc.error(el, f"foreach '{spec[:60]}' is not '$variable$' or '$a$^$b$'")
        if m.group(1) not in vars_:
            raise doc.error(el, f"foreach names unknown variable '{part.strip()}'")
        names.append(m.group(1))
    if len(names) > 2:
        raise doc.error(el, f"foreach '{spec[:60]}' nests more than two variables")
    return names


def _combos(names: list[str], vars_: dict) -> list[dict[str, str]]:
    combos: list[dict[str, str]] = [{}]
    for n in names:
        combos = [{**c, n: v} for c in combos for v in vars_[n]]
    return combos


def _sub(text: str, combo: dict[str, str]) -> str:
    for n, v in combo.items():
        text = text.replace(f"@{n}@", v)
    return text


def _copy(el: ET.Element, combo: dict[str, str], doc: XmlDoc, skip: str = "") -> ET.Element:
    new = ET.Element(el.tag, {k: _sub(v, combo) for k, v in el.attrib.items() if k != skip})
    new.text, new.tail = el.text, el.tail
    doc.lines[id(new)] = doc.line(el)
    for child in el:
        new.append(_copy(child, combo, doc))
    return new


def expand_variables(doc: XmlDoc) -> int:
    """Expand the 2.x shorthand of ``doc`` in place; how many elements the loops made (0:
    the game uses none)."""
    root = doc.root
    vlist = [el for el in root if el.tag == "variableList"]
    vars_: dict[str, list[str]] = {}
    for el in vlist:
        vars_.update(_variables(doc, el))
        root.remove(el)
    made = 0

    def budget(n: int, el: ET.Element) -> None:
        nonlocal made
        made += n
        if made > MAX_EXPANDED:
            raise doc.error(el, f"foreach loops expand to more than {MAX_EXPANDED} elements")

    def values(text: str, el: ET.Element) -> str:
        def one(m: re.Match) -> str:
            if m.group(1) not in vars_:
                raise doc.error(el, f"unknown variable '{m.group(0)}'")
            return ":".join(vars_[m.group(1)])

        return _DOLLAR.sub(one, text) if "$" in text else text

    for section in root:
        if section.tag == "attachmentList":
            out: list[ET.Element] = []
            for a in list(section):
                spec = a.get("foreach")
                if spec is None:
                    out.append(a)
                    continue
                combos = _combos(_loop_vars(doc, a, spec, vars_), vars_)
                budget(len(combos) * (1 + len(a)), a)
                out.extend(_copy(a, c, doc, skip="foreach") for c in combos)
            for a in out:
                if a.tag != "attachment":
                    continue
                if a.get("javaClass"):
                    a.set("javaClass", full_class(a.get("javaClass", ""), ATTACHMENT_PACKAGE))
                for o in a:
                    if o.tag == "option" and o.get("value") is not None:
                        o.set("value", values(o.get("value", ""), o))
            section[:] = out
        elif section.tag == "gamePlay":
            for child in section:
                if child.tag == "delegate" and child.get("javaClass"):
                    child.set("javaClass", full_class(child.get("javaClass", ""), DELEGATE_PACKAGE))
                if child.tag != "sequence":
                    continue
                steps: list[ET.Element] = []
                for s in list(child):
                    if s.tag != "forEach":
                        steps.append(s)
                        continue
                    names = _loop_vars(doc, s, s.get("variable", ""), vars_)
                    combos = _combos(names, vars_)
                    budget(len(combos) * len(s), s)
                    steps.extend(_copy(x, c, doc) for c in combos for x in s if x.tag == "step")
                child[:] = steps
    return made
