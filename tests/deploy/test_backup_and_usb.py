"""deploy/backup.sh (saved games and box profiles to a USB stick) and deploy/usb-stick.sh (mounting sticks for the
app when no desktop does it)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deploy.conftest import REPO

BACKUP = REPO / "deploy" / "backup.sh"
USB_STICK = REPO / "deploy" / "usb-stick.sh"


@pytest.fixture
def table(tmp_path: Path) -> tuple[Path, Path, sqlite3.Connection]:
    """A data folder as the app leaves it mid-game: a WAL journal whose last commits are still only in the
    write-ahead log (the app holds it open), two box profiles, settings; and the appliance's settings folder."""
    data, etc = tmp_path / "data", tmp_path / "etc"
    (data / "boxes" / "boba-fett").mkdir(parents=True)
    etc.mkdir()
    db = sqlite3.connect(data / "games.sqlite3")
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE entries (game TEXT, seq INTEGER, command TEXT)")
    with db:
        db.executemany("INSERT INTO entries VALUES ('friday', ?, ?)", [(1, "roll 3 4"), (2, "buy")])
    (data / "boxes" / "boba-fett" / "our-box.toml").write_text("id = 'our-box'\n")
    (data / "boxes" / "boba-fett" / "club-box.toml").write_text("id = 'club-box'\n")
    (data / "settings.json").write_text("{}")
    (etc / "kiosk.toml").write_text("rotation = 180\n")
    return data, etc, db


def backup(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(BACKUP), *args], capture_output=True, text=True, timeout=60, check=False,
                          env=dict(os.environ, PYTHON=sys.executable))


def test_backup_copies_games_boxes_and_settings(table: tuple[Path, Path, sqlite3.Connection], tmp_path: Path) -> None:
    data, etc, db = table
    assert (data / "games.sqlite3-wal").stat().st_size > 0  # the commits are still in the log
    stick = tmp_path / "stick"
    stick.mkdir()
    done = backup("--to", str(stick), "--data-dir", str(data), "--etc-dir", str(etc))
    assert done.returncode == 0, done.stderr
    (folder,) = (stick / "sw-monopoly-companion-backups").iterdir()
    copy = sqlite3.connect(folder / "games.sqlite3")
    assert copy.execute("SELECT seq, command FROM entries ORDER BY seq").fetchall() == [(1, "roll 3 4"), (2, "buy")]
    assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one self-contained file on the stick
    copy.close()
    assert sorted(p.name for p in folder.iterdir()) == [
        "boba-fett--club-box.box.toml", "boba-fett--our-box.box.toml", "boxes", "config", "games.sqlite3",
        "settings.json"]
    assert (folder / "boxes" / "boba-fett" / "our-box.toml").read_text() == "id = 'our-box'\n"
    assert (folder / "config" / "kiosk.toml").read_text() == "rotation = 180\n"
    assert "2 box profile(s) copied" in done.stdout
    assert "the stick can be pulled out" in done.stdout
    db.close()


def test_backup_dry_run_copies_nothing(table: tuple[Path, Path, sqlite3.Connection], tmp_path: Path) -> None:
    data, etc, _ = table
    done = backup("--dry-run", "--to", str(tmp_path), "--data-dir", str(data), "--etc-dir", str(etc))
    assert done.returncode == 0
    assert "would copy" in done.stdout
    assert not (tmp_path / "sw-monopoly-companion-backups").exists()


def test_backup_says_what_is_missing(tmp_path: Path) -> None:
    done = backup("--to", str(tmp_path / "nowhere"), "--data-dir", str(tmp_path))
    assert done.returncode == 1
    assert "is not a folder" in done.stderr
    done = backup("--to", str(tmp_path), "--data-dir", str(tmp_path / "none"))
    assert "no data folder" in done.stderr


# ------------------------------------------------------------------------------------------ usb-stick


@pytest.fixture
def usb(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """Stand-ins for blkid (a vfat stick labelled "MY STICK!" on sda1, ext4 on sdb1, an ISO on sr0), id, mount,
    umount and mountpoint; the environment to run usb-stick with, and the log of mount calls."""
    bin_dir, log = tmp_path / "bin", tmp_path / "mount.log"
    bin_dir.mkdir()
    scripts = {
        "blkid": 'case "$5:$4" in /dev/sda1:TYPE) echo vfat;; /dev/sda1:LABEL) echo "MY STICK!";; '
                 "/dev/sdb1:TYPE) echo ext4;; /dev/sdb1:LABEL) exit 2;; /dev/sr0:TYPE) echo iso9660;; esac",
        "id": 'echo 1001',
        "mount": f'echo "mount $*" >> {log}',
        "umount": f'echo "umount $*" >> {log}',
        "mountpoint": "exit 1",
    }
    for name, body in scripts.items():
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", COMPANION_USER="companion",
               COMPANION_USB_MEDIA=str(tmp_path / "media"), COMPANION_USB_RECORDS=str(tmp_path / "records"))
    return env, log


def usb_stick(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(USB_STICK), *args], env=env, capture_output=True, text=True, timeout=30,
                          check=False)


def test_fat_stick_is_mounted_for_the_app_user_and_unmounted(usb: tuple[dict[str, str], Path], tmp_path: Path) -> None:
    """A FAT stick belongs to the app's user (so Box setup can write there), under a folder named after its label,
    with nothing on it runnable; pulling it out unmounts it."""
    env, log = usb
    done = usb_stick(env, "mount", "sda1")
    assert done.returncode == 0, done.stderr
    target = tmp_path / "media" / "companion" / "MY_STICK_"
    assert log.read_text().splitlines() == [
        f"mount -t vfat -o nosuid,nodev,noexec,noatime,uid=1001,gid=1001,umask=0022,flush /dev/sda1 {target}"]
    assert target.is_dir()
    done = usb_stick(env, "unmount", "sda1")
    assert done.returncode == 0
    assert log.read_text().splitlines()[-1] == f"umount -l {target}"
    assert not target.exists() and not (tmp_path / "records" / "sda1").exists()


def test_linux_stick_keeps_its_owners_and_gets_the_device_name(usb: tuple[dict[str, str], Path],
                                                               tmp_path: Path) -> None:
    env, log = usb
    assert usb_stick(env, "mount", "sdb1").returncode == 0
    assert log.read_text().splitlines() == [
        f"mount -t ext4 -o nosuid,nodev,noexec,noatime /dev/sdb1 {tmp_path / 'media' / 'companion' / 'sdb1'}"]


def test_unusable_sticks_and_names_are_refused(usb: tuple[dict[str, str], Path]) -> None:
    env, log = usb
    done = usb_stick(env, "mount", "sr0")
    assert done.returncode == 1 and "iso9660 file systems are not mounted" in done.stderr
    assert usb_stick(env, "mount", "../sda1").returncode == 1
    assert not log.exists()
    assert usb_stick(env, "unmount", "sdc1").returncode == 0  # nothing was mounted: nothing to do
