"""Short answers to "how long …?" (a duration or a distance, not a date), to "under what name …?" (a
pseudonym), to which-work questions (not a person the tagger found), and the bridge a question names as
"a man" found by the deed it did."""

from __future__ import annotations

from lightrag_core.query.answer_spans import parse
from lightrag_core.query.answer_support import related
from lightrag_core.query.answer_type import LENGTH, NAME, NUMBER, PERSON, answer_type
from lightrag_core.query.decompose import bridges
from lightrag_core.query.described import described_subjects
from lightrag_core.query.result import QueryResult
from lightrag_core.query.role_holders import holder
from lightrag_core.query.sentence_rank import score_sentences
from lightrag_core.query.sentences import Sentence, stems
from lightrag_core.query.span_fit import Asked, after_head, fit, named_as_other, names_head, typed
from tests.unit.test_short_answer import NoEmbedder, answer


def _spans(text: str) -> dict[str, object]:
    (parsed,) = parse([Sentence(text, "1", 0, frozenset())])
    return {s.text: s for s in parsed.spans}


def test_how_long_asks_for_a_length() -> None:
    kind = answer_type("How long did the Great Thaw last?")
    assert kind.kind == NUMBER and kind.head == LENGTH
    assert answer_type("How many albums did the band release?").head == ""


def test_a_duration_or_a_quantity_answers_how_long_and_a_date_does_not() -> None:
    kind = answer_type("How long did the Great Thaw last?")
    spans = _spans("The Great Thaw lasted about 40 years, ended in 1871 and moved 12 bridges 3.5 km downstream.")
    assert fit(kind, spans["about 40 years"]) == 1.0  # type: ignore[arg-type]
    assert fit(kind, spans["3.5 km"]) == 1.0  # type: ignore[arg-type]
    assert fit(kind, spans["1871"]) == 0.0  # type: ignore[arg-type]
    assert 0.0 < fit(kind, spans["12"]) < 0.5  # type: ignore[arg-type]


def test_a_span_of_time_stated_in_other_words_answers_how_long_through_its_bridge() -> None:
    scholar = ("Odo of Tarrow\nOdo of Tarrow was a Cistercian scholar. He earned the epithet \"the Lamp of the "
               "North\" during the Quiet Revival amid the 11th-century reforms.")
    revival = ("Quiet Revival\nThe Quiet Revival spanned about 60 years, from the early 11th century into the 12th, "
               "and copied over 30 books.")
    assert related("last", "spann") and related("long", "span") and not related("last", "lasso")
    found = answer("How long did the movement last during which Odo of Tarrow earned the epithet \"the Lamp of "
                   "the North\"?", [scholar, revival], ["Odo of Tarrow"])
    assert found is not None and found.text == "about 60 years"
    assert "Revival" in found.path[-2]  # through the bridge the scholar's sentence names


def test_a_pseudonym_is_called_by_the_name_asked_for() -> None:
    kind = answer_type("Under what name did Tom Vale release the album Glass Tides?")
    assert kind.kind == NAME and kind.head == "name"
    assert names_head(kind, "Coral Static", "released by Tom Vale under the pseudonym") == 1.0
    assert names_head(kind, "Coral Static", "released by Tom Vale with the drummer") == 0.0
    album = ("Glass Tides\nGlass Tides is the third album released by English musician Tom Vale under the "
             "pseudonym Coral Static, limited to 300 copies.")
    band = ("Lantern Hours\nLantern Hours is an album released by Tom Vale with the producer Ray Dunn and the "
            "drummer Sam Holt.")
    found = answer("Under what name did Tom Vale release the album Glass Tides?", [band, album],
                   ["Tom Vale", "Glass Tides"])
    assert found is not None and found.text == "Coral Static"


