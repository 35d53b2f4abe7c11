#!/usr/bin/env bash
# Stand-ins for the system commands deploy/install.sh runs, so that it can set up a pretend Raspberry Pi in a folder
# (tests/deploy/fakesys.py puts one link per command on PATH). Every call is logged; what the commands change lives
# in the pretend root ($FAKESYS_ROOT: etc/passwd, etc/group, boot/firmware/cmdline.txt) and in $FAKESYS_DIR:
# pkg/installed/NAME, pkg/available/NAME, systemd/enabled/UNIT, systemd/active/UNIT, systemd/default,
# owners/PATH and mounts/PATH (with "/" written as "%"). Written in shell, not Python, to keep the tests fast.
set -euo pipefail

fake=${FAKESYS_DIR:?}
root=${FAKESYS_ROOT:?}
name=${0##*/}
if [[ $name == fakesys.sh ]]; then
  name=$1
  shift
fi
# What is not faked goes straight to the real program, unlogged.
if [[ $name == stat && "${1:-} ${2:-}" != "-c %a %U:%G" ]]; then
  exec /usr/bin/stat "$@"
elif [[ $name == python3 && "${1:-} ${2:-}" != "-m venv" ]]; then
  exec "${FAKESYS_PYTHON:?}" "$@"
fi
{
  printf '%s' "$name"
  printf '\t%s' "$@"
  printf '\n'
} >>"$fake/log"

key() { printf '%s' "${1//\//%}"; }

# Add (or, with "-", remove) USER to GROUP's member list in etc/group.
edit_group() {
  local group=$1 user=$2 how=$3 tmp
  tmp=$(mktemp)
  awk -F: -v OFS=: -v g="$group" -v u="$user" -v how="$how" '
    $1 == g {
      n = split($4, m, ","); out = ""
      for (i = 1; i <= n; i++) if (m[i] != "" && m[i] != u) out = out (out == "" ? "" : ",") m[i]
      if (how == "+") out = out (out == "" ? "" : ",") u
      $4 = out
    }
    { print }' "$root/etc/group" >"$tmp"
  mv "$tmp" "$root/etc/group"
}

case $name in
  apt-get)
    if [[ ${1:-} == install ]] || [[ " $* " == *" install "* ]]; then
      seen=0
      for arg in "$@"; do
        if ((seen)) && [[ $arg != -* ]]; then
          touch "$fake/pkg/installed/$arg"
        fi
        if [[ $arg == install ]]; then
          seen=1
        fi
      done
    fi
    ;;
  apt-cache) [[ -e $fake/pkg/available/${*: -1} || -e $fake/pkg/installed/${*: -1} ]] || exit 100 ;;
  dpkg-query) # -W -f='${Package} ${Status}\n' PACKAGE...
    code=0
    for arg in "$@"; do
      [[ $arg == -* ]] && continue
      if [[ -e $fake/pkg/installed/$arg ]]; then
        echo "$arg install ok installed"
      else
        code=1
      fi
    done
    exit "$code"
    ;;
  useradd)
    user=${*: -1}
    home=""
    while (($#)); do
      [[ $1 == --home-dir ]] && home=$2
      shift
    done
    uid=$(awk -F: 'BEGIN { m = 999 } $3 < 1000 && $3 > m { m = $3 } END { print m + 1 }' "$root/etc/passwd")
    echo "$user:x:$uid:$uid::$home:/usr/sbin/nologin" >>"$root/etc/passwd"
    echo "$user:x:$uid:" >>"$root/etc/group"
    ;;
  usermod) # -a -G GROUP,GROUP USER
    user=${*: -1}
    IFS=, read -ra groups <<<"$3"
    for group in "${groups[@]}"; do
      edit_group "$group" "$user" +
    done
    ;;
  gpasswd) edit_group "$3" "$2" - ;; # -d USER GROUP
  userdel)
    grep -v "^${1}:" "$root/etc/passwd" >"$root/etc/passwd.new" || true
    mv "$root/etc/passwd.new" "$root/etc/passwd"
    ;;
  systemctl)
    verb=$1
    unit=${2:-}
    case $verb in
      is-enabled)
        state=$(cat "$fake/systemd/enabled/$unit" 2>/dev/null || echo not-found)
        echo "$state"
        [[ $state == enabled ]]
        ;;
      is-active)
        state=$(cat "$fake/systemd/active/$unit" 2>/dev/null || echo inactive)
        echo "$state"
        [[ $state == active ]] || exit 3
        ;;
      get-default) cat "$fake/systemd/default" ;;
      set-default) echo "$unit" >"$fake/systemd/default" ;;
      enable | disable) echo "${verb}d" >"$fake/systemd/enabled/$unit" ;;
      start | restart) echo active >"$fake/systemd/active/$unit" ;;
      stop) echo inactive >"$fake/systemd/active/$unit" ;;
    esac
    ;;
  raspi-config) # nonint do_overlayfs 0
    cmdline=$root/boot/firmware/cmdline.txt
    echo "$(cat "$cmdline" 2>/dev/null) overlayroot=tmpfs" >"$cmdline"
    ;;
  chown) echo "$1" >"$fake/owners/$(key "$2")" ;;
  stat) # -c '%a %U:%G' PATH
    owner=$(cat "$fake/owners/$(key "$3")" 2>/dev/null) || exec /usr/bin/stat "$@"
    echo "$(/usr/bin/stat -c %a "$3") $owner"
    ;;
  mount) touch "$fake/mounts/$(key "${*: -1}")" ;;
  mountpoint) [[ -e $fake/mounts/$(key "${*: -1}") ]] ;;
  python3) # -m venv --system-site-packages DIR
    venv=${*: -1}
    mkdir -p "$venv/bin"
    printf '#!/bin/sh\nFAKESYS_VENV=%q exec %q venv-python "$@"\n' "$venv" "$(readlink -f "${BASH_SOURCE[0]}")" >"$venv/bin/python"
    chmod 755 "$venv/bin/python"
    ;;
  venv-python)
    venv=${FAKESYS_VENV:?}
    if [[ ${1:-} == -m && ${2:-} == pip ]]; then
      if [[ " $* " == *" lgpio "* ]]; then
        touch "$venv/lgpio-installed"
      else
        printf '#!/bin/sh\n' >"$venv/bin/companion"
        chmod 755 "$venv/bin/companion"
      fi
    elif [[ $* == "-c import lgpio" ]]; then
      [[ -e $venv/lgpio-installed ]]
    else
      exec "${FAKESYS_PYTHON:?}" "$@"
    fi
    ;;
  udevadm) ;;
  dpkg) echo arm64 ;;
  *)
    echo "fakesys: no stand-in for $name" >&2
    exit 127
    ;;
esac
