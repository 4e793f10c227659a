"""The question forms of Wikipedia bridge and comparison sets, end to end: hand-written encyclopaedia
passages indexed offline by the real engine, asked in multihop mode, each answered on the first line.

Each form is one that such sets ask again and again (a role's holder and their life
events, a kinship chain, a comparison of dates, lifespans or countries); the passages are invented, so
nothing here is known to a model, and each question needs its own passages found first.
"""

from __future__ import annotations

import json

import pytest

from lightrag_core import QueryParam
from lightrag_core.workbench.evaluate import answer_found, exact_match, short_answer_of

pytestmark = pytest.mark.slow

PASSAGES = {
    "ashes": ("Ashes of the Valley",
             "Ashes of the Valley is a 1962 French drama film directed by Marcel Daubigny. It stars Claire "
             "Roussel and Henri Laval as two farmers who lose their land after a flood."),
    "daubigny": ("Marcel Daubigny",
             "Marcel Daubigny (14 March 1915 – 2 August 1987) was a French film director and screenwriter. "
             "He was born in Lyon and died in Paris. He was married to the actress Odile Ferrand, with whom "
             "he made six films."),
    "crossing": ("The Last Crossing",
             "The Last Crossing is a 1958 American western film directed by Harold Kessler and starring "
             "Glenn Avery, Ruth Tanner and Lee Doyle."),
    "kessler": ("Harold Kessler",
             "Harold Kessler (June 3, 1921 – November 19, 1994) was an American film director and television "
             "producer. Born in Toledo, Ohio, he began his career as an editor at Republic Pictures. Kessler "
             "died of a heart attack in Santa Monica, California."),
    "odile": ("Odile Ferrand",
             "Odile Ferrand (1920–2001) was a French stage and film actress. She was the daughter of the "
             "painter Louis Ferrand and the wife of the director Marcel Daubigny."),
    "louis": ("Louis Ferrand",
             "Louis Ferrand (1885–1950) was a French painter of the Rouen school, known for his harbour "
             "scenes."),
    "albrecht": ("Prince Albrecht of Wendenburg",
             "Prince Albrecht of Wendenburg (1790–1851) was a German nobleman and general. He was the son of "
             "Duke Friedrich of Wendenburg and Princess Sophie of Kessel."),
    "friedrich": ("Duke Friedrich of Wendenburg",
             "Duke Friedrich of Wendenburg (1760–1822) ruled the duchy from 1785 until his death. He was the "
             "eldest son of Duke Ernst of Wendenburg and Countess Amalie of Lorsch."),
    "blue": ("Blue River Road",
             "\"Blue River Road\" is a song by American singer Dana Whitfield, released in 1979 as the lead "
             "single from her album Highway Hearts."),
    "dana": ("Dana Whitfield",
             "Dana Whitfield (born September 9, 1950) is an American country singer and songwriter. She was "
             "born in Memphis, Tennessee, and signed with Capitol Records in 1974."),
    "lights": ("Under the Northern Lights",
             "Under the Northern Lights is a 1971 Norwegian drama film directed by Arne Solberg. It was "
             "entered into the 7th Moscow International Film Festival."),
    "solberg": ("Arne Solberg",
             "Arne Solberg (5 May 1930 – 12 January 2012) was a Norwegian film director and actor. He was "
             "born in Bergen and studied at the Oslo theatre school."),
    "tide": ("The Turning Tide",
             "The Turning Tide is a 1949 British war film directed by Edmund Blake. It was produced by "
             "Ealing Studios."),
    "blake": ("Edmund Blake",
             "Edmund Blake (2 February 1902 – 30 October 1970) was an English film director. He died in "
             "London."),
    "kessel": ("Princess Sophie of Kessel",
             "Princess Sophie of Kessel (1768–1830) was the daughter of Landgrave Karl of Kessel. In 1788 "
             "she married Duke Friedrich of Wendenburg."),
    "harvest": ("Harvest of Stone (1954 film)",
             "Harvest of Stone is a 1954 Polish war drama. The film was directed by Tadeusz Wrona and "
             "written by Jan Kos."),
    "wrona": ("Tadeusz Wrona",
             "Tadeusz Wrona (born 11 April 1911 in Kraków; died 3 March 1979 in Warsaw) was a Polish "
             "director. He graduated from the Łódź Film School in 1936. In 1965 he received the Order of "
             "Polonia Restituta. His son, Piotr Wrona, became a cinematographer."),
    "glass": ("The Glass Orchard",
             "The Glass Orchard is a 1968 Canadian film. Lucille Marchand directed the film, which premiered "
             "at the Montreal World Film Festival."),
    "marchand": ("Lucille Marchand",
             "Lucille Marchand (July 2, 1929 – May 30, 2003) was a Canadian filmmaker. She studied at McGill "
             "University. She married the composer André Bélanger in 1955; their daughter is the actress "
             "Sophie Bélanger."),
    "belanger": ("André Bélanger",
             "André Bélanger (1924–1990) was a Canadian composer born in Quebec City."),
    "gorna": ("Górna Wola",
             "Górna Wola is a village in the administrative district of Gmina Mszczonów, in central Poland."),
    "velden": ("Velden am See",
             "Velden am See is a small town in the district of Villach-Land, in the Austrian state of "
             "Carinthia."),
    "oakridge": ("Oakridge Township",
             "Oakridge Township is a township in Lyon County, Minnesota, United States."),
    "henrik": ("Henrik Vogt",
             "Henrik Vogt (1902–1961) was a Danish painter. He was the son of the sculptor Carl Vogt and the "
             "singer Ingrid Lund."),
    "carl": ("Carl Vogt (sculptor)",
             "Carl Vogt (1870–1938) was a Danish sculptor, born in Odense. He married Ingrid Lund in 1899."),
    "ingrid": ("Ingrid Lund",
             "Ingrid Lund (1875 – 14 February 1950) was a Danish soprano. She died in Copenhagen."),
    "amber": ("Amber Nights",
             "\"Amber Nights\" is a 1983 single performed by the British band The Velvet Hours."),
    "velvet": ("The Velvet Hours",
             "The Velvet Hours were an English new wave band formed in Sheffield in 1979 by Martin Greer and "
             "Tom Ashby."),
}
QUESTIONS = [  # question, the short answer expected
    ("Which film came out first, Ashes of the Valley or The Last Crossing?", "The Last Crossing"),
    ("Which film was released more recently, The Turning Tide or Under the Northern Lights?",
     "Under the Northern Lights"),
    ("Who was born first, Marcel Daubigny or Harold Kessler?", "Marcel Daubigny"),
    ("Who died later, Marcel Daubigny or Harold Kessler?", "Harold Kessler"),
    ("Who lived longer, Edmund Blake or Arne Solberg?", "Arne Solberg"),
    ("Are Marcel Daubigny and Harold Kessler of the same nationality?", "no"),
    ("Are Marcel Daubigny and Odile Ferrand both from the same country?", "yes"),
    ("Which film has the director born later, Ashes of the Valley or The Last Crossing?", "The Last Crossing"),
    ("Which film has the director who died first, Ashes of the Valley or Under the Northern Lights?",
     "Ashes of the Valley"),
    ("Which film whose director is younger, The Turning Tide or The Last Crossing?", "The Last Crossing"),
    ("Do both films Ashes of the Valley and The Last Crossing have the directors from the same country?", "no"),
    ("Are the directors of films The Turning Tide and Ashes of the Valley both from the same country?", "no"),
    ("Where was the director of film Ashes of the Valley born?", "Lyon"),
    ("What is the place of birth of the director of film Under the Northern Lights?", "Bergen"),
    ("When did the director of film The Last Crossing die?", "November 19, 1994"),
    ("What is the date of death of the director of film The Turning Tide?", "30 October 1970"),
    ("When was the director of film Ashes of the Valley born?", "14 March 1915"),
    ("Where did the director of film The Last Crossing die?", "Santa Monica"),
    ("Why did the director of film The Last Crossing die?", "heart attack"),
    ("What nationality is the director of film Under the Northern Lights?", "Norwegian"),
    ("Which country the director of film Ashes of the Valley is from?", "France"),
    ("Who is the spouse of the director of film Ashes of the Valley?", "Odile Ferrand"),
    ("Who is the father-in-law of Marcel Daubigny?", "Louis Ferrand"),
    ("Who is the paternal grandfather of Prince Albrecht of Wendenburg?", "Duke Ernst of Wendenburg"),
    ("Who is the mother of Prince Albrecht of Wendenburg?", "Princess Sophie of Kessel"),
    ("Who is Prince Albrecht of Wendenburg's maternal grandfather?", "Landgrave Karl of Kessel"),
    ("What is the date of birth of the performer of song Blue River Road?", "September 9, 1950"),
    ("Where was the performer of song Blue River Road born?", "Memphis"),
    ("Who is the performer of song Blue River Road?", "Dana Whitfield"),
    ("Who directed Under the Northern Lights?", "Arne Solberg"),
    ("Where did Marcel Daubigny die?", "Paris"),
    ("When was Harold Kessler born?", "June 3, 1921"),
    ("Which film came out earlier, Harvest of Stone or The Glass Orchard?", "Harvest of Stone"),
    ("Who was born later, Tadeusz Wrona or Lucille Marchand?", "Lucille Marchand"),
    ("Who died first, Tadeusz Wrona or Lucille Marchand?", "Tadeusz Wrona"),
    ("Which film has the director who was born earlier, Harvest of Stone or The Glass Orchard?", "Harvest of Stone"),
    ("Are Tadeusz Wrona and Lucille Marchand of the same nationality?", "no"),
    ("Are Lucille Marchand and André Bélanger from the same country?", "yes"),
    ("Are Górna Wola and Velden am See located in the same country?", "no"),
    ("Which country is Górna Wola located in?", "Poland"),
    ("Where was the director of film Harvest of Stone born?", "Kraków"),
    ("Where did the director of film Harvest of Stone die?", "Warsaw"),
    ("When did the director of film The Glass Orchard die?", "May 30, 2003"),
    ("Where did the director of film Harvest of Stone graduate from?", "Łódź Film School"),
    ("Where did the director of film The Glass Orchard study?", "McGill University"),
    ("What is the award that the director of film Harvest of Stone received?", "Order of Polonia Restituta"),
    ("Who is the child of the director of film Harvest of Stone?", "Piotr Wrona"),
    ("Who is the spouse of the director of film The Glass Orchard?", "André Bélanger"),
    ("Where was the husband of Lucille Marchand born?", "Quebec City"),
    ("Who is the mother of Henrik Vogt?", "Ingrid Lund"),
    ("When did Henrik Vogt's mother die?", "14 February 1950"),
    ("Where was the father of Henrik Vogt born?", "Odense"),
    ("Where did Henrik Vogt's mother die?", "Copenhagen"),
    ("Who is the performer of song Amber Nights?", "The Velvet Hours"),
    ("Where was the performer of song Amber Nights formed?", "Sheffield"),
    ("What nationality is the director of film The Glass Orchard?", "Canadian"),
    ("Which country the director of film Harvest of Stone is from?", "Poland"),
    ("Who directed The Glass Orchard?", "Lucille Marchand"),
    ("Who wrote Harvest of Stone?", "Jan Kos"),
]


@pytest.fixture(scope="module")
def wiki_engine(tmp_path_factory: pytest.TempPathFactory):
    from lightrag_core import Engine, Settings

    folder = tmp_path_factory.mktemp("wiki_forms")
    corpus = folder / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": key, "title": title, "text": text}) + "\n"
                              for key, (title, text) in PASSAGES.items()))
    engine = Engine(Settings.from_env(folder / "work", llm_model="", neo4j_uri="", embedding_model=""))
    report = engine.index_paths([corpus])
    assert not report.failed, report.failed
    yield engine
    engine.close()


@pytest.mark.parametrize(("question", "expected"), QUESTIONS)
def test_the_first_line_answers_a_wikipedia_form(wiki_engine, question: str, expected: str) -> None:
    _, answer = wiki_engine.answer(question, QueryParam(mode="multihop"))
    short = short_answer_of(answer)
    assert short is not None and exact_match(short, expected), answer  # case, articles and punctuation aside
    assert answer_found(answer, expected)
