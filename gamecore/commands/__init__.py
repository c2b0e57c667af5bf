"""One module per ``warroom`` subcommand; each defines ``register(subparsers)``."""
