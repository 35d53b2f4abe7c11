#!/usr/bin/env bash
# Turn a 64-bit Raspberry Pi OS (Bookworm, Lite or Desktop) into the Star Wars Monopoly table appliance: power it
# on and the app is there, full screen, with touch, GPIO buttons and serial dice, and saved games kept safe.
#
#   sudo bash deploy/install.sh [SETTINGS]        install, or change SETTINGS of an installed appliance
#   sudo bash deploy/install.sh --update          after `git pull`: reinstall the app from this checkout
#   sudo bash deploy/install.sh --uninstall       remove it all except the saved games (--purge: those too)
#   bash deploy/install.sh --dry-run [...]        print the plan and change nothing (no sudo needed)
#
# Settings (each is kept in /etc/sw-monopoly-companion/kiosk.toml until changed again):
#   --rotation 0|90|180|270   --touch hidinput|mtdev|mouse   --touch-match TEXT   --display auto|DSI-1|HDMI-A-1...
#   --brightness PERCENT      --transitions yes|no           --pin-factory lgpio|...
# Installation choices:
#   --user NAME (default companion: a system user made for the app; an existing user may be named instead)
#   --data-dir DIR (default /var/lib/sw-monopoly-companion)   --data-device SPEC (a partition mounted on it,
#   e.g. LABEL=TABLEDATA)   --read-only-root (turn on Raspberry Pi OS's overlay; needs a data partition)
#   --app-dir DIR (default /opt/sw-monopoly-companion)   --no-start (do not start or restart the app now)
#
# Safe to run again: each step first looks at what is there; "+" lines are changes (planned, or being made),
# "=" lines are already right, "!" lines are warnings. Details and troubleshooting: deploy/README.md.
#
# For tests only: --root DIR reads and writes every file under DIR (system commands still run, so tests put
# stand-ins first on PATH), and COMPANION_DEPLOY_ARCH=KERNEL[:DEBIAN-ARCH] (e.g. aarch64, armv7l,
# aarch64:armhf) replaces the machine's architecture; it is honoured only with --dry-run or --root.
set -euo pipefail

APP=sw-monopoly-companion
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DEPLOY=$SRC/deploy
UNIT=$APP.service
USB_UNIT=$APP-usb@.service
RULES=/etc/udev/rules.d/99-$APP.rules
BACKUP_COMMAND=/usr/local/sbin/$APP-backup
GROUPS_WANTED=(gpio dialout video render input audio)
# What the app needs from Debian: a venv-capable Python, the Mesa GL/EGL/GBM/DRM libraries SDL loads for its
# KMS/DRM output (Kivy's wheel bundles SDL itself), libudev for SDL's input hot-plugging, libmtdev for Kivy's
# mtdev touch provider (without it Kivy logs an error at every start), ALSA for the sounds.
PACKAGES=(python3 python3-venv libgl1-mesa-dri libegl1 libegl-mesa0 libgles2 libgbm1 libdrm2 libudev1 libmtdev1
  libasound2)
# gpiozero's pin driver: Raspberry Pi OS's python3-lgpio reaches the venv through --system-site-packages.
OPTIONAL_PACKAGES=(python3-lgpio)

ROOT=/
DRY=0
MODE=install
PURGE=0
START=1
PRINT_UNIT=""
USER_NAME=""
APP_DIR=""
ETC_DIR=/etc/$APP
DATA_DIR=""
DATA_DEVICE=""
READ_ONLY=0
KIOSK_CHANGES=()

say() { echo "install.sh: $*"; }
die() {
  echo "install.sh: $*" >&2
  exit 1
}
warn() { echo "! $*"; }
same() { echo "= $*"; }

usage() {
  # The comment block at the top of this file, without its "#" marks.
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
  exit "${1:-0}"
}

# ------------------------------------------------------------------------------------------------ options

