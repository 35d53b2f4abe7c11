#!/usr/bin/env bash
# Copy the table's saved games, box profiles and settings to a USB stick (or any folder).
#
#   sudo sw-monopoly-companion-backup                 to the one USB stick plugged in
#   sudo sw-monopoly-companion-backup --to FOLDER     to FOLDER
#   sudo sw-monopoly-companion-backup --dry-run       say what would be copied where, copy nothing
#
# (deploy/install.sh installs this script as /usr/local/sbin/sw-monopoly-companion-backup; from a checkout it is
# `sudo bash deploy/backup.sh`.) It can run while a game is being played: the game journal is copied with SQLite's
# own backup, which takes a consistent snapshot that includes the commits still in the write-ahead log, and the
# copy is checked before the script says it is done. The backup goes into
# <stick>/sw-monopoly-companion-backups/<host>-<date>-<time>/: games.sqlite3, the data folder's other files
# (boxes/ with one <box>.toml per box, settings, sounds), each box again as <edition>--<box>.box.toml (the file
# Box setup imports from the top of a stick), and config/ with the appliance's settings.
set -euo pipefail

APP=sw-monopoly-companion
DATA_DIR=/var/lib/$APP
ETC_DIR=/etc/$APP
DEST=""
DRY=0
PYTHON=${PYTHON:-python3}
JOURNAL=games.sqlite3

say() { echo "backup: $*"; }
die() {
  echo "backup: $*" >&2
  exit 1
}

usage() {
  # The comment block at the top of this file, without its "#" marks.
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
  echo "options: --to FOLDER, --data-dir DIR (default $DATA_DIR), --etc-dir DIR (default $ETC_DIR), --dry-run"
  exit "${1:-0}"
}

while (($#)); do
  case $1 in
    --to)
      DEST=${2:?--to needs a folder}
      shift
      ;;
    --data-dir)
      DATA_DIR=${2:?--data-dir needs a folder}
      shift
      ;;
    --etc-dir)
      ETC_DIR=${2:?--etc-dir needs a folder}
      shift
      ;;
    --dry-run) DRY=1 ;;
    -h | --help) usage 0 ;;
    *)
      echo "backup: unknown option $1" >&2
      usage 2
      ;;
  esac
  shift
done

# The USB sticks mounted where the appliance (and a desktop) mounts them: /media/<user>/<stick>, /run/media/...
mounted_sticks() {
  local folder
  for folder in /media/*/* /run/media/*/*; do
    [[ -d $folder ]] && mountpoint -q "$folder" && printf '%s\n' "$folder"
  done
  return 0
}

if [[ -z $DEST ]]; then
  mapfile -t sticks < <(mounted_sticks)
  case ${#sticks[@]} in
    0) die "no USB stick is mounted: plug one in (it appears under /media/) or give a folder with --to" ;;
    1) DEST=${sticks[0]} ;;
    *) die "several USB sticks are mounted (${sticks[*]}): choose one with --to" ;;
  esac
fi
[[ -d $DEST ]] || die "$DEST is not a folder"
[[ -d $DATA_DIR ]] || die "no data folder $DATA_DIR (is the app installed? see --data-dir)"

target=$DEST/$APP-backups/$(hostname -s 2>/dev/null || echo table)-$(date +%Y%m%d-%H%M%S)
if ((DRY)); then
  say "would copy $DATA_DIR (the game journal with SQLite's backup) and $ETC_DIR/*.toml to $target"
  exit 0
fi
mkdir -p "$target/config"

# Run as the data folder's owner: SQLite may create the journal's -wal and -shm files, and they must stay the
# app's, or the app could no longer open its own journal.
as_owner() {
  local owner
  owner=$(stat -c %U "$DATA_DIR")
  if ((EUID == 0)) && [[ $owner != root ]]; then
    runuser -u "$owner" -- "$@"
  else
    "$@"
  fi
}

if [[ -f $DATA_DIR/$JOURNAL ]]; then
  # The owner may not be able to write on the stick (a Linux file system): snapshot into a private temporary
  # folder, then copy the finished file over.
  snapshot=$(as_owner mktemp -d)
  as_owner "$PYTHON" - "$DATA_DIR/$JOURNAL" "$snapshot/$JOURNAL" <<'PY'
import sqlite3
import sys

source = sqlite3.connect(sys.argv[1])
copy = sqlite3.connect(sys.argv[2])
with copy:
    source.backup(copy)
check = copy.execute("PRAGMA integrity_check").fetchone()[0]
copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file on the stick
copy.close()
source.close()
if check != "ok":
    sys.exit(f"the copy of the journal failed its integrity check: {check}")
PY
  cp "$snapshot/$JOURNAL" "$target/$JOURNAL"
  rm -rf "$snapshot"
  say "game journal copied and checked: $target/$JOURNAL"
else
  say "no game journal yet in $DATA_DIR"
fi

# Everything else in the data folder that is the table's (box profiles, settings, recorded sounds); hidden
# folders (caches) and the live journal files are left out.
for entry in "$DATA_DIR"/*; do
  [[ -e $entry ]] || continue
  case ${entry##*/} in
    "$JOURNAL" | "$JOURNAL"-wal | "$JOURNAL"-shm | "$JOURNAL"-journal) continue ;;
  esac
  cp -R "$entry" "$target/"
done
boxes=0
for box in "$DATA_DIR"/boxes/*/*.toml; do
  [[ -f $box ]] || continue
  edition=${box%/*}
  edition=${edition##*/}
  name=${box##*/}
  cp "$box" "$target/$edition--${name%.toml}.box.toml"
  boxes=$((boxes + 1))
done
say "$boxes box profile(s) copied"
for file in "$ETC_DIR"/*.toml; do
  [[ -f $file ]] && cp "$file" "$target/config/"
done
sync
say "done: $target ($(du -sh "$target" | cut -f1)); the stick can be pulled out"
