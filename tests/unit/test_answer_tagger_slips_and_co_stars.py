"""Short answers read past the small tagger's slips (a period headed by its own preposition, a director
called a facility, a company called a product) and relative phrases with co-stars named beside the holder."""

from __future__ import annotations

from lightrag_core.query.answer_spans import parse
from lightrag_core.query.answer_type import answer_type
from lightrag_core.query.life_events import governing_verb, life_date
from lightrag_core.query.result import DecompositionStep
from lightrag_core.query.rewrite import resolved_question
from lightrag_core.query.role_words import cue
from lightrag_core.query.roles import first_hop
from lightrag_core.query.sentences import Sentence, split_sentences, stems
from lightrag_core.query.span_fit import Asked, typed
from tests.unit.test_short_answer import answer


def test_a_period_headed_by_its_own_preposition_hangs_from_the_verb() -> None:
    """"It existed from 1957 to 1961": the tagger's span "1957 to 1961" is headed by its "to", which hangs
    from "existed"; "When did it cease to exist?" is asked of that verb."""
    (parsed,) = parse([Sentence("It existed from 1957 to 1961.", "1", 0, frozenset())])
    (period,) = [s for s in parsed.spans if s.label == "DATE"]
    assert period.text == "1957 to 1961"
    assert governing_verb(parsed, period.root) == "exist"


def test_the_asked_end_of_a_period_the_verb_governs_leads() -> None:
    """An editorship "between 1955 and 1964" in a founder's sentence is not the group's end."""
    league = ("Direct Action League\nThe Direct Action League (DAL) against nuclear arms was a pacifist organization "
              "formed \"to assist non-violent direct action against nuclear arms\". It existed from 1957 to 1961.")
    founder = ("Hugh Brook\nHugh Brook (1914 - 1985) was a lifelong British pacifist, editor of \"Peace Views\" "
               "between 1955 and 1964, a promoter of nonviolent direct action and a founder of the Direct Action "
               "League.")
    found = answer("In what year did Direct Action League cease to exist?", [founder, league],
                   ["Direct Action League"])
    assert found is not None and found.text == "1961" and found.path == ["Direct Action League", "1961"]
    assert found.margin > 0.35  # the verb's date leads clearly (0.07 without the verb)


def test_who_did_the_deed_is_a_person_whatever_the_tagger_labels_it() -> None:
    """The small model calls "Kinji Fukasaku" a facility after a title in Japanese script; "directed by" says
    he is who directed it."""
    film = ("The Green Ooze\nThe Green Ooze (ガンマー第3号 宇宙大作戦 , Ganmā Daisan Gō: Uchū Daisakusen ) is a 1968 "
            "science fiction film directed by Kinji Fukasaku and produced by Walter Manley.")
    found = answer("Who directed The Green Ooze?", [film], ["The Green Ooze"])
    assert found is not None and found.confident and found.text == "Kinji Fukasaku"


def test_the_names_a_holder_starred_alongside_are_not_the_holder() -> None:
    hop = first_hop("Who is the mother of the actress who starred in Broken Dolls alongside Shekar Kapoor and "
                    "Utpal Datta?")
    assert hop is not None and hop.subject == "Broken Dolls" and hop.role == "star"
    assert hop.besides == ("Shekar Kapoor", "Utpal Datta")
    film = ("Broken Dolls\nBroken Dolls is a 1978 Bollywood film produced by Prem Sawhney. The film is directed by "
            "Ketan Anand. The film stars Ketan's cousin Shekar Kapoor, Shabnam Azim and Utpal Datta.")
    actress = ("Shabnam Azim\nShabnam Azim (born 18 September 1950) is an Indian actress of film and theatre. The "
               "daughter of poet Kaifi Azim and stage actress Shaukat Azim, she is an alumna of the Film Institute.")
    found = answer("Who is the mother of the actress who starred in Broken Dolls alongside Shekar Kapoor and "
                   "Utpal Datta?", [film, actress], ["Broken Dolls", "Shekar Kapoor", "Utpal Datta"])
    assert found is not None and found.confident and found.text == "Shaukat Azim"
    assert found.path == ["Broken Dolls", "Shabnam Azim", "Shaukat Azim"]


