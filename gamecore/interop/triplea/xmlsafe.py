"""Safe XML reading and plain XML writing for TripleA game files (docs/architecture.md, Invariant 5).

:func:`parse_xml` parses with expat through :class:`xml.etree.ElementTree.XMLParser` and
refuses every entity declaration (internal or external, parsed or not) before anything
is expanded, never fetches an external DTD or entity, and turns every syntax error into
an :class:`~gamecore.errors.ImportFormatError` with the file, line and column. The
element tree it returns knows the source line of every element (:meth:`XmlDoc.line`),
so later semantic errors can point at the line too.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat as pyexpat
from xml.sax.saxutils import escape, quoteattr

from gamecore.errors import ImportFormatError

__all__ = ["XmlDoc", "parse_xml", "attr", "text_escape", "element_text"]

#: game XML files larger than this are refused before parsing
MAX_XML_BYTES = 64 * 1024 * 1024
#: deepest element nesting accepted (a game XML needs 6; the readers recurse)
MAX_XML_DEPTH = 64


class _Refused(Exception):
    def __init__(self, reason: str, line: int, column: int):
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column


@dataclass
class XmlDoc:
    root: ET.Element
    path: str
    lines: dict[int, int] = field(default_factory=dict)  # id(element) -> source line
    doctype: str | None = None

    def line(self, el: ET.Element) -> int:
        return self.lines.get(id(el), 0)

    def error(self, el: ET.Element | None, message: str) -> ImportFormatError:
        """An import error naming the file and, when known, the element's line."""
        ln = self.line(el) if el is not None else 0
        where = f"line {ln}: " if ln else ""
        return ImportFormatError(f"{where}{message}", self.path)


def parse_xml(data: bytes, path: str | Path) -> XmlDoc:
    """Parse ``data`` (the bytes of ``path``) without entity expansion or network access."""
    path = str(path)
    if len(data) > MAX_XML_BYTES:
        raise ImportFormatError(
            f"XML file of {len(data)} bytes is larger than the limit of {MAX_XML_BYTES}", path
        )
    builder = ET.TreeBuilder()
    expat = pyexpat.ParserCreate()
    expat.buffer_text = True
    lines: dict[int, int] = {}
    doctype: list[str] = []

    depth = [0]

    def start(tag, attrs):
        depth[0] += 1
        if depth[0] > MAX_XML_DEPTH:
            raise _Refused(f"elements nested deeper than {MAX_XML_DEPTH} levels", *where())
        el = builder.start(tag, attrs)
        lines[id(el)] = expat.CurrentLineNumber

    def end(tag):
        depth[0] -= 1
        builder.end(tag)

    def where() -> tuple[int, int]:
        return expat.CurrentLineNumber, expat.CurrentColumnNumber + 1

    def refuse_entity(name, *args):
        raise _Refused(f"entity declaration '{name}' refused (entities are not expanded)", *where())

    def refuse_external(context, base, system_id, public_id):
        raise _Refused(
            f"external entity '{system_id or public_id}' refused (nothing is fetched)", *where()
        )

    def start_doctype(name, system_id, public_id, has_internal_subset):
        doctype.append(name)

    expat.StartElementHandler = start
    expat.EndElementHandler = end
    expat.CharacterDataHandler = builder.data
    expat.EntityDeclHandler = refuse_entity
    expat.UnparsedEntityDeclHandler = refuse_entity
    expat.ExternalEntityRefHandler = refuse_external
    expat.StartDoctypeDeclHandler = start_doctype
    # never read an external DTD subset (game.dtd): it is neither fetched nor needed
    expat.SetParamEntityParsing(pyexpat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        expat.Parse(data, True)
        root = builder.close()
    except _Refused as err:
        raise ImportFormatError(
            f"line {err.line}, column {err.column}: {err.reason}", path
        ) from None
    except pyexpat.ExpatError as err:
        reason = pyexpat.ErrorString(err.code)
        raise ImportFormatError(
            f"line {err.lineno}, column {err.offset + 1}: malformed XML ({reason})", path
        ) from None
    except (ValueError, LookupError) as err:  # an encoding expat cannot read (UTF-7, ...)
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ImportFormatError(
            f"unsupported XML encoding ({reason}); use UTF-8 or ISO-8859-1", path
        ) from None
    except AssertionError:  # TreeBuilder: unbalanced input that expat did not catch
        raise ImportFormatError("malformed XML (unbalanced elements)", path) from None
    if root is None:
        raise ImportFormatError("no XML element found", path)
    return XmlDoc(root, path, lines, doctype[0] if doctype else None)


def attr(value: object) -> str:
    """An attribute value, quoted and escaped (including newlines and tabs)."""
    text = str(value)
    return quoteattr(text, {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


def text_escape(value: str) -> str:
    return escape(value)


def element_text(el: ET.Element) -> str:
    """Serialised XML of an element (verbatim parts kept by the importer), in a canonical
    form: whitespace-only text between elements dropped, so that writing it back and
    reading it again gives the same text."""
    import copy

    el = copy.deepcopy(el)
    for e in el.iter():
        if e.text is not None and not e.text.strip() and len(e):
            e.text = None
        if e.tail is not None and not e.tail.strip():
            e.tail = None
    el.tail = None
    return ET.tostring(el, encoding="unicode")
