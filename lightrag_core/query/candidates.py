"""Candidate answers: every span of the asked-for type in the best sentences and along bridge paths, scored.

A span scores by how much of the question's relation words its sentence (or its two-sentence path
through a bridge) covers, how many of the question's names it reaches, and how closely the parse ties
it to what is asked ("directed by <span>", "born in <span>"). A name the question already holds never
answers. `short_answer.py` decides whether the best one is clear enough to give.
"""

from __future__ import annotations

from lightrag_core import lexical
from lightrag_core.nlp import nlp
from lightrag_core.query.answer_spans import (
    ParsedSentence,
    Span,
    address_part,
    clean_span,
    parse,
    placed_in,
    without_legal_form,
)
from lightrag_core.query.answer_support import cover, idf_weights, reached_beside, related, relation_terms, stated_words
from lightrag_core.query.answer_type import DATE, DESCRIPTION, LABELS, NAME, NUMBER, ORG, PERSON, PLACE, AnswerType
from lightrag_core.query.candidate_names import describes, fuller, merge_names, one_name
from lightrag_core.query.candidate_pool import bridge_sentences, chat_answers, replies_to_openers, saying, stating
from lightrag_core.query.candidate_weights import (
    AGENT,
    BRIDGE_ONWARD,
    BRIDGE_PENALTY,
    BRIDGE_SENTENCES,
    DEFINED,
    HEAD_WORD,
    LIFE_EVENT,
    LIST,
    LISTED,
    NEGATED,
    OTHER_SEX,
    OTHER_SUBJECT,
    POOL,
    PROXIMITY,
    REPLY,
    UNNAMED_IDENTITY,
    UNQUALIFIED,
    UNREACHED,
    UNSTATED,
)
from lightrag_core.query.chat_lines import conversations, one_of, spoken_by, squash, unaddressed
from lightrag_core.query.countries import country_of_word, is_country
from lightrag_core.query.date_ranges import asked_end, asks_since, end_fit, said_since
from lightrag_core.query.described import opening_words
from lightrag_core.query.life_events import (
    EVENT_WORDS,
    after_from,
    asked_event,
    asks_from,
    dated_elsewhere,
    in_others_bracket,
    life_event,
    placed_by,
)
from lightrag_core.query.name_forms import spelled_out
from lightrag_core.query.name_sex import other_sex, sex_of
from lightrag_core.query.question_parse import (
    ORG_DOING,
    SCHOOLING,
    asked_count,
    asked_description,
    asked_identity,
    asked_lemmas,
    asked_of_name,
    asked_of_role,
    asked_qualifier,
    asked_verb,
    asks_courtesy,
    asks_doer,
    asks_opener,
    asks_when_said,
    counts_asked,
    when_said_by,
    who_did,
)
from lightrag_core.query.referents import (
    about_other_subject,
    in_own_bracket,
    life_of_bridge,
    names_person,
    passage_opening,
    person_doing,
    refers_to_subject,
    subject_called,
    subject_kinds,
    surname_of_another,
)
from lightrag_core.query.regions import is_state
from lightrag_core.query.role_words import ROLE_WORDS
from lightrag_core.query.sentences import Sentence, named_in, stem, stems, written_in
from lightrag_core.query.span_fit import Asked, beside, called_as, fit, names_head, restates_question, typed
from lightrag_core.query.span_ties import agent, defines, denies, done_by, equated, listed, proximity


def _overlap(text: str, q_stems: frozenset[str]) -> float:
    """Share of the span's words the question already holds ("the Hukilau Song" for "who wrote a song")."""
    words = stems(text) - lexical.stop_words()
    if not words:  # "five", "twice" are stop words to the lexicon: held only if the question says them
        return float(stems(text) <= q_stems)
    return len(words & q_stems) / len(words)


Candidate = tuple[str, tuple[float, list[Sentence], list[str]]]  # key → (score, evidence, path)


