"""Names as a passage's own words bound them: a title line does not run into the sentence after it, a
quoted title is no person, and "X starred which actor?" is answered by the one its own sentence calls an
actor. A name ends where its own words do: before a possessive, and before a parenthesis it runs into."""

from __future__ import annotations

from lightrag_core.query.answer_spans import parse
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import Sentence, sentences_of
from tests.unit.test_short_answer import answer

SERIES = ("Harbour Street\nHarbour Street is an American detective series that ran from 1981 to 1989. The series "
          "starred Gerald Halsey and Tom Crane as two brothers who run a detective agency.")
HALSEY = "Gerald Halsey\nGerald Lee Halsey (born August 19, 1947) is an American television and movie actor."
CRANE = "Tom Crane\nTom Crane (born 1950) is a Scottish stage director and playwright."
SHOWS = 'He starred in "Audrey and Friends" and "Major Dad" with Tom Crane, and later in Glasgow.'


def _sentences(*chunks: str) -> list[Sentence]:
    result = QueryResult("multihop", [], [])
    result.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                     for i, c in enumerate(chunks)]
    return sentences_of(result)


def _spans(chunk: str) -> list[tuple[str, str]]:
    return [(k.text, k.label) for p in parse(_sentences(chunk)) for k in p.spans]


def test_a_title_line_does_not_run_into_the_first_sentence() -> None:
    sentence = _sentences(HALSEY)[0]
    assert sentence.text.startswith("Gerald Halsey Gerald Lee Halsey")  # shown as the passage reads
    assert sentence.lead == len("Gerald Halsey")
    assert ("Gerald Lee Halsey", "PERSON") in _spans(HALSEY)
    assert not any("Halsey Gerald" in text for text, _ in _spans(HALSEY))


def test_a_title_with_a_comma_is_a_title_when_a_sentence_starts_below_it() -> None:
    # (a place or an event's title: "Warton, Lancaster", "United States presidential election, 1792", on a line
    # of its own above an uploaded file's first paragraph; "It …" is then about what the title names)
    first, then = _sentences("Ostholm election, 1792\n\nThe Ostholm election of 1792 was the second election of "
                             "the duchy. It was held from November 2 to December 5.")
    assert first.lead == len("Ostholm election, 1792") and first.text.startswith("Ostholm election, 1792 The")
    assert {"ostholm", "1792"} <= then.context_stems


def test_a_first_line_that_is_a_sentence_is_no_title() -> None:
    assert _sentences("Tom Crane is a director.\nHe was born in 1950 in Glasgow.")[0].lead == 0
    assert _sentences("Tom Crane, a director\nborn in 1950, lives in Glasgow.")[0].lead == 0


def test_a_name_inside_a_quoted_title_is_the_whole_title() -> None:
    spans = dict(_spans(SHOWS))
    assert spans.get("Audrey") != "PERSON" and spans.get("Dad") != "PERSON"
    assert spans.get("Audrey and Friends") == "WORK_OF_ART" and spans.get("Major Dad") == "WORK_OF_ART"
    assert spans.get("Tom Crane") == "PERSON"  # outside the quotes a name stays what the model said


def test_which_actor_is_the_one_whose_own_sentence_calls_him_an_actor() -> None:
    found = answer("Harbour Street starred which television and movie actor from the US?",
                   [SERIES, CRANE, HALSEY], ["Harbour Street", "US"])
    assert found is not None and found.confident
    assert found.text == "Gerald Lee Halsey"  # the full name his own sentence gives
    assert [s.ref for s in found.evidence] == ["1", "3"]  # the series' sentence, then his


def test_without_a_sentence_that_calls_anyone_an_actor_there_is_no_confident_actor() -> None:
    found = answer("Harbour Street starred which television and movie actor from the US?",
                   [SERIES, CRANE], ["Harbour Street", "US"])
    assert found is None or not found.confident


def test_a_possessive_is_not_part_of_the_answer() -> None:
    from lightrag_core.query.answer_spans import clean_span

    assert [clean_span(t) for t in ["Comedy Central's", "the Beatles'", "Jesus’", "O'Neal", "'Hello'"]] == [
        "Comedy Central", "Beatles", "Jesus", "O'Neal", "Hello"]