def test_a_verb_with_a_doubled_consonant_is_found_by_its_stem() -> None:
    assert [cue(v) for v in ("starred", "planned", "called", "passed", "added", "published")] == [
        "star", "plan", "call", "pass", "add", "publish"]


def test_a_name_its_own_passage_calls_a_company_answers_which_company() -> None:
    """"Ameris Bankcorp is an American financial holding company": its passage says what it is, though the
    tagger calls it a product."""
    player = ("Silas Dannels\nSilas Dannels III (born September 22, 1981 in Jacksonville, Florida) is a professional "
              "American football wide receiver.")
    bank = ("Ameris Bankcorp is an American financial holding company headquartered in Jacksonville, "
            "Florida.")
    found = answer("Which financial holding company is headquartered in the city where Silas Dannels was born?",
                   [player, bank], ["Silas Dannels"])
    assert found is not None and found.confident and found.text == "Ameris Bankcorp"
    assert found.path == ["Silas Dannels", "Jacksonville", "Ameris Bankcorp"]


def test_on_what_date_is_answered_by_a_day_not_a_year() -> None:
    """"On what date …?" asks for a day; "until 1987", "weekend morning" name none."""
    assert answer_type("On what date did the run end?").day and not answer_type("When did the run end?").day
    sitcom = ("The Skyways\n\"The Skyways\" is an American animated sitcom, originally airing in primetime from "
              "1962–63, then later as part of the weekday/weekend morning programming block until 1987. The Skyways "
              "originally aired in primetime from September 23, 1962, to March 17, 1963.")
    found = answer("On what date did the original primetime run of The Skyways end?", [sitcom], ["The Skyways"])
    assert found is not None and found.confident and found.text == "March 17, 1963"


def test_a_bridge_done_by_whom_is_asked_again_as_who_did_it() -> None:
    question = "Kate Ramsey is a fictional character from an Australian soap opera created by who?"
    step = DecompositionStep("an Australian soap opera", ["Kate Ramsey"], "Neighbors", "title",
                             'Kate Ramsey is a fictional character from the Australian soap opera "Neighbors".',
                             "c1", 1.2, 0.5)
    assert resolved_question(question, [step]) == "Who created Neighbors?"
    written = DecompositionStep("a novel", ["Ada Lee"], "The Long Road", "title", "Ada Lee starred in The Long Road.",
                                "c1", 1.2, 0.5)
    assert resolved_question("Ada Lee starred in a film based on a novel written by whom?", [written]) \
        == "Who wrote The Long Road?"


def test_a_bridge_asked_where_from_is_asked_again_of_the_bridge() -> None:
    question = "Transfigured Vince is the third studio album by a singer-songwriter from what state?"
    step = DecompositionStep("a singer-songwriter", ["Transfigured Vince"], "M. Warde", "title",
                             "Transfigured Vince is the third studio album by singer-songwriter M. Warde.",
                             "c1", 1.2, 0.5)
    assert resolved_question(question, [step]) == "What state is M. Warde from?"
    band = DecompositionStep("a band", ["Blue Hour"], "The Larks", "title", "Blue Hour is a song by The Larks.",
                             "c1", 1.2, 0.5)
    assert resolved_question("Blue Hour is a song by a band formed in which city?", [band]) \
        == "Which city was The Larks formed in?"


def test_a_rewrite_never_takes_out_which_date_the_question_asks() -> None:
    question = ("Jane Vale provided the voice of Rosa on the animated sitcom that originally premiered on which "
                "date?")
    step = DecompositionStep("the voice", ["Jane Vale"], "The Skyways", "title",
                             "Jane Vale voiced Rosa the robot maid on The Skyways.", "c1", 1.2, 0.5)
    assert resolved_question(question, [step]) is None


