#!/usr/bin/env bash
# Build a wheel of Dealer Trainer into dist/ (trainer/resources/ travels as package data).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip wheel --no-deps -w dist .
ls -l dist/
