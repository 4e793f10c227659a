"""The offline question generator on small hand-written chunks, through spaCy's real parse: what each kind of
question reads like, where its gold is, and what it refuses to ask."""

from __future__ import annotations

from lightrag_core.models import Chunk
from lightrag_core.nlp import nlp
from lightrag_core.workbench.testset.acceptance import BRIDGE, COMPARISON, SINGLE, Checks, contains
from lightrag_core.workbench.testset.clauses import read_clauses
from lightrag_core.workbench.testset.facts import Corpus, read_facts, topic_name
from lightrag_core.workbench.testset.generate import (
    bridge_candidates,
    comparison_candidates,
    generate_from,
    single_candidates,
)
from lightrag_core.workbench.testset.model import Names, Topic
from lightrag_core.workbench.testset.phrasing import ask, describe

FILMS = {
    # doc id: (subject, text)
    "film": ("Once Upon a Time in America",
             "Once Upon a Time in America is a 1984 epic crime film directed by Sergio Leone. "
             "The film was shot in Rome and New York City."),
    "leone": ("Sergio Leone", "Sergio Leone was an Italian film director. He died in 1989."),
    "band_a": ("The Exies", "The Exies is an American rock band. The band was formed in 1997 in Los Angeles."),
    "band_b": ("Circus Diablo", "Circus Diablo is an American rock band. Circus Diablo was formed in 2004."),
}


def corpus_of(docs: dict[str, tuple[str, str]]) -> Corpus:
    chunks = [Chunk(f"chunk-{doc_id}", doc_id, 0, 50, text) for doc_id, (_, text) in docs.items()]
    parsed = list(nlp().pipe(c.content for c in chunks))
    return read_facts(chunks, parsed, {doc_id: topic_name(subject) for doc_id, (subject, _) in docs.items()},
                      KINDS.kinds)


# The graph's merged types, as a workspace gives them (one sentence's NER may call Leone an organisation).
KINDS = Names({"sergio leone": "person", "ronnie scott": "person"})


def questions(sentence: str, topic: str = "") -> dict[str, str]:
    """Every single-fact question of one sentence, to its answer."""
    out = {}
    for clause in read_clauses(next(nlp()(sentence).sents), Topic(topic, "work" if topic else ""), KINDS):
        for slot in clause.slots:
            text = ask(clause, slot)
            if text:
                out[text] = slot.answer
    return out


def test_a_date_is_asked_with_when_and_do_support():
    assert questions("Sergio Leone died in 1989.") == {"When did Sergio Leone die?": "1989"}


def test_a_passive_agent_is_asked_in_the_active_voice():
    asked = questions("Once Upon a Time in America is a 1984 film directed by Sergio Leone.",
                      topic="Once Upon a Time in America")
    assert asked.get("Who directed Once Upon a Time in America?") == "Sergio Leone"


def test_a_pronoun_is_the_documents_subject_or_nothing():
    assert questions("It was written by Ronnie Scott.", topic="Too Good to Last") == {
        "Who wrote Too Good to Last?": "Ronnie Scott"}
    assert questions("He died in 1989.") == {}  # no subject and no named person before it: no question


def test_negated_and_unnamed_clauses_ask_nothing():
    assert questions("Sergio Leone never died in 1989.") == {}
    assert questions("The weather was cold in 1989.") == {}


def test_a_copula_describes_its_subject_for_a_bridge_only_when_the_description_is_specific():
    def described(sentence: str) -> list[str]:
        clauses = read_clauses(next(nlp()(sentence).sents), Topic(), KINDS)
        return [describe(c, slot) or "" for c in clauses if c.lemma == "be" for slot in c.slots]

    assert described("Sergio Leone was an Italian film director born in Rome.") == [
        "the Italian film director born in Rome"]
    assert described("Sergio Leone was an Italian film director.") == []  # could be anyone


def test_an_apposition_asks_who_someone_is_to_someone_else():
    assert questions("Zack Hexum, the younger brother of Nick Hexum, is an actor.") == {
        "Who is the younger brother of Nick Hexum?": "Zack Hexum"}


