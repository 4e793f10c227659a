"""What an indexing run did: documents processed, skipped and failed, counts, and seconds per stage."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class IndexReport:
    processed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    chunks: int = 0
    entities: int = 0
    relations: int = 0
    seconds: float = 0.0
    stages: dict[str, float] = field(default_factory=dict)  # seconds per stage, in pipeline order

    def summary(self) -> str:
        return (
            f"{len(self.processed)} indexed, {len(self.skipped)} unchanged, {len(self.failed)} failed; "
            f"{self.chunks} chunks, {self.entities} entity and {self.relations} relation updates "
            f"in {self.seconds:.1f}s"
        )

    def stage_summary(self) -> str:
        return ", ".join(f"{name} {sec:.1f}s" for name, sec in self.stages.items())

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.stages[stage] = self.stages.get(stage, 0.0) + time.perf_counter() - start
