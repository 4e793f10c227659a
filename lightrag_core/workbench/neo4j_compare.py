"""neo4j-check's comparison half: one tiny document indexed into two stores, and what each store then holds
and answers in every retrieval mode, compared item by item and in the store contract's order.

Kept apart from the Neo4j half so it runs offline with two embedded stores (tests/unit/test_neo4j_check.py);
the check runs it with the configured Neo4j store against an embedded one built in the same run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lightrag_core.models import Document, LightRAGError
from lightrag_core.query.modes import RETRIEVAL_MODES
from lightrag_core.query.params import QueryParam

if TYPE_CHECKING:
    from lightrag_core.engine import Engine

# Names offline extraction finds, two of them sharing sentences (relations), one title with an accent
# (case folding beyond ASCII) and one repeated name (degree and weights).
TINY_DOCUMENT = Document(
    id="neo4j-check-document",
    title="Émile Zola",
    subject="Émile Zola",  # a title link with an accent: case folded the same way in both stores
    file_path="neo4j-check.txt",
    text=("Émile Zola was a French novelist who lived in Paris. Zola wrote Germinal in Paris in 1885. "
          "Ada Lovelace worked with Charles Babbage in London on the Analytical Engine. "
          "Charles Babbage designed the Difference Engine in London. "
          "Ada Lovelace published her notes on the Analytical Engine in 1843."),
)
QUESTIONS = ("Who worked with Charles Babbage?", "Where did Émile Zola write Germinal?")


def index_tiny(engine: Engine) -> str:
    """Index the tiny document; raises with the indexer's own error when it failed."""
    report = engine.index_documents([TINY_DOCUMENT])
    if report.failed:
        raise LightRAGError("; ".join(f"{doc}: {error}" for doc, error in report.failed.items()))
    return report.summary()


def snapshot(engine: Engine, questions: tuple[str, ...] = QUESTIONS,
             modes: tuple[str, ...] = RETRIEVAL_MODES) -> dict[str, Any]:
    """What the store holds for the workspace and what each mode retrieves for each question, as plain
    values in the order the store contract promises (lists compared as lists: order counts)."""
    store = engine.store
    held: dict[str, Any] = {
        "counts": dict(store.counts()),
        "entities": sorted([e.name, e.type, e.degree, sorted(e.source_ids)] for e in store.all_entities()),
        "relations": sorted([r.src, r.tgt, round(r.weight, 6), sorted(r.source_ids)] for r in store.all_relations()),
        "chunks": store.document_chunk_ids(TINY_DOCUMENT.id),
    }
    answers: dict[str, Any] = {}
    for mode in modes:
        for question in questions:
            result = engine.query_data(question, QueryParam(mode=mode, only_need_context=True))
            answers[f"{mode}: {question}"] = {
                "entities": [e["entity_name"] for e in result.entities],
                "relations": [[r["src_id"], r["tgt_id"]] for r in result.relationships],
                "chunks": [c["chunk_id"] for c in result.chunks],
            }
    return {"held": held, "answers": answers}


def differences(reference: dict[str, Any], candidate: dict[str, Any], names: tuple[str, str] = ("embedded", "neo4j"),
                limit: int = 8) -> list[str]:
    """Each place the candidate's snapshot differs from the reference's, as one line naming both values."""
    out: list[str] = []
    for part in ("held", "answers"):
        ref, cand = reference.get(part, {}), candidate.get(part, {})
        for key in sorted(set(ref) | set(cand)):
            if isinstance(ref.get(key), dict) and isinstance(cand.get(key), dict):
                for field in sorted(set(ref[key]) | set(cand[key])):
                    a, b = ref[key].get(field), cand[key].get(field)
                    if a != b:
                        out.append(_line(f"{key}, {field}", a, b, names))
            elif ref.get(key) != cand.get(key):
                out.append(_line(key, ref.get(key), cand.get(key), names))
    return out[:limit] + ([f"… and {len(out) - limit} more"] if len(out) > limit else [])


def _line(where: str, a: Any, b: Any, names: tuple[str, str]) -> str:
    if isinstance(a, list) and isinstance(b, list) and sorted(map(repr, a)) == sorted(map(repr, b)):
        return f"{where}: same items in another order: {names[0]} {a} vs {names[1]} {b}"
    return f"{where}: {names[0]} {_short(a)} vs {names[1]} {_short(b)}"


def _short(value: Any, width: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width] + "…"


def compare(reference: Engine, candidate: Engine, names: tuple[str, str] = ("embedded", "neo4j")) -> list[str]:
    """Index the tiny document into both engines' stores and return the differences (empty: they agree)."""
    index_tiny(reference)
    index_tiny(candidate)
    return differences(snapshot(reference), snapshot(candidate), names)
