"""The TripleA importer's look at a map folder: where its content and game files are
(map.yml, or games/ when there is none) and which game the import reads."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from gamecore import safepath
from gamecore.errors import ImportFormatError, UnsafePathError
from gamecore.interop.triplea import mapfiles as mf


# ---------------------------------------------------------------------------- the folder
@dataclass
class MapFolder:
    root: Path
    content: Path  # where polygons.txt, games/, baseTiles/ ... are
    yml: dict | None
    games: list[tuple[str | None, Path]]  # (name from map.yml or None, XML file)
    notes: list[str] = field(default_factory=list)  # how the games were found, if not by map.yml


def find_map(path: str | Path) -> MapFolder:
    """The parts of a TripleA map folder (new layout: map.yml + map/, or old: files at
    the top), or a game XML file given directly. Without a usable map.yml (missing, not
    readable as text, or listing no games) the games are looked for in ``games/`` and a
    note says so; a map.yml that is not YAML, or names a game file that is not there, is
    an error (one line, naming the file)."""
    p = Path(path)
    if p.is_file():
        if p.suffix.lower() != ".xml":
            raise ImportFormatError("not a TripleA map folder or game XML file", p)
        content = p.parent.parent if p.parent.name.lower() == "games" else p.parent
        root = content.parent if content.name == "map" else content
        return MapFolder(root, content, None, [(None, p)])
    if not p.is_dir():
        raise ImportFormatError("no such map folder", p)
    notes: list[str] = []
    yml = None
    yml_path = p / "map.yml"
    if os.path.lexists(yml_path):
        safepath.readable_inside(p, yml_path, "map.yml")
        try:
            raw = yml_path.read_bytes()
            text = raw.decode("utf-8-sig")
        except OSError as err:
            notes.append(f"map.yml cannot be read ({err.strerror or err}): games found in games/")
        except UnicodeDecodeError:
            notes.append("map.yml is not UTF-8 text: games found in games/")
        else:
            if len(raw) > mf.MAX_YML_BYTES or "\x00" in text:
                notes.append("map.yml is not a small text file: games found in games/")
            else:
                yml = mf.parse_map_yml(text, yml_path)
                if not yml["games"]:
                    notes.append("map.yml lists no games: games found in games/")
    else:
        notes.append("map.yml is missing: games found in games/")
    content = p / "map" if (p / "map").is_dir() else p
    safepath.check_inside(p, content, "map/")
    games: list[tuple[str | None, Path]] = []
    listed: set[Path] = set()
    if yml:
        for entry in yml["games"]:
            fname = entry.get("file_name") or entry.get("file_path") or ""
            found = _find_game_file(p, content, fname, yml_path)
            if found is None:
                raise ImportFormatError(
                    f"game '{entry.get('game_name', '?')}': file '{fname}' not found", yml_path
                )
            games.append((entry.get("game_name") or None, found))
            listed.add(found.resolve())
    gdir = content / "games"
    if gdir.is_dir():
        for x in sorted(gdir.rglob("*.xml")):
            if not x.is_file() or _outside(p, x):
                continue  # a link out of the folder, or a FIFO: never read
            if x.resolve() not in listed:
                games.append((None, x))
    if not games:
        raise ImportFormatError("no game XML found (map.yml lists none and games/ is empty)", p)
    return MapFolder(p, content, yml, games, notes)


def _find_game_file(root: Path, content: Path, fname: str, yml_path: Path) -> Path | None:
    """The game file a ``map.yml`` entry names, looked for where TripleA looks; the name
    is untrusted: it may not be absolute, climb out with '..' or lead out by a link."""
    if not fname:
        return None
    parts = safepath.relative_parts(fname, "map.yml file_name", yml_path)
    for base in (content, content / "games", content.parent):
        cand = base.joinpath(*parts)
        if cand.is_file():
            return safepath.readable_inside(root, cand, "map.yml file_name")
    for cand in sorted(content.rglob(parts[-1])):
        if cand.is_file() and not _outside(root, cand):
            return cand
    return None


def _outside(root: Path, path: Path) -> bool:
    try:
        safepath.check_inside(root, path)
    except UnsafePathError:
        return True
    return False


def _choose_game(folder: MapFolder, want: str | None) -> tuple[str | None, Path]:
    if want is None:
        if len(folder.games) == 1:
            return folder.games[0]
        choices = "; ".join(f"'{n or _info_name(p) or p.stem}' ({p.name})" for n, p in folder.games)
        raise ImportFormatError(
            f"the map has {len(folder.games)} games, choose one with --game: {choices}",
            folder.root,
        )
    w = want.casefold().strip()
    for name, p in folder.games:
        if w in ((name or "").casefold(), p.stem.casefold(), p.name.casefold()):
            return name, p
    for name, p in folder.games:  # by the name inside the XML
        info = _info_name(p)
        if info and info.casefold() == w:
            return name or info, p
    choices = ", ".join(f"'{n or _info_name(p) or p.stem}'" for n, p in folder.games)
    raise ImportFormatError(f"no game '{want}' in the map (games: {choices})", folder.root)


def _info_name(p: Path) -> str | None:
    try:
        head = p.open("rb").read(8192).decode("utf-8", "replace")
    except OSError:
        return None
    m = re.search(r"<info\b[^>]*\bname\s*=\s*\"([^\"]*)\"", head)
    return m.group(1) if m else None
