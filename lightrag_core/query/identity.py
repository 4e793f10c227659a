"""Who is Fred? A question that names someone and asks nothing more is answered by what the text says they
are ("Fred, Scrooge's nephew": Scrooge's nephew), not by another name their sentences hold.

Three forms say it, read off spaCy's parse of the best-scored sentences that write the name: an apposition
after it ("Belle, a comely matron, an old sweetheart of Scrooge's"), a plain copula ("Grant Hill … is a
retired American basketball player"; "Batman is Bruce Wayne" gives the name) and a description written right
before the name ("Scrooge's nephew Fred"). Only what a sentence asserts: not inside a quotation or a question,
not hedged ("would have been", "probably", "if"), not negated, not through an unresolved pronoun ("his
partner"); and only of the name itself, not of a longer name that starts with it ("Fred Astaire"). Relative
clauses are left out: the answer is one line. A question about an office ("Who is the King of France?") asks
for a holder's name and is left to the typed answer.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.name_sex import WOMANS_TITLE
from lightrag_core.query.sentences import Sentence

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_ASKED = re.compile(r"^\W*(?P<wh>who|what)(?:\s+(?:is|was|are|were)\s+|['’]s\s+)(?P<name>.{1,120}?)[\s?.!\"'“”‘’]*$",
                    re.IGNORECASE)
# Lower-case words a name may hold between its capitalised ones ("Ghost of Christmas Past", "Ludwig van Beethoven")
_PARTICLES = {"of", "the", "and", "de", "du", "da", "di", "del", "der", "van", "von", "la", "le", "ap", "ab", "ferch",
              "bin", "al", "y", "&"}
# Offices: "Who is the King of France?" asks who holds one, not what the King of France is
_OFFICES = {"king", "queen", "president", "vice", "prime", "minister", "mayor", "governor", "ceo", "chairman",
            "chairwoman", "chair", "director", "pope", "bishop", "archbishop", "duke", "duchess", "earl", "emperor",
            "empress", "chancellor", "secretary", "head", "leader", "captain", "founder", "owner", "editor", "coach",
            "manager", "chief", "sultan", "tsar", "czar", "pharaoh", "prince", "princess", "lord", "lady", "current",
            "first", "last", "new", "former"}
_POSSESSIVE = re.compile(r"\w['’]s\b|s['’](?!\w)")  # "Scrooge's", "the Joneses'"; not "O'Brien"
MAX_NAME_WORDS = 7
# Sentences parsed for a description, best first: bounds the cost of a name written in every chunk
MAX_PARSED = 12
MAX_WORDS = 16
_CLAUSES = {"relcl", "advcl"}  # hung on the description; names apposed to it go too (_phrase)
_EDGE_POS = {"PUNCT", "CCONJ"}
_COPULAS = {"is", "was", "are", "were", "'s", "’s"}
_HEDGES = {"probably", "perhaps", "maybe", "possibly", "hardly", "allegedly", "supposedly", "reportedly",
           "apparently", "never", "longer", "neither"}
# A woman's title before a bare surname names his wife or daughter: "Mrs. Fezziwig" is not Fezziwig
_WOMANS_TITLE = re.compile(WOMANS_TITLE + r"\s+$")
_OPEN_QUOTE = re.compile(r"(?:^|(?<=[\s(\[—-]))[\"“‘']")
_CLOSE_QUOTE = re.compile(r"[\"”’'](?=[\s.,;:!?)\]—-]|$)")


def asked_name(query: str, names: list[str] | tuple[str, ...] = (), texts: list[str] | tuple[str, ...] = ()) -> str:
    """The name a "Who is X?" / "What was X?" question asks about, when it asks nothing else; else "".
    A name written in lower case ("who is fred?") counts when it is one the question linked (`names`), or
    the context's sentences (`texts`) write it as a name, capitalised inside a sentence."""
    found = _ASKED.match(query.strip())
    if found is None:
        return ""
    name = " ".join(found["name"].strip("\"'“”‘’ ").split())
    words = name.split()
    if not words or len(words) > MAX_NAME_WORDS or _POSSESSIVE.search(name):
        return ""
    if words[0] == "the":
        if "of" in words and found["wh"].lower() == "what":
            return ""  # "the GDP of France": a value, not an identity (but "Who was the Ghost of Christmas Past?")
        words = words[1:]
    office = words[:words.index("of")] if "of" in words else words
    if not words or all(w.lower() in _OFFICES for w in office):
        return ""  # "the King of France", "CEO of Apple", "the Pope"
    if all(w[0].isupper() or w[0].isdigit() or w in _PARTICLES for w in words) and words[0] not in _PARTICLES:
        return " ".join(words)
    lowered = " ".join(words).lower()
    return {n.lower(): n for n in names}.get(lowered, "") or _as_written(lowered, texts)