need_value() {
  if (($# < 2)) || [[ -z $2 ]]; then
    die "$1 needs a value (see --help)"
  fi
}

while (($#)); do
  case $1 in
    --dry-run) DRY=1 ;;
    --update) MODE=update ;;
    --uninstall) MODE=uninstall ;;
    --purge) PURGE=1 ;;
    --no-start) START=0 ;;
    --read-only-root) READ_ONLY=1 ;;
    --rotation | --touch | --touch-match | --display | --brightness | --transitions | --pin-factory)
      need_value "$@"
      key=${1#--}
      value=$2
      if [[ $key == transitions ]]; then
        case $value in yes | true | on) value=true ;; no | false | off) value=false ;; esac
      fi
      [[ $key == touch-match || $key == display ]] && value="\"$value\""
      KIOSK_CHANGES+=("${key//-/_}=$value")
      shift
      ;;
    --user | --app-dir | --data-dir | --data-device | --root | --print-unit)
      need_value "$@"
      case $1 in
        --user) USER_NAME=$2 ;;
        --app-dir) APP_DIR=$2 ;;
        --data-dir) DATA_DIR=$2 ;;
        --data-device) DATA_DEVICE=$2 ;;
        --root) ROOT=$2 ;;
        --print-unit) PRINT_UNIT=$2 ;;
      esac
      shift
      ;;
    -h | --help) usage 0 ;;
    *)
      echo "install.sh: unknown option $1" >&2
      usage 2
      ;;
  esac
  shift
done
[[ -z $DATA_DEVICE || $DATA_DEVICE =~ ^(LABEL|UUID|PARTUUID|PARTLABEL)=[^[:space:]]+$|^/dev/[^[:space:]]+$ ]] ||
  die "--data-device $DATA_DEVICE: give LABEL=..., UUID=..., PARTUUID=... or a /dev/... path"
