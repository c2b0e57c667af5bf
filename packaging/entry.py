"""Entry point of the frozen app: ``warroom`` commands, editor when started without any.

``multiprocessing.freeze_support()`` comes first: a playtest with ``--jobs N`` starts its
worker processes by running this same binary (the "spawn" start method), and those
runs must become workers instead of parsing ``-c …`` as a warroom command.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from editor.cli import main

    sys.exit(main(sys.argv[1:] or ["edit"]))
