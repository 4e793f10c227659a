"""The sample a new workspace offers: *A Christmas Carol* (public domain), the book LightRAG's own demo
indexes, with three questions to try (one takes two hops) and a generated question set to judge the modes.

The book is not kept in this repository. It is read from the first of: LIGHTRAG_SAMPLE_PATH, a copy
fetched earlier into `<workdir>/samples/`, a copy in the data folder beside the checkout
(`../shared/data/christmas_carol/book.txt`); otherwise it is fetched once from Project Gutenberg
(LIGHTRAG_SAMPLE_URL), bounded in size and time, checked to be the book, and kept for next time.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from lightrag_core.config import Settings
from lightrag_core.engine import Engine
from lightrag_core.indexing.indexer import Progress
from lightrag_core.indexing.report import IndexReport
from lightrag_core.models import LightRAGError
from lightrag_core.workbench.testset import build, sets

FILE_NAME = "a-christmas-carol.txt"
TITLE = "A Christmas Carol"
QUESTIONS = (
    "Who was Scrooge's business partner?",
    "What is the name of Scrooge's clerk?",
    "What is the name of the youngest son of Scrooge's clerk?",  # two hops: the clerk, then his son
)
QUESTION_SET = "sample"
QUESTION_COUNT = 40
MAX_BYTES = 2 * 2**20  # the book is about 0.2 MB
FETCH_SECONDS = 30.0
_BESIDE_CHECKOUT = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "christmas_carol" / "book.txt"
# Words the book holds near its start and end: a download that lacks them is not the book.
_MARKS = ("christmas carol", "scrooge", "marley", "tiny tim")


class SampleError(LightRAGError):
    """The sample cannot be found or fetched; the message says where it looked and what to set."""


def _is_the_book(data: bytes) -> bool:
    text = data[:MAX_BYTES].decode("utf-8", "replace").lower()
    return all(mark in text for mark in _MARKS)


def cached_path(settings: Settings) -> Path:
    return Path(settings.workdir) / "samples" / FILE_NAME


def local_copy(settings: Settings) -> Path | None:
    """The first readable copy of the book on this machine, or None."""
    for path in (settings.sample_path, cached_path(settings), _BESIDE_CHECKOUT):
        if path is not None and Path(path).is_file():
            return Path(path)
    return None


def fetch(settings: Settings) -> Path:
    """Download the book once (bounded), check it, and keep it in the work directory."""
    import httpx

    url = settings.sample_url
    try:
        with httpx.stream("GET", url, timeout=FETCH_SECONDS, follow_redirects=True) as response:
            response.raise_for_status()
            data = bytearray()
            for part in response.iter_bytes():
                data += part
                if len(data) > MAX_BYTES:
                    raise SampleError(f"the sample at {url} is larger than {MAX_BYTES // 2**20} MB: not the book")
    except httpx.HTTPError as exc:
        raise SampleError(f"cannot fetch the sample from {url} ({type(exc).__name__}); with no network, put the "
                          f"book's text somewhere and set LIGHTRAG_SAMPLE_PATH to it") from exc
    if not _is_the_book(bytes(data)):
        raise SampleError(f"what {url} sent is not {TITLE}; set LIGHTRAG_SAMPLE_URL or LIGHTRAG_SAMPLE_PATH")
    target = cached_path(settings)
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_suffix(f".{os.getpid()}.part")
    temp.write_bytes(bytes(data))
    temp.replace(target)  # whole or not at all
    return target


def book(settings: Settings) -> bytes:
    """The book's bytes, from a local copy or fetched once."""
    path = local_copy(settings) or fetch(settings)
    data = path.read_bytes()[: MAX_BYTES + 1]
    if len(data) > MAX_BYTES or not _is_the_book(data):
        raise SampleError(f"{path} is not {TITLE} (LIGHTRAG_SAMPLE_PATH must point at the book's plain text)")
    return data


def indexed(engine: Engine) -> bool:
    """Whether this workspace holds the sample (indexed under its file name)."""
    return any(d.file_path == FILE_NAME and d.status == "processed" for d in engine.documents())


def index_sample(engine: Engine, progress: Progress | None = None) -> IndexReport:
    """Index the book as an upload would (the same reader, limits and progress events)."""
    return engine.index_uploads([(FILE_NAME, book(engine.settings))], progress)


def question_set(engine: Engine, made_by: str = "",
                 progress: Callable[[str, int, int], None] | None = None) -> sets.QuestionSet:
    """The sample's generated question set, made once (offline) and then found again."""
    for qset in sets.list_sets(engine.store):
        if qset.name == QUESTION_SET:
            return qset
    qset, _ = build.generate_set(engine, QUESTION_SET, QUESTION_COUNT, seed=0, use_llm=False, made_by=made_by,
                                 progress=progress)
    return qset
