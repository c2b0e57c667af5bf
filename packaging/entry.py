"""Entry point of the frozen app: ``warroom`` commands, editor when started without any."""

import sys

from gamecore.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["edit"]))
