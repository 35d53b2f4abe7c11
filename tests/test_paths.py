"""companion.paths: where editions and the journal are found."""

from __future__ import annotations

from pathlib import Path

import pytest

import companion
from companion import paths

REPO_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("COMPANION_EDITIONS_DIR", "COMPANION_DATA_DIR", "XDG_DATA_HOME"):
        monkeypatch.delenv(var, raising=False)


def test_editions_dir_honours_env_var(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_EDITIONS_DIR", str(tmp_path))
    assert paths.editions_dir() == tmp_path


def test_editions_dir_env_var_must_exist(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_EDITIONS_DIR", str(tmp_path / "missing"))
    with pytest.raises(FileNotFoundError, match="COMPANION_EDITIONS_DIR"):
        paths.editions_dir()


def test_editions_dir_prefers_packaged_copy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake_package = tmp_path / "companion"
    (fake_package / "_editions").mkdir(parents=True)
    monkeypatch.setattr(companion, "__file__", str(fake_package / "__init__.py"))
    assert paths.editions_dir() == fake_package / "_editions"


def test_editions_dir_falls_back_to_checkout(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # No packaged copy next to the (pretend) installed package: the checkout's editions/ is used.
    monkeypatch.setattr(companion, "__file__", str(tmp_path / "companion" / "__init__.py"))
    checkout = Path(paths.__file__).resolve().parents[1] / "editions"
    if checkout.is_dir():
        assert paths.editions_dir() == checkout
    else:
        with pytest.raises(FileNotFoundError, match="no editions folder found"):
            paths.editions_dir()


def test_checkout_editions_folder_is_the_repo_one() -> None:
    assert Path(paths.__file__).resolve().parents[1] == REPO_ROOT


def test_data_dir_honours_companion_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / "a" / "b"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(target))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # the specific variable wins
    assert paths.data_dir() == target
    assert target.is_dir()
    assert paths.journal_path() == target / "games.sqlite3"


def test_data_dir_honours_xdg_data_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    expected = tmp_path / "xdg" / "sw-monopoly-companion"
    assert paths.data_dir() == expected
    assert expected.is_dir()


def test_data_dir_defaults_to_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    expected = tmp_path / ".local" / "share" / "sw-monopoly-companion"
    assert paths.data_dir() == expected
    assert expected.is_dir()


def test_data_dir_ignores_relative_xdg_data_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")
    assert paths.data_dir() == tmp_path / ".local" / "share" / "sw-monopoly-companion"


def test_paths_module_does_not_import_kivy() -> None:
    import subprocess
    import sys

    code = "import sys, companion.paths; sys.exit('kivy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
