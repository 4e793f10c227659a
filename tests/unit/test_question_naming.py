"""Generated questions that say which thing they mean, and answers that are not one item of a list (a reading of
hotpotqa_100's generated set found "Which was released first, Awake or …?" ambiguous: many albums are called
Awake; "Where is List of companies of Botswana located?"; "Who did José Manuel Aguilera work with?" answered by
the first of four collaborators)."""

from __future__ import annotations

import random

from lightrag_core.models import Chunk
from lightrag_core.nlp import nlp
from lightrag_core.workbench.testset.acceptance import Checks
from lightrag_core.workbench.testset.clauses import read_clauses
from lightrag_core.workbench.testset.facts import Corpus, qualified_titles, read_facts, topic_name
from lightrag_core.workbench.testset.generate import comparison_candidates, single_candidates
from lightrag_core.workbench.testset.model import Clause, Names, Topic
from lightrag_core.workbench.testset.phrasing import ask, compare

ALBUMS = {
    "awake": ("Awake (Josh Groban album)", "Awake is the fourth studio album by Josh Groban. "
              "Awake was released in 2006."),
    "mercy": ("Strange Mercy", "Strange Mercy is the third studio album by St. Vincent. Strange Mercy was released "
              "in 2011."),
}


def corpus_of(docs: dict[str, tuple[str, str]], kinds: dict[str, str]) -> Corpus:
    chunks = [Chunk(f"chunk-{doc_id}", doc_id, 0, 50, text) for doc_id, (_, text) in docs.items()]
    parsed = list(nlp().pipe(c.content for c in chunks))
    corpus = read_facts(chunks, parsed, {d: topic_name(subject) for d, (subject, _) in docs.items()}, kinds)
    corpus.qualified = qualified_titles({d: subject for d, (subject, _) in docs.items()})  # as read_corpus does
    return corpus


def checks_for(corpus: Corpus) -> Checks:
    checks = Checks(corpus)
    checks.common_limit = checks.specific_limit = 100  # a few chunks: every word is "common"
    return checks


def asked_of(sentence: str, kinds: dict[str, str], topic: str = "") -> dict[str, str]:
    asked: dict[str, str] = {}
    for clause in read_clauses(next(nlp()(sentence).sents), Topic(topic, "work" if topic else ""), Names(kinds)):
        for slot in clause.slots:
            if text := ask(clause, slot):
                asked[text] = slot.answer
    return asked


def test_a_title_with_a_qualifier_is_asked_with_it() -> None:
    assert qualified_titles({"a": "Awake (Josh Groban album)", "b": "Strange Mercy",
                             "c": "List of Demands (song)"}) == {"a": "Awake (Josh Groban album)",
                                                                 "c": "List of Demands (song)"}
    corpus = corpus_of(ALBUMS, {"awake": "work", "strange mercy": "work"})
    checks = checks_for(corpus)
    compared = [q.question for q in comparison_candidates(corpus, checks, random.Random(0), 5)]
    assert compared and all("Awake (Josh Groban album)" in q for q in compared), (compared, checks.dropped)
    singles = {q.question: q.answer for q in single_candidates(corpus, checks)}
    assert singles.get("Who is Awake (Josh Groban album) the fourth studio album by?") == "Josh Groban" or all(
        "Awake (" in q for q in singles if "Awake" in q), singles
    assert "When was Strange Mercy released?" in singles, singles  # no qualifier, none added
    # Asked with its qualifier, a question that gives its answer away is dropped ("Who is Love Story (Andy Williams
    # album) an album by?", "When was Cry Wolf (2005 film) released?")
    corpus = corpus_of({"love": ("Love Story (Andy Williams album)", "Love Story was recorded by Andy Williams."),
                        "cry": ("Cry Wolf (2005 film)", "Cry Wolf was released in September 2005.")},
                       {"love story": "work", "andy williams": "person", "cry wolf": "work"})
    asked = {q.question: q.answer for q in single_candidates(corpus, checks_for(corpus))}
    assert not [a for a in asked.values() if a in {"Andy Williams", "September 2005"}], asked


