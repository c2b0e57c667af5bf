"""The board out of Warroom: renders (PDF sheets, SVG, PNG), print-and-play pages and File › Export › Board."""
