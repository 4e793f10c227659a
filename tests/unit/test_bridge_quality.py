"""Bridge questions a reader can answer (a reading of hotpotqa_100's generated bridges found most malformed).

Each case is a sentence of that corpus, or its shape: a name in an adjunct is no bridge ("When was Metallica
formed in the place where Gary Franklin was based?"), a description must pick out one thing and read as
English, and what the parse got wrong (a noun taken for a verb, an apposition hung on the wrong name) asks
nothing."""

from __future__ import annotations

import random

from lightrag_core.models import Chunk
from lightrag_core.nlp import nlp
from lightrag_core.workbench.testset.acceptance import Checks, GeneratedQuestion
from lightrag_core.workbench.testset.clauses import read_clauses
from lightrag_core.workbench.testset.facts import Corpus, read_facts, topic_name
from lightrag_core.workbench.testset.generate import bridge_candidates, single_candidates
from lightrag_core.workbench.testset.model import Names, Topic
from lightrag_core.workbench.testset.phrasing import ask, describe


def corpus_of(docs: dict[str, tuple[str, str]], kinds: dict[str, str]) -> Corpus:
    chunks = [Chunk(f"chunk-{doc_id}", doc_id, 0, 50, text) for doc_id, (_, text) in docs.items()]
    parsed = list(nlp().pipe(c.content for c in chunks))
    return read_facts(chunks, parsed, {d: topic_name(subject) for d, (subject, _) in docs.items()}, kinds)


def bridges(docs: dict[str, tuple[str, str]], kinds: dict[str, str] | None = None) -> list[GeneratedQuestion]:
    corpus = corpus_of(docs, kinds or {})
    checks = Checks(corpus)
    checks.common_limit = checks.specific_limit = 100  # a few chunks: every word is "common"
    return bridge_candidates(corpus, checks, random.Random(0), 50)


def clause_questions(sentence: str, topic: str = "", kinds: dict[str, str] | None = None,
                     ) -> tuple[dict[str, str], list[str]]:
    """(questions to answers, descriptions) of one sentence's clauses."""
    names = Names(kinds or {})
    asked: dict[str, str] = {}
    described: list[str] = []
    for clause in read_clauses(next(nlp()(sentence).sents), Topic(topic, "work" if topic else ""), names):
        for slot in clause.slots:
            if text := ask(clause, slot):
                asked[text] = slot.answer
            if text := describe(clause, slot):
                described.append(text)
    return asked, described


def test_a_name_in_an_adjunct_is_no_bridge_but_an_argument_is() -> None:
    made = bridges({
        "nbdl": ("National Basketball Development League",
                 "The National Basketball Development League was a basketball league based in Japan."),
        "hd26": ("Heinkel HD 26", "The Heinkel HD 26 was developed in Germany in 1926 for production in Japan."),
        "two": ("Two Dollar Radio", "Two Dollar Radio is a publishing house based in Columbus."),
        "novel": ("Orange Eats Creeps", "Orange Eats Creeps was published by Two Dollar Radio in September 2010."),
    }, {"japan": "place", "columbus": "place", "two dollar radio": "organisation"})
    asked = [q.question for q in made]
    assert not [q for q in asked if "Japan" in q or "League was based" in q], asked
    assert "Where is the house that published Orange Eats Creeps in September 2010 based?" in asked, asked


def test_a_name_inside_a_longer_noun_phrase_is_not_replaced() -> None:
    # "lead singer of the popular duo Twins" would become "the lead singer of the popular duo the duo that ..."
    # ("member of …" is one of several members: not asked at all)
    sentence = "Lonely Me is a debut album by Hong Kong singer Charlene Choi, the lead singer of the popular duo Twins."
    names = Names({"twins": "organisation", "charlene choi": "person"})
    clauses = read_clauses(next(nlp()(sentence).sents), Topic("Lonely Me", "work"), names)
    appositive = [c for c in clauses if c.appositive]
    assert appositive and appositive[0].description == "the lead singer of the popular duo Twins"
    assert "Twins" not in appositive[0].names  # asked about, but never replaced by a description


def test_a_description_must_name_something_or_give_a_year() -> None:
    _, described = clause_questions("Twins had one more album for children.", kinds={"twins": "organisation"})
    assert described == []  # "the organisation that had one more album" could be any band
    _, described = clause_questions("Metallica supported Ozzy Osbourne on tour.",
                                    kinds={"metallica": "organisation", "ozzy osbourne": "person"})
    assert "the organisation that supported Ozzy Osbourne on tour" in described


