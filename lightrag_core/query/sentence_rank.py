"""Context sentences ranked for the offline answer, and the best few chosen without repeats.

Sentences are ranked first by what the question names (its linked entities and keywords, and the far
end of a relation the question asks about), then by the question's rarer words, and only the best few
are embedded to break ties by meaning: a few vectors per question, not hundreds.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from lightrag_core import lexical
from lightrag_core.embeddings import Embedder
from lightrag_core.query.chat_lines import acknowledges_only, asks_unnamed_speaker, name_words, squash
from lightrag_core.query.dates import dates_in
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import Sentence, named_in, question_names, sentences_of, stem, stems

MAX_SENTENCES = 4
EMBEDDED_CANDIDATES = 40  # only these are embedded (the answer must take well under a second)
MAX_OVERLAP = 0.6  # a sentence sharing more of its words with one already chosen adds nothing
NAME_WEIGHT = 0.5
TARGET_WEIGHT = 1.5
MEANING_WEIGHT = 4.0
DAY_WEIGHT = 1.0  # a sentence dated the day the question names
# A chat sentence's words count at this share of its whole message's (lihuaworld: 0.4 to 1.0 find about as
# many answers; 0 loses the answers a message's first sentence names and its next one describes)
MESSAGE_SHARE = 0.7


def relation_targets(query: str, result: QueryResult) -> dict[str, float]:
    """The far ends of relations that start at an entity the question names and match its words.

    "Who was Scrooge's business partner?": the relation Scrooge–Marley described as partners
    makes Marley a likely answer, though the question never names him.
    """
    q_stems = stems(query)
    terms = {stem(t) for t in lexical.terms(query)}
    targets: dict[str, float] = {}
    for rel in result.relationships:
        ends = (rel["src_id"], rel["tgt_id"])
        for here, there in (ends, ends[::-1]):
            if named_in(here, q_stems) and not named_in(there, q_stems):
                words = stems(f"{rel['keywords']} {rel['description']}") - stems(here) - stems(there)
                overlap = len(terms & words) / max(len(terms), 1)
                if overlap > 0:
                    targets[there] = max(targets.get(there, 0.0), overlap)
    best = max(targets.values(), default=0.0)
    return {t: w for t, w in targets.items() if w >= best / 2}  # the relations that fit the question best


def lexical_scores(sentences: list[Sentence], query: str, names: list[str], targets: dict[str, float]) -> np.ndarray:
    terms = list(dict.fromkeys(stem(t) for t in lexical.terms(query)))
    unnamed = asks_unnamed_speaker(query)  # (a name the question gives is then no speaker's to match)
    spoken = [stems(s.said) if unnamed else s.spoken_stems for s in sentences]
    # A chat message is read as one: "I'm really into "Horizon Forbidden West" right now! The world is
    # stunning, …" answers "What game does Helios find stunning?" in its first sentence, with its second's words.
    message_words: dict[tuple[int, int], set[str]] = {}
    for s, own in (pair for pair in zip(sentences, spoken) if pair[0].line >= 0):
        message_words.setdefault((s.rank, s.line), set()).update(own)
    df = Counter(t for own in spoken for t in set(terms) & own)
    idf = {t: math.log((len(sentences) + 1) / (df[t] + 0.5)) for t in terms}
    total_idf = sum(idf.values()) or 1.0
    mean_len = sum(len(own) for own in spoken) / len(sentences)
    scores = np.zeros(len(sentences), dtype=np.float32)
    # "Who is delivering the bread on 20260403?": in dated chats, minutes and mail, that day's messages
    days = {d.when.date() for d in dates_in(query)} & {s.when.date() for s in sentences if s.when is not None}
    for i, (s, own) in enumerate(zip(sentences, spoken)):
        said = (own | s.context_stems) - stems(name_words(s.speaker)) if unnamed else (s.name_stems | own)
        named = sum(named_in(n, said) for n in names) / max(len(names), 1)
        target = max((w for t, w in targets.items() if named_in(t, s.stems)), default=0.0)
        # BM25's saturation and length normalisation (k1 = 1.2, b = 0.75): long sentences
        # do not win by holding more words.
        norm = 1.2 * (0.25 + 0.75 * len(own) / mean_len)
        words = sum(idf[t] * 2.2 / (1 + norm) for t in set(terms) & own) / total_idf
        if s.line >= 0:
            message = message_words[s.rank, s.line]
            norm = 1.2 * (0.25 + 0.75 * len(message) / mean_len)
            words = max(words, MESSAGE_SHARE * sum(idf[t] * 2.2 / (1 + norm) for t in set(terms) & message) / total_idf)
        scores[i] = NAME_WEIGHT * named + TARGET_WEIGHT * target + words + 0.2 / (1 + s.rank)
        if days and s.when is not None and s.when.date() in days:
            scores[i] += DAY_WEIGHT
    return scores


def score_sentences(
    embedder: Embedder, query_vector: np.ndarray | None, query: str, result: QueryResult
) -> list[tuple[Sentence, float]]:
    """Every context sentence with its score, best first: words and names for all, meaning for the best few."""
    sentences = sentences_of(result)
    if not sentences:
        return []
    names = question_names(query, result)
    scores = lexical_scores(sentences, query, names, relation_targets(query, result))
    top = [int(i) for i in np.argsort(-scores, kind="stable")[:EMBEDDED_CANDIDATES]]
    final = {i: float(scores[i]) for i in top}
    if query_vector is not None:
        texts = [_in_its_message(sentences, i) for i in top]
        distinct = list(dict.fromkeys(texts))  # (the same text is embedded once)
        embedded = dict(zip(distinct, embedder.embed(distinct)))
        vectors = np.stack([embedded[t] for t in texts])
        for i, cos in zip(top, vectors @ np.asarray(query_vector, dtype=np.float32)):
            final[i] += MEANING_WEIGHT * float(cos)
    rest = [(sentences[i], float(scores[i])) for i in range(len(sentences)) if i not in final]
    return sorted(((sentences[i], v) for i, v in final.items()), key=lambda p: -p[1]) + rest


def _in_its_message(sentences: list[Sentence], i: int) -> str:
    """What is embedded for sentence `i`: a chat sentence with those beside it in its message, without the
    speaker ("I'm really into "Horizon Forbidden West" right now! The world is stunning, …"); any other as it
    is. (A whole message embedded was diluted by its other sentences: lihuaworld naive lost answers.)"""
    s = sentences[i]
    if s.line < 0:
        return s.text
    beside = [j for j in (i - 1, i, i + 1)
              if 0 <= j < len(sentences) and (sentences[j].rank, sentences[j].line) == (s.rank, s.line)]
    return " ".join(sentences[j].said for j in beside)


def choose(scored: list[tuple[Sentence, float]], first: list[Sentence] | None = None) -> list[Sentence]:
    """The best few sentences with no near-duplicates, `first` (the answer's evidence) leading; not a chat line
    that only greets or thanks ("Hey Li Hua!"), which names the asked person and states nothing."""
    chosen: list[Sentence] = []
    speakers = frozenset(squash(s.speaker) for s, _ in scored if s.speaker)
    said = [s for s, _ in scored if not greets_only(s, speakers)] or [s for s, _ in scored]
    for s in [*(first or []), *said]:
        if not repeats(s, chosen):
            chosen.append(s)
        if len(chosen) == MAX_SENTENCES:
            break
    return chosen


def greets_only(s: Sentence, speakers: frozenset[str]) -> bool:
    """A chat line that only greets or thanks ("Hey Li Hua!"): it names the asked person and states nothing."""
    return bool(s.speaker) and acknowledges_only(s.said, speakers)


def repeats(s: Sentence, shown: list[Sentence]) -> bool:
    """Whether the sentence shares more than `MAX_OVERLAP` of its words with one already shown."""
    return any(len(s.stems & c.stems) / max(len(s.stems | c.stems), 1) > MAX_OVERLAP for c in shown)


def rank_sentences(embedder: Embedder, query_vector: np.ndarray | None, query: str, result: QueryResult
                   ) -> list[Sentence]:
    """The best few sentences, best first, with no near-duplicates."""
    return choose(score_sentences(embedder, query_vector, query, result))
