"""Chains whose inner link is the phrase a question ends with ("the lead vocalist of the band behind the album
X", "the label founded by the band X plays keyboards in", "the author of the book on which X is based"), and
the names on the way that the tagger reads as something else (an amount, a date, a quoted title)."""

from __future__ import annotations

from lightrag_core.query.role_holders import holder
from lightrag_core.query.roles import first_hop
from tests.unit.test_answer_referents import _sentences
from tests.unit.test_short_answer import answer


def test_the_band_behind_an_album_then_its_lead_vocalist() -> None:
    album = "Sky Tribe\nSky Tribe is Taiwanese Mandopop band F.R.E.'s third Mandarin studio album."
    singer = ("Wenny (singer)\nLin Wen-hui (born March 3, 1980), known professionally as Wenny, is a Taiwanese "
              "singer. She is the lead vocalist of pop rock band F.R.E., who won a Golden Melody Award in 2005.")
    hop = first_hop("When was the lead vocalist of the band behind the album Sky Tribe born?")
    assert hop is not None and (hop.role, hop.subject) == ("band", "Sky Tribe")
    found = answer("When was the lead vocalist of the band behind the album Sky Tribe born?", [album, singer],
                   ["Sky Tribe"])
    assert found is not None and found.confident and found.text == "March 3, 1980"


def test_the_band_a_member_plays_in_is_read_before_the_phrase_that_holds_it() -> None:
    member = ("Ada Lorne\nAda Lorne (born June 2, 1975) is a keyboard player and bass guitarist, and member of "
              "American alternative rock band The Velvet Pines.")
    album = ("Moss Hour\nMoss Hour is the sixth studio album by American alternative rock band The Velvet Pines, "
             "released in 2008, and the first album released on their self-founded Pine Needle Records label.")
    question = "What is the name of the record label founded by the band Ada Lorne plays keyboards in?"
    hop = first_hop(question)
    assert hop is not None and (hop.role, hop.subject) == ("band", "Ada Lorne")
    found = answer(question, [member, album], ["Ada Lorne"])
    assert found is not None and found.confident and found.text == "Pine Needle Records"


def test_the_author_of_the_book_a_film_is_based_on_and_his_wife() -> None:
    film = "Quiet Wings\nQuiet Wings is a 1975 American documentary film based on a book by Arlo Venn."
    novel = ("Two Skies\nTwo Skies is a 1977 novel by Arlo Venn. Although a novel, the book's characters are based "
             "on the real-life author, Venn, and his wife Leda Marsh.")
    found = answer("Who is the wife of the author of the book on which the documentary Quiet Wings is based?",
                   [film, novel], ["Quiet Wings"])
    assert found is not None and found.text == "Leda Marsh" and found.path[:2] == ["Quiet Wings", "Arlo Venn"]
    # (a wife after "and his" is still another man's when he is not set off as the sentence's subject, even one
    # who shares the subject's name)
    parents = _sentences("Rosa Venn\nRosa Venn is the daughter of Henry Dale and his wife Beatrice Dale.")
    assert holder("Rosa Venn", "spouse", parents) is None
    son = _sentences("John Kell Jr.\nJohn Kell Jr. was the son of President John Kell and his wife Mary Kell. In "
                     "1996 he married Carol Bess.")
    wife = holder("John Kell Jr.", "wife", son)
    assert wife is None or wife[0] != "Mary Kell"


def test_a_name_the_tagger_reads_as_an_amount_or_a_date_still_holds_a_role() -> None:
    author = ('Grace Kell\nGrace Kell (born 1979) is an American author. Her first novel, "The Pear Eats Tigers" '
              "was published by Two Dollar Radio in September 2010.")
    found = holder("Grace Kell's first novel", "publisher", _sentences(author))
    assert found is not None and found[0] == "Two Dollar Radio"  # not the novel named before "published"
    show = "Until Dawn\nUntil Dawn (1976) was an Australian television soap opera created by Rex Walton."
    made = holder("Rex Walton", "creat", _sentences(show), noun="opera")
    assert made is not None and made[0] == "Until Dawn"


def test_a_clause_put_after_its_verb_and_places_set_against_the_answer() -> None:
    show = ("Until Dawn\nUntil Dawn (1976) was an Australian television soap opera created by Rex Walton. It is "
            "notable for having been made in Perth as opposed to Sydney or Melbourne.")
    hop = first_hop("In which city was the 1976 soap opera made that was created by Rex Walton?")
    assert hop is not None and (hop.role, hop.subject) == ("creat", "Rex Walton")
    assert hop.outer == "In which city was {} made?"
    found = answer("In which city was the 1976 soap opera made that was created by Rex Walton?", [show],
                   ["Rex Walton"])
    assert found is not None and found.text == "Perth" and "Until Dawn" in found.path
    assert found.margin >= 0.3  # Sydney and Melbourne are what it was not made in


