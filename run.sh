#!/usr/bin/env bash
# Set up and run the Star Wars Monopoly companion. Needs only python3 (>= 3.11) on Debian 12 or
# 64-bit Raspberry Pi OS; everything else is installed on first use:
#
#   bash run.sh app  [ARGS...]   start the app (ARGS are passed on to `companion app`, e.g. --fullscreen)
#   bash run.sh test [ARGS...]   lint, then run the whole test suite headless (ARGS are passed on to pytest)
#
# Debian packages are installed only when dpkg says they are missing (as root, or through sudo).
# The virtualenv is .venv; it is re-installed only when pyproject.toml changes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

export PIP_DISABLE_PIP_VERSION_CHECK=1
VENV=.venv
STAMP="$VENV/.companion-install-stamp"
PYTHON=${PYTHON:-python3}

# Kivy's wheel bundles SDL2 but dlopens GL/EGL/X11 from the system; without libmtdev1 Kivy logs a
# traceback at every start.
RUNTIME_PACKAGES=(libgl1 libgl1-mesa-dri libegl1 libegl-mesa0 libgles2 libx11-6 libxext6 libxcursor1
  libxi6 libxrandr2 libxss1 libmtdev1)
# chromium (with a font) takes the phone pages' screenshots at phone size (tests/web/test_browser.py);
# shellcheck and systemd-analyze (package systemd) check deploy/ (tests/deploy/test_units.py).
TEST_PACKAGES=(xvfb xauth chromium fonts-dejavu-core shellcheck systemd)
VENV_PACKAGES=(python3-venv python3-pip-whl)

say() { echo "run.sh: $*" >&2; }
die() {
  say "$*"
  exit 1
}

usage() {
  cat >&2 <<'EOF'
usage: bash run.sh app  [ARGS...]   start the companion app
       bash run.sh test [ARGS...]   lint and run the test suite headless (ARGS go to pytest)
EOF
  exit 2
}

# Print the packages among "$@" that dpkg does not list as installed.
missing_packages() {
  local pkg status
  for pkg in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || echo "$pkg"
  done
}

# Install the Debian packages among "$@" that are missing; do nothing when all are there.
ensure_packages() {
  local -a need sudo=()
  if ! command -v dpkg-query >/dev/null 2>&1; then
    say "not a Debian system: make sure these (or your system's equivalents) are installed: $*"
    return 0
  fi
  mapfile -t need < <(missing_packages "$@")
  ((${#need[@]})) || return 0
  if ((EUID != 0)); then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      die "missing Debian packages: ${need[*]}. Install them as root (apt-get install ${need[*]}) and re-run."
    fi
  fi
  say "installing Debian packages: ${need[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq ||
    say "apt-get update failed; trying the install with the package lists already on this machine"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null ||
    die "could not install Debian packages: ${need[*]}"
}

venv_works() {
  [[ -x $VENV/bin/python && -x $VENV/bin/pip ]] && "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1
}

# Create .venv when it is missing or broken (for example made by a Python that has since gone).
ensure_venv() {
  command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found: install Python 3.11 or newer (apt-get install python3)"
  "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    die "Python 3.11 or newer is needed; $PYTHON is $("$PYTHON" -V 2>&1)"
  venv_works && return 0
  rm -rf "$VENV"
  # Debian's python3 ships without ensurepip; python3-venv (with python3-pip-whl) brings it.
  if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    ensure_packages "${VENV_PACKAGES[@]}"
  fi
  say "creating $VENV"
  if ! "$PYTHON" -m venv "$VENV"; then
    rm -rf "$VENV"
    die "could not create $VENV with $PYTHON (on Debian: apt-get install ${VENV_PACKAGES[*]})"
  fi
}

# pip install the project (editable) with the extras the mode needs, unless pyproject.toml is unchanged
# since the last successful install.
ensure_installed() {
  local mode=$1 hash stamp=""
  hash=$(sha256sum pyproject.toml | cut -d' ' -f1)
  [[ -f $STAMP ]] && stamp=$(<"$STAMP")
  if [[ $stamp == "$hash test" || ($mode == app && $stamp == "$hash app") ]]; then
    return 0
  fi
  local target=.
  [[ $mode == test ]] && target=".[test]"
  say "installing Python packages into $VENV (pip install -e \"$target\")"
  rm -f "$STAMP"
  "$VENV/bin/python" -m pip install -q -e "$target" || die "pip install -e \"$target\" failed"
  echo "$hash $mode" >"$STAMP"
}

run_app() {
  ensure_packages "${RUNTIME_PACKAGES[@]}"
  ensure_venv
  ensure_installed app
  export KIVY_NO_ARGS=1
  exec "$VENV/bin/companion" app "$@"
}

run_tests() {
  ensure_packages "${RUNTIME_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
  ensure_venv
  ensure_installed test

  local scratch rc
  scratch=$(mktemp -d -t companion-test.XXXXXX)
  # shellcheck disable=SC2064  # expand now: the trap must remove this run's folder
  trap "rm -rf '$scratch'" EXIT
  mkdir "$scratch/kivy" "$scratch/data"
  export KIVY_NO_ARGS=1 KIVY_NO_CONSOLELOG=1 KIVY_NO_FILELOG=1 KIVY_WINDOW=sdl2 KIVY_LOG_MODE=PYTHON
  export KIVY_HOME="$scratch/kivy" GPIOZERO_PIN_FACTORY=mock
  export COMPANION_DATA_DIR="$scratch/data" # tests never touch the real game journal
  # pytest-xvfb starts its own Xvfb; SDL must not pick another display or driver.
  unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER KIVY_GL_BACKEND

  local -a lint=()
  local path
  for path in companion tests bench conftest.py; do
    [[ -e $path ]] && lint+=("$path")
  done
  say "ruff check ${lint[*]}"
  "$VENV/bin/ruff" check --quiet "${lint[@]}" || die "ruff found problems (see above)"
  say "mypy companion (strict for companion/engine and companion/rules: see pyproject.toml)"
  "$VENV/bin/mypy" companion || die "mypy found problems (see above)"

  # One worker per CPU (pytest-xdist); `bash run.sh test -n 0 ...` runs in this one process (e.g. with -s).
  set +e
  "$VENV/bin/python" -m pytest -p no:cacheprovider -n auto "$@"
  rc=$?
  set -e
  if ((rc == 5)); then
    die "pytest collected no tests"
  fi
  return "$rc"
}

(($#)) || usage
mode=$1
shift
case $mode in
  app) run_app "$@" ;;
  test) run_tests "$@" ;;
  -h | --help | help) usage ;;
  *)
    say "unknown command: $mode"
    usage
    ;;
esac
