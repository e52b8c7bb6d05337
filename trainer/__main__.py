"""``python -m trainer``: the same as the ``dealer-trainer`` command."""

import sys

from trainer.cli import main

sys.exit(main())