def _as_written(lowered: str, texts: list[str] | tuple[str, ...]) -> str:
    """How the texts write a name asked in lower case: capitalised, not as a sentence's first word, at least
    twice and more often than not ("Fred"; not "rose", written "Rose" once)."""
    forms = Counter(m.group() for t in texts for m in re.finditer(rf"(?<![\w-]){re.escape(lowered)}(?![\w-])", t,
                                                                   re.IGNORECASE) if m.start() > 0)
    named = Counter({form: n for form, n in forms.items() if form[0].isupper()})
    if not named:
        return ""
    form, n = named.most_common(1)[0]
    return form if n >= 2 and n * 2 > sum(forms.values()) else ""


def identity_answer(name: str, scored: list[tuple[Sentence, float]]) -> ShortAnswer | None:
    """What the best-scored sentences that write `name` say it is (the name itself before a surname match:
    "Jordan" before "Michael Jordan"); None when none says."""
    written = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
    ranked = [s for s, _ in sorted(scored, key=lambda pair: -pair[1])]
    holding = [(s, m) for s in ranked if (m := _written(written, s.text, name))][:MAX_PARSED]
    docs = list(nlp().pipe([s.text for s, _ in holding]))
    found = [(sentence, said, alone) for (sentence, match), doc in zip(holding, docs)
             if (named := doc.char_span(match.start(), match.end(), alignment_mode="expand")) is not None
             for said, alone in [_described(named)] if said]
    best = next((f for f in found if f[2]), found[0] if found else None)
    if best is None:
        return None
    return ShortAnswer(best[1], [best[0]], [name, best[1]], 1.0)


def _written(name: re.Pattern[str], text: str, asked: str) -> re.Match[str] | None:
    """The name's first mention as the sentence's own words: not inside a quotation, and not "Mrs. Fezziwig"
    when a bare surname is asked."""
    for m in name.finditer(text):
        if (" " not in asked and _WOMANS_TITLE.search(text, 0, m.start())) or _quoted(text, m.start(), m.end()):
            continue
        return m
    return None


def _quoted(text: str, at: int, end: int) -> bool:
    """Inside a quotation that is more than the name ('"Good morning, Fred!"'; not 'Tim Cratchit ("Tiny Tim")')."""
    opened = [q.start() for q in _OPEN_QUOTE.finditer(text, 0, at)]
    if not opened or _CLOSE_QUOTE.search(text, opened[-1] + 1, at) is not None:
        return False
    return not (opened[-1] == at - 1 and _CLOSE_QUOTE.match(text, end))


