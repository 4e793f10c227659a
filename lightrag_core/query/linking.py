"""Query-first entity linking: the question's names, found in the graph.

Each low-level keyword is linked by, in order of trust:
  review_merge  a reviewer merged or renamed that name into an entity (a curation rule,
           lightrag_core/curation.py): "Lovelace" -> "Ada Lovelace" once merged;
  exact    its normalised name is an entity's name (case-insensitive);
  alias    its tokens are a subset of exactly one entity name's tokens among the
           shortest such names ("Nolan" -> "Christopher Nolan"); when names tie, the
           one the graph connects far more, at lower confidence ("Scrooge" -> "Ebenezer
           Scrooge" over "Uncle Scrooge"), else none ("Christopher Nolan" and
           "Jonathan Nolan" alike);
  vector   its own embedding is close to an entity's (cosine >= the link threshold).
Names the keyword extractor missed are still linked when a capitalised run of the
question is an entity's exact name (`question`).

A capitalised run that is a document's title (`title`: a JSONL title, with or without a
bracketed qualifier) links to that document's chunks, not to an entity: a title names what the
document is about, so a question naming it reaches the document even when the extractor missed
the name.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

import numpy as np

from lightrag_core import lexical
from lightrag_core.curation import Curation
from lightrag_core.storage.base import GraphStore

EXACT, ALIAS, VECTOR, QUESTION, TITLE = "exact", "alias", "vector", "question", "title"
REVIEW_MERGE = "review_merge"  # a name a reviewer merged away, linked to the entity it was merged into
CONFIDENCE = {REVIEW_MERGE: 1.0, EXACT: 1.0, QUESTION: 1.0, TITLE: 1.0, ALIAS: 0.8}
ALIAS_CANDIDATES = 50
# A tied alias links to a name the graph connects this many times more than the others, with this
# confidence, when that name has at least this degree.
DOMINANCE = 4
POPULAR_ALIAS = 0.6
MIN_POPULAR_DEGREE = 5
MAX_NGRAM = 6
# A long question's capitalised runs looked up as titles, at most (one lookup; bounds its size).
MAX_TITLE_GRAMS = 500
_TOKEN = re.compile(r"[\w'’.-]+", re.UNICODE)


@dataclass
class Link:
    keyword: str
    entity: str  # for a title link, the document's title
    method: str
    confidence: float
    chunk_ids: list[str] = field(default_factory=list)  # a title link's target: the document's chunks

    def to_dict(self) -> dict:
        out = {**asdict(self), "confidence": round(self.confidence, 4)}
        chunk_ids = out.pop("chunk_ids")
        if chunk_ids:
            out["chunks"] = len(chunk_ids)
        return out


def alias_fits(keyword_tokens: list[str], candidates: list[str]) -> list[str]:
    """The shortest entity names whose tokens hold all of the keyword's (one, several tied, or none)."""
    wanted = set(keyword_tokens)
    fits = [(len(set(lexical.words(c))), c) for c in candidates if wanted <= set(lexical.words(c))]
    fits = [(n, c) for n, c in fits if n > len(wanted)]  # an equal-sized match is exact, not an alias
    if not fits:
        return []
    shortest = min(n for n, _ in fits)
    return [c for n, c in fits if n == shortest]


def popular(tied: list[str], degrees: dict[str, int]) -> str | None:
    """Of names tied as an alias, the one the graph connects at least DOMINANCE times more than any
    other ("Scrooge": "Ebenezer Scrooge", 60 relations, over "Uncle Scrooge", 2): entity linkers'
    popularity prior. None when no name dominates ("Christopher Nolan" and "Jonathan Nolan" alike)."""
    ranked = sorted(tied, key=lambda n: -degrees.get(n, 0))
    top = degrees.get(ranked[0], 0)
    return ranked[0] if top >= MIN_POPULAR_DEGREE and top >= DOMINANCE * degrees.get(ranked[1], 0) else None


def question_ngrams(query: str, max_n: int = MAX_NGRAM) -> dict[str, tuple[int, int]]:
    """Lower-cased runs of up to `max_n` tokens that start with a capitalised token, with their
    token span (first occurrence)."""
    found = [(m.group().strip(".'’-"), m.start(), m.end()) for m in _TOKEN.finditer(query)]
    found = [f for f in found if f[0]]
    tokens = [t for t, _, _ in found]
    out: dict[str, tuple[int, int]] = {}
    for i, tok in enumerate(tokens):
        if not (tok[0].isupper() or tok[0].isdigit()):
            continue
        for n in range(1, max_n + 1):
            if i + n > len(tokens):
                break
            gram = " ".join(tokens[i : i + n]).lower()
            out.setdefault(gram, (i, i + n))
            # As written, an initial's full stop kept: "Jon L. Luther" is a title "jon l luther" is not.
            written = " ".join(query[found[i][1]:found[i + n - 1][2]].split()).rstrip(".,;:!?'’-").lower()
            if written != gram and "." in written:
                out.setdefault(written, (i, i + n))
            if gram.endswith(("'s", "’s")) and len(tokens[i + n - 1]) > 2:
                out.setdefault(gram[:-2], (i, i + n))  # "Grace Krilanovich's first novel": her title too
    return out