def test_bridge_names_the_first_fact_and_asks_the_second_without_the_shared_entity():
    corpus = corpus_of(FILMS)
    checks = Checks(corpus)
    checks.common_limit = checks.specific_limit = 100  # four chunks: every word is "common"
    import random

    bridges = bridge_candidates(corpus, checks, random.Random(0), 50)
    wanted = [q for q in bridges if q.answer == "1989"]
    assert wanted, [q.question for q in bridges]
    q = wanted[0]
    assert q.question == "When did the director of Once Upon a Time in America die?"
    assert q.kind == BRIDGE and q.hops == 2 and q.bridge == "Sergio Leone"
    assert q.gold_chunk_ids == ["chunk-film", "chunk-leone"]  # hop order: the description, then the fact
    assert not contains(q.question, "Sergio Leone") and not contains(q.question, q.answer)
    assert contains(corpus.texts["chunk-leone"], q.answer)


def test_comparison_names_both_and_answers_with_the_earlier_one():
    import random

    corpus = corpus_of(FILMS)
    checks = Checks(corpus)
    found = comparison_candidates(corpus, checks, random.Random(1), 5)
    assert found, dict(checks.dropped)
    q = found[0]
    assert q.kind == COMPARISON and set(q.gold_chunk_ids) == {"chunk-band_a", "chunk-band_b"}
    assert q.question in {"Which was formed first, The Exies or Circus Diablo?",
                          "Which was formed first, Circus Diablo or The Exies?",
                          "Which was formed later, The Exies or Circus Diablo?",
                          "Which was formed later, Circus Diablo or The Exies?"}
    assert q.answer == ("The Exies" if "first" in q.question else "Circus Diablo")


def test_checks_drop_an_answer_in_the_question_and_a_common_answer_and_count_them():
    docs = {f"d{i}": ("", f"Maria Lopez met John Smith in Madrid in {1990 + i}. Smith was born in Madrid.")
            for i in range(8)}
    corpus = corpus_of(docs)
    checks = Checks(corpus)
    kept = single_candidates(corpus, checks)
    assert all(not contains(q.question, q.answer) for q in kept)
    assert all(q.answer != "Madrid" for q in kept)  # in all eight chunks: too common to tell evidence apart
    assert checks.dropped["answer too common"] > 0


def test_the_same_seed_gives_the_same_set_and_another_seed_may_not():
    corpus = corpus_of(FILMS)
    first = generate_from(corpus, 6, seed=3)
    again = generate_from(corpus_of(FILMS), 6, seed=3)
    assert [q.question for q in first.questions] == [q.question for q in again.questions]
    assert {q.kind for q in first.questions} <= {SINGLE, BRIDGE, COMPARISON}
    assert len({q.question for q in first.questions}) == len(first.questions)  # no duplicates


def test_people_counted_are_no_one_named_person_to_ask_about():
    """"the two young Cratchits hustled Tiny Tim" gave "Who did Cratchits hustle?" and "Who hustled Tiny Tim?" →
    "Cratchits": a counted group read as one name. A year before a name counts nothing."""
    from lightrag_core.workbench.testset.acceptance import counted

    assert counted("Cratchits", ["while the two young Cratchits hustled Tiny Tim"])
    assert counted("Fezziwigs", ["In came the three Miss Fezziwigs, beaming."]) is False  # ("Miss": no lower word)
    assert not counted("Vladimir Yengibaryan", ["In 1956 Vladimir Yengibaryan won a gold medal."])
    assert not counted("Los Angeles", ["The band was formed in 1981 in Los Angeles."])
    assert not counted("England", ["He made 222 against England in Christchurch."])
    text = ("Martha ran into his arms, while the two young Cratchits hustled Tiny Tim, and bore him off into the "
            "wash-house, that he might hear the pudding singing in the copper.")
    chunk = Chunk("chunk-c", "c", 0, 50, text)
    # the book's graph types the family a person, so the question asks "Who"
    corpus = read_facts([chunk], [nlp()(text)], {}, Names({"cratchits": "person", "tiny tim": "person"}).kinds)
    checks = Checks(corpus)
    kept = single_candidates(corpus, checks)
    assert not any("Cratchits" in q.question or q.answer == "Cratchits" for q in kept), [q.question for q in kept]
    assert checks.dropped["a counted group, not one named thing"] > 0