def test_a_person_the_tagger_finds_does_not_answer_which_franchise() -> None:
    """"What comedy franchise …?": the cast a sentence names fits poorly; a title in quotes fits."""
    kind = answer_type("What low budget comedy franchise did Peter Royce produce?")
    assert kind.kind == NAME and kind.head == "franchise"
    text = "Peter Royce produced the franchise starring Robin Ashby, and later \"Wendy Marsh\" for television."
    (parsed,) = parse([Sentence(text, "1", 0, frozenset())])
    people = {s.text: s for s in parsed.spans if s.label == "PERSON"}
    asked = Asked(kind)
    assert typed(asked, parsed, people["Robin Ashby"], 0.0)[1] == 0.5
    if "Wendy Marsh" in people:  # the quoted title keeps its fit, whatever the tagger calls it
        assert typed(asked, parsed, people["Wendy Marsh"], 0.0)[1] == 1.0


def test_a_bridge_called_a_man_is_found_by_what_he_did() -> None:
    (_, man) = bridges("The soundtrack from the film Red Harbour was produced by a man born in what year?")
    assert man.phrase == "a man" and man.cues == ("produc",)  # never "man": "the Marlboro Man" is not him
    (writer,) = bridges("When was the novel written by an author who taught at Yale published?")[-1:]
    assert "writ" in writer.cues and "author" in writer.cues


def test_a_spelled_out_title_states_its_short_form() -> None:
    assert "ceo" in stems("He was the chairman and chief executive officer of Dunkin' Donuts.")
    assert "ceo" not in stems("He was an officer of the company.")


def test_where_someone_is_from_is_the_place_after_from() -> None:
    film = ("Tala Rise\nTala Rise is a 2014 Indian drama film, directed and written by Anupam Deka and produced by "
            "Rima Sen. The film is India's first solar-powered production.")
    director = ("Anupam Deka\nAnupam Deka (born 3 May 1980) is an Indian film director and script writer from "
                "Mizoram. He made his debut in Bollywood with \"Tala Rise\".")
    found = answer("Where is the director of film Tala Rise from?", [film, director], ["Tala Rise"])
    assert found is not None and found.confident and found.text == "Mizoram"
    # the given name the small model leaves out of "directed and written by Anupam Deka" is kept
    assert found.path == ["Tala Rise", "Anupam Deka", "Mizoram"]


def test_a_birth_name_is_the_name_after_born() -> None:
    kind = answer_type("What is the birth name of the performer of song Paper Hearts?")
    assert kind.kind == PERSON and kind.head == "name"
    song = ("Paper Hearts\n\"Paper Hearts\" is a song recorded by Welsh singer Bryn Cole for her second studio album, "
            "\"Salt Road\" (1981). It was written by Ian Rook.")
    singer = "Bryn Cole\nBryn Cole (born Megan Price; 3 June 1953) is a Welsh singer, known for her husky voice."
    found = answer("What is the birth name of the performer of song Paper Hearts?", [song, singer], ["Paper Hearts"])
    assert found is not None and found.confident and found.text == "Megan Price"
    assert found.path == ["Paper Hearts", "Bryn Cole", "Megan Price"]


def test_a_county_written_before_its_name_is_compared() -> None:
    a = "Clonmore GAA\nClonmore GAA is a Gaelic football club based in Ballyknock, County Cork, Ireland."
    b = "Rathbeg GAA\nRathbeg GAA is a hurling club based in Rathbeg, County Cork, Ireland."
    c = "Glenard GAA\nGlenard GAA is a hurling club based in Glenard, County Mayo, Ireland."
    same = answer("Are Clonmore GAA and Rathbeg GAA located in the same county?", [a, b],
                  ["Clonmore GAA", "Rathbeg GAA"])
    assert same is not None and same.text == "yes"
    other = answer("Are Clonmore GAA and Glenard GAA located in the same county?", [a, c],
                   ["Clonmore GAA", "Glenard GAA"])
    assert other is not None and other.text == "no"