[[ $ROOT == /* ]] || die "--root $ROOT: give an absolute path"
if ((READ_ONLY)) && [[ -z $DATA_DEVICE ]] && ! grep -q "^# $APP data" "${ROOT%/}/etc/fstab" 2>/dev/null; then
  die "--read-only-root needs a partition for the saved games (--data-device LABEL=...): on the overlay" \
    "alone every game would be lost at the next reboot (deploy/README.md, \"Read-only root\")"
fi
TEST_MODE=0
if ((DRY)) || [[ $ROOT != / ]]; then
  TEST_MODE=1
fi

# A path on the system being set up (under --root for tests).
r() { printf '%s%s' "${ROOT%/}" "$1"; }

# ------------------------------------------------------------------------------------------------ templates

render_template() {
  local text
  text=$(<"$1")
  text=${text//@APP@/$APP}
  text=${text//@USER@/$USER_NAME}
  text=${text//@GROUP@/$USER_NAME}
  text=${text//@APP_DIR@/$APP_DIR}
  text=${text//@ETC_DIR@/$ETC_DIR}
  text=${text//@DATA_DIR@/$DATA_DIR}
  printf '%s\n' "$text"
}

if [[ -n $PRINT_UNIT ]]; then
  USER_NAME=${USER_NAME:-companion}
  APP_DIR=${APP_DIR:-/opt/$APP}
  DATA_DIR=${DATA_DIR:-/var/lib/$APP}
  case $PRINT_UNIT in
    main) render_template "$DEPLOY/$UNIT.in" ;;
    usb) render_template "$DEPLOY/$USB_UNIT.in" ;;
    *) die "--print-unit main|usb" ;;
  esac
  exit 0
fi

# ------------------------------------------------------------------------------------------------ doing, or planning

# change DESCRIPTION COMMAND...: a change; printed, and carried out unless this is a dry run.
change() {
  local what=$1
  shift
  echo "+ $what"
  ((DRY)) || "$@"
}

# Replace PATH (under --root) with CONTENT and MODE ("keep": the file's own mode, for the boot partition's FAT),
# unless it already holds exactly that. Sets CHANGED.
write_file() {
  local path=$1 mode=$2 content=$3 target now_mode=""
  target=$(r "$path")
  CHANGED=0
  [[ -f $target ]] && now_mode=$(stat -c %a "$target")
  [[ $mode == keep ]] && mode=${now_mode:-644}
  if [[ -f $target ]] && [[ $(<"$target") == "$content" ]]; then
    if [[ $now_mode == "$mode" ]]; then
      same "$path"
    else
      change "chmod $mode $path" chmod "$mode" "$target"
      CHANGED=1
    fi
    return 0
  fi
  if [[ -e $target ]]; then
    change "update $path" put_file "$target" "$mode" "$content"
  else
    change "create $path" put_file "$target" "$mode" "$content"
  fi
  CHANGED=1
}

put_file() {
  local tmp
  mkdir -p "$(dirname "$1")"
  tmp=$(mktemp "$1.XXXXXX")
  printf '%s\n' "$3" >"$tmp"
  chmod "$2" "$tmp"
  mv -f "$tmp" "$1"
}

# Make DIR (under --root) exist with MODE and OWNER (user:group).
ensure_dir() {
  local dir=$1 mode=$2 owner=$3 target now_mode now_owner done=1
  target=$(r "$dir")
  if [[ ! -d $target ]]; then
    change "create folder $dir ($owner, mode $mode)" make_dir "$target" "$mode" "$owner"
    return 0
  fi
  read -r now_mode now_owner < <(stat -c '%a %U:%G' "$target")
  if [[ $now_owner != "$owner" ]]; then
    change "chown $owner $dir" chown "$owner" "$target"
    done=0
  fi
  if [[ $now_mode != "$mode" ]]; then
    change "chmod $mode $dir" chmod "$mode" "$target"
    done=0
  fi
  ((!done)) || same "folder $dir"
}

make_dir() {
  install -d -m "$2" "$1"
  chown "$3" "$1"
}

# ------------------------------------------------------------------------------------------------ the install state

STATE_FILE=$ETC_DIR/install-state
declare -A STATE=()

read_state() {
  local line target
  target=$(r "$STATE_FILE")
  [[ -f $target ]] || return 0
  while IFS= read -r line; do
    if [[ $line =~ ^([a-z0-9_]+)=(.*)$ ]]; then
      STATE[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
    fi
  done <"$target"
}

# Remember KEY=VALUE for --uninstall, unless something was remembered for KEY already (the first value is the
# system's own, from before this installer touched it).
remember() { [[ -n ${STATE[$1]:-} ]] || STATE[$1]=$2; }

state_text() {
  local key
  echo "# What deploy/install.sh found and changed, so that --uninstall can put it back. Do not edit."
  for key in $(printf '%s\n' "${!STATE[@]}" | LC_ALL=C sort); do
    echo "$key=${STATE[$key]}"
  done
}

# The installation choices: given on the command line, else those of the installed appliance, else the defaults.
read_state
USER_NAME=${USER_NAME:-${STATE[user]:-companion}}
APP_DIR=${APP_DIR:-${STATE[app_dir]:-/opt/$APP}}
DATA_DIR=${DATA_DIR:-${STATE[data_dir]:-/var/lib/$APP}}
[[ $USER_NAME =~ ^[a-z_][a-z0-9_-]*$ ]] || die "--user $USER_NAME is not a valid user name"
for dir in "$APP_DIR" "$DATA_DIR"; do
  [[ $dir == /* ]] || die "$dir: give an absolute path"
done
if [[ -n ${STATE[user]:-} && ${STATE[user]} != "$USER_NAME" && $MODE != uninstall ]]; then
  die "the appliance runs as ${STATE[user]}; to change the user, run --uninstall first"
fi
STATE[user]=$USER_NAME
STATE[app_dir]=$APP_DIR
STATE[data_dir]=$DATA_DIR

# ------------------------------------------------------------------------------------------------ checks

debian_arch_of() {
  case $1 in
    aarch64 | arm64) echo arm64 ;;
    armv6l | armv7l | armhf) echo armhf ;;
    x86_64) echo amd64 ;;
    *) echo unknown ;;
  esac
}

check_architecture() {
  local kernel userland
  if [[ -n ${COMPANION_DEPLOY_ARCH:-} ]]; then
    ((TEST_MODE)) || die "COMPANION_DEPLOY_ARCH is only for tests (with --dry-run or --root); unset it"
    kernel=${COMPANION_DEPLOY_ARCH%%:*}
    userland=${COMPANION_DEPLOY_ARCH#*:}
    [[ $userland == "$COMPANION_DEPLOY_ARCH" ]] && userland=$(debian_arch_of "$kernel")
    say "architecture simulated for a test: $kernel kernel, $userland programs"
  else
    kernel=$(uname -m)
    userland=$(dpkg --print-architecture 2>/dev/null || debian_arch_of "$kernel")
  fi
  case $kernel/$userland in
    aarch64/arm64) same "64-bit ARM system ($kernel, $userland)" ;;
    aarch64/*)
      die "this system runs 32-bit programs ($userland) on a 64-bit kernel. Kivy publishes aarch64 (64-bit ARM)" \
        "wheels only, so the app cannot be installed here: flash the 64-bit Raspberry Pi OS (Bookworm) and run" \
        "this again."
      ;;
    armv6l/* | armv7l/* | */armhf)
      die "this is a 32-bit system ($kernel). Kivy publishes aarch64 (64-bit ARM) wheels only, so the app" \
        "cannot be installed here: flash the 64-bit Raspberry Pi OS (Bookworm) with Raspberry Pi Imager and run" \
        "this again. (A Pi 3B+, Pi 4, Pi 5 and Zero 2 W all run the 64-bit system.)"
      ;;
    *)
      die "this is not a 64-bit Raspberry Pi OS ($kernel, $userland): the appliance set-up is for a Raspberry Pi." \
        "To try the app on this computer, run: bash run.sh app"
      ;;
  esac
}