def longest_spans(matched: list[str], spans: dict[str, tuple[int, int]], taken: set[int]) -> list[str]:
    """Matched runs, longest first, skipping any that overlaps a run already kept ("Nolan" inside
    "Christopher Nolan" is not a second name)."""
    kept = []
    for gram in sorted(matched, key=lambda g: (-(spans[g][1] - spans[g][0]), spans[g][0])):
        positions = set(range(*spans[gram]))
        if positions & taken:
            continue
        taken |= positions
        kept.append(gram)
    return kept


def reviewed_aliases(store: GraphStore) -> dict[str, str]:
    """Names reviewers merged or renamed away (lower-cased), each with the stored entity it lives on as."""
    aliases = Curation(store.list_rules()).aliases()
    stored = store.resolve_names(sorted({kept.lower() for kept in aliases.values()})) if aliases else {}
    return {low: stored[kept.lower()] for low, kept in aliases.items() if kept.lower() in stored}


def link_by_name(store: GraphStore, query: str, keywords: list[str]) -> tuple[list[Link], list[str]]:
    """Reviewed-merge, exact, question and alias links (no model call), and the keywords none of them linked."""
    links: list[Link] = []
    keywords = [k for k in dict.fromkeys(k.strip() for k in keywords) if k]
    merged = reviewed_aliases(store)
    links += [Link(k, merged[k.lower()], REVIEW_MERGE, CONFIDENCE[REVIEW_MERGE]) for k in keywords
              if k.lower() in merged]
    keywords = [k for k in keywords if k.lower() not in merged]
    exact = store.resolve_names([k.lower() for k in keywords]) if keywords else {}
    unlinked = []
    for kw in keywords:
        if kw.lower() in exact:
            links.append(Link(kw, exact[kw.lower()], EXACT, CONFIDENCE[EXACT]))
        else:
            unlinked.append(kw)
    spans = question_ngrams(query)
    grams = [g for g in spans if not _stop_only(g)]
    named = store.resolve_names(grams) if grams else {}
    named.update({g: merged[g] for g in grams if g in merged and g not in named})
    # Names the keywords linked claim their place in the question first.
    claimed = [kw.lower() for kw in keywords if kw.lower() in exact] + [lk.keyword.lower() for lk in links]
    taken = {i for kw in claimed if kw in spans for i in range(*spans[kw])}
    for gram in longest_spans(list(named), spans, taken):
        method = REVIEW_MERGE if gram in merged else QUESTION
        links.append(Link(gram, named[gram], method, CONFIDENCE[method]))
    if not unlinked:
        return links, []
    token_lists = [lexical.words(kw) for kw in unlinked]
    fits = [alias_fits(tokens, candidates) for tokens, candidates
            in zip(token_lists, store.entities_with_tokens(token_lists, ALIAS_CANDIDATES))]
    tied = sorted({name for names in fits if len(names) > 1 for name in names})
    degrees = {e.name: e.degree for e in store.entities_with_degree(tied)} if tied else {}
    still = []
    for kw, names in zip(unlinked, fits):
        if len(names) == 1:
            links.append(Link(kw, names[0], ALIAS, CONFIDENCE[ALIAS]))
        elif names and (name := popular(names, degrees)):
            links.append(Link(kw, name, ALIAS, POPULAR_ALIAS))
        else:
            still.append(kw)
    return links, still


def link_by_title(store: GraphStore, query: str) -> list[Link]:
    """Capitalised runs of the question that are a document's title, longest first, each linked to
    that document's chunks. A run that names several documents ("Lilu" for "Lilu (band)" and
    "Lilu (mythology)") links only the one whose title it is exactly, else nothing."""
    spans = question_ngrams(query)
    grams = [g for g in spans if not _stop_only(g)][:MAX_TITLE_GRAMS]
    # "at the Brisbane Institute": the title may hold the article the question writes in lower case
    # ("The Brisbane Institute"); the run without it is the one the question's span is kept for
    lowered = query.lower()
    articled = {f"the {g}": g for g in grams if f"the {g}" in lowered and f"the {g}" not in spans}
    found = store.title_chunks([*grams, *articled]) if grams else {}
    for with_article, gram in articled.items():
        if with_article in found:
            found.setdefault(gram, found.pop(with_article))
    links = []
    for gram in longest_spans(list(found), spans, set()):
        titles = found[gram]
        exact = [t for t in titles if t.lower() == gram]
        pick = exact if len(titles) > 1 else list(titles)
        if len(pick) == 1:
            links.append(Link(gram, pick[0], TITLE, CONFIDENCE[TITLE], titles[pick[0]]))
    return links


def link_by_vector(store: GraphStore, keywords: list[str], vectors: np.ndarray, threshold: float) -> list[Link]:
    """Each keyword's nearest entity by its own embedding, if at least `threshold` similar."""
    links = []
    for kw, vec in zip(keywords, vectors):
        for entity in store.search_entities(vec, 1, threshold):
            links.append(Link(kw, entity.name, VECTOR, float(entity.score)))
    return links


def best_links(links: list[Link]) -> list[Link]:
    """One link per entity (and one per title: an entity and a document may share a name), the most
    confident; most confident first."""
    best: dict[tuple[bool, str], Link] = {}
    for link in links:
        key = (link.method == TITLE, link.entity)
        old = best.get(key)
        if old is None or link.confidence > old.confidence:
            best[key] = link
    return sorted(best.values(), key=lambda lk: (-lk.confidence, lk.entity, lk.method))


def _stop_only(gram: str) -> bool:
    """A run of stop words only ("The", "Who was") links nothing."""
    return all(w in lexical.stop_words() for w in lexical.words(gram))
