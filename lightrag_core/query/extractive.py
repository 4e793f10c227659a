"""The offline answer: a short answer when the context states one clearly, then the evidence sentences.

No model writes it, so it is chosen, not generated: the short answer is a span of the asked-for type
(`short_answer.py`), the evidence the sentences that best answer the question (`sentences.py`), the
short answer's own sentences first, in hop order, each with its reference. A sentence is shown as written,
but for an opening "He", "She" or "It", given as what it stands for in brackets, as a quotation does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from lightrag_core.embeddings import Embedder
from lightrag_core.query.answer_spans import without_legal_form
from lightrag_core.query.answer_type import CHOICE, YES_NO, answer_type
from lightrag_core.query.chat_evidence import as_messages
from lightrag_core.query.chat_lines import squash
from lightrag_core.query.coreference import HE_OR_SHE
from lightrag_core.query.described import MAX_NAME_WORDS, described_subjects, passage_subject, written_title
from lightrag_core.query.hop_evidence import asked_clause, asked_sentence, follow_bridges
from lightrag_core.query.hop_life import life_of_a_hop
from lightrag_core.query.kind_presence import favour_kind
from lightrag_core.query.outer_answer import outer_question, passage_says
from lightrag_core.query.result import DecompositionStep, QueryResult
from lightrag_core.query.rewrite import resolved_question, written_name
from lightrag_core.query.sentence_rank import choose, score_sentences
from lightrag_core.query.sentences import Sentence, named_in, question_names, written_in
from lightrag_core.query.short_answer import ShortAnswer, answer_resolved, short_answer
from lightrag_core.query.uncovered import coverage_note
from lightrag_core.query.whose_role import states_owner

EXTRACTIVE_LABEL = "Extractive answer (no LLM configured: the context sentences that best match the question)"
ANSWER_PREFIX = "Answer: "
NO_SHORT_ANSWER = "No short answer: no sentence in the context states it clearly. The closest evidence:"
def extractive_answer(
    embedder: Embedder, query_vector: np.ndarray | None, query: str, result: QueryResult
) -> Iterator[str]:
    """The short answer when one is clear, then the evidence sentences, each citing its reference."""
    yield EXTRACTIVE_LABEL + "\n\n"
    query = plain_question(query)
    scored = favour_kind(score_sentences(embedder, query_vector, query, result), answer_type(query), query)
    if not scored:
        yield from _words("The retrieved context holds no passage that answers this question.")
        return
    walk = result.processing_info.graph
    names = question_names(query, result)
    steps = [*(walk.decomposition if walk else []), *_described(query, scored, names)]
    bridges = tuple(dict.fromkeys(written_name(step) for step in steps))  # ("XM", not "XM (album)")
    described = described_names(steps, query)
    short = _unless_asked_through(short_answer(query, scored, names, bridges, embedder.embed), query, described, steps)
    if (short is None or not short.confident) and steps:
        short = _unless_asked_through(_asked_again(embedder, query, result, steps), query, described, steps) or short
    if short is None or not short.confident:
        short = _unless_asked_through(_asked_outer(embedder, query, result), query, described, steps) or short
    if (short is None or not short.confident) and walk is not None:
        # the last reading: the walk reached the evidence, so a strong candidate needs a smaller lead (after the
        # readings through the bridges, whose answer it would otherwise pre-empt: "Ohio" for the team's state)
        again = _unless_asked_through(short_answer(query, scored, names, bridges, embedder.embed, walked=True),
                                      query, described, steps)
        short = again if again is not None and again.confident else short
    if short is None or not short.confident:
        if note := coverage_note(query, [s for s, _ in scored]):
            yield from _words(f"{note}\n\n")
        yield from _words(f"{NO_SHORT_ANSWER}\n\n")
    else:
        short = _through_description(short, steps, scored)
        ref_ids = list(dict.fromkeys(s.ref for s in short.evidence))
        refs = "".join(f"[{r}]" for r in ref_ids)
        result.short_answer = {"text": short.text, "path": list(short.path), "references": ref_ids,
                               "where": [s.where for s in short.evidence if s.where]}
        yield from _words(f"{ANSWER_PREFIX}{short.text} {refs}\n")
        if len(short.path) > 2:
            yield from _words(f"Path: {' → '.join(short.path)}\n")
        yield "\n"
    first = [*short.evidence, *(short.rival if not short.confident else [])] if short else []
    if short is None or not short.confident:
        # The bridge's own sentence follows the best candidate's (hop_evidence.py).
        through = (*bridges, *(short.path[1:-1] if short else ()))
        lead = first[: len(short.evidence)] if short else choose(scored)[:1]  # (not a line that only greets)
        hop = follow_bridges(scored, names, query, through)
        asked = _asked_evidence(embedder, query_vector, query, result, [*lead, *hop])
        first = [*lead, *hop, *asked, *first[len(lead):]]
    context = [s for s, _ in scored]
    picked = choose(scored, first or None)
    for s in picked if short is not None and short.confident else as_messages(picked, context, ranked=context):
        where = f" ({s.where})" if s.where else ""
        # A chat line's sentences say who says them, and when ("20260131_14:00 LiHua: …"), as a chat does.
        said = f"{s.speaker}: " if s.speaker and f"{s.speaker}:" not in s.text else ""
        if s.speaker and s.dated and s.dated not in s.text:
            said = f"{s.dated} {said}"
        yield from _words(f"- {said}{_named(s, context)} [{s.ref}]{where}\n")


def _unless_asked_through(short: ShortAnswer | None, query: str, described: tuple[str, ...],
                          steps: list[DecompositionStep]) -> ShortAnswer | None:
    """`short`, not confident when the question names it itself ("Who wrote and directed the 2006 comedy starring
    the actor who played Captain Spaulding in Rob Zombie's horror films?" does not ask for Rob Zombie), or it is
    what the question describes on the way to its answer (`described`: "the US DVD title of the 2004 Hong Kong
    action fantasy film headlined by …" is not The Twins Effect II), or a "whose" question's answer no sentence of it
    states as the owner (whose_role.py), or a birth or death asked of the question's subject is a hop's
    (hop_life.py); a comparison's answer is one it names."""
    if short is None or not short.confident or answer_type(query).kind in {CHOICE, YES_NO}:
        return short
    text = _bare(short.text)
    if _named_whole(short.text, query) or any(_bare(b) == text for b in described) or not states_owner(query, short) \
            or not _beside_said(short, query) or life_of_a_hop(query, short, steps):
        return replace(short, confident=False)
    return short


# "Who starred alongside Marlon Brando in …?": the one asked did it with a named other
_BESIDE = re.compile(r"^\W*(?i:who)\s+(?:[a-z-]+\s+){1,2}?(?:alongside|opposite|together\s+with|along\s+with)\s+"
                     r"(?P<other>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})")


def _beside_said(short: ShortAnswer, query: str) -> bool:
    """The answer is listed with the other the question says it did the deed with ("starring Marlon Brando and
    Montgomery Clift"; not "a miniseries starring Nick Nolte", later in the same sentence, for "who starred
    alongside Marlon Brando"); true for other questions."""
    beside = _BESIDE.match(query)
    if beside is None:
        return True
    other, answer = re.escape(beside["other"].split()[-1]), re.escape(short.text)
    listed = r"(?:\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+)(?:[A-Z][\w.'’-]*\s+)*?"  # ("X, Y and Z": any two of them)
    together = re.compile(rf"(?<!\w){other}{listed}{answer}(?!\w)|(?<!\w){answer}{listed}(?:[A-Z][\w.'’-]*\s+)*{other}"
                          rf"(?!\w)")
    return any(together.search(s.text) for s in short.evidence)


def described_names(steps: list[DecompositionStep], query: str) -> tuple[str, ...]:
    """What the question describes, as a passage's opening calls it ("the 2004 Hong Kong action fantasy film": The
    Twins Effect II): never its answer, unless it asks that thing's name ("What is the name of the 1968 film …?"),
    not another title of it ("the US DVD title of …"). (A bridge the walk resolved may be the answer itself,
    wrongly taken for a hop on the way: not these.)"""
    return tuple(written_name(step) for step in steps if step.via == "description" and not re.search(
        rf"\b(?:is|was)\s+the\s+(?:name|title)\s+of\s+{re.escape(step.phrase)}|^\W*name\s+{re.escape(step.phrase)}",
        query, re.IGNORECASE))


def _named_whole(name: str, query: str) -> bool:
    """The question writes `name`, as written, as a whole name: not the start of a longer one ("Lon Chaney" is
    asked for by "Who was the father of Lon Chaney, Jr.?"), nor the end of one ("Wukong" by "… in the game
    "Black Myth: Wukong"?")."""
    for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", query):
        before = re.search(r"(?:[A-Z][\w'’.-]*|:)\s+$", query[:m.start()])  # (not the question's first word)
        after = re.match(r"(?:,?\s*(?:Jr|Sr|II|III|IV)\b|\s+[A-Z])", query[m.end():])
        if not after and not (before and before.start()):
            return True
    return False


def _bare(name: str) -> str:
    """A name to compare: no case, punctuation or opening article ("The Twins Effect II", "Twins Effect II")."""
    return squash(re.sub(r"^\s*(?:the|a|an)\s+", "", name, flags=re.IGNORECASE))


# "It was released …", but not an "it" that stands for nothing ("It is believed that …", "It was the first …")
_IT_DOES = re.compile(r"It\s+(?!(?:is|was)\s+(?:\w+\s+)?(?:that|to|not|the|a|an|one|believed|said|thought|"
                      r"reported|estimated|known|unclear|likely|possible|hard|rumou?red)\b)(?:\w+\s+){0,2}(?:\w+ed|stars)\b")


def _named(sentence: Sentence, context: list[Sentence]) -> str:
    """The sentence as shown: an opening "He" or "She" that stands for the person its passage opens on
    is given as that person's name in brackets, as a quotation does ("[Lida Scott Howell] won three gold
    medals …"), since the sentence is read away from its passage; so is an "It" that stands for what its
    passage opens on and calls no person ("[Hank Williams on Stage] was recorded …")."""
    if sentence.speaker:
        return sentence.text
    if _IT_DOES.match(sentence.text):
        person = False
    elif HE_OR_SHE.match(sentence.text):  # (prose, not a chat line)
        person = True
    else:
        return sentence.text
    subject = without_legal_form(passage_subject(sentence, context, person=person))  # not "…, Inc."
    if not subject or "," in subject or len(subject.split()) > MAX_NAME_WORDS:  # a name, not a clause read as one
        return sentence.text
    return f"[{subject}]{sentence.text[sentence.text.index(' '):]}"


def _asked_evidence(embedder: Embedder, query_vector: np.ndarray | None, query: str, result: QueryResult,
                    chosen: list[Sentence]) -> list[Sentence]:
    """The best sentence for the clause a nested question asks in (hop_evidence.asked_clause)."""
    outer = asked_clause(query)
    if outer is None:
        return []
    vector = embedder.embed([outer])[0] if result.chunks and query_vector is not None else None
    scored = score_sentences(embedder, vector, outer, result)
    return asked_sentence(scored, query, chosen, outer)


def _described(query: str, scored: list[tuple[Sentence, float]], names: list[str]) -> list[DecompositionStep]:
    """What the question names only by a description a passage opens with ("the 1968 science fiction film
    co-written by …": "The Green Slime is a 1968 science fiction film"), as steps of its decomposition."""
    return [DecompositionStep(phrase, names[:1], found, "description", said.text, "", 1.0, 0.0)
            for phrase, found, said in described_subjects(query, [s for s, _ in scored]) if found not in names]


def _through_description(short: ShortAnswer, steps: list[DecompositionStep], scored: list[tuple[Sentence, float]]
                         ) -> ShortAnswer:
    """An answer read in the document a bridge was found by its description ("The team played its home games at
    Ebbets Field" in the document that opens "The Brooklyn Dodgers were an American football team that played
    … from 1930 to 1943"), or in a sentence about a bridge found by its title ("It is headquartered in Canton"
    in Dunkin' Brands' passage, found by "He was the chairman … of Dunkin' Brands"): the sentence that found
    the bridge leads the evidence, and the path goes through the bridge."""
    for step in steps:
        # (the context may glue a title line to the sentence after it)
        found = next((s for s, _ in scored if step.sentence and step.sentence in s.text), None)
        if found is None or found in short.evidence or (len(short.path) > 3 and written_name(step) in short.path):
            continue  # (a path through the steps already goes through this one)
        if step.via == "description" and (found.ref != short.evidence[0].ref or written_name(step) in short.path):
            continue
        if step.via != "description" and (found.ref == short.evidence[0].ref or not step.subjects
                                          or not named_in(written_name(step), short.evidence[0].name_stems)):
            continue
        return replace(short, evidence=[found, *short.evidence],
                       path=[*(written_title(s) for s in step.subjects[:1]), written_name(step), short.text])
    return short


def _asked_again(embedder: Embedder, query: str, result: QueryResult, steps: list[DecompositionStep]
                 ) -> ShortAnswer | None:
    """The question asked again with the bridges resolved written in, its sentences scored for it."""
    asked = resolved_question(query, [replace(step, phrase=plain_question(step.phrase)) for step in steps])
    if asked is None:
        return None
    scored: list[tuple[Sentence, float]] = favour_kind(
        score_sentences(embedder, embedder.embed([asked])[0], asked, result), answer_type(asked), asked)
    # the names it still holds, and those written in (not what the replaced phrases named)
    found = [written_name(step) for step in steps]
    names = [n for n in dict.fromkeys([*question_names(asked, result), *found]) if written_in(n.lower(), asked.lower())]
    return answer_resolved(query, asked, scored, names, steps, embedder.embed)


def _asked_outer(embedder: Embedder, query: str, result: QueryResult) -> ShortAnswer | None:
    """The confident answer to a nested question's own clause, said in full by its passage (outer_answer.py)."""
    kind = answer_type(query)
    clause = outer_question(query) if kind.kind not in {CHOICE, YES_NO} else None
    if clause is None:  # (a comparison's clause keeps one side only)
        return None
    scored = favour_kind(score_sentences(embedder, embedder.embed([clause])[0], clause, result), kind, clause)
    found = short_answer(clause, scored, [], (), embedder.embed)
    if found is None or not found.confident or found.text.lower() in query.lower():
        return None
    return found if passage_says(clause, found.evidence, [s for s, _ in scored]) else None


# "Who co-directed …?", "Which co-owner …?": the parse splits the prefix off and takes "co" for the asked verb or
# noun (not "co-operative"; and only what is asked: "the film co-starring X" describes, and its "starring"
# would count as asked)
_CO = re.compile(r"^(\W*(?:who|which|what)\s+)co-(?!op)(?=[a-z]{3})", re.IGNORECASE)


def plain_question(question: str) -> str:
    """The question as its answer is read: "Who co-directed X?" asks who directed it, "which co-owner?" for an
    owner (the retrieval reads it as written)."""
    return _CO.sub(r"\1", question)


def _words(text: str) -> Iterator[str]:
    yield from re.findall(r"\S+\s*", text)