def _described(named: Span) -> tuple[str, bool]:
    """(what the sentence says the name is, or ""; whether the name stands alone, not after a first name)."""
    doc, head = named.doc, named.root
    after = doc[named.end] if named.end < len(doc) else None
    if after is not None and after.pos_ == "PROPN" and not _repeated(named, after):
        return "", False  # "Fred Astaire", "the George Washington Bridge": a longer name
    if doc.text.rstrip("\"'”’ ").endswith(("?", "!")):
        return "", False  # asked or exclaimed, not stated: "There's such a goose, Martha!"
    alone = named.start == 0 or doc[named.start - 1].pos_ != "PROPN"
    taken = set(range(named.start, named.end))
    while head.dep_ == "compound" and head.head.pos_ == "PROPN" and head.head.i != head.i:
        taken.add(head.head.i)  # "Grant Hill Grant Henry Hill (born …) is"
        head = head.head
    if head.dep_ == "appos" and head.head.pos_ == "PROPN" and "(" in doc[head.head.i:head.i].text:
        head = head.head  # "Tim Cratchit ("Tiny Tim"), a cripple": the full name's description
    return _description(head, taken), alone


def _repeated(named: Span, after: Token) -> bool:
    """The proper nouns after the name end with its own last word: a title line before the sentence that
    repeats the name in full ("Grant Hill Grant Henry Hill")."""
    run = after
    while run.i + 1 < len(run.doc) and run.doc[run.i + 1].pos_ == "PROPN":
        run = run.doc[run.i + 1]
    return run.text == named[-1].text and run.i > after.i


def _description(head: Token, taken: set[int]) -> str:
    apposed = [said for c in head.children if c.dep_ == "appos" and c.pos_ == "NOUN" and (said := _phrase(c, taken))]
    if apposed and len(", ".join(apposed).split()) <= MAX_WORDS:  # "Ebenezer Scrooge, a grasping … man, the partner"
        return ", ".join(apposed)
    if apposed:
        return apposed[0]
    verb = head.head
    if head.dep_ == "nsubj" and verb.lower_ in _COPULAS and _asserted(verb):
        attr = next((c for c in verb.children if c.dep_ == "attr"), None)
        if attr is not None and attr.pos_ == "PROPN" and attr.ent_type_ == "PERSON":  # "Batman is Bruce Wayne"
            return next((e.text for e in attr.doc.ents if e.start <= attr.i < e.end), attr.text)
        if attr is not None and attr.pos_ == "NOUN" and not _negated(attr):
            return _phrase(attr, taken)
    described = head.head
    # "Scrooge's nephew Fred": the description written right before the name, nothing between
    if head.dep_ == "appos" and described.pos_ == "NOUN" and described.i == min(taken) - 1:
        return _phrase(described, taken)
    return ""


def _asserted(verb: Token) -> bool:
    """The copula is the sentence's main verb ("If Fred is a spy", "Some said Fred was a spy": another verb
    is), neither negated nor hedged ("is not", "is probably", "was hardly", "is no longer")."""
    if verb.dep_ not in {"ROOT", "conj"} or (verb.dep_ == "conj" and verb.head.dep_ != "ROOT"):
        return False
    return not any(c.dep_ == "neg" or c.lower_ in _HEDGES for c in verb.children)


def _negated(noun: Token) -> bool:
    return any(c.lower_ in {"no", "neither"} or c.dep_ in {"neg", "preconj"} for c in noun.children)


def _phrase(root: Token, taken: set[int]) -> str:
    """The noun phrase under `root` without its clauses and without the name, as one unbroken run of words;
    "" when it leans on a pronoun ("his partner": whose, the sentence does not say) or runs too long."""
    if any(c.dep_ == "poss" and c.pos_ == "PRON" for c in root.children):
        return ""
    cut = set(taken)
    for child in root.children:
        if child.dep_ in _CLAUSES or child.dep_ == "appos" and child.pos_ == "PROPN":
            cut |= {t.i for t in child.subtree}
    start = end = root.i
    while start - 1 >= root.left_edge.i and start - 1 not in cut:
        start -= 1
    while end + 1 <= root.right_edge.i and end + 1 not in cut:
        end += 1
    words = list(root.doc[start:end + 1])
    while words and words[0].pos_ in _EDGE_POS:
        words.pop(0)
    while words and words[-1].pos_ in _EDGE_POS:
        words.pop()
    if not words or len(words) > MAX_WORDS:
        return ""
    return root.doc[words[0].i:words[-1].i + 1].text
