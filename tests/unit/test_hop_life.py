"""A birth or death asked of the question's subject is not answered by a hop's own birth or death."""

from __future__ import annotations

from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.hop_life import asked_subject, life_of_a_hop
from lightrag_core.query.result import DecompositionStep
from lightrag_core.query.sentences import Sentence, stems

NESTED = ("When was the naval officer born whose story is told in the TV film starring the lead actor of the drama "
          "in which a cast member of Little Big Top played a warden?")
HAIG = "Sid Haig Sidney Eddie Mosesian (born July 14, 1939), better known as Sid Haig, was an American actor."


def step(phrase: str, found: str) -> DecompositionStep:
    return DecompositionStep(phrase, ["X"], found, "title and entity", f"{found} did it.", "c1", 1.0, 0.5)


def short(text: str, sentence: str, path: list[str]) -> ShortAnswer:
    return ShortAnswer(text, [Sentence(sentence, "1", 0, stems(sentence))], path, 1.5)


def test_the_subject_is_the_bridge_right_after_the_asking_words() -> None:
    subject = asked_subject(NESTED)
    assert subject is not None and subject.phrase == "the naval officer"
    subject = asked_subject("In which city was the director of Polish Easter born?")
    assert subject is not None and subject.phrase == "the director"
    assert asked_subject("When did Chiang Kai-shek die?") is None  # a name, no bridge


def test_a_hops_own_birth_does_not_answer_the_subjects() -> None:
    assert life_of_a_hop(NESTED, short("July 14, 1939", HAIG, ["Sid Haig", "July 14, 1939"]),
                         [step("a cast member", "Sid Haig")])


def test_a_date_in_anothers_bracket_read_through_the_hop_is_left_alone() -> None:
    # the husband asked for, in a sentence of the aviator's passage: the bracket is his, not the hop's
    question = "When did the husband of the aviator whose life is told in the 1942 biopic die?"
    said = "In 1932 she married James Mollison (19 April 1905 – 30 October 1959), a Scottish pilot."
    assert not life_of_a_hop(question, short("30 October 1959", said, ["Amy Johnson", "30 October 1959"]),
                             [step("the aviator", "Amy Johnson")])


def test_the_subjects_own_bridge_answers() -> None:
    question = "When was the father of the director of Polish Easter born?"
    steps = [step("the director", "Jakub Skoczeń"), step("the father", "Jan Skoczeń")]
    said = "Jan Skoczeń (born 1950) is a Polish engineer."
    assert not life_of_a_hop(question, short("1950", said, ["Polish Easter", "Jakub Skoczeń", "Jan Skoczeń", "1950"]),
                             steps)
    said = "Jakub Skoczeń (born 1980) is a Polish director."  # the director's own birth, not his father's
    assert life_of_a_hop(question, short("1980", said, ["Polish Easter", "Jakub Skoczeń", "1980"]), steps)
    # a kinship's own two steps are the subject's
    said = "Chiang Kai-shek (31 October 1887 – 5 April 1975) was a Chinese politician."
    assert not life_of_a_hop("When did the great-grandfather of Demos Chiang die?",
                             short("5 April 1975", said, ["Demos Chiang", "Chiang Kai-shek", "5 April 1975"]),
                             [step("the great-grandfather (grandfather)", "Chiang Kai-shek")])


def test_other_questions_are_left_alone() -> None:
    steps = [step("a cast member", "Sid Haig")]
    # no birth or death asked ("-born" describes someone on the way)
    assert not life_of_a_hop("When was the album of the Harlem-born rapper released?",
                             short("July 14, 1939", HAIG, ["Sid Haig", "July 14, 1939"]), steps)
    # the path's last step is no bridge
    assert not life_of_a_hop(NESTED, short("July 14, 1939", HAIG, ["Little Big Top", "July 14, 1939"]), steps)


def test_a_bridge_that_may_be_the_subject_is_left_alone() -> None:
    buckley = "William Buckley William Buckley (1780 – 30 January 1856) was an English convict."
    # "the man" says nothing the hop's sentence could contradict: the bridge found may be him
    assert not life_of_a_hop("When did the man on whose story the novel Strandloper is based die?",
                             short("30 January 1856", buckley, ["Alan Garner", "William Buckley", "30 January 1856"]),
                             [step("novel Strandloper", "William Buckley")])
    # a kinship's step, written without its article
    stanley = "Edward Stanley, 3rd Earl of Derby KG (c. 10 May 1509 – 24 October 1572) was an English nobleman."
    path = ["Edward Stourton", "Edward Stanley", "24 October 1572"]
    assert not life_of_a_hop("When did the maternal grandfather of Edward Stourton die?",
                             short("24 October 1572", stanley, path),
                             [step("maternal grandfather (mother)", "Edward Stanley")])
    # the hop's own sentence calls him what the subject is
    officer = "Sid Haig Sidney Mosesian (born July 14, 1939) was an American naval officer."
    assert not life_of_a_hop(NESTED, short("July 14, 1939", officer, ["Sid Haig", "July 14, 1939"]),
                             [step("a cast member", "Sid Haig")])
