#!/usr/bin/env bash
# make test-display: the tests marked "display" (focus, window activation, key routing, real
# fonts) in real windows: an Xvfb X server, Qt's xcb platform and the openbox window manager.
# Installs what is missing from Debian's packages when run as root; otherwise says what to install.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PYTHON:-.venv/bin/python}

missing=()
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb xauth)
command -v openbox >/dev/null 2>&1 || missing+=(openbox)
# the system libraries Qt's xcb plugin loads (trainer/display_check.py names them)
while read -r pkg; do [ -n "$pkg" ] && missing+=("$pkg"); done < <("$PY" -m trainer.display_check)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test-display: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "test-display needs these Debian/Ubuntu packages: ${missing[*]}" >&2
    echo "install them with: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

exec xvfb-run -a -s "-screen 0 1920x1080x24" bash -c '
  openbox >/dev/null 2>&1 &
  wm=$!
  sleep 1
  set +e
  QT_QPA_PLATFORM=xcb SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy DEALER_TRAINER_DISPLAY_LANE=1 \
    "$0" -m pytest -q -m display tests/display tests/gui "$@"
  rc=$?
  kill $wm 2>/dev/null
  exit $rc
' "$PY" "$@"
