"""Short answers to comparisons: "which was formed first, A or B?", "are A and B both …?" and
"were A and B of the same nationality?".

Each side's best sentence is the one naming it that covers most of the question's relation words;
dates are compared by year, a property by whether each side's sentence states it.
"""

from __future__ import annotations

import re
from functools import partial

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import YEAR, ShortAnswer, cover, idf_weights, relation_terms
from lightrag_core.query.answer_type import AnswerType
from lightrag_core.query.counted_choice import counted_choice
from lightrag_core.query.countries import country_named, country_of_word
from lightrag_core.query.dates import dates_in
from lightrag_core.query.life_events import LIFE_BRACKET
from lightrag_core.query.option_facts import (
    ASKED_DEED,
    about_option,
    birthplaces_of,
    countries_of,
    doers_of,
    groups_of,
    named_as,
    places_of,
)
from lightrag_core.query.role_holders import holder
from lightrag_core.query.role_words import ROLE_WORDS
from lightrag_core.query.sentences import Sentence, stems


def choice_answer(kind: AnswerType, query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    a, b = kind.options
    # ("which game was released first?": "game" types the options, "released" is what is compared)
    terms = relation_terms(query, [], kind.options) - stems(typed.group(1) if (typed := _TYPED.match(query)) else "")
    idf = idf_weights(terms, sentences)
    facts = {}
    for option in (a, b):
        about = about_option(option, sentences)
        if not about:
            return None
        best = max(about, key=lambda s: cover(terms, idf, s.name_stems))
        facts[option] = (best, cover(terms, idf, best.name_stems))
    if lived := _LIVED.search(query):
        return _lifespan_choice(kind, lived, sentences)
    if counted := counted_choice(kind, query, sentences):  # "which one produced more tornadoes?"
        return counted
    if kind.order:
        return _dated_choice(kind, query, sentences, terms, idf)
    covered = [o for o, (_, c) in facts.items() if c >= 0.99]
    if len(covered) == 1 and terms:
        other = b if covered[0] == a else a
        return ShortAnswer(covered[0], [facts[covered[0]][0], facts[other][0]], [covered[0]], 0.8)
    return None


_TYPED = re.compile(r"\s*(?:which|what)\s+([a-z]+)\b(?!\s+of\b)", re.IGNORECASE)


# Roles a comparison reads through: "by the band", "with the band" name no band to date
_COMPARED_ROLES = [r for r in ROLE_WORDS if r != "band"]
# "Which film has the director who died first, A or B?": the dates are the director's, not the film's.
# "Which novel's author was born first, A or B?" too; a possessive noun that is no known role ("Which
# biopic's subject …?") still dates someone other than the options, so no option's own date answers it.
_ROLE = re.compile(r"(?:\b(?:has|had|with|whose|by)\s+(?:the\s+)?|^\w+\s+[\w-]+(?:\s+[\w-]+)?['’]s\s+(?:lead\s+)?)"
                   r"(?-i:(?P<role>" + "|".join(_COMPARED_ROLES) + r"))\b", re.IGNORECASE)
_OTHERS = re.compile(r"^\w+\s+[\w-]+(?:\s+[\w-]+)?['’]s\s+[a-z]", re.IGNORECASE)
_BORN = re.compile(r"\b(?:born|birth)\b", re.IGNORECASE)
# "die" in lower case only: "(German: Die Beine von Dolores) is a 1957 … film" dates no death
_DIED = re.compile(r"\b(?:[Dd]ied|[Dd]eath|[Dd]ead|die|dies)\b")

Dated = tuple["When", list[Sentence], str]  # a date, the sentences that give it, and whose date it is

# "Who lived longer, A or B?", "Who died younger?": compared by the years each side lived.
_LIVED = re.compile(r"\blived?\s+(?P<span>longer|shorter)\b|\bdied\s+(?:at\s+an?\s+)?(?P<age>younger|older)\b",
                    re.IGNORECASE)


def _lifespan_choice(kind: AnswerType, lived: re.Match[str], sentences: list[Sentence]) -> ShortAnswer | None:
    """The side that lived longer (or shorter), from a sentence that gives both its years. Years only, so
    two lives within a year of each other's length are not told apart."""
    spans: dict[str, tuple[int, Sentence]] = {}
    for option in kind.options:
        for s in about_option(option, sentences):
            born, died = _year(s.text, "birth"), _year(s.text, "death")
            if born is not None and died is not None and died > born:
                spans[option] = (died - born, s)
                break
        else:
            return None
    (a, (years_a, said_a)), (b, (years_b, said_b)) = spans.items()
    if abs(years_a - years_b) < 2:
        return None
    longer = a if years_a > years_b else b
    wanted = (lived["span"] or "").lower() == "longer" or (lived["age"] or "").lower() == "older"
    winner = longer if wanted else (b if longer == a else a)
    return ShortAnswer(winner, [said_a, said_b], [f"{a}: {years_a} years", f"{b}: {years_b} years", winner], 1.0)


def asked_life(query: str) -> str:
    """"birth" or "death" when the question orders by one ("born first", "died later", "older")."""
    if _DIED.search(query):
        return "death"
    if _BORN.search(query) or re.search(r"\b(older|oldest|younger|youngest)\b", query, re.IGNORECASE):
        return "birth"
    return ""


def _life_of(query: str, option: str, options: tuple[str, ...]) -> str:
    """As `asked_life`, for one side of "the forming of A or the birth of B"; what the options' own names say is
    not asked ("Which film came out first, Stag Night of the Dead or …?" asks of no death)."""
    event = re.search(r"\b(birth|death|forming|formation|founding|release|creation|opening)\s+of\s+(?:the\s+)?"
                      + re.escape(option), query, re.IGNORECASE)
    if event:
        return {"birth": "birth", "death": "death"}.get(event.group(1).lower(), "")
    return asked_life(_unnamed(query, options))


def _unnamed(query: str, options: tuple[str, ...]) -> str:
    for option in options:
        query = query.replace(option, "")
    return query


def _year(text: str, life: str) -> int | None:
    when = _when(text, life)
    return when[0] if when else None


When = tuple[int, int, int]  # year, month, day; month and day 0 when the sentence gives the year alone


def _when(text: str, life: str) -> When | None:
    """The date a sentence gives for a birth or death (after "born"/"died", or in a "(1924 – 2005)"
    bracket), or its first year when the question asks neither; None when it does not say. The month and
    day are read when the year is part of a written date ("born April 2, 1960")."""
    if not life:
        found = YEAR.search(text)
        return _dated(text, found) if found else None
    word = (_DIED if life == "death" else _BORN).search(text)
    if word and (after := YEAR.search(text, word.end())) and after.start() - word.end() < 40:
        return _dated(text, after)
    for bracket in LIFE_BRACKET.finditer(text):
        if not bracket["second"] and not bracket["born"] and (
                text[:bracket.start()].rstrip().endswith(('"', "”", "'")) or "both" in bracket.group(0)):
            continue  # ""The Young Lions" (1948)" and "(both 1942)" date works, "Mira Stone (1948)" a birth
        if life == "birth":
            return _dated(text, bracket, "first")
        if bracket["second"]:
            return _dated(text, bracket, "second")
    return None


def _dated(text: str, found: re.Match[str], group: int | str = 1) -> When:
    """The year `found` holds, with the month and day of the written date it ends, if it ends one."""
    start, end = found.start(group), found.end(group)
    for written in dates_in(text[max(0, start - 20):end]):
        if written.text.endswith(found.group(group)):
            return written.when.year, written.when.month, written.when.day
    return int(found.group(group)), 0, 0


def _dated_choice(kind: AnswerType, query: str, sentences: list[Sentence], terms: set[str],
                  idf: dict[str, float]) -> ShortAnswer | None:
    role = _ROLE.search(query)
    if role is None and _OTHERS.match(query) and asked_life(_unnamed(query, kind.options)):
        return None  # "Which film's subject was born first?": a person's birth, not the film's year
    dated: dict[str, Dated] = {}
    for option in kind.options:
        life = _life_of(query, option, kind.options)
        found = (_through_role(option, _role_of(role), life, sentences) if role
                 else _own_year(option, life, sentences, terms, idf))
        if found is None:
            return None
        dated[option] = found
    (a, (when_a, said_a, who_a)), (b, (when_b, said_b, who_b)) = dated.items()
    # the same year tells nothing unless both give the month ("April 2, 1960" after "February 17, 1960")
    if when_a[0] == when_b[0] and not (when_a[1] and when_b[1]) or when_a == when_b:
        return None
    earlier = a if when_a < when_b else b
    winner = named_as(earlier if kind.order == "earlier" else (b if earlier == a else a), sentences)
    return ShortAnswer(winner, [*said_a, *said_b], [f"{who_a}: {_shown(when_a)}", f"{who_b}: {_shown(when_b)}", winner],
                       1.0)


def _shown(when: When) -> str:
    year, month, day = when
    return f"{year}-{month:02d}-{day:02d}" if month else str(year)


def _own_year(option: str, life: str, sentences: list[Sentence], terms: set[str],
              idf: dict[str, float]) -> Dated | None:
    # a date said of the option by its whole name, in any sentence (those about it first, its own passage's
    # leading, so they win a tie), before one said of a name it shares its last word with (the founding of
    # "Adelaide Trades Hall" is no date of "Salimullah Muslim Hall")
    full = stems(option)
    about = [(w, s) for s in about_option(option, sentences) if (w := _when(s.text, life)) is not None]
    seen = {id(s) for _, s in about}
    dates = [d for d in about if full <= d[1].name_stems] + [
        (w, s) for s in sentences if id(s) not in seen and full <= s.name_stems and (w := _when(s.text, life))
        is not None] or about
    if not dates:
        return None
    # the sentence that itself says the compared event ("It was released on …"), before one that inherits its words
    when, said = max(dates, key=lambda ws: (cover(terms, idf, ws[1].stems), cover(terms, idf, ws[1].name_stems)))
    return when, [said], option


def _role_of(found: re.Match[str]) -> str:
    """The role a comparison reads through: a band's "lead singer" is its vocalist (any member may sing; a song's
    singer is who recorded it)."""
    role = found["role"].lower()
    led = re.search(r"\b(?:band|group)['’]s\s+lead\s+singer", found.group(0), re.IGNORECASE)
    return "vocalist" if role == "singer" and led else role


def _through_role(option: str, role: str, life: str, sentences: list[Sentence]) -> Dated | None:
    """The option's director (or author, father …), then that person's date from a sentence about them."""
    found = holder(option, role, sentences)
    if found is None:
        return None
    person, said = found
    own = _when(said.text[said.text.find(person):], life)  # "directed by Sergio Leone (1929–1989)"
    if own is not None and life:
        return own, [said], person
    for other in about_option(person, sentences):
        if other is not said and (when := _when(other.text, life)) is not None:
            return when, [said, other], person
    return None


def yes_no_answer(kind: AnswerType, query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    if len(kind.options) != 2:
        return None
    if kind.same in _NATIONALITY or kind.same in _PLACES or kind.same in _GROUPS or (
            kind.same in _TOWNS and _BORN.search(query)):
        return _same_origin(kind, query, sentences)
    terms = relation_terms(query, [], kind.options)
    if not terms:
        return None
    idf = idf_weights(terms, sentences)
    best = []
    for option in kind.options:
        about = about_option(option, sentences)
        if not about:
            return None
        best.append(max(about, key=lambda s: cover(terms, idf, s.name_stems)))
    if kind.same:
        return None  # "the same state": both sentences may say "state" and name different ones
    if all(cover(terms, idf, s.name_stems) >= 0.99 for s in best):
        return ShortAnswer("yes", best, [*kind.options, "yes"], 0.8)
    return _other_nationality(kind, query, sentences)


# "the same …" questions answered by comparing what each side's sentences call it ("an American film"),
# or, for places, where each side's sentence puts it ("a city in Ohio").
_NATIONALITY = {"nationality", "country", "citizenship"}
_PLACES = {"country", "state", "province", "county", "region"}
_TOWNS = {"city", "town", "village"}  # "born in the same city?": each side's birthplace
# "members of the same band", "played for the same team": the organisations each side's sentence names.
_GROUPS = {"band", "group", "team", "club", "company", "label", "school", "university", "college", "party",
           "league", "orchestra"}
# "Are the directors of films A and B from the same country?": the directors are compared, not the films.
# (a role word in lower case: "Star of Midnight" is a title)
_ROLE_OF = re.compile(r"\b(?:(?-i:(?P<role>" + "|".join(_COMPARED_ROLES) + r"))s?\s+of|(?:have|has|with)\s+(?:the\s+)?"
                      r"(?-i:(?P<had>" + "|".join(_COMPARED_ROLES) + r"))s?)\b", re.IGNORECASE)


def _nationalities(option: str, sentences: list[Sentence], level: str = "") -> tuple[set[str], Sentence | None]:
    """The nationality words (spaCy's NORP: "American", "French") of the first sentence about
    `option` that has any, and that sentence."""
    about = about_option(option, sentences)
    for sentence, doc in zip(about, nlp().pipe([s.text for s in about])):
        found = {w for e in doc.ents if e.label_ == "NORP" for w in _joined(doc.text, e.start_char, e.end_char)}
        if found:
            return found, sentence
    return set(), None


_HYPHENED = re.compile(r"(?:-[A-Z][a-z]+)+")


def _joined(text: str, start: int, end: int) -> list[str]:
    """A nationality word with those hyphened to it: "British-American" is British and American
    (spaCy labels the first word only)."""
    more = _HYPHENED.match(text, end)
    return text[start : more.end() if more else end].lower().replace("-", " ").split()


def _same_origin(kind: AnswerType, query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    """Yes when both sides' sentences share a nationality (or, for a place, a place they are in), no when
    both state one and they share none; the two sides' holders when the question compares a role."""
    sides: list[tuple[str, list[Sentence]]] = []
    role = _ROLE_OF.search(query)
    for option in kind.options:
        found = holder(option, (role["role"] or role["had"]).lower(), sentences) if role else None
        sides.append((found[0], [found[1]]) if found else (option, []))
    level = "country" if kind.same in _NATIONALITY else kind.same
    readers = ((_nationalities, countries_of, places_of) if kind.same in _NATIONALITY else (groups_of,)
               if kind.same in _GROUPS else (birthplaces_of,) if kind.same in _TOWNS else (places_of,))
    if kind.same in _GROUPS and (deed := ASKED_DEED.search(query)):  # "published by the same company?"
        readers = (partial(doers_of, deed["verb"]),)
    for read in readers:
        # A holder's own sentences, not the one naming them as the film's director ("an American film").
        # (nor one the other side's full name holds and this side's does not: "Clonmore GAA" for "Glenard GAA")
        (a_words, a_said), (b_words, b_said) = (
            read(who, [s for s in sentences if all(s is not e for e in said) and not _only_other(s, who, other)],
                 level)
            for (who, said), (other, _) in zip(sides, sides[::-1]))
        if a_said is None or b_said is None:
            continue
        verdict = "yes" if a_words & b_words else "no"
        evidence: list[Sentence] = []
        for said in [*sides[0][1], a_said, *sides[1][1], b_said]:
            if all(said is not e for e in evidence):
                evidence.append(said)
        return ShortAnswer(verdict, evidence, [f"{sides[0][0]}: {', '.join(sorted(a_words))}",
                                               f"{sides[1][0]}: {', '.join(sorted(b_words))}", verdict], 0.8)
    return None


def _only_other(sentence: Sentence, option: str, other: str) -> bool:
    """The sentence names the other side in full and this side only in part (a shared word)."""
    return stems(other) <= sentence.name_stems and not stems(option) <= sentence.name_stems


def _other_nationality(kind: AnswerType, query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    """"Are A and B both American directors?": no, when one side's sentence calls it something else
    of the same kind ("a Hungarian director") and no sentence about it says "American"."""
    asked = {e.text.lower() for e in nlp()(query).ents if e.label_ == "NORP"}
    if not asked:
        return None
    rest = relation_terms(query, [], (*kind.options, *asked))
    for option in kind.options:
        about = about_option(option, sentences)
        if not about or any(word in s.text.lower() for s in about for word in asked):
            continue
        words, said = _nationalities(option, sentences)
        against, share = asked, 0.99
        if said is None:  # "a woman's magazine founded in Texas", asked "British": the countries it is placed in
            words, said = countries_of(option, sentences)
            # (its sentence calls it part of what is asked: "magazine" of "magazines … publications")
            against, share = {country_named(country_of_word(word)) for word in asked} - {""}, 0.5
        if said is not None and words and against and not words & against and (
                not rest or cover(rest, {t: 1.0 for t in rest}, said.name_stems) >= share):
            return ShortAnswer("no", [said], [option, ", ".join(sorted(w.title() for w in words)), "no"], 0.8)
    return None
