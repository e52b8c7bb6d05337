"""The bundle's dealer-trainer-gui: the application, no console window (packaging/dealer-trainer.spec)."""

import sys

from trainer.gui import main

if __name__ == "__main__":
    sys.exit(main())
