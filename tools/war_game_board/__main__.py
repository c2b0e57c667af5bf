"""``python -m tools.war_game_board OUT.warroom``: rebuild the War Game pack."""

import sys

from tools.war_game_board.build import main

sys.exit(main())
