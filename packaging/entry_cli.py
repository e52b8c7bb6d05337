"""The bundle's dealer-trainer: the command line, in a console (packaging/dealer-trainer.spec)."""

import sys

from trainer.cli import main

if __name__ == "__main__":
    sys.exit(main())