def test_a_person_is_not_founded_and_an_its_needs_a_thing() -> None:
    _, described = clause_questions("Harris was founded by Chase in 1930.", kinds={"harris": "person"})
    assert not [d for d in described if d.startswith("the person")], described
    _, described = clause_questions("In 1975, Chiang Kai-shek ordered its construction.",
                                    kinds={"chiang kai-shek": "person"})
    assert not [d for d in described if " its " in d], described


def test_a_question_does_not_end_on_a_preposition_that_lost_its_object_nor_say_a_word_twice() -> None:
    asked, _ = clause_questions("The Cowboys joined the NFL as an expansion team in .",
                                kinds={"cowboys": "organisation", "nfl": "organisation"})
    assert not [q for q in asked if q.endswith(" in?")], asked
    asked, _ = clause_questions("It was first broadcast on the Seven Network on 18 March 1985.", "Neighbours",
                                kinds={"seven network": "organisation"})
    assert not [q for q in asked if " on on " in q], asked


def test_a_noun_the_parse_took_for_a_verb_asks_nothing() -> None:
    asked, described = clause_questions(
        "It was directed by Mahesh Dattani and starred Bollywood actresses Shabana Azmi and Perizaad Zorabian, "
        "and Telugu actor Prakash Kovelamudi.", "Morning Raga", kinds={"shabana azmi": "person"})
    assert not [t for t in [*asked, *described] if "actresse" in t], (asked, described)


def test_a_demonstrative_points_outside_the_sentence() -> None:
    asked, _ = clause_questions("Messi scored that solo goal against Getafe in 2007.", kinds={"messi": "person"})
    assert asked == {}


def test_his_in_the_predicate_makes_the_subject_a_person() -> None:
    asked, _ = clause_questions("Rodri has elevated his game.", kinds={"rodri": "place"})
    assert asked == {"Who has elevated his game?": "Rodri"}


def test_an_apposition_after_a_coordination_belongs_to_the_second_name() -> None:
    asked, _ = clause_questions(
        "Edward Stafford was the son of Edward Stafford, 3rd Baron Stafford and Mary Stanley, daughter of "
        "Edward Stanley, 3rd Earl of Derby.", kinds={"edward stafford": "person", "mary stanley": "person"})
    assert not [q for q in asked if "daughter" in q and "Stafford" in asked[q]], asked


def test_no_bridge_through_a_surname_nor_a_description_repeating_a_name() -> None:
    made = bridges({
        "firm": ("Harris Forbes", "In 1951, Williams fell during a hunting trip in Tennessee."),
        "song": ("Lovesick", "Williams recorded Lovesick Blues in 1949."),
        "band": ("Metallica", "Metallica was formed in 1981 by Lars Ulrich."),
        "demo": ("No Life", "Lars Ulrich signed Metallica to Megaforce Records in 1982."),
    }, {"williams": "person", "lars ulrich": "person", "metallica": "organisation"})
    asked = [q.question for q in made]
    assert not [q for q in made if q.bridge == "Williams"], asked
    assert not [q for q in asked if q.count("Ulrich") > 1], asked


def test_another_description_is_tried_when_the_first_does_not_read() -> None:
    docs = {"center": ("Clinton Presidential Center", "Clinton Presidential Center is located in Little Rock."),
            "rock": ("Little Rock", "Little Rock was incorporated as a town in November 1831.")}
    # Descriptions of Little Rock that read as none ("the place that had one more airport") come first in turn.
    docs.update({f"x{i}": (f"Airport {i}", "Little Rock had one more airport.") for i in range(5)})
    made = bridges(docs, {"little rock": "place", "clinton presidential center": "place"})
    assert "When was the place where Clinton Presidential Center is located incorporated as a town?" in [
        q.question for q in made], [q.question for q in made]


def test_the_band_with_no_name_after_it_points_back_and_is_not_asked() -> None:
    asked, _ = clause_questions("Grant Turner hosted the event in 1980.", kinds={"grant turner": "person"})
    assert not [q for q in asked if "the event" in q], asked
    corpus = corpus_of({"b": ("Brett Scallions", "In 2004, Brett Scallions joined the band on bass.")},
                       {"brett scallions": "person"})
    checks = Checks(corpus)
    checks.specific_limit = 100
    assert "the band" in {f.slot.answer for f in corpus.facts}  # read, but not asked:
    assert not [q.question for q in single_candidates(corpus, checks) if q.answer == "the band"]
    _, described = clause_questions("Engelbert Humperdinck recorded a version of the song in 1968.",
                                    kinds={"engelbert humperdinck": "person"})
    assert described == []  # "the person who recorded a version of the song": which song?
    asked, _ = clause_questions("Charlene Choi joined the duo Twins in 2001.",
                                kinds={"charlene choi": "person", "twins": "organisation"})
    assert "When did Charlene Choi join the duo Twins?" in asked  # named right after: no pointing back


