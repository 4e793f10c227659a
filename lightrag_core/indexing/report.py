"""What an indexing run did: documents processed, skipped and failed, what extraction kept and dropped
per document, counts, and seconds per stage."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


@dataclass
class ExtractionNotes:
    """Record lines an extractor dropped (by reason) and things it kept but flagged."""

    dropped: Counter[str] = field(default_factory=Counter)
    flags: Counter[str] = field(default_factory=Counter)

    @staticmethod
    def total(parts: Iterable[ExtractionNotes]) -> ExtractionNotes:
        out = ExtractionNotes()
        for part in parts:
            out.dropped.update(part.dropped)
            out.flags.update(part.flags)
        return out


@dataclass
class DocumentOutcome:
    """Extraction records kept and dropped for one document, before merging."""

    entities: int = 0
    relations: int = 0
    notes: ExtractionNotes = field(default_factory=ExtractionNotes)
    source: str = ""  # the file or title, for people who do not know documents by id
    cleaned: str = ""  # what the loader left out of the file

    @property
    def dropped(self) -> int:
        return sum(self.notes.dropped.values())

    def describe(self) -> str:
        text = f"kept {self.entities} entity and {self.relations} relation records"
        if self.dropped:
            reasons = ", ".join(f"{n} {why}" for why, n in self.notes.dropped.most_common())
            text += f", dropped {self.dropped} ({reasons})"
        if self.notes.flags:
            text += "; " + ", ".join(f"{n} {what}" for what, n in self.notes.flags.most_common())
        return f"{text}; {self.cleaned}" if self.cleaned else text

    def warning(self) -> str:
        """Why this document needs a look, or ''."""
        if self.entities == 0:
            return "no entities were extracted: it adds chunks to naive search but nothing to the graph"
        if self.dropped > self.entities + self.relations:
            return "more records were dropped than kept: the model is not following the record format"
        return ""


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
    outcomes: dict[str, DocumentOutcome] = field(default_factory=dict)  # per processed document
    replaced: dict[str, list[str]] = field(default_factory=dict)  # new version -> earlier versions removed
    # Records a reviewer's deletion kept out of the graph, per document; and the review rules
    # (curation) the run applied, by id, with how often.
    kept_out_by_doc: dict[str, int] = field(default_factory=dict)
    reapplied: dict[str, int] = field(default_factory=dict)

    @property
    def kept_out(self) -> int:
        return sum(self.kept_out_by_doc.values())

    @property
    def warnings(self) -> dict[str, str]:
        return {doc: w for doc, o in self.outcomes.items() if (w := o.warning())}

    def records_summary(self) -> str:
        """Records kept and dropped over the run, by reason, or '' when nothing was extracted."""
        if not self.outcomes:
            return ""
        run = DocumentOutcome(sum(o.entities for o in self.outcomes.values()),
                              sum(o.relations for o in self.outcomes.values()),
                              ExtractionNotes.total(o.notes for o in self.outcomes.values()))
        return "extraction " + run.describe()

    def summary(self) -> str:
        replaced = sum(len(v) for v in self.replaced.values())
        return (
            f"{len(self.processed)} indexed, {len(self.skipped)} unchanged, {len(self.failed)} failed"
            + (f", {replaced} earlier version{'s' if replaced > 1 else ''} replaced" if replaced else "")
            + (f", {self.kept_out} records kept out by review" if self.kept_out else "")
            + (f", {len(self.reapplied)} review decisions re-applied" if self.reapplied else "")
            + f"; {self.chunks} chunk{'' if self.chunks == 1 else 's'}, {self.entities} entity and {self.relations} "
            "relation updates "
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


def timed_loading(items: Iterable[T], report: IndexReport) -> Iterator[T]:
    """The items, with the time spent reading and parsing files (lazy iterables) counted as loading."""
    it = iter(items)
    while True:
        with report.timed("loading"):
            item = next(it, None)
        if item is None:
            return
        yield item


def progress_line(event: dict) -> str:
    """One log line for a document's "done", "failed" or "replaced" progress event, naming its file (or
    title) rather than its id; '' for other events."""
    if event["stage"] == "replaced":
        return f"↻ {event['file']}: the new version {event['document']} replaced {event['earlier']}"
    if event["stage"] not in {"done", "failed"}:
        return ""
    name = event.get("source") or event["document"]
    if event["stage"] == "done":
        mark = "⚠" if event["warning"] else "✓"
        return (f"{mark} {name}: {event['chunks']} chunks, {event['entities']} entities, {event['relations']} "
                f"relations; {event['records']}")
    # A file that could not be read says which in its error already.
    error = str(event["error"])
    return f"✗ {error}" if error.startswith(f"{name}:") else f"✗ {name}: {error}"