def test_a_compared_date_comes_from_the_sentence_that_says_the_event() -> None:
    """"The game features drivers from the 1998 season" follows "It was released on March 1, 1999": it inherits
    the word "released", but the release is the sentence that says it; "game" types the options."""
    a = ("Track Kings\nTrack Kings is a racing video game published by Redline Games. It was released on March 1, "
         "1999 for Windows. The game features drivers from the 1998 and 1999 seasons.")
    b = ("Dust Runner 2\nDust Runner 2 is a racing video game published by Coyote Soft. It was released on November "
         "10, 1998 in North America.")
    found = answer("Which game was released first, Track Kings or Dust Runner 2?", [a, b],
                   ["Track Kings", "Dust Runner 2"])
    assert found is not None and found.text == "Dust Runner 2"


def test_a_paternal_uncle_is_the_fathers_brother_named_by_his_style() -> None:
    """The uncle's passage calls the father by his style ("King Edwin of Mercia"): that is the father, not his
    brother."""
    son = "Harald Edwinson\nHarald Edwinson (1049–1088) was an English earl. He was a son of Edwin Aldredson and Gytha."
    uncle = ("Morcar Aldredson\nMorcar Aldredson (c. 1020 – c. 1069) was an English earl, the son of Aldred of York "
             "and brother of King Edwin of Mercia.")
    found = answer("Who is the paternal uncle of Harald Edwinson?", [son, uncle], ["Harald Edwinson"])
    assert found is not None and found.confident and found.text == "Morcar Aldredson"
    assert found.path == ["Harald Edwinson", "Edwin Aldredson", "Morcar Aldredson"]


def test_a_thing_named_only_by_a_passages_own_description_is_asked_of_by_name() -> None:
    """"the 1968 science fiction film co-written by one of the screenwriters of X": the one passage that opens
    calling its subject a 1968 science fiction film is what the question describes."""
    tarzan = ("Jungle Lord (1981 film)\nJungle Lord is a 1981 adventure film directed by John Dell. The screenplay "
              "by Tom Rowan and Gary Gold is loosely based on a novel.")
    slime = ("The Green Ooze\nThe Green Ooze is a 1968 science fiction film directed by Kenji Fukada and produced "
             "by Walter Manley. The film was shot in Japan with a Japanese director and film crew, but with the "
             "non-Japanese starring cast of Robert Hart and Luciana Paoli. It was written by Tom Rowan.")
    question = "Who directed the 1968 science fiction film co-written by one of the screenwriters of Jungle Lord?"
    scored = [s for s, _ in _scored(question, [tarzan, slime])]
    ((phrase, name, said),) = described_subjects(question, scored)
    assert (phrase, name) == ("the 1968 science fiction film", "The Green Ooze")
    assert said.text.startswith("The Green Ooze")
    # a description the question follows with the name is that name, not one to find
    named = "Where was the 1968 science fiction film The Green Ooze shot?"
    assert described_subjects(named, [s for s, _ in _scored(named, [tarzan, slime])]) == []
    said_again = "Moon Ooze, is a 1968 science fiction film, it was co-written by whom?"
    assert described_subjects(said_again, [s for s, _ in _scored(said_again, [tarzan, slime])]) == []
    # two passages calling their subjects the same are neither
    other = "Moon Dust\nMoon Dust is a 1968 science fiction film directed by Ann Vale."
    assert described_subjects(question, [s for s, _ in _scored(question, [tarzan, slime, other])]) == []
    # "with a Japanese director and film crew" names no director: the one named holds the role alone
    found = holder("The Green Ooze", "director", scored)
    assert found is not None and found[0] == "Kenji Fukada"
    assert holder("The Green Ooze", "director", [s for s in scored if s is not found[1]]) is None


def _scored(question: str, chunks: list[str]) -> list[tuple[Sentence, float]]:
    r = QueryResult("multihop", [], [])
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate(chunks)]
    return score_sentences(NoEmbedder(), None, question, r)  # type: ignore[arg-type]


