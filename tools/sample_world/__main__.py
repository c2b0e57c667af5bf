"""``python -m tools.sample_world OUT.warroom``: rebuild the sample pack."""

import sys

from tools.sample_world.build import main

sys.exit(main())