def test_a_name_that_runs_into_a_parenthesis_ends_before_it() -> None:
    from lightrag_core.query.answer_spans import clean_span

    assert clean_span("Mississippi Institute of Arts and Letters (MIAL") == "Mississippi Institute of Arts and Letters"
    assert clean_span("Always (2011 film)") == "Always"
    assert clean_span("Sulli (born 1994) Choi") == "Sulli (born 1994) Choi"


VENN = ("Arlo Venn\nArlo Venn is a Welsh singer, songwriter and actor best known as the founder and frontman "
        "of Wales's folk band Cardigan.")
GREY = "Grey Harbour\nGrey Harbour is a 2009 Welsh film. It stars Arlo Venn, Mari Lewis and Owen Pryce."


def test_a_name_the_sentence_calls_by_the_asked_noun_answers_whatever_the_tagger_says() -> None:
    """"Wales's folk band Cardigan": the small model calls the band a place; "band" right before it says
    what it is (before, "Welsh" was the confident answer)."""
    found = answer("What is the name of the folk band founded by one of the stars of Grey Harbour?", [GREY, VENN],
                   ["Grey Harbour"])
    assert found is not None and found.confident and found.text == "Cardigan"


def test_a_name_the_sentence_calls_by_another_noun_is_not_what_is_asked() -> None:
    """"Dutch label Frostmark Records" is a label, not the band asked for; "singer-songwriter Tom
    Brannock" is a singer."""
    label = ("Ashen Crown\nThe band is signed to Dutch label Frostmark Records and has released six studio "
             "albums and a live album.")
    band = "Ashen Crown\nAshen Crown is a Norwegian black metal band from Bergen, formed in 1992 by Eirik Dahl."
    found = answer("Which band from Bergen has released six studio albums?", [label, band], ["Bergen"])
    assert found is not None and found.text == "Ashen Crown"
    song = 'Grey Morning\n"Grey Morning" is a song written by Ada Pell and first released on her 1975 album "Low Tide".'
    pell = ("Ada Pell\nAda Pell is a Canadian artist. She is noted for being the second wife of singer-songwriter "
            "Tom Brannock of the Quays.")
    singer = answer('The writer of the song "Grey Morning" was the second wife of what singer?', [song, pell],
                    ["Grey Morning"])
    assert singer is not None and singer.confident and singer.text == "Tom Brannock"


def test_a_band_may_be_called_a_group() -> None:
    """"the rock group Les Marées" answers "what band", and beats a name the text calls a band outright."""
    label = ("Lumen Records\nLumen Records is a record label founded in 1994 by the producer Jacques Thibault. Its "
             "roster has included the indie band The Dry Season.")
    founder = ("Jacques Thibault\nJacques Thibault (1949 – 2017) was a Canadian record producer. Before founding "
               "Lumen Records he played bass in the rock group Les Marées.")
    found = answer("What band did the founder of Lumen Records play bass in?", [label, founder], ["Lumen Records"])
    assert found is not None and found.text == "Les Marées"


def test_an_adjective_the_tagger_labels_a_name_names_nothing() -> None:
    """"Upbeat songs sound great!": the small model calls "Upbeat" an organisation; a span of adjectives
    only is no name (a nationality, "French", is an adjective by right)."""
    spans = _spans("ChaeSong-hwa: Upbeat songs sound great!\nLiHua: How about we try \"Viva la Vida\" tonight?")
    assert ("Upbeat", "ORG") not in spans
    chat = ("Time: 20260405_10:00\nLiHua: For tonight's jam, how about we try \"Viva la Vida\"?\n"
            "ChaeSong-hwa: Upbeat songs sound great!")
    found = answer("What song does Li Hua suggest for the jam session?", [chat], ["Li Hua"])
    assert found is not None and found.text == "Viva la Vida"


def test_a_plural_noun_after_a_name_is_a_kind_not_its_name() -> None:
    from lightrag_core.query.span_fit import _headed

    assert _headed("river", "Maritsa", ("the", "river flows east"))
    assert not _headed("song", "Upbeat", ("", "songs sound great"))
    assert not _headed("song", "Dylan", ("", "songwriter Bob"))
