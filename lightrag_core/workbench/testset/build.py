"""Generate a question set for a workspace and save it: the one call the CLI, the API and the pages make."""

from __future__ import annotations

import html
import random
from collections.abc import Callable

from lightrag_core.engine import Engine
from lightrag_core.models import LightRAGError
from lightrag_core.nlp import SPACY_MODEL
from lightrag_core.workbench.evaluate import Question
from lightrag_core.workbench.testset.acceptance import KINDS, GeneratedQuestion
from lightrag_core.workbench.testset.facts import read_corpus
from lightrag_core.workbench.testset.generate import Generated, balance, generate_from
from lightrag_core.workbench.testset.llm_phrasing import phrase_with_llm
from lightrag_core.workbench.testset.sets import QuestionSet, check_name, save_set

DEFAULT_COUNT = 100
MAX_COUNT = 2000
# Chunks parsed at most: about a minute of spaCy on two cores; spread over every document.
DEFAULT_MAX_CHUNKS = 2000
# With an LLM, this many drafts per question wanted: some are rejected by the checks.
LLM_DRAFTS = 1.5
OFFLINE = f"offline (spaCy {SPACY_MODEL} parse, templates)"
Progress = Callable[[str, int, int], None]  # (stage, done, total)


def as_question(q: GeneratedQuestion) -> Question:
    """The question as a set keeps it: as read ("The Itchy & Scratchy Show", where a scraped text kept "&amp;"; the
    checks and an LLM's drafts are matched against the text as stored, before this)."""
    return Question(q.id, html.unescape(q.question), q.gold_ids, html.unescape(q.answer), q.gold_chunk_ids, q.kind,
                    q.hops, q.evidence)


def generate_questions(engine: Engine, count: int = DEFAULT_COUNT, seed: int = 0,
                       max_chunks: int = DEFAULT_MAX_CHUNKS, use_llm: bool | None = None,
                       progress: Progress | None = None) -> tuple[Generated, str]:
    """Up to `count` questions with chunk gold (phrased by the LLM when one is configured and `use_llm` is not
    False), and the name of the generator that made them."""
    if not 1 <= count <= MAX_COUNT:
        raise LightRAGError(f"ask for 1 to {MAX_COUNT} questions")
    if engine.store.counts().get("chunks", 0) == 0:
        raise LightRAGError("this workspace has no indexed documents to make questions from: index some first")
    corpus = read_corpus(engine.store, seed, max(1, max_chunks), progress)
    llm = engine.llm if use_llm is not False else None
    if use_llm and llm is None:
        raise LightRAGError("no LLM is configured (LLM_MODEL and OPENAI_BASE_URL or OPENAI_API_KEY)")
    if llm is None:
        generated = generate_from(corpus, count, seed)
        generator = OFFLINE
    else:
        generated = generate_from(corpus, int(count * LLM_DRAFTS) + 1, seed)
        phrased = phrase_with_llm(llm, generated.questions, corpus.texts, generated.dropped,
                                  engine.settings.llm_concurrency,
                                  (lambda n, total: progress("phrasing", n, total)) if progress else None)
        pools = {k: [q for q in phrased if q.kind == k] for k in KINDS}
        generated.questions = balance(pools, count, random.Random(seed))
        generator = f"llm {engine.settings.llm_model} (drafts from the offline generator)"
    if not generated.questions:
        raise LightRAGError(
            f"no question passed the checks ({generated.facts} facts read from {generated.chunks_parsed} chunks; "
            + ", ".join(f"{reason}: {n}" for reason, n in generated.dropped.most_common(4))
            + "). The generator needs sentences that state facts about named things")
    return generated, generator


def generate_set(engine: Engine, name: str, count: int = DEFAULT_COUNT, seed: int = 0,
                 max_chunks: int = DEFAULT_MAX_CHUNKS, use_llm: bool | None = None, made_by: str = "",
                 progress: Progress | None = None) -> tuple[QuestionSet, Generated]:
    """Generate questions and save them as the next version of the named set (one transaction)."""
    name = check_name(name)
    generated, generator = generate_questions(engine, count, seed, max_chunks, use_llm, progress)
    qset = save_set(engine.store, name, [as_question(q) for q in generated.questions], generator, seed=seed,
                    dropped=dict(generated.dropped), candidates=dict(generated.candidates), made_by=made_by)
    return qset, generated