def test_the_show_in_which_an_actress_played_a_part_is_its_quoted_title() -> None:
    part = ('Madge Doyle\nMargaret "Madge" Doyle (also Ramsey) is a fictional character from the Australian soap '
            'opera "Next Door", played by Anne Carlton.')
    found = holder("Anne Carlton", "play", _sentences(part), noun="show")
    assert found is not None and found[0] == "Next Door"


def test_an_albums_performer_is_the_person_a_band_name_describes() -> None:
    album = ("Starverse\nStarverse is the third studio album by American rapper and Skyline member Big Tam, released "
             "on June 16, 2017.")
    found = holder("Starverse", "performer", _sentences(album))
    assert found is not None and found[0] == "Big Tam"  # not "Skyline", which says what he is
    extended = ("First Light (EP)\nFirst Light is the debut EP by South Korean singer, Kim Ha-neul, released by CJ "
                "E&M on October 10, 2013.")
    found = holder("First Light", "performer", _sentences(extended))
    assert found is not None and found[0] == "Kim Ha-neul"  # not "EP", the cue's own word


def test_a_compared_performers_birth_is_read_from_their_own_passage_first() -> None:
    first = "So Long Mira\nSo Long Mira is the debut solo album by German singer Karl Gold."
    gold = ("Karl Gold\nHartwig Schaller (born 26 May 1954), better known by his stage name Karl Gold, is the lead "
            "singer of the German synthpop group Alphaburg.")
    second = "Starverse\nStarverse is the third studio album by American rapper and Skyline member Big Tam."
    albums = [f"Album {n}\nAlbum {n} is an album by Big Tam, released in 20{n + 10}." for n in range(6)]
    tam = ("Big Tam\nAntwan Tam (born February 1, 1975), better known by his stage name Big Tam, is an American "
           "rapper.")
    found = answer("Which album's performer was born first, So Long Mira or Starverse?",
                   [first, gold, second, *albums, tam], ["So Long Mira", "Starverse"])
    assert found is not None and found.text == "So Long Mira"


def test_a_describing_noun_before_the_name_and_a_maiden_name_in_brackets() -> None:
    hop = first_hop("Who is the mother-in-law of the journalist John Damon?")
    assert hop is not None and (hop.role, hop.subject) == ("mother-in-law", "John Damon")
    husband = ("John Damon (journalist)\nJohn Damon was a British journalist. He was married to the food writer "
               "Nigella Lawes from 1992 until his death in 2001.")
    wife = ("Nigella Lawes\nNigella Lawes (born 1960) is an English food writer. She is the daughter of Nigel Lawes, a "
            "former minister, and Vanessa (née Salmon) Lawes, whose family owned a catering business.")
    found = answer("Who is the mother-in-law of the journalist John Damon?", [husband, wife], ["John Damon"])
    assert found is not None and found.text == "Vanessa (née Salmon) Lawes"


def test_a_paternal_grandmother_through_a_junior_and_the_mother_named_from_her_side() -> None:
    singer = ("Molly Wade\nMolly Wade is an American singer-songwriter. She is the granddaughter of Hal Wade, Sr., the "
              "daughter of Hal Wade, Jr. and half-sister of Hal Wade III.")
    mother = ("Audra Wade\nAudra Mae Shepp Wade (February 28, 1923 – November 4, 1975), was an American musician "
              "known for being the first wife of country music icon Hal Wade, Sr. and the mother of Hal Wade, Jr.")
    sentences = _sentences(singer, mother)
    father = holder("Molly Wade", "father", sentences)
    assert father is not None and father[0].startswith("Hal Wade, Jr")  # the suffix tells him from his father
    grandmother = holder(father[0], "mother", sentences)
    # ("granddaughter of" is no "daughter of", so Hal Wade III is no mother: the sentence's subject is)
    assert grandmother is not None and grandmother[0] == "Audra Mae Shepp Wade"
    # (nor is a mother named in apposition to another name: "He married Rose Quinn, the mother of Tom Kell")
    married = _sentences("Dan Kell\nDan Kell is a farmer. He married Rose Quinn, the mother of Tom Kell, in 1975.")
    mother = holder("Tom Kell", "mother", married)
    assert mother is None or mother[0] != "Dan Kell"
    assert holder("Hal Wade, Jr.", "father", _sentences(
        "Hal Wade, Jr.\nHe is the son of Hal Wade and Audra Wade."))[0] == "Hal Wade"  # the same names, but his father
