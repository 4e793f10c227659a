""""Who is Fred?" is answered by what the text says Fred is, never by another name in his sentences."""

from __future__ import annotations

import pytest

from lightrag_core.query.identity import asked_name
from tests.unit.test_short_answer import answer_one as answer


@pytest.mark.parametrize(("question", "name"), [
    ("Who is Fred?", "Fred"),
    ("Who was the Ghost of Christmas Past?", "Ghost of Christmas Past"),
    ("Who is Ludwig van Beethoven?", "Ludwig van Beethoven"),
    ("What is The Last of Us?", "The Last of Us"),
    ("What was Catan?", "Catan"),
    # questions that ask more than who someone is
    ("who is fred?", ""),  # lower case: only a name the question linked (below)
    ("Who's Fred", "Fred"),
    ('Who is "Fred"?', "Fred"),
    ("Who is Émile Zola?", "Émile Zola"),
    ("Who is Conan O'Brien?", "Conan O'Brien"),
    ("Who are the Beatles?", "Beatles"),
    # offices ask for a holder's name, values for a value, possessives for someone else
    ("Who is the King of France?", ""),
    ("Who is CEO of Apple?", ""),
    ("Who was President of the United States?", ""),
    ("Who is the Pope?", ""),
    ("What is the GDP of France?", ""),
    ("Who is Scrooge's Nephew?", ""),
    ("Who is Li Hua's landlord?", ""),
    ("Who is the oldest, Sid Haig or Vic Darchinyan?", ""),
    ("Who is Li Hua meeting with?", ""),
    ("What was the profession of Amy Johnson?", ""),
    ("Who was Scrooge's business partner?", ""),
])
def test_a_question_that_only_names_someone(question: str, name: str) -> None:
    assert asked_name(question) == name


def test_a_name_in_lower_case_is_one_the_question_linked() -> None:
    assert asked_name("who is fred?", ["Fred"]) == "Fred"
    assert asked_name("who is the ghost?", ["Fred"]) == ""
    # or the context writes it as a name: inside sentences, mostly capitalised
    texts = ["'Fred!' said Scrooge.", "He saw Fred, his nephew.", "A rose is a flower.", "He gave Rose a rose."]
    assert asked_name("who is fred?", [], texts) == "Fred"
    assert asked_name("who is rose?", [], texts) == ""


@pytest.mark.parametrize(("question", "chunk", "said"), [
    # an apposition, not the other name the sentences hold
    ("Who is Fred?", "'Fred!' said Scrooge. Fred, Scrooge's nephew. Scrooge went to Fred's house.",
     "Scrooge's nephew"),
    # two appositions together; a second name given in brackets is the same person
    ("Who is Ebenezer Scrooge?", "Ebenezer Scrooge, a covetous old man, the surviving partner of the firm.",
     "a covetous old man, the surviving partner of the firm"),
    ("Who is Tiny Tim?", 'Tim Cratchit ("Tiny Tim"), a cripple, youngest son of Bob Cratchit.',
     "a cripple, youngest son of Bob Cratchit"),
    # a copula, without its relative clause, after a title line that repeats the name
    ("Who is Grant Hill?", "Grant Hill Grant Henry Hill (born October 5, 1972) is a retired American basketball "
     "player who played 19 seasons in the NBA.", "a retired American basketball player"),
    # the description the name is apposed to
    ("Who is Fred?", "Scrooge's nephew Fred invited him to dinner.", "Scrooge's nephew"),
    # "Mrs. Fezziwig" is someone else; "would have been a match" says nothing of what he is
    ("Who is Fezziwig?", "Old Fezziwig would have been a match for them. Mrs. Fezziwig, the worthy partner of "
     "Mr. Fezziwig. Mr. Fezziwig, a kind-hearted, jovial old merchant.", "a kind-hearted, jovial old merchant"),
    # a full name with a woman's title is hers; another name as the copula's complement is an alias
    ("Who is Elizabeth Bennet?", "Miss Elizabeth Bennet, the second daughter, is lively.", "the second daughter"),
    ("Who is Batman?", "Batman is Bruce Wayne.", "Bruce Wayne"),
    # one item of a list, not the one before it
    ("Who is Bob?", "Characters: Fred, a nephew; Bob, a clerk; Tim, a child.", "a clerk"),
    # the name itself before a surname match
    ("Who is Jordan?", "Michael Jordan is a basketball player. Jordan is a country in the Middle East.",
     "a country in the Middle East"),
])
def test_what_the_text_says_they_are(question: str, chunk: str, said: str) -> None:
    found = answer(question, chunk, [asked_name(question)])
    assert found is not None and found.confident and found.text == said, found
    assert found.path == [asked_name(question), said] and said in found.evidence[0].text


def test_no_description_no_short_answer() -> None:
    # "his partner": whose, the sentence does not say; and Scrooge, the other name, is no answer
    found = answer("Who was Jacob Marley?", "Jacob Marley was his partner. Scrooge signed it. Scrooge and Jacob "
                   "Marley were partners for I don't know how many years.", ["Jacob Marley"])
    assert found is None or not found.confident, found


@pytest.mark.parametrize(("question", "chunk"), [
    # a longer name that starts with the asked one is someone or something else
    ("Who is George Washington?", "The George Washington Bridge, a suspension bridge, spans the Hudson."),
    ("Who is Fred?", "Fred Astaire, an American dancer, starred in Top Hat."),
    ("Who is Hill?", "Hill Street Blues, a police drama, ran for seven seasons."),
    # a name called by, exclaimed or quoted
    ("Who is Martha?", "There's such a goose, Martha!"),
    ("Who is Joe?", "Open the bundle, Joe."),
    ("Who is Fred?", "'Good morning, Fred, my dear fellow,' said the man."),
    ("Who is Fred?", "'Goodbye, Fred, you old rascal,' said Scrooge."),
    ("Who is Fred?", "Was Fred, the butler, a thief?"),
    ("Who is Fred?", "'Fred, the butler!' cried Scrooge."),
    # not asserted: a condition, a time, a report, a hedge, a question, a negation
    ("Who is Fred?", "If Fred is a spy, we are lost."),
    ("Who is Scrooge?", "When Scrooge was a young man, he loved Belle."),
    ("Who is Fred?", "Everyone believed that Fred was a spy."),
    ("Who is Fred?", "Fred is probably a spy."),
    ("Who is Fred?", "Is Fred a plumber?"),
    ("Who is Fred?", "Fred is no longer a lawyer."),
    ("Who is Fred?", "Fred was hardly a saint."),
    ("Who is Fred?", "Fred is neither a lawyer nor a doctor."),
    ("Who is Fred?", "Fred was no friend of Scrooge."),
    ("Who is Fred?", "Fred is not a lawyer."),
    # a common noun is no name
    ("Who is Rose?", "The rose is a flower."),
    # a pronoun's owner the sentence does not give
    ("Who was Jacob Marley?", "Jacob Marley was his partner."),
])
def test_nothing_the_text_does_not_say_of_the_name_itself(question: str, chunk: str) -> None:
    found = answer(question, chunk, [asked_name(question)])
    assert found is None or not found.confident, found


def test_a_role_question_keeps_its_holder() -> None:
    found = answer("Who is the CEO of Apple?", "Tim Cook is the CEO of Apple.", ["Apple"])
    assert found is not None and found.confident and found.text == "Tim Cook", found
