"""The offline short answer: a span of the asked-for type, found in one sentence or along a two-sentence path.

A question names something (its linked entities); a sentence about it either states the answer
("Marley was Scrooge's partner") or names a bridge ("… directed by Sergio Leone") whose own sentence
states it ("Leone died in 1989"). Each path (one sentence, or a sentence and the bridge's sentence) is
scored by how much of the question's relation words it covers and how many of its names it reaches;
candidates are spaCy's entities of the expected type in the path's last sentence, never a name the
question already holds. Comparisons ("which was formed first, A or B?") compare the two facts.
Without a clear winner there is no short answer: a wrong one is worse than none.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lightrag_core.nlp import nlp
from lightrag_core.query.anchored_answer import anchored_answer, quoted_typed, same_answer
from lightrag_core.query.answer_support import CENTURY, YEAR, ShortAnswer
from lightrag_core.query.answer_type import ANY, CHOICE, DATE, NUMBER, PERSON, PLACE, YES_NO, AnswerType, answer_type
from lightrag_core.query.apposed_role import apposed_holder
from lightrag_core.query.byline import byline_answer
from lightrag_core.query.candidate_weights import POOL
from lightrag_core.query.candidates import rank_candidates
from lightrag_core.query.chat_partner import chat_partner
from lightrag_core.query.clause_answer import clause_answer
from lightrag_core.query.co_holders import with_co_holders
from lightrag_core.query.comparisons import asked_life, choice_answer, yes_no_answer
from lightrag_core.query.compass import compass_answer
from lightrag_core.query.date_ranges import asked_end, period_end
from lightrag_core.query.dates import as_ago, names_a_clock, only_a_time_of_day
from lightrag_core.query.described import passage_opening, written_title
from lightrag_core.query.doer_answer import doer_answer
from lightrag_core.query.event_order import Embed, event_order_answer
from lightrag_core.query.holder_names import called_anywhere
from lightrag_core.query.identity import asked_name, identity_answer
from lightrag_core.query.life_events import asks_cause_of_death, cause_of_death, life_date
from lightrag_core.query.name_part import asked_part, name_part_answer
from lightrag_core.query.referents import about_name
from lightrag_core.query.result import DecompositionStep
from lightrag_core.query.role_holders import chain_holder, holder
from lightrag_core.query.roles import Hop, first_hop, inner_hop
from lightrag_core.query.sentence_rank import MAX_SENTENCES
from lightrag_core.query.sentences import Sentence, named_in, stems
from lightrag_core.query.span_fit import after_head, names_a_day
from lightrag_core.query.speech_tags import asks_about_saying, speech_tag
from lightrag_core.query.told_apart import told_apart
from lightrag_core.query.whose_role import owner_answer

MAX_HOPS = 3  # roles of roles followed from a question ("the spouse of the director of X")
MIN_SCORE = 1.0  # measured on hotpotqa_100: below these, most short answers were wrong
MIN_MARGIN = 0.4
# A best candidate this well supported needs a smaller lead (on hotpotqa_100, over multihop, mix and naive:
# 11 more right short answers, 1 more wrong)
STRONG, STRONG_MARGIN = 1.2, 0.3
# ... and smaller still when the walk reached the evidence from the question's own entities (multihop, as the last
# reading, after those through the bridges: extractive.py): 0.3 -> 0.2
# gave hotpotqa_100 multihop 2 more right short answers and no wrong one, lihuaworld's 637 the same answers; in
# the other modes it gave 11 more right and 6 more wrong, and local lost an answer found
WALKED_MARGIN = 0.2
# Without a confident answer, the sentences of this many runners-up follow the best candidate's: on
# hotpotqa_100 the answer was second to fourth for 1 question in 8.
RIVALS = 3
# "On what date …?": a candidate naming no month or day counts for this much ("what time …?": one naming no hour)
YEAR_FOR_DAY = 0.6


def short_answer(query: str, scored: list[tuple[Sentence, float]], names: list[str],
                 bridges: tuple[str, ...] = (), embed: Embed | None = None, walked: bool = False
                 ) -> ShortAnswer | None:
    """The best-supported answer span and its path; `confident` only when it clearly beats the rest.
    `bridges`: what multihop's decomposition found the question names only through another ("the
    actor who starred as X": Paul Gross); sentences about them count as about the question, and they
    are never the answer. `embed`: the embedder's, for questions about when two things happened. `walked`: the
    context came from multihop's walk (a strong candidate needs a smaller lead).

    None when nothing of the asked-for type is stated at all."""
    if not scored:
        return None
    kind = answer_type(query)
    sentences = [s for s, _ in scored]
    if asked_part(query):  # "What is Scrooge's first name?": read off "Ebenezer Scrooge", or no answer
        return name_part_answer(query, sentences)
    # "Who is Fred?": what he is (identity.py); another name in his sentences is no answer
    if name := asked_name(query, names, [s.text for s in sentences]):
        if described := identity_answer(name, scored):
            return described
        other = _typed_answer(kind, query, scored, names, bridges, walked)
        return replace(other, confident=False) if other else None
    if ordered := event_order_answer(query, sentences, embed):  # "did A happen before B?", over dated passages
        return ordered
    if kind.kind in {PLACE, ANY} and (beside := compass_answer(query, sentences)):  # "what lies east of X?"
        return beside
    if kind.kind == CHOICE:
        return choice_answer(kind, query, sentences)
    if kind.kind == YES_NO:
        return yes_no_answer(kind, query, sentences)
    found = _typed_answer(kind, query, scored, names, bridges, walked)
    # "… a second campus in which California city?": the best of its type is what the sentence quoting the
    # question writes there, two readings that agree
    if found is not None and not found.confident and (quoted := quoted_typed(query, sentences)) is not None \
            and same_answer(quoted.text, found.text):
        found = replace(found, evidence=[*quoted.evidence, *(s for s in found.evidence if s not in quoted.evidence)],
                        confident=True)
    if found is not None and (owned := owner_answer(query, found, scored)):
        return owned  # "Whose second wife wrote X?": her husband, not her
    if kind.kind == PERSON and (beside := apposed_holder(query, scored, found)):  # "Mrs. Cratchit, Cratchit's wife"
        return beside
    if kind.kind == ANY and (found is None or not found.confident) and (done := clause_answer(query, scored)):
        return done  # "What did Scrooge poke?": the fire, a phrase no type fits
    if kind.kind == ANY and (found is None or not found.confident) and (quoted := anchored_answer(query, sentences)):
        return quoted  # "… known for his precisionist depictions of what?": what the sentence it quotes says
    if kind.kind == PERSON and (found is None or not found.confident) and (by := byline_answer(query, sentences)):
        return by  # "Who wrote A Christmas Carol?": "A CHRISTMAS CAROL BY CHARLES DICKENS" on its title page
    if kind.kind == PERSON and (found is None or not found.confident) and (partner := chat_partner(query, scored)):
        return partner  # "Who does LiHua ask for help with the curtain?": whom his line is written to
    if kind.kind in {PERSON, ANY} and (doer := doer_answer(query, scored)):
        return doer  # "Who played upon the harp?": the subject of the deed as stated, not a name near it
    return with_co_holders(query, found, MIN_SCORE) if found else None


def _typed_answer(kind: AnswerType, query: str, scored: list[tuple[Sentence, float]], names: list[str],
                  bridges: tuple[str, ...], walked: bool = False) -> ShortAnswer | None:
    if (hop := first_hop(query)) and (through := _through_hop(kind, hop, scored)):
        return through
    # A question decomposition found a bridge for is read through it, or given no short answer: the
    # reading that ignores the bridge answers a different question (on hotpotqa_100 it was confident
    # and wrong where the bridged reading abstained, and the bridged evidence holds the answer more often).
    if bridges and (bridged := _span(kind, query, scored, names, bridges, walked=walked)):
        return bridged
    found = _span(kind, query, scored, names, walked=walked)
    if found is not None and not found.confident and found.score >= MIN_SCORE and _held(query, found.text, scored):
        return replace(found, confident=True)
    return found


# "Who directed X?": the verb's role, whose holder the role reading finds in the sentences about X
_ROLE_OF_VERB = {"directed": "director", "wrote": "writer", "composed": "composer", "produced": "producer",
                 "founded": "founder", "created": "creator", "designed": "designer", "illustrated": "illustrator",
                 "narrated": "narrator", "published": "publisher", "developed": "developer", "edited": "editor",
                 "manufactured": "manufacturer", "translated": "translator", "distributed": "distributor"}
_WHO_DID = re.compile(r"^\W*(?:who|which\s+\w+|what\s+\w+)\s+(?P<verb>[a-z]+)\s+(?P<done>.+?)\s*\?\s*$",
                      re.IGNORECASE)


def _held(query: str, best: str, scored: list[tuple[Sentence, float]]) -> bool:
    """The best candidate of "Who directed X?" is also who the role reading finds holds X's director: two
    readings agree, so a close runner-up ("a 1942 biopic about aviator Amy Johnson, directed by Herbert
    Wilcox") does not hold the answer back."""
    asked = _WHO_DID.match(query)
    role = _ROLE_OF_VERB.get(asked["verb"].lower()) if asked else None
    if asked is None or role is None:
        return False
    done, said = asked["done"].strip(), [s for s, _ in scored]
    found = holder(done, role, said)
    if found is None or found[0].lower() != best.lower():
        return False
    # and no other sentence says another holder ("founded by Ann Lee", "founded by Bob Ray"): one reading
    other = holder(done, role, [s for s in said if s is not found[1]])
    return other is None or other[0].lower() == best.lower()


def answer_resolved(query: str, asked: str, scored: list[tuple[Sentence, float]], names: list[str],
                    steps: list[DecompositionStep], embed: Embed | None = None) -> ShortAnswer | None:
    """The short answer to a question asked again with its resolved bridges written in ("Who wrote Homer's
    Odyssey?", rewrite.py), when it is confident; the sentence that found the first bridge leads its
    evidence and the path starts from what the question named."""
    again = short_answer(asked, scored, names, (), embed)
    # (a name the rewrite took out is what the question asked through, never its answer)
    if again is None or not again.confident or again.text.lower() in query.lower():
        return None
    said = [s for s, _ in scored]
    # each step's sentence in the order the steps were taken (inner first), then the answer's: as many as fit
    # beside the answer's own, the first and the last step kept ("the two brothers", "the 2006 album")
    led: list[Sentence] = []
    for step in steps:
        found = next((s for s in said if step.sentence and (step.sentence in s.text or s.text in step.sentence)), None)
        led += [found] if found is not None and found not in led else []
    own = [s for s in again.evidence if s not in led]
    room = max(MAX_SENTENCES - len(own), 1)
    led = led if len(led) <= room else [*led[:room - 1], led[-1]][-room:]
    evidence = [*led, *own]
    path: list[str] = []
    # (as the text writes each: "Jon L. Luther", not the uploaded file "Jon L. Luther.txt")
    for name in map(written_title, [*steps[0].subjects[:1], *(step.found for step in steps), *again.path[:-1]]):
        if not any(name.lower() in p.lower() for p in path):  # ("Homer" of "Homer's Odyssey")
            path.append(name)
    return ShortAnswer(again.text, evidence, [*path, again.text], again.score, again.margin, again.confident,
                       again.rival)


def _through_hop(kind: AnswerType, hop: Hop, scored: list[tuple[Sentence, float]], depth: int = 1
                 ) -> ShortAnswer | None:
    """"When did the director of X die?": find X's director, then ask "when did <director> die?" of
    the sentences about them ("who is the spouse of <director>?" is a hop of its own, up to MAX_HOPS).
    None when the first hop is not stated, so the question is answered as a whole."""
    sentences = [s for s, _ in scored]
    subject, path, evidence = hop.subject, [hop.subject], []
    if inner := inner_hop(hop.subject):  # "the youngest son of Scrooge's clerk": the clerk first
        first = holder(inner.subject, inner.role, sentences, inner.qualifier)
        if first is None:
            return None
        subject, path, evidence = first[0], [inner.subject, first[0]], [first[1]]
    if hop.asks:  # "the city where X was born": X's birthplace, asked of the sentences about X
        about_subject = _about(subject, scored)
        asked_place = hop.asks.format(subject)
        place = _span(answer_type(asked_place), asked_place, about_subject, [subject]) if about_subject else None
        if place is None or not place.confident:
            return None
        found: tuple[list[str], list[Sentence]] | None = ([place.text], place.evidence)
    else:
        found = chain_holder(subject, hop.role, sentences, hop.qualifier, hop.noun, hop.besides)
    if found is None or (hop.called and not called_anywhere(found[0][-1], hop.noun, sentences)):
        return None  # (a holder the question's noun must call: "the film in which X made his debut")
    person = found[0][-1]
    path, evidence = [*path, *found[0]], [*evidence, *found[1]]
    if hop.asks_the_name(person):
        return ShortAnswer(person, evidence, path, 1.0)
    asked = hop.outer.format(person)
    if depth < MAX_HOPS and (onward := first_hop(asked)) and onward.subject == person:
        further = _through_hop(kind, onward, scored, depth + 1)
        if further is None:
            return None
        return ShortAnswer(further.text, [*evidence, *further.evidence], [*path, *further.path[1:]], further.score,
                           further.margin, further.confident and _ordinal_said(asked, further.evidence), further.rival)
    outer = _asked_of(kind, asked, person, scored, evidence, tuple(path[:-1]))
    if outer is None:
        return None
    return ShortAnswer(outer.text, [*evidence, *(s for s in outer.evidence if s not in evidence)], [*path, outer.text],
                       outer.score, outer.margin, outer.confident and _ordinal_said(asked, outer.evidence), outer.rival)


def _asked_of(kind: AnswerType, asked: str, name: str, scored: list[tuple[Sentence, float]],
              evidence: list[Sentence], behind: tuple[str, ...]) -> ShortAnswer | None:
    """The rest of the question asked of the holder found, over the sentences about it, never answered by
    (or through) a name the hops came by. The sentence that found the holder is read too when the others
    give no confident answer: it may be all that is said of it ("… on the Toronto label Birchwood Music"),
    or its own passage's ("Before founding Kestrel Lane he played mandolin in …")."""
    # "The population of Ostia is 5 million" in Kelmouth's passage answers nothing of Kelmouth (a place's
    # own property only: "the role of Ivy Forrester" names the answer, not another owner); the asked noun is
    # the one the spans are ranked by, so the rest of the question is not parsed again
    told = [(s, v) for s, v in _about(name, scored, asked)
            if not (kind.head in _PROPERTIES and _of_another(s.text, kind.head, name))]
    about = [(s, v) for s, v in told if s not in evidence]
    context = [s for s, _ in scored]  # where "he" in a sentence about the name is read: its passage's opening
    found = _span(kind, asked, about, [name], behind=behind, context=context) if about else None
    if found is None or not found.confident:
        wider = [(s, v) for s, v in told if s not in evidence or s == evidence[-1]]
        if len(wider) > len(about) and (other := _span(kind, asked, wider, [name], behind=behind, context=context)) \
                is not None \
                and (found is None or other.confident):
            found = other
    return found


_PROPERTIES = {"capital", "population", "seat", "currency", "language", "area", "mayor", "governor"}


def _of_another(text: str, head: str, name: str) -> bool:
    """The sentence gives the asked noun of another name ("the capital of Ostia, Mirn", asked Varnland's)."""
    owned = (rf"(?i:\b{re.escape(head)}\s+of\s+(?:the\s+)?)(?:[a-z]+\s+){{0,2}}"
             r"(?P<owner>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)")
    return any(not stems(found["owner"]) & stems(name) for found in re.finditer(owned, text))


def _about(name: str, scored: list[tuple[Sentence, float]], asked: str = "") -> list[tuple[Sentence, float]]:
    return [(s, scored[i][1]) for i, s in about_name(name, [s for s, _ in scored], asked)]


def _cause(scored: list[tuple[Sentence, float]], names: list[str]) -> ShortAnswer | None:
    """"What is the cause of death of X?": what the sentences about X say X died of; confident only when
    they name one cause."""
    said = [(cause, s) for s, _ in scored[:POOL] if any(named_in(n, s.name_stems) for n in names)
            if (cause := cause_of_death(s.text))]
    if not said:
        return None
    causes = list(dict.fromkeys(c for c, _ in said))
    rival = [s for c, s in said if c != causes[0]][:1]
    return ShortAnswer(causes[0], [said[0][1]], [*names[:1], causes[0]], 1.0, confident=len(causes) == 1, rival=rival)


# a number's qualifier the question already says before "how many"
_QUALIFIED = re.compile(r"\b(more than|over|nearly|almost|about|approximately|around|at least|less than|fewer than)"
                        r"\s+how\s+many\b", re.IGNORECASE)


def _span(kind: AnswerType, query: str, scored: list[tuple[Sentence, float]], names: list[str],
          found: tuple[str, ...] = (), behind: tuple[str, ...] = (), context: list[Sentence] | None = None,
          walked: bool = False) -> ShortAnswer | None:
    if asks_cause_of_death(query):
        return _cause(scored, names)
    ranked = rank_candidates(kind, query, scored, [*names, *found], found, behind, context)
    if kind.kind == DATE and (kind.day or kind.clock):  # "on what date did it end?": not "until 1987", nor
        # "weekend morning"; "what time …?": not "this Saturday" (after merging: "died in 1975" still speaks for
        # "April 5, 1975")
        named = names_a_clock if kind.clock else names_a_day
        ranked = sorted(((k, (v[0] * (1.0 if named(k) else YEAR_FOR_DAY), *v[1:])) for k, v in ranked),
                        key=lambda kv: -kv[1][0])
    ranked = [(k, v) for k, v in told_apart(query, ranked) if not _unfit(kind, query, v[2][-1], v[1][-1])]
    if not ranked:
        return None
    score, evidence, path = ranked[0][1]
    best_text = ranked[0][1][2][-1]
    rivals = [v for k, v in ranked[1:]
              if not _same(k, ranked[0][0]) and not _within(best_text, v[2][-1], [*evidence, *v[1]])][:RIVALS]
    # An untyped question's candidates are seldom its answer (see `confident`): past the first runner-up,
    # their sentences would crowd out the best-scored ones (on lihuaworld, whose questions are mostly
    # untyped, three runners-up cost multihop 0.006 answer-found).
    rivals = rivals[:1] if kind.kind == ANY else rivals
    rival = rivals[0] if rivals else None
    runner_up = rival[0] if rival else 0.0
    # An untyped question ("X is what?") has no type to check a span against: on hotpotqa_100 its best
    # candidate was right for 1 question in 16, so it never gets a short answer.
    # The smaller lead of a strong candidate holds for prose, not for a chat line (on lihuaworld's chats it
    # added 1 right short answer and 4 wrong ones in multihop).
    strong = WALKED_MARGIN if walked else STRONG_MARGIN
    lead = strong if score >= STRONG and not any(s.speaker for s in evidence) else MIN_MARGIN
    confident = kind.kind != ANY and score >= MIN_SCORE and score - runner_up >= lead
    text = after_head(kind, path[-1])
    if kind.kind == DATE:
        text = as_ago(period_end(text, asked_end(query, nlp()(query))))  # "1957 to 1961", asked when it ceased: 1961
    # "On what date did X die?": "… until his death in 2001" and "(10 May 1953 – 2 March 2001)"
    if kind.kind == DATE and kind.day and YEAR.fullmatch(text) and (whole := _whole_date(
            query, text, evidence, context or [s for s, _ in scored])):
        text, evidence = whole
    if kind.kind == DATE and kind.year and (year := YEAR.search(text)):
        text = year.group(1)  # "in what year …?" is answered by the year, not the whole date
    elif kind.kind == DATE and kind.head == "century" and (century := CENTURY.search(text)):
        text = century.group(0).replace("-", " ")
    elif kind.kind == NUMBER and (said := _QUALIFIED.search(query)) and text.lower().startswith(said[1].lower()):
        text = text[len(said[1]):].strip()  # "sold more than how many records?": "150 million", not "more than …"
    return ShortAnswer(text, evidence, [*path[:-1], text], round(score, 3), round(score - runner_up, 3), confident,
                       [r[1][-1] for r in rivals])


# "one" said as a count ("only one"), not as "a" ("familiar with one old ghost")
_COUNTED_ONE = re.compile(r"\b(?:only|just|exactly|single|total\s+of)\s+one\b", re.IGNORECASE)


def _unfit(kind: AnswerType, query: str, text: str, said: Sentence) -> bool:
    """A candidate its sentence states as no answer of the asked kind: a "one" that stands for "a" counts
    nothing; a quotation's speaker ("'Spirit,' said Scrooge") answers only who said something; a birth or a
    death is no time of day ("that afternoon", beside "dead")."""
    if kind.kind == NUMBER:
        return text.lower() == "one" and not _COUNTED_ONE.search(said.text)
    if kind.kind == PERSON:
        return not asks_about_saying(query) and speech_tag(said.text, text)
    return kind.kind == DATE and bool(asked_life(query)) and only_a_time_of_day(text)


# "Who directed the first film released under X?", asked of a holder found: which of X's films is asked, and a
# sentence that does not say it is about another ("Directed by …, the film tells …")
_ORDINAL = re.compile(r"\bthe\s+(first|second|third|last|earliest|latest|final)\s+(?!time\b|of\b)[a-z]", re.IGNORECASE)
_SAID_ORDINAL = {"first": ("first", "debut", "earliest", "inaugural", "1st"), "second": ("second", "2nd"),
                 "third": ("third", "3rd"), "last": ("last", "final", "latest"), "earliest": ("earliest", "first"),
                 "latest": ("latest", "last", "most recent"), "final": ("final", "last")}


def _ordinal_said(query: str, evidence: list[Sentence]) -> bool:
    asked = _ORDINAL.search(query)
    if asked is None:
        return True
    said = " ".join(s.text.lower() for s in evidence)
    return any(re.search(rf"\b{word}", said) for word in _SAID_ORDINAL[asked[1].lower()])


def _whole_date(query: str, year: str, evidence: list[Sentence], context: list[Sentence]
                ) -> tuple[str, list[Sentence]] | None:
    """The day and month of a birth or death given as a year, from the life bracket its passage opens with."""
    life = asked_life(query)
    if not life:
        return None
    died = life == "death"
    opening = passage_opening(evidence[-1], context)
    for said in ([opening] if opening is not None else []) + evidence:
        if date := life_date(year, died, said.text):
            return date, [*evidence, *([said] if said not in evidence else [])]
    return None


def _within(place: str, wider: str, evidence: list[Sentence]) -> bool:
    """"Cincinnati, Ohio": the second names where the first is, so it is not a rival answer; nor is another
    name of the same thing ("Plan A Entertainment (formerly A Cube Entertainment)")."""
    return any(f"{place}, {wider}" in s.text or wider in _aliases(place, s.text) for s in evidence)


# ("(now Tom Lee)" names a successor, "(formerly the manager of …)" no other name of the same thing)
_ALIAS = r"\s*\((?:formerly|previously|originally|also\s+known\s+as|known\s+as|né|née)\s+(?P<alias>[A-Z][^()]{0,79})\)"


def _aliases(name: str, text: str) -> str:
    """What the bracket right after `name` says it was or is also called, or ""."""
    found = re.search(re.escape(name) + _ALIAS, text, re.IGNORECASE)
    return found["alias"] if found else ""


def _same(a: str, b: str) -> bool:
    return a in b or b in a
