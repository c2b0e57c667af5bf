"""gamecore.sim.playtest — batch playtests: games with bots, run locally or on a Dask
cluster, kept in a resumable results file, summarised into a balance report.

Entry points: :func:`run_playtest` (a batch), :func:`play_game` (one game, one record),
:func:`summarise` (the numbers), :func:`write_report` (HTML + PNG charts), :func:`smoke`
(a few short games looking for crashes, for the validator).
"""

from gamecore.sim.playtest.game import (
    DEFAULT_ROUND_CAP,
    game_seed,
    play_game,
    round_cap,
    summarise_log,
)
from gamecore.sim.playtest.report import write_report
from gamecore.sim.playtest.results import (
    PlaytestParams,
    ResultsFile,
    default_results_path,
    scenario_hash,
)
from gamecore.sim.playtest.run import (
    PlaytestRun,
    Progress,
    check_params,
    run_playtest,
    side_labels,
)
from gamecore.sim.playtest.smoke import SmokeProblem, smoke
from gamecore.sim.playtest.stats import (
    benjamini_hochberg,
    binomial_tail,
    decisive_battles,
    fisher_exact,
    games_to_tell,
    heatmap_values,
    summarise,
    wilson,
)

__all__ = [
    "DEFAULT_ROUND_CAP",
    "PlaytestParams",
    "Progress",
    "benjamini_hochberg",
    "fisher_exact",
    "games_to_tell",
    "round_cap",
    "side_labels",
    "PlaytestRun",
    "ResultsFile",
    "SmokeProblem",
    "binomial_tail",
    "check_params",
    "decisive_battles",
    "default_results_path",
    "game_seed",
    "heatmap_values",
    "play_game",
    "run_playtest",
    "scenario_hash",
    "smoke",
    "summarise",
    "summarise_log",
    "wilson",
    "write_report",
]
