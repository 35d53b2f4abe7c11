"""The ``companion`` command: the touchscreen app, the table script and the saved games."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.devices.config import MODES, DeviceConfig, default_file, flag_settings, load_config, user_file
from companion.engine.errors import CommandRejected, EditionError
from companion.kiosk import KioskSettings, kivy_settings, load_settings, prepare
from companion.paths import journal_path

EXIT_REJECTED = 2
EXIT_BAD_INPUT = 1


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.what == "script":
        return run_script_command(args.file, args.journal, args.game, args.ack)
    if args.what == "games":
        return games_command(args.action, args.game, args.journal or journal_path())
    from companion.ui.launch import run_app

    if args.what is None:
        args = parser.parse_args(["app"])
    kiosk = kiosk_settings(args.kiosk)
    if kiosk is None:
        run_app(args.fullscreen, device_settings(args))
        return 0
    for line in prepare(kiosk):  # before anything starts Kivy, SDL or gpiozero
        print(f"companion: {line}", file=sys.stderr)
    run_app(args.fullscreen or kiosk.fullscreen, device_settings(args), kivy_settings(kiosk), kiosk.transitions)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``app`` (the default), ``script`` and ``games``."""
    parser = argparse.ArgumentParser(prog="companion", description="Star Wars Monopoly table companion")
    sub = parser.add_subparsers(dest="what")
    app = sub.add_parser("app", help="open the touchscreen app (the default)")
    app.add_argument("--fullscreen", action="store_true")
    app.add_argument("--kiosk", type=Path, metavar="FILE",
                     help="run as the table appliance with these settings (deploy/install.sh writes "
                          "/etc/sw-monopoly-companion/kiosk.toml; see deploy/README.md)")
    dice = app.add_argument_group("dice and buttons", "settings for this run, on top of hardware/devices.toml and "
                                  "~/.config/sw-monopoly-companion/devices.toml (see hardware/README.md)")
    dice.add_argument("--devices", type=Path, metavar="FILE", help="one more device settings file, read last")
    dice.add_argument("--gpio", choices=MODES, help="GPIO buttons and lamps: auto (only on a Raspberry Pi), on, off")
    dice.add_argument("--serial", choices=MODES, help="serial dice device: auto (when one is plugged in), on, off")
    dice.add_argument("--serial-port", metavar="PORT",
                      help="the dice device's port or pyserial URL, e.g. /dev/ttyACM0 or socket://localhost:7777")
    dice.add_argument("--pin", action="append", metavar="PART=BCM",
                      help="a GPIO pin (BCM number), e.g. --pin roll=17 --pin seats=5,6,13,19; repeatable")
    dice.add_argument("--screen-dice-only", action="store_true", help="no GPIO and no dice device: on-screen dice")
    script = sub.add_parser("script", help="play a table script headless and print the state as JSON")
    script.add_argument("file", type=Path, help="the script ('-' reads standard input)")
    script.add_argument("--journal", type=Path, help="also keep the game in this SQLite journal")
    script.add_argument("--game", help="saved-game id in the journal (resumed when it exists)")
    script.add_argument("--ack", action="store_true", help="print 'ack LINE' as each command is committed")
    games = sub.add_parser("games", help="list, export, audit or delete saved games")
    games.add_argument("action", choices=["list", "export", "audit", "delete"])
    games.add_argument("game", nargs="?")
    games.add_argument("--journal", type=Path, default=None)
    return parser


def device_settings(args: argparse.Namespace) -> tuple[DeviceConfig, list[str]]:
    """The device configuration from the shipped defaults, the owner's file, ``--devices`` and the flags."""
    flags, problems = flag_settings(args.gpio, args.serial, args.serial_port, args.pin, args.screen_dice_only)
    if args.devices is not None and not args.devices.is_file():
        problems.append(f"--devices {args.devices}: no such file")
    files = [default_file(), user_file(), *([args.devices] if args.devices else [])]
    config, more = load_config(files, flags)
    return config, problems + more


def kiosk_settings(file: Path | None) -> KioskSettings | None:
    """The appliance settings from ``--kiosk FILE`` (``None`` without the flag); their problems are printed and
    the app starts all the same, with the default value for each bad setting."""
    if file is None:
        return None
    settings, problems = load_settings(file)
    for problem in problems:
        print(f"companion: kiosk settings: {problem}", file=sys.stderr)
    return settings


def run_script_command(file: Path, journal_file: Path | None, game_id: str | None, ack: bool) -> int:
    """``companion script``: exit 0 when every command was accepted, 2 at a rejection, 1 on bad input."""
    from companion.script import ScriptError, box_answer, parse_script, reason_json, run_script, state_json
    from companion.storage.journal import Journal

    try:
        text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
        script = parse_script(text, None if str(file) == "-" else file.parent)
        journal = Journal(journal_file) if journal_file else None

        def acknowledge(line: int, _cmd: object) -> None:
            print(f"ack {line}", flush=True)

        outcome = run_script(script, journal, game_id, acknowledge if ack else None)
    except (OSError, ScriptError, EditionError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except CommandRejected as exc:
        print("error: the set-up was refused:", file=sys.stderr)
        for v in exc.violations:
            print(f"  - {v.message} [{v.code}]", file=sys.stderr)
        return EXIT_BAD_INPUT
    result = state_json(outcome.game)
    if outcome.rejected:
        number, cmd, violations = outcome.rejected
        result["rejected"] = {"line": number, "command": cmd.to_text(),
                              "reasons": [reason_json(v) for v in violations]}
        print(f"line {number}: '{cmd.to_text()}' was refused:", file=sys.stderr)
        for v in violations:
            print(f"  - {v.message} [{v.code}]", file=sys.stderr)
            if v.need is not None:
                print(f"    answer with: {box_answer(v.need, cmd)}", file=sys.stderr)
    print(json.dumps(result, indent=2))
    return EXIT_REJECTED if outcome.rejected else 0


def games_command(action: str, game_id: str | None, path: Path) -> int:
    """``companion games``: list, export (JSON lines to stdout), audit or delete saved games."""
    from companion.storage.journal import Journal

    journal = Journal(path)
    if action == "list":
        for g in journal.games():
            print(f"{g.id}  {g.edition_id:<18} {g.variant:<10} {', '.join(g.players):<40} "
                  f"{g.entries:>5} entries  last: {g.last_command}")
        return 0
    if not game_id:
        print(f"error: 'games {action}' needs a game id (see 'companion games list')", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        if action == "export":
            journal.export_jsonl(game_id, sys.stdout)
        elif action == "audit":
            for seq, command, undoes, undone_by in journal.audit(game_id):
                marks = (f"  (takes back {', '.join(f'#{u}' for u in undoes)})" if undoes else "") + (
                    f"  [taken back by #{undone_by}]" if undone_by is not None else "")
                print(f"#{seq:<5} {command}{marks}")
        elif not journal.delete(game_id):
            raise KeyError(game_id)
    except KeyError:
        print(f"error: no saved game {game_id!r}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0


if __name__ == "__main__":
    sys.exit(main())
