"""The map canvas: scene with one item per layer, the view, map modes and styles."""
