"""Build tools that live beside the game core and are not shipped with it."""
