"""Scoring offline answers: the short answer line is read back, matched exactly after normalising, and
summarised per mode with the ceiling (the gold answer in the context at all)."""

from __future__ import annotations

from lightrag_core.query.extractive import ANSWER_PREFIX, EXTRACTIVE_LABEL, NO_SHORT_ANSWER
from lightrag_core.query.result import QueryResult
from lightrag_core.query.uncovered import NOT_COVERED, NOT_MENTIONED
from lightrag_core.workbench.evaluate import Question, answer_found, exact_match, judge, short_answer_of, summarise


def offline(first_line: str) -> str:
    return f"{EXTRACTIVE_LABEL}\n\n{first_line}\n\n- A sentence from the context. [1]\n"


def test_the_short_answer_is_read_back_without_its_references() -> None:
    assert short_answer_of(offline(f"{ANSWER_PREFIX}Jacob Marley [1][2]")) == "Jacob Marley"
    assert short_answer_of(offline(NO_SHORT_ANSWER)) is None
    assert short_answer_of("Marley was his partner. [1]") is None  # an LLM's answer has no short answer line


def test_exact_match_ignores_case_articles_and_punctuation_only() -> None:
    assert exact_match("the Exies", "The Exies")
    assert exact_match("Walt Disney Pictures", "Walt Disney Pictures.")
    assert not exact_match("Nick Hexum", 'Nicholas Lofton "Nick" Hexum')
    assert not exact_match("anything", "")


def test_a_chat_handle_and_the_name_it_glues_are_one_answer() -> None:
    # a generated chat question's gold is "Yuriko Yamamoto"; the offline answer writes the line's "YurikoYamamoto"
    assert exact_match("YurikoYamamoto", "Yuriko Yamamoto") and exact_match("Chae Song-hwa", "ChaeSong-hwa")
    assert answer_found(offline(f"{ANSWER_PREFIX}YurikoYamamoto [3]"), "Yuriko Yamamoto")
    assert answer_found(offline(f"{ANSWER_PREFIX}Hailey Johnson [1]"), "HaileyJohnson")
    # glued words apart on both sides or on neither: a case difference still matches as before
    assert exact_match("DeCavalcante", "Decavalcante") and answer_found("the DeCavalcante family", "Decavalcante")
    assert not exact_match("Yuriko", "Yuriko Yamamoto") and not answer_found(offline("Yuriko said so."), "YurikoY")


def test_summary_counts_given_right_and_the_ceiling() -> None:
    result = QueryResult("multihop", [], [])
    result.chunks = [{"content": "Jacob Marley was Scrooge's partner.", "reference_id": "1", "chunk_id": "c1",
                      "document_id": "d1"}]
    q1 = Question("q1", "Who was Scrooge's partner?", ["d1"], "Jacob Marley")
    q2 = Question("q2", "Who was Scrooge's clerk?", ["d1"], "Bob Cratchit")
    judged = [judge(q1, "multihop", result, [5], 1.0, offline(f"{ANSWER_PREFIX}Jacob Marley [1]")),
              judge(q2, "multihop", result, [5], 1.0, offline(NO_SHORT_ANSWER))]
    row = summarise(judged, [5], answered=True)["multihop"]
    assert row["short_answered"] == 0.5  # one of two gave a short answer
    assert row["short_exact"] == 1.0  # and it was right
    assert row["answer_found"] == 0.5
    assert row["answer_in_context"] == 0.5  # Bob Cratchit was never in the context: no answer could find him


def test_an_abstaining_answer_does_not_find_every_no() -> None:
    """The abstention line says "no sentence …": a gold "no" must be found in what the answer states."""
    abstained = f"{EXTRACTIVE_LABEL}\n\n{NO_SHORT_ANSWER}\n\n- Both bands formed in 1981. [1]\n"
    assert not answer_found(abstained, "no") and answer_found(abstained, "1981")
    assert answer_found(f"{EXTRACTIVE_LABEL}\n\nAnswer: no [1]\n\n- X is not Y. [1]\n", "no")


def test_the_line_naming_what_the_passages_lack_finds_nothing() -> None:
    """It repeats the question's own names: "Who was born first, Ann Lee or Bo Wu?" must not find Bo Wu in it."""
    noted = (f"{EXTRACTIVE_LABEL}\n\n{NOT_MENTIONED} Ann Lee or Bo Wu: the documents may not cover this question."
             f"\n\n{NO_SHORT_ANSWER}\n\n- Ann Lee was born in 1950. [1]\n")
    assert not answer_found(noted, "Bo Wu") and answer_found(noted, "Ann Lee")
    uncovered = f"{EXTRACTIVE_LABEL}\n\n{NOT_COVERED} (capital, paris)."
    assert not answer_found(uncovered, "Paris")


def test_a_golds_closing_full_stop_is_not_part_of_the_answer() -> None:
    """hotpotqa writes some golds as sentences ("Walt Disney Pictures."): the stop must not hide the name."""
    answer = (f"{EXTRACTIVE_LABEL}\n\nAnswer: Walt Disney Pictures [1]\n\n"
              "- Released under the Walt Disney Pictures label. [1]\n")
    assert answer_found(answer, "Walt Disney Pictures.")
    assert answer_found("Sung by Hank Williams, Jr. in 1960.", "Hank Williams, Jr.")
    assert not answer_found(answer, "Walt Disney Productions.")


def test_an_html_entity_and_its_character_are_one_answer() -> None:
    # a scraped corpus keeps "&amp;" in its text, and generated answers show "&"
    assert answer_found(offline(f"{ANSWER_PREFIX}The Itchy &amp; Scratchy &amp; Poochie Show [1]"),
                        "The Itchy & Scratchy & Poochie Show")
    assert answer_found(offline(f"{ANSWER_PREFIX}The Itchy & Scratchy & Poochie Show [1]"),
                        "The Itchy &amp; Scratchy &amp; Poochie Show")
    assert not answer_found(offline(f"{ANSWER_PREFIX}The Itchy Show [1]"), "The Itchy & Scratchy & Poochie Show")
    assert exact_match("Saturday Nights &amp; Sunday Mornings", "Saturday Nights & Sunday Mornings")