def test_one_of_two_joined_answers_is_half_an_answer() -> None:
    asked, _ = clause_questions("The Zhongzheng District is named after Generalissimo and the late President Chiang "
                                "Kai-shek.", kinds={"generalissimo": "person", "zhongzheng district": "place"})
    assert "Generalissimo" not in asked.values(), asked
    asked, _ = clause_questions("It is located in Little Rock, Arkansas.", "Clinton Center",
                                kinds={"little rock": "place"})
    assert "Little Rock" in asked.values(), asked  # "Little Rock, Arkansas" is one place, not two


def test_a_surname_in_a_persons_own_article_is_the_full_name() -> None:
    text = "Ben Stokes is an English cricketer. In 2003, Stokes moved to Cockermouth with his family."
    corpus = corpus_of({"ben": ("Ben Stokes", text)}, {"stokes": "person", "ben stokes": "person"})
    subjects = {f.clause.subject for f in corpus.facts}
    assert "Ben Stokes" in subjects and "Stokes" not in subjects, subjects


def test_a_place_that_acts_like_a_person_is_not_asked_for_as_a_place() -> None:
    asked, _ = clause_questions("Burton received songwriting credits for the album in 1986.",
                                kinds={"burton": "place"})
    assert not [q for q in asked if q.startswith("Which place")], asked
    asked, _ = clause_questions("Moses Ali has been the Member of Parliament for East Moyo County since 2006.",
                                kinds={"moses ali": "person", "east moyo county": "place"})
    assert asked and not [q for q in asked if q.split()[2] == "been"], asked  # "has … been", not "Which place been"


def test_names_are_not_taken_for_what_the_rules_refuse() -> None:
    # "the University of Oregon" points nowhere back; a doubled name is no doubled word; a title's own "and",
    # "These" and "his" are the title's, and a named singer identifies a description
    corpus = corpus_of({"k": ("John Keele", "John Keele is an American football player. In 1957, Keele attended "
                                            "the University of Oregon.")}, {"john keele": "person"})
    checks = Checks(corpus)
    checks.specific_limit = checks.common_limit = 100
    assert "the University of Oregon" in [q.answer for q in single_candidates(corpus, checks)]
    asked, _ = clause_questions("Chori Chori is a 1956 Indian romantic comedy film directed by Anant Thakur.",
                                "Chori Chori", kinds={"anant thakur": "person"})
    assert asked == {"Who directed Chori Chori?": "Anant Thakur"}
    asked, _ = clause_questions("Joe Wright directed Pride and Prejudice in 2005.",
                                kinds={"joe wright": "person", "pride and prejudice": "work"})
    assert asked["What did Joe Wright direct in 2005?"] == "Pride and Prejudice"
    assert "Who directed Pride and Prejudice in 2005?" in asked  # not "Who directed Pride in 2005?"
    asked, _ = clause_questions("Bryan Ferry recorded These Foolish Things in 1973.",
                                kinds={"bryan ferry": "person", "these foolish things": "work"})
    assert asked == {"When did Bryan Ferry record These Foolish Things?": "1973"}
    asked, _ = clause_questions("Harvard University awarded Obama his law degree in 1991.",
                                kinds={"harvard university": "organisation", "obama": "person"})
    assert "Which university awarded Obama his law degree in 1991?" in asked  # the "his" is Obama's
    _, described = clause_questions("Metallica supported singer Ozzy Osbourne on tour.",
                                    kinds={"metallica": "organisation"})
    assert "the organisation that supported singer Ozzy Osbourne on tour" in described


def test_a_pair_whose_descriptions_fail_counts_one_drop() -> None:
    docs = {"rock": ("Little Rock", "Little Rock was incorporated as a town in November 1831.")}
    docs.update({f"x{i}": (f"Airport {i}", "Little Rock had one more airport.") for i in range(5)})
    corpus = corpus_of(docs, {"little rock": "place"})
    checks = Checks(corpus)
    checks.common_limit = checks.specific_limit = 100
    bridge_candidates(corpus, checks, random.Random(0), 50)
    assert checks.dropped["no template fits"] <= 1, checks.dropped