check_system() {
  local codename="" model="" root_fs=""
  if [[ -r $(r /etc/os-release) ]]; then
    codename=$(sed -n 's/^VERSION_CODENAME=//p' "$(r /etc/os-release)" | tr -d '"')
  fi
  case $codename in
    bookworm) same "Debian 12 (bookworm)" ;;
    trixie) warn "Debian 13 (trixie) is newer than the tested Bookworm; carrying on" ;;
    *) warn "not Raspberry Pi OS Bookworm (${codename:-unknown}): the steps are meant for Bookworm" ;;
  esac
  if [[ -r $(r /proc/device-tree/model) ]]; then
    model=$(tr -d '\0' <"$(r /proc/device-tree/model)")
  fi
  MODEL=$model
  case $model in
    *"Raspberry Pi 5"* | *"Raspberry Pi 4"* | *"Raspberry Pi 3 Model B Plus"* | *"Raspberry Pi Zero 2"*)
      same "$model"
      ;;
    *"Raspberry Pi"*) warn "$model is not one of the supported models (Pi 5, 4, 3B+, Zero 2 W); carrying on" ;;
    *) warn "this does not look like a Raspberry Pi (${model:-no /proc/device-tree/model}); carrying on" ;;
  esac
  if [[ -r $(r /proc/mounts) ]]; then
    root_fs=$(awk '$2 == "/" { fs = $3 } END { print fs }' "$(r /proc/mounts)")
  fi
  if [[ $root_fs == overlay ]]; then
    die "the read-only root overlay is on, so every change made now would vanish at the next reboot. Turn it" \
      "off (sudo raspi-config nonint do_overlayfs 1), reboot, run this again, and add --read-only-root to turn it" \
      "back on."
  fi
  if ((!TEST_MODE && EUID != 0)); then
    die "run it as root: sudo bash deploy/install.sh (or add --dry-run to see the plan first)"
  fi
}

# ------------------------------------------------------------------------------------------------ steps

