"""Box profiles on disk: one TOML file per box under the app's data folder, and copies on a USB stick.

``<data>/boxes/<edition>/<box>.toml``. Every save raises the version and is written to a temporary file that
replaces the old one only once it is on disk, so a power cut leaves the previous version whole. Import checks a
file against its edition before it is stored, and never overwrites a different box that has the same id.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from companion.box.checks import BoxProblem, check_raw
from companion.box.profile import BoxProfile, box_id, overlay, profile_from_toml
from companion.box.values import BoxValueError
from companion.edition import Edition

DEFAULT_NAME = "Our box"
EXPORT_SUFFIX = ".box.toml"
USB_ROOTS = ("/media", "/run/media")


class BoxStore:
    """The box profiles kept on this device."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def profiles(self, edition_id: str) -> list[BoxProfile]:
        """The boxes of an edition, the most recently saved first; unreadable files are skipped."""
        found = []
        for path in (self.root / edition_id).glob("*.toml"):
            try:
                found.append((path.stat().st_mtime_ns, profile_from_toml(path.read_text(encoding="utf-8"))))
            except (OSError, BoxValueError):
                continue
        return [p for _, p in sorted(found, key=lambda f: (f[0], f[1].id), reverse=True)]

    def load(self, edition_id: str, box: str) -> BoxProfile:
        """One stored box (raises FileNotFoundError or BoxValueError)."""
        return profile_from_toml((self.root / edition_id / f"{box}.toml").read_text(encoding="utf-8"))

    def current(self, edition: Edition) -> BoxProfile:
        """The box to play with when the table has not chosen one: the last saved, or a new empty one."""
        boxes = self.profiles(edition.id)
        return boxes[0] if boxes else self.save(self.new(edition, DEFAULT_NAME))

    def new(self, edition: Edition, name: str) -> BoxProfile:
        """A new, empty box for an edition (not saved yet)."""
        taken = {p.id for p in self.profiles(edition.id)}
        return BoxProfile(edition.id, box_id(name, taken), " ".join(name.split()) or DEFAULT_NAME, 0,
                          edition.version)

    def save(self, profile: BoxProfile) -> BoxProfile:
        """Store a box as its next version; returns what was stored."""
        stored = replace(profile, version=profile.version + 1, saved=datetime.now().isoformat(timespec="seconds"))
        write_atomically(self.root / profile.edition / f"{profile.id}.toml", stored.to_toml())
        return stored

    def delete(self, profile: BoxProfile) -> None:
        """Remove a box from this device (games played with it keep their own copy)."""
        (self.root / profile.edition / f"{profile.id}.toml").unlink(missing_ok=True)

    def export(self, profile: BoxProfile, folder: Path) -> Path:
        """Write a copy of a box into ``folder`` (a USB stick); returns the file written."""
        path = folder / f"{profile.edition}--{profile.id}{EXPORT_SUFFIX}"
        write_atomically(path, profile.to_toml())
        return path

    def import_file(self, path: Path, editions: dict[str, Edition]) -> BoxProfile:
        """Check a box file against its edition and store it. A box with the same id is replaced only by a newer
        version of itself (same name); otherwise the import is stored beside it under a new id.
        Raises BoxValueError naming every problem."""
        try:
            profile = profile_from_toml(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise BoxValueError(f"cannot read {path}: {exc.strerror}") from None
        edition = editions.get(profile.edition)
        if edition is None:
            raise BoxValueError(f"{path.name} is a box for '{profile.edition}', which this device does not have")
        problems = box_file_problems(profile, edition)
        if problems:
            raise BoxValueError("; ".join(p.message for p in problems))
        stored = {p.id: p for p in self.profiles(edition.id)}
        same = stored.get(profile.id)
        if same is not None and not (same.name == profile.name and profile.version > same.version):
            profile = replace(profile, id=box_id(profile.id, set(stored)), name=f"{profile.name} (imported)")
        return self.save(replace(profile, version=max(profile.version - 1, 0)))


def box_file_problems(profile: BoxProfile, edition: Edition) -> list[BoxProblem]:
    """What is wrong with a box for its edition: values for things the edition does not have, and every problem
    (not caution) the box's values would give."""
    try:
        raw = overlay(edition.raw, profile)
    except BoxValueError as exc:
        return [BoxProblem("", "", str(exc))]
    return [p for p in check_raw(raw) if not p.caution]


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def usb_folders(roots: tuple[str, ...] = USB_ROOTS) -> list[Path]:
    """Mounted USB sticks: the folders one level under ``/media/<user>`` or ``/run/media/<user>`` (where the
    desktop mounts them) that can be written to."""
    found = []
    for root in roots:
        for user_dir in sorted(Path(root).glob("*")) if Path(root).is_dir() else []:
            for stick in sorted(user_dir.glob("*")) if user_dir.is_dir() else []:
                if stick.is_dir() and os.access(stick, os.W_OK):
                    found.append(stick)
    return found


def box_files(folder: Path) -> list[Path]:
    """Box files on a stick (top level)."""
    return sorted(folder.glob(f"*{EXPORT_SUFFIX}"))
