#!/usr/bin/env bash
# Build a wheel of Dealer Trainer into dist/ (resources/ travels as data files).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip wheel --no-deps -w dist .
ls -l dist/