def test_the_qualified_title_is_written_where_its_own_subject_is() -> None:
    # "Stay Awake" holds "Awake": the qualifier goes on Awake, not into Stay Awake; a title's own "It's" or "US"
    # is no pronoun left in the question
    corpus = corpus_of({**ALBUMS, "stay": ("Stay Awake", "Stay Awake is an album. Stay Awake was released in 2009."),
                        "sup": ("Superman (It's Not Easy)", "Superman is an album. Superman was released in 2001.")},
                       {"awake": "work", "stay awake": "work", "strange mercy": "work", "superman": "work"})
    checks = checks_for(corpus)
    compared = [q.question for q in comparison_candidates(corpus, checks, random.Random(3), 20)]
    assert compared and not [q for q in compared if "Stay Awake (" in q], compared
    assert [q for q in compared if "Superman (It's Not Easy)" in q], (compared, checks.dropped)


def test_a_listing_is_no_subject() -> None:
    assert topic_name("List of companies of Botswana") == "" and topic_name("Lists of films") == ""
    assert topic_name("Listowel Castle") == "Listowel Castle"
    assert topic_name("List of Demands (song)") == "List of Demands"  # a song, said so by its qualifier
    text = "List of companies of Botswana was compiled by the Botswana Stock Exchange in 2010."
    corpus = corpus_of({"list": ("List of companies of Botswana", text)},
                       {"botswana stock exchange": "organisation"})
    assert not [f for f in corpus.facts if "List of" in f.clause.subject], corpus.facts
    # (the same sentence, its title read as a subject, asks about the list)
    kept = read_facts([Chunk("c", "list", 0, 50, text)], list(nlp().pipe([text])),
                      {"list": "List of companies of Botswana"}, {"botswana stock exchange": "organisation"})
    assert [f for f in kept.facts if "List of" in f.clause.subject]


def test_one_item_of_a_list_is_no_answer() -> None:
    kinds = {"josé manuel aguilera": "person", "sangre azteka": "organisation", "jaguares": "organisation",
             "steven brown": "person"}
    asked = asked_of("José Manuel Aguilera has worked with Sangre Azteka, Jaguares, Cecilia Toussaint and Steven "
                     "Brown.", kinds)
    assert "Sangre Azteka" not in asked.values(), asked
    # two names in apposition to the subject: neither is the subject alone, asked for or asked about
    asked = asked_of("The two airports, Toronto Pearson International Airport and Billy Bishop Toronto City Airport, "
                     "are located within the GTA.", {"gta": "organisation"})
    assert not [q for q, a in asked.items() if "Airport" in q + a], asked
    # one airport named alone is asked for
    asked = asked_of("The airport, Toronto Pearson International Airport, is located within the GTA.",
                     {"gta": "organisation", "toronto pearson international airport": "organisation"})
    assert "Toronto Pearson International Airport" in asked.values(), asked


def test_a_date_alone_does_not_say_which_subject() -> None:
    asked = asked_of("Awake was released on November 7, 2006.", {"awake": "work"}, topic="Awake")
    assert "Which work was released on November 7, 2006?" not in asked and asked, asked
    asked = asked_of("Awake was released by Reprise Records on November 7, 2006.",
                     {"awake": "work", "reprise records": "organisation"}, topic="Awake")
    assert any(a == "Awake" for a in asked.values()), asked  # a name besides the date: asked


def test_a_title_ending_in_a_question_mark_ends_the_question_once() -> None:
    def aired(title: str) -> Clause:
        return Clause(f"{title} aired in 1999.", title, "work", (0, 1), "aired", "air", "VBD", (), False, ())

    asked = compare(aired("When Flanders Failed"), aired("Guess Who's Coming to Criticize Dinner?"), earlier=True)
    assert asked == "Which aired first, When Flanders Failed or Guess Who's Coming to Criticize Dinner?"