def test_lit_in_a_bracket_ends_no_sentence() -> None:
    """"Rain Forecast (; lit. Today's Rain) is a … film … directed by X": cut at "lit.", the director's
    sentence would not name the film."""
    assert split_sentences("Rain Forecast (; lit. Today's Rain) is a 2015 film. It rained.") == [
        "Rain Forecast (; lit. Today's Rain) is a 2015 film.", "It rained."]
    singer = ("Jung Min-ho\nJung Min-ho (born 1989) is a South Korean singer. He hosted his own radio program and "
              "made his big screen debut in \"Rain Forecast\" (2015).")
    film = ("Rain Forecast\nRain Forecast (; lit. Today's Rain) is a 2015 South Korean romantic comedy film "
            "co-written and directed by Park Jin-soo.")
    found = answer("Who directed the film in which Jung Min-ho made his big screen debut?", [singer, film],
                   ["Jung Min-ho"])
    assert found is not None and found.confident and found.text == "Park Jin-soo"


def test_a_relative_clause_asking_of_the_bridge_is_asked_of_its_name() -> None:
    step = DecompositionStep("a series", ["Drew Fell"], "Charmed", "title",
                             'He is best known for playing Chris in the television series "Charmed".', "c1", 1.2, 0.5)
    assert resolved_question("Drew Fell stared in a series that originally broadcast on what station?", [step]) \
        == "Charmed originally broadcast on what station?"
    # the clause told the bridge ("recorded Blue River"): it is not what is asked of it
    band = DecompositionStep("the band", ["Blue River"], "The Larks", "title",
                             "Blue River is a song recorded by The Larks.", "c1", 1.2, 0.5)
    assert resolved_question("Ann Lee joined the band that recorded Blue River in which year?", [band]) is None


def test_an_apposition_of_another_kind_says_the_span_is_not_what_is_asked() -> None:
    """"Laloor, a suburban area in Thrissur Municipal Corporation": a place, not a municipal corporation."""
    (parsed,) = parse([Sentence("The film is about garbage dumping in Laloor, a suburban area in Thrissur Municipal "
                                "Corporation.", "1", 0, frozenset())])
    asked = Asked(answer_type("Laloor is a suburb of which municipal corporation?"))
    fits = {span.text: typed(asked, parsed, span, 0.0)[1] for span in parsed.spans}
    assert fits["Thrissur Municipal Corporation"] == 1.0 and fits["Laloor"] <= 0.5
    # a noun of the asked kind, or of none known, says nothing against it
    (maker,) = parse([Sentence("It was made by Kimber, an American manufacturer.", "1", 0, frozenset())])
    assert typed(Asked(answer_type("Which company made it?")), maker,
                 next(s for s in maker.spans if s.text == "Kimber"), 0.0)[1] > 0.5


def test_a_span_called_by_the_questions_own_noun_for_its_bridge_is_not_the_answer() -> None:
    """"the South Korean girl group Apink" is the girl group "which company formed the girl group …?" goes
    through, not a company."""
    (parsed,) = parse([Sentence("She is best known as the main vocalist of the South Korean girl group Apink.", "1", 0,
                                frozenset())])
    question = "Which company formed the girl group whose main vocalist starred in Lovers of Music?"
    asked = Asked(answer_type(question), said=stems(question))
    assert typed(asked, parsed, next(s for s in parsed.spans if s.text == "Apink"), 0.0)[1] == 0.0


def test_a_life_bracket_gives_the_whole_date_of_a_year_said_elsewhere() -> None:
    # "… until his death in 2001", asked on what date: the passage's own bracket says the day
    opening = "John Dimond (10 May 1953 – 2 March 2001), was a British journalist and broadcaster."
    assert life_date("2001", True, opening) == "2 March 2001"
    assert life_date("1953", False, opening) == "10 May 1953"
    assert life_date("2000", True, opening) == ""  # another year: not this death
    assert life_date("1953", False, "Ann Vell (1953 – 2001) was a painter.") == ""  # the year alone says no day
    assert life_date("1953", False, "Ann Vell (born 10 May 1953) is a painter.") == "10 May 1953"

