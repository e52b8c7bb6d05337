#!/usr/bin/env bash
# Linux bundle: add Dealer Trainer to the desktop's application menu, with its icon.
#   ./install-desktop-entry.sh            for this user (~/.local/share)
#   sudo ./install-desktop-entry.sh --all for every user of the station (/usr/local/share)
# Run it from the unpacked bundle's folder, where it stays (the entry starts the program there).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
share="${XDG_DATA_HOME:-$HOME/.local/share}"
if [ "${1:-}" = "--all" ]; then share=/usr/local/share; fi
mkdir -p "$share/applications" "$share/icons/hicolor/512x512/apps"
install -m 644 "$here/dealer-trainer.png" "$share/icons/hicolor/512x512/apps/dealer-trainer.png"
sed "s|^Exec=.*|Exec=\"$here/dealer-trainer-gui\"|" "$here/dealer-trainer.desktop" > "$share/applications/dealer-trainer.desktop"
chmod 644 "$share/applications/dealer-trainer.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$share/icons/hicolor" || true
echo "Dealer Trainer is in the applications menu ($share/applications/dealer-trainer.desktop)."