install_packages() {
  local pkg line missing=()
  declare -A status=()
  for pkg in "${OPTIONAL_PACKAGES[@]}"; do
    if apt-cache show "$pkg" >/dev/null 2>&1; then
      PACKAGES+=("$pkg")
    else
      warn "$pkg is not offered by apt here: lgpio will come from PyPI into the app's venv"
    fi
  done
  while IFS= read -r line; do
    status[${line%% *}]=${line#* }
  done < <(dpkg-query -W -f='${Package} ${Status}\n' "${PACKAGES[@]}" 2>/dev/null || true)
  for pkg in "${PACKAGES[@]}"; do
    [[ ${status[$pkg]:-} == "install ok installed" ]] || missing+=("$pkg")
  done
  if ((${#missing[@]} == 0)); then
    same "Debian packages: ${PACKAGES[*]}"
    return 0
  fi
  change "apt-get update" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  change "apt-get install ${missing[*]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
}

user_exists() { grep -q "^$1:" "$(r /etc/passwd)" 2>/dev/null; }

# Whether USER is a member of GROUP: listed in /etc/group, or the group is the user's primary one.
in_group() {
  local user=$1 group=$2 gid members primary
  IFS=: read -r _ _ gid members < <(grep "^$group:" "$(r /etc/group)") || return 1
  [[ ,$members, == *",$user,"* ]] && return 0
  primary=$(awk -F: -v u="$user" '$1 == u { print $4 }' "$(r /etc/passwd)" 2>/dev/null)
  [[ -n $primary && $primary == "$gid" ]]
}

ensure_user() {
  local group add=() missing=()
  if user_exists "$USER_NAME"; then
    same "user $USER_NAME"
  else
    remember created_user "$USER_NAME"
    change "create system user $USER_NAME (home $DATA_DIR, no login shell)" useradd --system --user-group \
      --home-dir "$DATA_DIR" --no-create-home --shell /usr/sbin/nologin "$USER_NAME"
  fi
  for group in "${GROUPS_WANTED[@]}"; do
    if ! grep -q "^$group:" "$(r /etc/group)" 2>/dev/null; then
      missing+=("$group")
    elif ! in_group "$USER_NAME" "$group"; then
      add+=("$group")
    fi
  done
  ((${#missing[@]} == 0)) || warn "no group ${missing[*]} on this system (Raspberry Pi OS has them all)"
  if ((${#add[@]})); then
    local joined
    joined=$(
      IFS=,
      echo "${add[*]}"
    )
    [[ -n ${STATE[created_user]:-} ]] || remember added_groups "$joined"
    change "add $USER_NAME to groups ${add[*]}" usermod -a -G "$joined" "$USER_NAME"
  else
    same "$USER_NAME is in groups ${GROUPS_WANTED[*]}"
  fi
}

source_stamp() {
  (cd "$SRC" && find pyproject.toml companion editions hardware/devices.toml -type f ! -name '*.pyc' -print0 |
    LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}

ensure_venv() {
  local venv python stamp_file stamp
  venv=$(r "$APP_DIR/venv")
  python=$venv/bin/python
  stamp_file=$venv/.companion-source-stamp
  if [[ -x $python ]] && "$python" -c 'import sys' >/dev/null 2>&1; then
    same "virtual environment $APP_DIR/venv"
  else
    ((DRY)) || rm -rf "$venv"
    change "create the virtual environment $APP_DIR/venv (with the system's packages, for lgpio)" \
      python3 -m venv --system-site-packages "$venv"
  fi
  stamp=$(source_stamp)
  if [[ $MODE == update || ! -f $stamp_file || $(<"$stamp_file") != "$stamp" ]]; then
    change "pip install the app from $SRC into $APP_DIR/venv" "$python" -m pip install -q --upgrade "$SRC"
    change "reinstall the app itself from this checkout" \
      "$python" -m pip install -q --force-reinstall --no-deps "$SRC"
    ((DRY)) || printf '%s\n' "$stamp" >"$stamp_file"
    APP_CHANGED=1
  else
    same "the app in $APP_DIR/venv matches this checkout"
  fi
  if ((DRY)) && [[ ! -x $python ]]; then
    echo "+ make sure gpiozero's lgpio imports in the venv (python3-lgpio through the system's packages, else" \
      "pip install lgpio)"
  elif "$python" -c 'import lgpio' >/dev/null 2>&1; then
    same "lgpio imports in the venv"
  else
    change "pip install lgpio (gpiozero's pin driver, needed on a Pi 5)" "$python" -m pip install -q lgpio
  fi
}

kiosk_text() {
  local file changes=("${KIOSK_CHANGES[@]}")
  file=$(r "$ETC_DIR/kiosk.toml")
  # The data folder is the installer's choice (the service's unit depends on it too).
  changes=("data_dir=\"$DATA_DIR\"" "${changes[@]}")
  if [[ ! -f $file ]]; then
    # First install: no screen animations on the Pi 3 generation.
    case $MODEL in
      *"Raspberry Pi 3"* | *"Raspberry Pi Zero 2"*) changes=("transitions=false" "${changes[@]}") ;;
    esac
  fi
  local args=(render)
  [[ -f $file ]] && args+=(--file "$file")
  PYTHONPATH=$SRC python3 -m companion.kiosk "${args[@]}" "${changes[@]}"
}

devices_text() {
  cat <<EOF
# The table's own device settings: only what differs from the shipped defaults (hardware/devices.toml, whose
# comments explain every key). Read after them, key by key. Example:
#
# [gpio]
# seats = [5, 6]
# turn_lamps = [23, 24]
#
# [serial]
# mode = "off"
EOF
}

fstab_text() {
  local fstab line marker="# $APP data (deploy/install.sh)" skip=0 out=()
  fstab=$(r /etc/fstab)
  if [[ -f $fstab ]]; then
    while IFS= read -r line; do
      if ((skip)); then
        skip=0
        continue
      fi
      if [[ $line == "$marker" ]]; then
        skip=1
        continue
      fi
      out+=("$line")
    done <"$fstab"
  fi
  if [[ -n $DATA_DEVICE ]]; then
    out+=("$marker")
    out+=("$DATA_DEVICE $DATA_DIR auto defaults,noatime,nofail,x-systemd.device-timeout=10s 0 2")
  fi
  printf '%s\n' "${out[@]}"
}

cmdline_file() {
  local file
  for file in /boot/firmware/cmdline.txt /boot/cmdline.txt; do
    [[ -f $(r "$file") ]] && {
      echo "$file"
      return 0
    }
  done
  echo /boot/firmware/cmdline.txt
}

ensure_read_only_root() {
  local file text
  file=$(cmdline_file)
  text=$(cat "$(r "$file")" 2>/dev/null || true)
  if [[ $text != *overlayroot=* ]]; then
    change "turn on the read-only root overlay (raspi-config nonint do_overlayfs 0)" raspi-config nonint do_overlayfs 0
    NEED_REBOOT=1
    if ((DRY)); then
      echo "+ set overlayroot=tmpfs:recurse=0 in $file"
      return 0
    fi
    text=$(cat "$(r "$file")")
  fi
  # Bookworm's overlayroot makes every mounted file system read-only unless told otherwise (recurse=0): the data
  # partition must stay writable.
  if [[ $text == *overlayroot=tmpfs:recurse=0* ]]; then
    same "the overlay leaves other partitions writable (overlayroot=tmpfs:recurse=0 in $file)"
  elif [[ $text == *overlayroot=tmpfs* ]]; then
    write_file "$file" keep "${text/overlayroot=tmpfs/overlayroot=tmpfs:recurse=0}"
    NEED_REBOOT=1
  else
    warn "$file sets overlayroot to something other than tmpfs: left as it is; make sure it has recurse=0"
  fi
}

ensure_systemd() {
  local current
  if [[ $(systemctl is-enabled "$UNIT" 2>/dev/null || true) == enabled ]]; then
    same "$UNIT enabled"
  else
    change "systemctl enable $UNIT" systemctl enable "$UNIT"
  fi
  current=$(systemctl get-default 2>/dev/null || echo unknown)
  if [[ $current == graphical.target ]]; then
    remember previous_default_target "$current"
    change "boot to the console, not the desktop (systemctl set-default multi-user.target)" \
      systemctl set-default multi-user.target
    NEED_REBOOT=1
  else
    same "boots to $current (no desktop)"
  fi
  if [[ $(systemctl is-enabled getty@tty1.service 2>/dev/null || true) == enabled ]]; then
    remember getty_tty1 enabled
    change "systemctl disable getty@tty1.service (the app takes tty1)" systemctl disable getty@tty1.service
  else
    same "no login prompt on tty1"
  fi
}

start_app() {
  if ((!START)); then
    same "not started now (--no-start)"
  elif ((NEED_REBOOT)); then
    say "reboot to start the appliance: sudo reboot"
  elif [[ $(systemctl is-active display-manager.service 2>/dev/null || true) == active ]]; then
    say "a desktop is running on the screen: reboot to start the appliance (sudo reboot)"
  elif ((RESTART)) && [[ $(systemctl is-active "$UNIT" 2>/dev/null || true) == active ]]; then
    change "systemctl restart $UNIT" systemctl restart "$UNIT"
  elif [[ $(systemctl is-active "$UNIT" 2>/dev/null || true) != active ]]; then
    change "systemctl start $UNIT" systemctl start "$UNIT"
  else
    same "$UNIT running"
  fi
}

# A new data partition would be mounted over the data folder and hide the games already saved there.
check_data_device() {
  local target
  target=$(r "$DATA_DIR")
  [[ -n $DATA_DEVICE ]] || return 0
  grep -q "^# $APP data" "$(r /etc/fstab)" 2>/dev/null && return 0
  if [[ -d $target ]] && ! mountpoint -q "$target" && [[ -n $(ls -A "$target") ]]; then
    die "$DATA_DIR already holds saved games, which the new partition would hide. Copy them onto the partition" \
      "first (deploy/README.md, \"Read-only root\"), or back them up (sudo $APP-backup) and empty the folder."
  fi
}

set_up() {
  local kiosk units_changed=0 rules_changed=0
  NEED_REBOOT=0
  RESTART=0
  APP_CHANGED=0
  check_architecture
  check_system
  check_data_device
  # The settings first: a bad --rotation or --touch stops here, before anything is changed.
  kiosk=$(kiosk_text) || die "fix the settings above and run this again"
  install_packages
  ensure_user
  ensure_dir "$APP_DIR" 755 root:root
  ensure_dir "$APP_DIR/bin" 755 root:root
  ensure_dir "$ETC_DIR" 755 root:root
  ensure_dir "$DATA_DIR" 750 "$USER_NAME:$USER_NAME"
  if [[ -n $DATA_DEVICE ]]; then
    remember data_device "$DATA_DEVICE"
    write_file /etc/fstab 644 "$(fstab_text)"
    if ((CHANGED)) || ! mountpoint -q "$(r "$DATA_DIR")"; then
      change "systemctl daemon-reload (for the fstab entry)" systemctl daemon-reload
      change "mount $DATA_DEVICE on $DATA_DIR" mount "$(r "$DATA_DIR")"
      if ((DRY)); then
        echo "+ give the partition's top folder to $USER_NAME:$USER_NAME, mode 750"
      else
        ensure_dir "$DATA_DIR" 750 "$USER_NAME:$USER_NAME"
      fi
    fi
  fi
  ensure_venv
  write_file "$ETC_DIR/kiosk.toml" 644 "$kiosk"
  if ((CHANGED)); then
    grep -v -e '^#' -e '^$' <<<"$kiosk" | sed 's/^/    /'
  fi
  RESTART=$((RESTART | CHANGED | APP_CHANGED))
  if [[ ! -f $(r "$ETC_DIR/devices.toml") ]]; then
    write_file "$ETC_DIR/devices.toml" 644 "$(devices_text)"
  else
    same "$ETC_DIR/devices.toml (the owner's; never overwritten)"
  fi
  write_file "/etc/systemd/system/$UNIT" 644 "$(render_template "$DEPLOY/$UNIT.in")"
  units_changed=$((units_changed | CHANGED))
  write_file "/etc/systemd/system/$USB_UNIT" 644 "$(render_template "$DEPLOY/$USB_UNIT.in")"
  units_changed=$((units_changed | CHANGED))
  write_file "$RULES" 644 "$(<"$DEPLOY/99-$APP.rules")"
  rules_changed=$CHANGED
  write_file "$APP_DIR/bin/usb-stick" 755 "$(<"$DEPLOY/usb-stick.sh")"
  write_file "$BACKUP_COMMAND" 755 "$(<"$DEPLOY/backup.sh")"
  if ((units_changed)); then
    change "systemctl daemon-reload" systemctl daemon-reload
    RESTART=1
  fi
  if ((rules_changed)); then
    change "udevadm control --reload-rules" udevadm control --reload-rules
    change "udevadm trigger for the backlight" udevadm trigger --subsystem-match=backlight --action=add
  fi
  ensure_systemd
  ((READ_ONLY)) && ensure_read_only_root
  write_file "$STATE_FILE" 644 "$(state_text)"
  start_app
  if ((DRY)); then
    say "dry run: nothing was changed"
  else
    say "done. Logs: journalctl -u $UNIT -f; settings: $ETC_DIR/kiosk.toml; backups: sudo $APP-backup"
  fi
}

take_down() {
  local target removed=0
  check_system
  if [[ $(systemctl is-enabled "$UNIT" 2>/dev/null || true) == enabled ]]; then
    change "systemctl disable $UNIT" systemctl disable "$UNIT"
  fi
  if [[ $(systemctl is-active "$UNIT" 2>/dev/null || true) == active ]]; then
    change "systemctl stop $UNIT" systemctl stop "$UNIT"
  fi
  for target in "/etc/systemd/system/$UNIT" "/etc/systemd/system/$USB_UNIT" "$RULES" "$BACKUP_COMMAND"; do
    if [[ -e $(r "$target") ]]; then
      change "remove $target" rm -f "$(r "$target")"
      removed=1
    fi
  done
  if ((removed)); then
    change "systemctl daemon-reload" systemctl daemon-reload
    change "udevadm control --reload-rules" udevadm control --reload-rules
  fi
  if [[ -n ${STATE[previous_default_target]:-} ]]; then
    change "boot to ${STATE[previous_default_target]} again" systemctl set-default "${STATE[previous_default_target]}"
  fi
  if [[ -n ${STATE[getty_tty1]:-} ]]; then
    change "systemctl enable getty@tty1.service (a login prompt on tty1 again)" systemctl enable getty@tty1.service
  fi
  if grep -q "^# $APP data" "$(r /etc/fstab)" 2>/dev/null; then
    DATA_DEVICE=""
    write_file /etc/fstab 644 "$(fstab_text)"
  fi
  for target in "$APP_DIR" "$ETC_DIR"; do
    [[ -e $(r "$target") ]] && change "remove $target" rm -rf "$(r "$target")"
  done
  if [[ -n ${STATE[created_user]:-} ]] && user_exists "${STATE[created_user]}"; then
    change "remove user ${STATE[created_user]}" userdel "${STATE[created_user]}"
  elif [[ -n ${STATE[added_groups]:-} ]]; then
    local group
    for group in ${STATE[added_groups]//,/ }; do
      change "take $USER_NAME out of group $group" gpasswd -d "$USER_NAME" "$group"
    done
  fi
  target=$(r "$DATA_DIR")
  if ((PURGE)) && [[ -d $target ]]; then
    change "delete the saved games and box profiles in $DATA_DIR" find "$target" -mindepth 1 -delete
    mountpoint -q "$target" || change "remove $DATA_DIR" rmdir "$target"
  elif ((!PURGE)); then
    say "kept the saved games and box profiles in $DATA_DIR (--purge deletes them); Debian packages are kept"
  fi
  ((!DRY)) || say "dry run: nothing was changed"
}

MODEL=""
if ((DRY)); then
  say "dry run: the plan for this system (nothing is changed)"
fi
case $MODE in
  install | update) set_up ;;
  uninstall) take_down ;;
esac
