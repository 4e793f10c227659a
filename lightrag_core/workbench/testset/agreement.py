"""Whether a generated set ranks the modes as human questions do: Spearman's rho over the modes' scores."""

from __future__ import annotations

from dataclasses import dataclass


def ranks(values: list[float]) -> list[float]:
    """1-based ranks, highest value first; ties share the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            out[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation (Pearson's over tie-averaged ranks); 0.0 when either side is constant."""
    if len(a) != len(b) or len(a) < 2:
        raise ValueError("two lists of equal length, at least two values each")
    ra, rb = ranks(a), ranks(b)
    mean_a, mean_b = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - mean_a) * (y - mean_b) for x, y in zip(ra, rb))
    var_a = sum((x - mean_a) ** 2 for x in ra)
    var_b = sum((y - mean_b) ** 2 for y in rb)
    return cov / (var_a * var_b) ** 0.5 if var_a and var_b else 0.0


@dataclass
class Agreement:
    metric: str
    rho: float
    top: tuple[str, str]  # (human, generated): the best mode on each
    bottom: tuple[str, str]

    @property
    def same_top(self) -> bool:
        return self.top[0] == self.top[1]


def agreement(human: dict[str, dict[str, float]], generated: dict[str, dict[str, float]], metric: str) -> Agreement:
    """How two evaluation reports (mode -> figures) agree on `metric` over the modes both hold."""
    modes = [m for m in human if m in generated]
    h = [human[m][metric] for m in modes]
    g = [generated[m][metric] for m in modes]
    best = (max(modes, key=lambda m: human[m][metric]), max(modes, key=lambda m: generated[m][metric]))
    worst = (min(modes, key=lambda m: human[m][metric]), min(modes, key=lambda m: generated[m][metric]))
    return Agreement(metric, round(spearman(h, g), 3), best, worst)
