"""Without a confident short answer, the evidence follows a bridge into its own sentence."""

from __future__ import annotations

from lightrag_core.query.hop_evidence import asked_clause, asked_sentence, follow_bridges
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import Sentence, sentences_of

GAME = "Iron Tide is a strategy game released in 2004. Its story was written by Mara Quill, a retired pilot."
QUILL = "Mara Quill Mara Quill (born 1956) is an American writer. She is known for naval thriller novels."
OTHER = "Harbour Games is a studio in Leeds. Its founder Tom Vale wrote comic novels."


def scored(*chunks: str) -> list[tuple[Sentence, float]]:
    """The passages' sentences as the context splits them, in passage order (the first scored best)."""
    r = QueryResult("multihop", [], [])
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate(chunks)]
    found = sentences_of(r)
    return [(s, float(len(found) - i)) for i, s in enumerate(found)]


def test_the_bridge_is_followed_into_a_sentence_of_the_passage_that_opens_on_it() -> None:
    # "The Hallam Prize went to …" never names Mara Quill, nor refers back to her: her passage opens on her name.
    quill = "Mara Quill Mara Quill is an American writer. The Hallam Prize went to her novel Salt Roads in 1988."
    found = follow_bridges(scored(GAME, OTHER, quill), ["Iron Tide"],
                           "When did the author of the story of Iron Tide win the Hallam Prize?", ("Mara Quill",))
    assert [s.text for s in found] == ["The Hallam Prize went to her novel Salt Roads in 1988."]


def test_a_sentence_that_cannot_hold_the_asked_kind_is_passed_over() -> None:
    # "when" needs a date: the birth year's sentence, not the novels'
    found = follow_bridges(scored(GAME, QUILL), ["Iron Tide"], "When was the author of Iron Tide's story born?",
                           ("Mara Quill",))
    assert [s.text for s in found] == ["Mara Quill Mara Quill (born 1956) is an American writer."]
    found = follow_bridges(scored(GAME, "Mara Quill Mara Quill is a writer. She is known for novels."),
                           ["Iron Tide"], "When was the author of Iron Tide's story born?", ("Mara Quill",))
    assert found == []


def test_no_bridge_or_a_comparison_adds_nothing() -> None:
    assert follow_bridges(scored(GAME, QUILL), ["Iron Tide"], "Who wrote the story of Iron Tide?", ()) == []
    assert follow_bridges(scored(GAME, QUILL), ["Iron Tide"], "Are Iron Tide and Harbour Games both games?",
                          ("Mara Quill",)) == []


def test_a_sentence_naming_the_questions_own_entity_is_a_first_hop_not_the_bridges() -> None:
    both = "Iron Tide Mara Quill wrote the story of Iron Tide in 2003."
    found = follow_bridges(scored(GAME, both), ["Iron Tide"], "When was the author of Iron Tide's story born?",
                           ("Mara Quill",))
    assert found == []


FILM = "Grey Current Grey Current (1983) is a film of the novel by Ada Lenz. It stars Tom Reyes as a ship's surgeon."
NOVEL = "Ada Lenz Ada Lenz is a novelist. Her novel Grey Current portrays a surgeon at sea."


def test_a_nested_question_asks_in_the_clause_before_its_first_bridge() -> None:
    q = "Which actor plays the ship's surgeon in the 1983 film of the novel that Ada Lenz wrote?"
    assert asked_clause(q) == "Which actor plays the ship's surgeon in the 1983 film"
    assert asked_clause("In which city is the main base of the airline from the country of X?") == \
        "In which city is the main base"
    # nothing nested, a bridge before the asking word, or too few words of its own to tell a sentence by
    assert asked_clause("Which actor plays the surgeon in Grey Current?") is None
    assert asked_clause("The largest city of the region where X is based is on which river?") is None
    assert asked_clause("Who is the author of the novel Grey Current is based on?") is None


def test_the_asked_clause_picks_a_sentence_that_can_hold_the_answer() -> None:
    ranked = scored(NOVEL, FILM)
    q = "Which actor plays the ship's surgeon in the 1983 film of the novel that Ada Lenz wrote?"
    # the best-scored sentence names no one new (only the question's own names): the next that can
    found = asked_sentence([(s, v) for s, v in ranked if "Reyes" in s.text or "novelist" in s.text], q, [])
    assert [s.text for s in found] == ["It stars Tom Reyes as a ship's surgeon."]
    assert asked_sentence(ranked, q, [s for s, _ in ranked if "Reyes" in s.text]) != found
    assert asked_sentence(ranked, "Are Grey Current and Iron Tide both films?", []) == []


def test_a_passages_opening_chosen_for_the_asked_clause_is_followed_by_what_the_clause_asks_of_it() -> None:
    series = ("Big Hero 6: The Series is an upcoming American animated series, produced by Disney Television "
              "Animation. It is based on the 2014 film. Scheduled to premiere in November 2017, the series will use "
              "traditional 2D animation.")
    q = ("What kind of animation will be used by the upcoming TV series based on the Disney film that comes after "
         "the film whose scenes inspired the ride that replaced the Maelstrom attraction?")
    clause = asked_clause(q)
    assert clause == "What kind of animation will be used by the upcoming TV series"
    found = asked_sentence(scored(series, GAME), q, [], clause)
    assert [s.text for s in found] == [
        "Big Hero 6: The Series is an upcoming American animated series, produced by Disney Television Animation.",
        "Scheduled to premiere in November 2017, the series will use traditional 2D animation."]
    # a sentence of the clause's that is not its passage's opening stands alone
    found = asked_sentence(scored(series, GAME)[2:], q, [], clause)
    assert [s.text for s in found] == ["Scheduled to premiere in November 2017, the series will use traditional 2D "
                                       "animation."]
