"""Which rule for relation vectors: re-embed the relations of one indexed workspace by each rule, ask again.

    python bench/relation_vectors.py --workdir W --questions ../shared/data/hotpotqa_100/questions.jsonl \
        --rules text,parts:2:1:0.5,parts:3:1:0.5 --out bench/results/relation_vectors_hotpotqa_100

Everything else in the workspace (chunks, entities, the graph) stays as indexed, so only the relation
vectors differ between rules. `text` is the rule before parts: one embedded text per relation (keywords,
then the names unless the description holds them, then the description, cut at 240 characters).
`parts:S:K:N` is graph_vectors' rule with statement weight S, keywords weight K and names weight N.
Also counts, per rule, the texts and tokens the relations alone send to the model.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from lightrag_core import Engine, QueryParam, Settings, graph_vectors
from lightrag_core.models import EMBED_TEXT_CHARS, GraphWrite, Relation
from lightrag_core.workbench.evaluate import evaluate, load_questions

MODES = ["global", "hybrid", "mix"]  # the modes that search relation vectors


def text_rule(r: Relation) -> str:
    """The relation text embedded before relations were made of parts (models.Relation.embed_text then)."""
    text = r.description[:EMBED_TEXT_CHARS]
    lowered = text.lower()
    if r.src.lower() in lowered and r.tgt.lower() in lowered:
        return f"{r.keywords}\n{text}"
    return f"{r.keywords}\t{r.src}\n{r.tgt}\n{text}"


def reembed(engine: Engine, relations: list[Relation], rule: str, memo: dict[str, np.ndarray],
            cache: dict[str, np.ndarray]) -> dict[str, Any]:
    """`memo` is this rule's own (what it would embed is counted); `cache` spares the model a text twice."""
    model = engine.embedder
    sent: list[str] = []

    class Counting:
        model_name, dim = model.model_name, model.dim

        def embed(self, texts: list[str]) -> np.ndarray:
            sent.extend(texts)
            new = [t for t in dict.fromkeys(texts) if t not in cache]
            if new:
                cache.update(zip(new, model.embed(new)))
            return np.stack([cache[t] for t in texts])

    start = time.perf_counter()
    if rule == "text":
        texts = [text_rule(r) for r in relations]
        new = [t for t in dict.fromkeys(texts) if t not in memo]
        memo.update(zip(new, Counting().embed(new)))
        for r, t in zip(relations, texts):
            r.embedding = memo[t]
    else:
        _, s, k, n = rule.split(":")
        graph_vectors.RELATION_STATEMENT_WEIGHT, graph_vectors.RELATION_NAMES_WEIGHT = float(s), float(n)
        graph_vectors.RELATION_KEYWORDS_WEIGHT = float(k)
        graph_vectors.embed_items(Counting(), [], [], relations, memo)
    seconds = time.perf_counter() - start
    tokenizer = getattr(model, "tokenizer", None)
    tokens = sum(len(e.ids) for e in tokenizer.encode_batch(sent)) if tokenizer and sent else 0
    engine.store.apply(GraphWrite(relations=relations))
    return {"texts": len(sent), "tokens": tokens, "seconds": round(seconds, 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workdir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--rules", default="text,parts:2:1:0.5")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    engine = Engine(Settings.from_env(args.workdir, llm_model="", neo4j_uri="", embedding_model=""))
    ids = {c for d in engine.documents() for c in [d.id]}
    questions = [q for q in load_questions(args.questions) if set(q.gold_ids) <= ids]
    relations = sorted(engine.store.all_relations(), key=lambda r: r.key)
    engine.query_data("warm up", QueryParam(mode="mix"))
    results = {}
    cache: dict[str, np.ndarray] = {}
    for rule in args.rules.split(","):
        memo: dict[str, np.ndarray] = {}  # per rule: each counts what it alone would embed
        cost = reembed(engine, relations, rule, memo, cache)
        quality = evaluate(engine.query_data, questions, MODES, [5])
        results[rule] = {**cost, **{m: quality[m]["recall@5"] for m in MODES}}
        print(rule, results[rule], flush=True)
    engine.close()
    lines = [f"Relation vectors by rule, `{args.questions.parent.name}` ({len(questions)} questions, "
             f"{len(relations)} relations); recall@5 of the modes that search them.", "",
             "| rule | texts | tokens | " + " | ".join(MODES) + " |", "|---" * (len(MODES) + 3) + "|"]
    for rule, r in results.items():
        lines.append(f"| {rule} | {r['texts']:,} | {r['tokens']:,} | " + " | ".join(f"{r[m]:.3f}" for m in MODES)
                     + " |")
    print("\n".join(lines))
    if args.out:
        args.out.with_suffix(".json").write_text(json.dumps(results, indent=2))
        args.out.with_suffix(".md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
