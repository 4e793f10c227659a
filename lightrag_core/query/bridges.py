"""A question's bridge found in the text: the name a sentence about the question's subject states it with.

"Transfiguration of Vincent is the third studio album by a singer-songwriter from what state?": a
sentence about Transfiguration of Vincent says "… the third studio album by singer-songwriter M. Ward";
the name nearest the bridge's cue word ("singer-songwriter") that is a document's title, and that the
question does not already hold, is the bridge's answer. Only titles are taken: a name with its own
document is a thing the walk can be seeded with, and names known only as extracted entities were mostly
something else (a nationality, a place in the same sentence).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lightrag_core import lexical
from lightrag_core.models import Chunk
from lightrag_core.query.answer_type import PERSON, noun_kind
from lightrag_core.query.decompose import Bridge, article_nouns
from lightrag_core.query.described import (
    OPENING_CHARS,
    family,
    opening_index,
    said_to_be,
    without_extension,
    written_title,
)
from lightrag_core.query.sentences import split_sentences, stem, stems
from lightrag_core.query.title_kind import Called, called_otherwise
from lightrag_core.storage.base import GraphStore

MAX_SENTENCES = 12  # sentences stating a cue whose names are looked up as titles (one batched lookup)
MAX_GRAM = 6  # words in a candidate name, at most
MIN_SCORE = 0.5  # below this the sentence says too little about the bridge to trust its name
# Characters between the cue and the name that cost a whole point: "by singer-songwriter M. Ward" is
# near; a name at the far end of a long sentence is likely something else.
DISTANCE_SCALE = 120.0
MAX_ANCHORS = 3  # the clause's first content words, used as cues when the head noun is not written
ANCHOR_SCORE = 0.8  # a sentence found by the clause's words, not the head's, is a little less sure
MAX_DISTANCE = 40  # characters between the cue word and the name, at most
MIN_CLAUSE = 2  # content words of the clause a document's opening must all say
DESCRIBED_SCORE = 0.9  # a whole clause said of one document: surer than a name near a cue word
OTHER_YEARS = 0.5  # a sentence giving years, none of them the year the bridge's clause gives, is this much less sure
# A title whose bracketed qualifier names another kind of thing ("Eddie the Eagle (film)" for "the ski
# jumper") is likely a namesake.
OTHER_KIND = 0.3
# The passage's own subject, stated as "the album" in its sentence: surer than a name at the far end, less
# than one written beside the cue.
ITSELF = 0.15
# Heads that say how the bridge stands to another thing, not what kind of thing it is: "the predecessor of
# the album XMII" is "XM (album)"
_RELATIONAL = {"predecessor", "successor", "sequel", "prequel", "follow-up", "remake", "original", "spin-off",
               "namesake", "counterpart", "forerunner", "precursor", "adaptation"}
_QUALIFIER = re.compile(r"\(([^)]*)\)\s*$")
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
_TOKEN = re.compile(r"[\w][\w'’.&:-]*")
_TRIM = " .,;:'’\"!?)("
_CONNECTORS = {"of", "the", "and", "de", "von", "van", "da", "del", "la", "le", "in", "on", "for", "a", "&", "du"}


@dataclass
class Resolved:
    """What a bridge turned out to be, and the sentence that says so."""

    name: str  # the document's title
    entity: str | None  # the graph entity of that name, when the extractor made one
    chunk_ids: list[str] = field(default_factory=list)  # the titled document's chunks
    sentence: str = ""
    chunk_id: str = ""
    score: float = 0.0
    distance: int = 0  # characters between the cue word and the name
    about: str = ""  # the subject the sentence is about ("" when found by its description)


@dataclass
class Passage:
    """One sentence of the text read, split once per question however many bridges are looked for."""

    text: str
    lower: str
    chunk: Chunk
    rank: int  # the chunk's place in the text read (0 = the first pass's best)
    opening: bool = False  # the first sentence of a document's first chunk
    _stems: frozenset[str] | None = None

    @property
    def stems(self) -> frozenset[str]:
        if self._stems is None:  # only sentences holding a cue word are stemmed
            self._stems = stems(self.text)
        return self._stems


def passages(chunks: list[Chunk], first_rank: int = 0) -> list[Passage]:
    out = []
    for rank, chunk in enumerate(chunks, first_rank):
        said = split_sentences(chunk.content)
        first = opening_index(said)
        out += [Passage(text, text.lower(), chunk, rank, chunk.order == 0 and i == first)
                for i, text in enumerate(said)]
    return out


def resolve(
    store: GraphStore, bridge: Bridge, question: str, subjects: list[str], text: list[Passage],
    own_chunks: dict[str, str], context: list[str], known: list[str] | None = None, itself_from: tuple[str, ...] = (),
) -> Resolved | None:
    """The best-supported name for `bridge` in sentences about one of `subjects` (or in chunks of a
    subject's own document: `own_chunks` maps them to their subject), or None when no sentence states
    it clearly enough. Neither a subject nor a `known` name is an answer.

    `context` are the question's words around the bridge ("shot", "1986"): a sentence that also holds
    them is more likely the one meant. A sentence about one of `itself_from` (the names the bridge's own
    clause writes, or the last bridge found) may state the bridge as its passage's own subject ("the album",
    `_passage_itself`)."""
    asked = set(lexical.words(question))
    context_stems = stems(" ".join(context)) - stems(" ".join(subjects))
    subject_stems = [stems(s) for s in subjects]
    # The clause's own words stand in for a head the text does not repeat: "the institute that owned The
    # Collegian" is stated as "The Collegian is owned by Hillsdale College", with no "institute".
    # (not a noun with an article of its own: "the channel on which the Neighbours episode … premiered" is not
    # found by "episode", another thing)
    others = article_nouns(question)
    anchors = tuple(stem(w) for w in context if not w.isdigit() and stem(w) in context_stems
                    and w not in others)[:MAX_ANCHORS]
    # (sentence score, cue offsets, found by the clause's words rather than the head's, sentence, chunk)
    scored: list[tuple[float, list[tuple[int, int]], bool, str, Chunk]] = []
    about: dict[str, str] = {}  # each sentence's subject
    years = set(_YEAR.findall(bridge.phrase))
    # "the … singer born in 1952": a year in the bridge's own clause (up to the next thing the question names
    # with an article: not the 1989 of "the 1988 film made by the director of the 1989 comedy")
    personal = noun_kind(bridge.head) == PERSON or bridge.head.endswith(("er", "or", "ist", "ant", "ent"))
    clause_years = set(_YEAR.findall(re.split(r"\b(?:the|a|an)\b", question[bridge.end:], maxsplit=1)[0])) - years
    for p in text:
        if years and not years & set(_YEAR.findall(p.text)) and _YEAR.search(p.text):
            continue  # "the 1992 comedy" is not "a 1988 Telugu comedy film"
        cues, base = _cue_offsets(p.lower, bridge.cues), 1.0
        if not personal:  # "music" is no cue in "musician" for "the music division": a person is no division
            cues = [(c, n) for c, n in cues if noun_kind(_word_at(p.lower, c)) != PERSON]
        if not cues:
            cues, base = _cue_offsets(p.lower, anchors), ANCHOR_SCORE
        if not cues:
            continue
        # Named in full: "Vincent" alone is not "Transfiguration of Vincent".
        subject = own_chunks.get(p.chunk.id) or next((s for s, w in zip(subjects, subject_stems) if w <= p.stems), "")
        if not subject:
            continue
        about.setdefault(p.text, subject)
        overlap = len(context_stems & p.stems) / max(len(context_stems), 1)
        # (a sentence that gives other years than the clause's is likely about another one: less sure, not ruled
        # out, as the phrase's own year rules it out above)
        other_years = bool(clause_years) and not clause_years & set(_YEAR.findall(p.text)) and _YEAR.search(p.text)
        scored.append((base + 0.5 * overlap + 0.2 / (1 + p.rank) - OTHER_YEARS * bool(other_years), cues, base < 1.0,
                       p.text, p.chunk))
    scored.sort(key=lambda s: -s[0])
    scored = scored[:MAX_SENTENCES]
    grams = {sentence: _grams(sentence) for *_, sentence, _ in scored}
    keys = sorted({k for spans in grams.values() for k in spans})
    titles = store.title_chunks(keys) if keys else {}
    best: Resolved | None = None
    best_key = ""
    called: dict[str, Called | None] = {}
    opened: dict[str, tuple[str, list[str]]] = {}  # each document's title, and what its opening says it is
    for score, cues, by_clause, sentence, chunk in scored:
        for key, spans in sorted(grams[sentence].items(), key=lambda kv: -len(kv[0])):
            if key not in titles or not any(ch.isalpha() for ch in key):
                continue  # a bridge is a named thing: a date or a number is not one
            spans = [(start, end) for start, end in spans if not _glossed(sentence, start)]
            if not spans:
                continue  # "sister Kate (Ashleigh Brewer)": the name in the bracket is the actor, not the sister
            if set(lexical.words(key)) <= asked or any(_same_name(key, s) for s in [*subjects, *(known or [])]):
                continue  # the question already holds this name, or a form of it
            title = _one_title(key, titles[key])
            if title and called_otherwise(store, bridge.head, title, titles[key][title], called):
                continue  # "the 2014 animated film": not Baymax, whose passage opens "… is a fictional character"
            # Only a document's title, written near the cue: measured on hotpotqa_100, 11 of 13 such names
            # were the bridge, against 2 of 30 names known only as entities or written further away.
            # A clause word inside a name ("Premier's … Council" for "was premier") makes it a namesake.
            # (a name after the cue from the cue's end: "album by American rapper and Outkast member Big Boi")
            # (a bracket between them counts for nothing: "Dawn Penn (born in 1952 in Kingston, Jamaica) is a
            # Jamaican reggae singer" says the singer of the name as near as "Dawn Penn is a … singer")
            at = _unbracketed(sentence)
            near = [at[start] - at[c + n] if start >= c + n else abs(at[start] - at[c]) for start, end in spans
                    for c, n in cues if not (by_clause and start <= c < end)]
            if not title or not near or min(near) > MAX_DISTANCE:
                continue
            total = score - min(near) / DISTANCE_SCALE - (OTHER_KIND if _other_kind(title, bridge) else 0.0)
            if best is None or total > best.score:
                best = Resolved(title, None, titles[key][title], sentence, chunk.id, round(total, 4), min(near),
                                about[sentence])
                best_key = key
        itself = _passage_itself(store, bridge, sentence, chunk, cues, opened) \
            if about[sentence] in itself_from and not by_clause else None
        if itself is not None and not own_chunks.get(chunk.id) and score - ITSELF > (best.score if best else 0.0) \
                and not any(_same_name(written_title(itself[0]).lower(), written_title(s).lower())
                            for s in [*subjects, *(known or [])]):
            best = Resolved(itself[0], None, itself[1], sentence, chunk.id, round(score - ITSELF, 4), 0,
                            about[sentence])
            best_key = written_title(itself[0]).lower()  # (the entity's name: no bracket, no extension)
    if best is None or best.score < MIN_SCORE:
        return None
    # The entity of the name as written, if the extractor made one, seeds the walk beside the document.
    best.entity = store.resolve_names([best_key]).get(best_key)
    return best


# "is the …", "as the main …" right before the cue: what she is ("a candidate for president" is no president)
_PREDICATE = re.compile(r"\b(?:is|was|as)\s+(?:the|an?)\s+(?:(?!(?:for|to|of|against|with|by|in|on)\s)[\w-]+\s+){0,3}$")
PREDICATE_CHARS = 80  # "She is best known as the main vocalist …": the cue within the predicate's first words


def _passage_itself(store: GraphStore, bridge: Bridge, sentence: str, chunk: Chunk, cues: list[tuple[int, int]],
                    opened: dict[str, tuple[str, list[str]]]) -> tuple[str, list[str]] | None:
    """The document's own subject, when its sentence states the bridge of it: as "the album", in the passage that
    opens "Glass Orchard is the third album by …" ("The band enlisted five producers for the album, including
    Mara Quill"); as "she", in a person's ("She is best known as the main vocalist of … Apink"); or in the
    opening itself ("Cheer Up! is a 2015 South Korean television series starring Jung Eun-ji"). Its title
    and chunks, or None."""
    if chunk.doc_id not in opened:
        info = store.get_document(chunk.doc_id)
        title = (info.subject or info.title) if info else ""
        first = store.get_chunks(store.document_chunk_ids(chunk.doc_id)[:1]) if title else {}
        opened[chunk.doc_id] = (title, said_to_be(next(iter(first.values())).content) if first else [])
    title, called = opened[chunk.doc_id]
    if not called:
        return None
    kind, lower = family(bridge.head) or {bridge.head}, sentence.lower()
    if noun_kind(bridge.head) == PERSON:
        of_kind = any(noun_kind(w) == PERSON for w in called)
        # (the sentence says what she is, not whom she has: "on his father's death" is no father of his own)
        stated = re.match(r"(?:he|she)\s+(?:is|was)\b", lower) is not None and any(
            c <= PREDICATE_CHARS and _PREDICATE.search(lower, 0, c) for c, _ in cues)
    else:
        of_kind = any(w in kind for w in called)
        stated = any(_word_at(lower, c) in kind and re.search(r"\b(?:the|this)\s+$", lower[max(c - 6, 0):c])
                     for c, _ in cues)
    opening = chunk.order == 0 and 0 <= " ".join(chunk.content.split()).find(sentence) <= OPENING_CHARS and any(
        w in kind for w in said_to_be(sentence))
    if not of_kind or not (stated or opening):
        return None
    return title, store.document_chunk_ids(chunk.doc_id)


def _unbracketed(text: str) -> list[int]:
    """For each offset of the text (and its end), how many characters before it lie outside brackets."""
    out, depth, count = [], 0, 0
    for ch in text:
        out.append(count)
        depth = depth + 1 if ch == "(" else max(depth - 1, 0) if ch == ")" else depth
        count += depth == 0 and ch != ")"
    return [*out, count]


def _word_at(lower: str, start: int) -> str:
    found = re.match(r"[a-z-]+", lower[start:])
    return found.group() if found else ""


def _cue_offsets(lower: str, cues: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the cue words start in the sentence, every time (a cue is a word's beginning: "direct" in
    "directed"), and their length; the name is measured from the nearest."""
    return sorted((m.start(), len(c)) for c in cues if c in lower for m in re.finditer(rf"\b{re.escape(c)}", lower))


def _grams(text: str) -> dict[str, list[tuple[int, int]]]:
    """Lower-cased runs of up to MAX_GRAM words that start and end with a capitalised word (or a
    number), with the character span of each time they are written: the sentence's candidate names."""
    tokens = [(m.group().rstrip(_TRIM), m.start()) for m in _TOKEN.finditer(text)]
    out: dict[str, list[tuple[int, int]]] = {}
    for i, (tok, start) in enumerate(tokens):
        if not tok or not (tok[0].isupper() or tok[0].isdigit()):
            continue
        if i >= 2 and tokens[i - 1][0] == "of" and tokens[i - 2][0][:1].isupper():
            continue  # "South Dakota" of "the University of South Dakota" is another thing's name
        for n in range(1, MAX_GRAM + 1):
            if i + n > len(tokens):
                break
            last, last_start = tokens[i + n - 1]
            if n > 1 and last.lower() in _CONNECTORS:
                continue
            if last and (last[0].isupper() or last[0].isdigit()) and not _name_goes_on(text, tokens, i + n):
                key = text[start: last_start + len(last)].strip(_TRIM).lower()
                out.setdefault(key, []).append((start, last_start + len(last)))
            if last.lower() not in _CONNECTORS and not (last and (last[0].isupper() or last[0].isdigit())):
                break  # a lower-case word that is no connector ends the name
    return out


_GLOSS = re.compile(r"[A-Z][\w'’.-]*\s+\($")


def _glossed(sentence: str, start: int) -> bool:
    """The name opens a bracket right after another name: a gloss on it (its actor, its real name)."""
    return _GLOSS.search(sentence, 0, start) is not None


def _name_goes_on(text: str, tokens: list[tuple[str, int]], nxt: int) -> bool:
    """The capitalised run continues past this token with only a space between: "United" in "United
    States" is part of a longer name, not the title "United"."""
    if nxt >= len(tokens):
        return False
    word, start = tokens[nxt]
    prev, prev_start = tokens[nxt - 1]
    return bool(word) and word[0].isupper() and not text[prev_start + len(prev): start].strip()


def _other_kind(title: str, bridge: Bridge) -> bool:
    """The title's bracketed qualifier says what it is, and that is not the bridge's kind."""
    qualifier = _QUALIFIER.search(title)
    if qualifier is None or bridge.head in _RELATIONAL:
        return False
    said = qualifier.group(1).lower()
    return not any(re.search(rf"\b{re.escape(c)}", said) for c in bridge.cues)


def _same_name(key: str, subject: str) -> bool:
    """"LiHua" and "Hey Li Hua" are forms of "Li Hua": one holds the other in whole words, spaces aside
    ("XM" is not a form of "XMII")."""
    for whose, what in ((subject, key), (key, subject)):
        if re.search(rf"^{re.escape(whose.lower())}['’]s\s+\w", what.lower()):
            return False  # "Armando Iannucci's Charm Offensive" is his show, not a form of his name
    a, b = lexical.words(key), lexical.words(subject)
    short, longer = ("".join(a), b) if len("".join(a)) <= len("".join(b)) else ("".join(b), a)
    return bool(short) and any("".join(longer[i:j]) == short for i in range(len(longer))
                               for j in range(i + 1, len(longer) + 1))


def _one_title(key: str, titles: dict[str, list[str]]) -> str:
    """The one document the name is the title of ("Lilu" names two: the exact one, else none)."""
    if len(titles) == 1:
        return next(iter(titles))
    exact = [t for t in titles if t.lower() == key]
    return exact[0] if len(exact) == 1 else ""


def described(store: GraphStore, bridge: Bridge, clause: list[str], text: list[Passage],
              known: list[str]) -> Resolved | None:
    """The one document whose first sentence describes the bridge as the question's clause does, when no
    sentence about a name the question holds states it: "the NFL team that played from 1930 to 1943" is
    "The Brooklyn Dodgers were an American football team that played in the National Football League from
    1930 to 1943". The opening must say the head (or its cue) and every content word of the clause, at
    least MIN_CLAUSE of them and a year among them (a bare "team that won" describes many)."""
    words = stems(" ".join(clause))
    if len(words) < MIN_CLAUSE or not any(_YEAR.fullmatch(w) for w in clause):
        return None
    found = [p for p in text if p.opening and words <= p.stems and _cue_offsets(p.lower, bridge.cues)]
    # (an uploaded file with no subject line of its own is named by its file, as title links name it)
    subjects = {p.chunk.doc_id: info.subject or info.title for p in found
                if (info := store.get_document(p.chunk.doc_id))}
    named = {d: t for d, t in subjects.items()
             if t and not any(_same_name(t.split(" (")[0].lower(), k.split(" (")[0]) for k in known)}
    if len(named) != 1:
        return None  # none, or two documents said alike: which one is meant is not written
    doc_id, title = named.popitem()
    p = next(p for p in found if p.chunk.doc_id == doc_id)
    key = without_extension(title).lower()  # the entity of the document's own name
    return Resolved(title, store.resolve_names([key]).get(key), store.document_chunk_ids(doc_id),
                    p.text, p.chunk.id, DESCRIBED_SCORE, 0)
