"""The one seeded generator of a game (docs/architecture.md, Invariant 4).

SplitMix64 in pure integer arithmetic: the same seed gives the same numbers on every
machine and Python version, and the whole state is one integer, so cloning a game state
costs nothing. (Not for cryptography; plenty for dice.)
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0, draws: int = 0):
        self.state = (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & _MASK
        self.draws = draws

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        r.draws = self.draws
        return r

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        self.draws += 1
        return z ^ (z >> 31)

    def randint(self, lo: int, hi: int) -> int:
        """Uniform in [lo, hi] (inclusive), without modulo bias."""
        span = hi - lo + 1
        if span <= 0:
            raise ValueError("empty range")
        limit = (1 << 64) - ((1 << 64) % span)
        while True:
            x = self.next64()
            if x < limit:
                return lo + x % span

    def roll(self, sides: int) -> int:
        return self.randint(1, sides)

    def rolls(self, n: int, sides: int) -> list[int]:
        return [self.randint(1, sides) for _ in range(n)]

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.randint(0, len(seq) - 1)]
