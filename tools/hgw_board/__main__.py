"""``python -m tools.hgw_board OUT.warroom``: rebuild the Hitler's Global War Barbarossa pack."""

import sys

from tools.hgw_board.build import main

sys.exit(main())