def test_the_name_after_the_asked_noun_inside_a_span_is_the_answer() -> None:
    kind = answer_type("On which label did Joe 80 release its debut album?")
    assert after_head(kind, "Counting Crowns's label E Pluribus Duo") == "E Pluribus Duo"
    assert after_head(kind, "Quillfeather Records") == "Quillfeather Records"
    # before it, when the noun is written after the name in lower case; a name's own capitalised noun stays
    assert after_head(answer_type("Which franchise starred Dilys Lane?"), "Carry Along franchise primarily") \
        == "Carry Along"
    assert after_head(answer_type("Which band recorded it?"), "Dave Matthis Band") == "Dave Matthis Band"
    assert after_head(answer_type("Who founded the label?"), "Counting Crowns's label E Pluribus Duo") \
        == "Counting Crowns's label E Pluribus Duo"  # a person asked: the span as written


def test_the_title_of_a_work_is_typed_by_the_work() -> None:
    """"What is the title of the memoir …?" asks for a memoir's name: not a person, nor a place."""
    kind = answer_type("What is the title of the memoir by the president whose running mate was Bob Dale?")
    assert kind.kind == NAME and kind.head == "memoir"
    text = "Ford's memoir \"A Time to Mend\" was written in Kansas with Bob Dale."
    (parsed,) = parse([Sentence(text, "1", 0, frozenset())])
    spans = {s.text: s for s in parsed.spans}
    asked = Asked(kind)
    assert typed(asked, parsed, spans["Kansas"], 0.0)[1] == 0.5
    assert typed(asked, parsed, spans["Bob Dale"], 0.0)[1] == 0.5


def test_which_bands_album_is_the_band_the_albums_passage_names() -> None:
    """"Never Land is the second album by heavy metal band Voidhammer": the passage is about an album, and "It
    was released … under the label Roadkill" tells which band's album the question asks about."""
    album = ("Never Land\nNever Land is the second album by heavy metal band Voidhammer. It was released on "
             "September 12, 1990 under the label Roadkill.")
    vampire = ("Night of the Bat\nNight of the Bat is a compilation album of demo tracks recorded in 1982. It was "
               "released in 1992 by Roadkill Records.")
    found = answer("Which heavy metal band's second album was released in 1990 by the label that issued Night of "
                   "the Bat in 1992?", [vampire, album], ["Night of the Bat"])
    assert found is not None and found.text == "Voidhammer"
    # the label is named as one, so it is no band
    assert named_as_other(answer_type("Which band released it?"), "Roadkill Records")
    assert not named_as_other(answer_type("Which record label released it?"), "Roadkill Records")


def test_a_quoted_title_is_answered_whole_and_called_by_the_noun_before_its_quotation_mark() -> None:
    novel = ("Sailor, Spy (novel)\nSailor, Spy is a 1974 novel by Irwin Shore. The title is taken from the "
             "nursery rhyme \"Tinker, Tailor\". The novel was adapted into a miniseries starring Nick Nolan.")
    kind = answer_type("From which nursery rhyme does the novel by Irwin Shore take its title?")
    assert kind.kind == NAME and kind.head == "rhyme"
    assert names_head(kind, "Tinker, Tailor", "taken from the nursery rhyme \"") == 1.0
    found = answer("From which nursery rhyme does Sailor, Spy take its title?", [novel], ["Sailor, Spy"])
    assert found is not None and found.confident and found.text == "Tinker, Tailor"


def test_a_compound_noun_is_typed_by_its_last_noun() -> None:
    """"What low budget British comedy Franchise …?" asks for a franchise, which "comedy" only qualifies."""
    assert answer_type("What low budget British comedy Franchise produced by Peter Rowe and stared Dilys Lane?").head \
        == "franchise"
    assert answer_type("The photographer is father to which Bollywood actress?").head == "actress"