def rank_candidates(kind: AnswerType, query: str, scored: list[tuple[Sentence, float]],
                    names: list[str], found: tuple[str, ...] = (), behind: tuple[str, ...] = (),
                    context: list[Sentence] | None = None) -> list[Candidate]:
    """Every span of the asked-for type in the best sentences and along bridge paths, best first.
    `found`: names the question stands for but does not hold (decomposition's bridges), never answers.
    `behind`: names a hop has already passed ("Lumen Records" when asking about its founder): neither
    answers nor bridges, so the path does not turn back. `context`: all the context's sentences, when
    `scored` holds only those about a name (a passage's opening says who its "he" is)."""
    sentences = [s for s, _ in scored]
    # "What nationality is X?": a sentence states it as "a French director", never with the word itself.
    terms = relation_terms(query, names) - UNSTATED
    # "what position", "what profession": stated as "plays as a …", never by name; "which country": by its name
    if kind.kind == DESCRIPTION or kind.head in {"country", "nation"}:
        terms -= stems(kind.head)
    idf = idf_weights(terms, sentences)
    q_stems = stems(query)
    # "Rockland County" repeats no question word for "what county?"
    q_words = q_stems - stems(kind.head) if kind.kind in {PLACE, ORG, NAME} else q_stems
    # nor does "Billy Idol" for the singer Billy Morrison plays for: a person's first name is no word of the question
    q_words -= {stem(n.split()[0].lower()) for n in names if len(n.split()) > 1 and sex_of(n)}
    named_words = set().union(*(stems(n) for n in names)) if names else set()
    doc = nlp()(query)
    lemmas = asked_lemmas(doc, named_words)
    # "Which film did X not direct?" asks about a "not": then a sentence's own "not" is no denial
    asks_not = any(t.dep_ == "neg" for t in doc)
    verb = asked_verb(doc)
    doer = kind.kind == PERSON and asks_doer(doc)
    talk = conversations([(s.message, s.speaker) for s in sentences]) if doer else {}  # (told all who take part)
    replies = replies_to_openers(sentences, terms, idf) if doer and asks_opener(doc) else set()
    stamped = kind.kind == DATE and asks_when_said(doc)
    teller = when_said_by(doc) if stamped else ""  # (one who speaks in the context)
    teller = teller if any(spoken_by(teller, s.speaker) for s in sentences) else ""
    courtesy = asks_courtesy(doc)  # ("who thanked …?": a line of thanks answers it)
    period = asked_end(query, doc) if kind.kind == DATE else ""  # "when did it premiere?": a period's start
    since = kind.kind == DATE and asks_since(query)  # "since what year …?": "since 2004"
    identity_noun = asked_identity(doc) if kind.kind in LABELS and not kind.head else ""
    identity = stems(identity_noun)
    qualifier_text = asked_qualifier(doc, kind.head) if kind.kind in LABELS else ""
    qualifier = stem(qualifier_text)
    description = asked_description(doc, kind.head) if kind.kind in LABELS else frozenset()
    plain = {t: 1.0 for t in description}

    def defined(p: ParsedSentence, span: Span) -> float:
        """How much of the question's description of its noun the span's sentence says, when that
        sentence says what the span is by that noun (0 otherwise)."""
        return cover(set(description), plain, p.sentence.stems) if description and defines(p, span, kind.head) \
            else 0.0
    event = asked_event(lemmas, list(doc)) if kind.kind in {DATE, PLACE} else ""  # a birth's date or place
    own_life = bool(event) and asked_of_name(doc, names)
    # "When was the creator of the series in which X played … born?": never X's own birth
    holder_noun = asked_of_role(doc)
    held_life = bool(event) and bool(holder_noun)
    counted = asked_count(doc) if kind.kind == NUMBER else frozenset()
    who_verb = who_did(doc) if kind.kind == PERSON else ("", "", frozenset())
    from_asked = kind.kind == PLACE and not kind.head and asks_from(query)
    sexed = kind.kind == PERSON and bool(kind.head)  # "Which actress …?": not a man
    role_cues = tuple(c for c in ROLE_WORDS.get(kind.head, ()) if c.isalpha())  # "which publisher?": "published by"

    def by_role(p: ParsedSentence, span: Span) -> float:
        return float(bool(role_cues) and done_by(p, span).startswith(role_cues))

    def ours(owner: str) -> bool:  # a bracket after a name the question holds
        return any(names_person(n, owner) for n in named)

    # not "the mayor of what city?": there the noun types the answer
    typing = Asked(kind, event, school=kind.kind == PLACE and not kind.head and bool(lemmas & SCHOOLING),
                   doing=bool(verb & ORG_DOING), kinds=subject_kinds(sentences) if kind.kind in LABELS else {},
                   called=opening_words(sentences) if kind.kind in {PLACE, NAME} else {}, verb=frozenset(verb),
                   said=q_stems)

    def placed(p: ParsedSentence, span: Span) -> float:
        """"Where did X work?": a place the asked verb governs, not the one "born" does (births and
        deaths are read by `life_event`). Not for "located in what city?": the noun types it."""
        if from_asked and after_from(p.sentence.text, span.start):
            return 1.0  # "Where is X from?": "a script writer from Assam"
        return placed_by(p, span, lemmas) if kind.kind == PLACE and not kind.head and not event and lemmas else 0.0

    def dated(p: ParsedSentence, span: Span) -> float:
        """"When was X founded?", asked of X alone: the date the asked verb governs in the sentence's own
        clause ("founded in 1979", not "ran it until 1998" nor "…, who had founded Bluebird in 1962").
        Asked of several names, a sentence about another sitcom that "premiered" says nothing of this one."""
        alone = kind.kind == DATE and not event and len(distinct) == 1 and bool(lemmas)
        return placed_by(p, span, lemmas, own_clause=True) if alone else 0.0
    # Whoever speaks in a chat is a person, by a part of their name too ("Chae" for ChaeSong-hwa): no answer to
    # "what song …?"; and is the one the question names by a part of that name ("Jake" for JakeWatson)
    speakers = {squash(s.speaker) for s in sentences if s.speaker}
    pool = parse(saying([*sentences[:POOL], *stating(sentences[POOL:], names, found, terms, idf)], speakers, courtesy))
    best_pool = scored[0][1] or 1.0
    pool_score = {id(s): max(v, 0.0) / best_pool for s, v in scored[:POOL]}
    named = [n for n in names if n]
    # ("Dakota" linked beside "South Dakota" is no second name)
    distinct = [n for n in named if not any(m != n and written_in(n.lower(), m.lower()) for m in named)]
    held = [n for n in named if n not in found]  # the question's own names, not the bridges that stand for it
    candidates: dict[str, tuple[float, list[Sentence], list[str]]] = {}
    through: dict[str, float] = {}  # bridge → the best score of an answer reached through it

    def offer(text: str, score: float, evidence: list[Sentence], path: list[str]) -> None:
        if evidence[-1].speaker and (bare := unaddressed(text)) != text and one_of(bare, speakers):
            text, path = bare, [*path[:-1], bare]
        if (kind.kind != PERSON and one_of(text, speakers)) or asked(text):
            return
        key = text.lower()
        if score > candidates.get(key, (-1.0,))[0]:
            candidates[key] = (score, evidence, path)

    squashed = squash(query)

    def asked(text: str) -> bool:
        """The question already holds it, word for word or written together ("LiHua" for "Li Hua")."""
        return (stems(text) <= q_stems or (len(squash(text)) >= 4 and squash(text) in squashed) or (
                squash(text) in speakers and any(spoken_by(n, text) for n in names))
                or any(written_in(text.lower(), f.lower()) or written_in(f.lower(), text.lower()) for f in found)
                or passed(text) or (" and " in text and any(stems(part) <= stems(n) for n in names if n
                                                            for part in text.split(" and "))))

    def passed(text: str) -> bool:
        """It is, or holds whole, a name the hops came by (not "Bristol" inside "Bristol Aeroplane Company")."""
        return any(written_in(b.lower(), text.lower()) for b in behind)

    # ("What Dutch city?": a sentence saying "Netherlands" says it)
    qualifier_land = stems(country_of_word(qualifier)) if qualifier else frozenset()

    def qualified(words: frozenset[str]) -> bool:
        return (not qualifier or any(related(qualifier, w) for w in words)
                or bool(qualifier_land) and qualifier_land <= words)

    def placed_elsewhere(p: ParsedSentence, span: Span) -> bool:
        """"Which California city?": not "Arden Hills, Minnesota", placed in another state (or country)."""
        wider = placed_in(p, span) if qualifier_text else ""
        return bool(wider) and not qualified(stems(wider)) and (
            is_state(qualifier_text) and is_state(wider) or bool(qualifier_land) and is_country(wider))

    def calls_identity(s: Sentence) -> bool:
        return not identity or any(related(i, w) for i in identity for w in s.stems)

    def names_in(s: Sentence) -> list[str]:
        """The question's names the sentence names, or whose chat line it is ("LiHua: Ugh, that client …"
        for "When did Li Hua express frustration …?")."""
        return [n for n in named if (named_in(n, s.name_stems) and not surname_of_another(n, s, sentences))
                or any(spoken_by(n, who) for who in talk.get(s.message, {s.speaker}))]

    # One sentence: it names the question's entity and states the answer.
    for p in pool:
        reached = names_in(p.sentence)
        unnamed = not calls_identity(p.sentence)
        unqualified = not qualified(p.sentence.name_stems)
        elsewhere = bool(named) and not reached and about_other_subject(p.sentence, sentences, named)
        # With nothing left to cover but the type, a sentence about the question's entity covers it all.
        covered = cover(terms, idf, stated_words(p.sentence, kind.head)) if terms else float(bool(reached))
        base = covered + 0.5 * len(reached) / max(len(named), 1) + 0.3 * pool_score.get(id(p.sentence), 0.0)
        negated = not asks_not and denies(p, lemmas)
        for span in p.spans:  # (a candidate's own name reaches no name of the question: "Simon Schatzberger")
            reach = reached_beside(reached, p.sentence, span.start, span.text)
            base_here = base - 0.5 * (len(reached) - len(reach)) / max(len(named), 1)
            life = life_event(p, span, event)
            text, fitted = typed(typing, p, span, life)
            text = spelled_out(text, p.sentence.text, span.start, query, asked)  # "… Act (KERA)": the Act
            if fitted and text and not asked(text) and not asked(span.text) \
                    and not (kind.kind == NUMBER and restates_question(p.sentence.text, span.start, query)):
                # ("Swedish" asked: not Sweden; "five nautical miles (6 mi)" asked: not 6 mi)
                # "(12 March 1901 – 4 May 1975)" states the death the question asks about without "died".
                stated = base_here - covered + cover(terms, idf, p.sentence.name_stems | EVENT_WORDS[event]) \
                    if life > 0 else base_here
                said = defined(p, span)
                tie = (PROXIMITY * proximity(p, span, terms, lemmas) + LIFE_EVENT * life
                       + AGENT * agent(p, span, verb, doer)
                       + HEAD_WORD * max(names_head(kind, text, *beside(p, span)), by_role(p, span))
                       + LIFE_EVENT * (placed(p, span) + dated(p, span) + (since and said_since(p, span, lemmas)))
                       + DEFINED * (said or (bool(identity_noun) and (equated(p, span, identity_noun) or (
                           bool(reached) and called_as(p, span, identity_noun)))))  # "X … his wife Ada
                       + HEAD_WORD * counts_asked(counted, *beside(p, span), query, span.text, p.sentence.text))
                # "Kimber Manufacturing … manufactures": a name may repeat the description its sentence gives it
                score = (stated * fitted + tie) * (1 - 0.6 * _overlap(text, q_words - description if said else q_words))
                if named and not reach:
                    score *= OTHER_SUBJECT * UNREACHED if elsewhere else UNREACHED
                if unnamed:
                    score *= UNNAMED_IDENTITY
                score *= UNQUALIFIED ** (unqualified + placed_elsewhere(p, span))
                if negated:
                    score *= NEGATED
                if sexed and other_sex(kind.head, text, p.sentence.text[span.start + len(span.text):]):
                    score *= OTHER_SEX
                if event and named and not in_own_bracket(p.sentence, span.start, named) \
                        and in_others_bracket(p.sentence.text, span.start, ours, own_life and bool(reached)):
                    score *= OTHER_SUBJECT  # "…, Bernhard Lloyd (born … in Enger)": another name's birth
                elif kind.kind == DATE and not event and dated_elsewhere(p, span, lemmas, named_words, ours):
                    score *= OTHER_SUBJECT  # "Hugh Brock (1914 - 1985)", "She founded Orvell Press in 1921"
                if held_life and (life <= 0 or in_own_bracket(p.sentence, span.start, held)):
                    continue  # "When was the singer who sang with X born?": a birth, and not X's own
                if holder_noun and kind.kind in LABELS and called_as(p, span, holder_noun):
                    continue  # "Whom did the co-founder of X replace?": not "Bert Bell, co-founder of X"
                if listed(p, span) >= LIST:
                    score *= LISTED
                score *= end_fit(period, p, span)
                offer(text, score, [p.sentence], [*reached[:1], text])
        # "It was released …", "The film features …": said of its passage's subject, which the passage's first
        # sentence names and calls what the question asks for (referents.py).
        if kind.kind in {NAME, ORG} and refers_to_subject(p.sentence, kind.head) \
                and (opening := passage_opening(p.sentence, sentences)) is not None:
            subject = subject_called(opening, kind.head)
            text, fitted = (subject.text, fit(kind, subject)) if subject else ("", 0.0)
            text = without_legal_form(text) if kind.kind == ORG else text
            if fitted and text and not asked(text):
                score = (base * fitted + DEFINED) * (1 - 0.6 * _overlap(text, q_words))
                score *= (UNREACHED if named and not reached else 1.0) * (NEGATED if negated else 1.0)
                offer(text, score, [opening, p.sentence], [*reached[:1], text])
        if kind.kind == PERSON and (did := person_doing(p, who_verb, context or sentences)) and not asked(did[0]):
            score = (base + AGENT) * (UNREACHED if named and not reached else 1.0) * (NEGATED if negated else 1.0)
            offer(did[0], score, [did[1], p.sentence], [*reached[:1], did[0]])  # "he was elected …": who he is
        for weight, text, reply in chat_answers(p.sentence, doer, stamped, replies, teller):
            score = (base + weight) * (UNREACHED if named and not reached else 1.0) * (NEGATED if negated else 1.0)
            offer(text, score * (REPLY if reply else 1.0), [p.sentence], [*reached[:1], text])
    def addresses_answer(p: ParsedSentence, b: Span) -> bool:
        """"in Canton, Massachusetts" asked "what city?": no bridge (asked "which county is Canton in?", one)."""
        placed = address_part(p, b) if kind.kind == PLACE else ""
        return bool(placed) and not asked(placed)

    # Two sentences: the first names the question's entity and a bridge, the second the bridge and the answer.
    bridges: list[tuple[ParsedSentence, Span]] = []
    for p in pool:  # (a bridge goes from a name: "Danish" leads nowhere, "a Danish musician" to any Dane)
        if any(not country_of_word(n) for n in names_in(p.sentence)):
            bridges += [(p, b) for b in p.spans if b.label in LABELS[NAME] or b.label == "NAME"
                        # (the question's own name, possessive or not: "Porcupine Tree's online store")
                        if not stems(clean_span(b.text)) <= q_stems and len(b.text) > 2
                        and not passed(clean_span(b.text))
                        and not addresses_answer(p, b)]
    seconds = bridge_sentences(bridges, sentences, BRIDGE_SENTENCES)
    by_id = {id(p.sentence): p for p in pool}
    todo = [s for s in sentences if id(s) in seconds and id(s) not in by_id]
    parsed = {id(p.sentence): p for p in parse(todo)} | by_id
    for sid, (first, bridge) in seconds.items():
        second = parsed[sid]
        words = first.sentence.name_stems | second.sentence.stems
        reached = names_in(first.sentence)
        if cover(terms, idf, words) - cover(terms, idf, first.sentence.name_stems) < 0.1:
            continue  # the second sentence must state something the question asks that the first does not
        base = 0.9 * (cover(terms, idf, words) + 0.5 * len(reached) / max(len(named), 1))
        bridge_name = clean_span(bridge.text)
        unnamed = not calls_identity(second.sentence)
        unqualified = not qualified(second.sentence.name_stems)  # the answer's own sentence says it
        negated = not asks_not and (denies(second, lemmas) or denies(first, lemmas))
        for span in second.spans:
            life = life_event(second, span, event)
            text, fitted = typed(typing, second, span, life)
            text = spelled_out(text, second.sentence.text, span.start, query, asked)
            if fitted and text and not asked(text) and not asked(span.text) \
                    and not stems(text) <= stems(bridge_name) | q_stems and not one_name(bridge_name, text):
                tie = (PROXIMITY * proximity(second, span, terms, lemmas) + LIFE_EVENT * life
                       + AGENT * agent(second, span, verb, doer) + LIFE_EVENT * placed(second, span)
                       + HEAD_WORD * max(names_head(kind, text, *beside(second, span)), by_role(second, span)))
                score = (base * fitted + tie) * (1 - 0.6 * _overlap(text, q_words))
                if unnamed:
                    score *= UNNAMED_IDENTITY
                score *= UNQUALIFIED ** (unqualified + placed_elsewhere(second, span))
                if negated:
                    score *= NEGATED
                if sexed and other_sex(kind.head, text, second.sentence.text[span.start + len(span.text):]):
                    score *= OTHER_SEX
                if listed(second, span) >= LIST:
                    score *= LISTED
                if held_life and life <= 0:
                    continue  # a holder's birth asked: a birth, on this path too
                if life > 0 and own_life and life_of_bridge(second.sentence, span.start, bridge_name):
                    score *= OTHER_SUBJECT  # "When did A. J. Marsh die?": not the death of his son, a bridge
                score *= end_fit(period, second, span)
                offer(text, score, [first.sentence, second.sentence], [*reached[:1], bridge_name, text])
                through[bridge_name.lower()] = max(through.get(bridge_name.lower(), 0.0), score)
        if kind.head and describes(second.sentence, bridge_name, kind.head):
            # "X starred which actor?": the bridge is the answer when its own sentence calls it what is asked
            # ("McRaney … starred" then "Gerald Lee McRaney … is an American television and movie actor").
            text, fitted = typed(typing, first, bridge, 0.0)
            if fitted and text and not asked(text) and not asked(bridge.text):
                tie = (PROXIMITY * proximity(first, bridge, terms, lemmas) + AGENT * agent(first, bridge, verb)
                       + HEAD_WORD * names_head(kind, text))
                score = (base * fitted + tie) * (1 - 0.6 * _overlap(text, q_words))
                if unqualified:
                    score *= UNQUALIFIED
                text = fuller(text, second)
                offer(text, score, [first.sentence, second.sentence], [*reached[:1], text])
    merged = merge_names(candidates, whole=kind.kind == DATE and not kind.year)
    # A bridge that leads on to an answer as good as itself is what the question describes, not what it
    # asks ("a retired Orlando Magic player who …": Grant Hill leads to the show he hosts).
    for key, (score, evidence, path) in list(merged.items()):
        # (the bridge's fuller form too: "Grant Henry Hill", as his own passage opens, is the Grant Hill led on from)
        onward = max((v for b, v in through.items() if written_in(b, key) or written_in(key, b) or one_name(b, key)),
                     default=0.0)
        if onward >= BRIDGE_ONWARD * score:
            merged[key] = (score * BRIDGE_PENALTY, evidence, path)
    return sorted(merged.items(), key=lambda kv: -kv[1][0])
