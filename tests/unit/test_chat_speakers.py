"""Who speaks a chat line, as a question names them: a handle written together ("WolfgangSchulz") is
"Wolfgang" or "Wolfgang Schulz" to a question; the "Name: " that opens a line and a greeting's "Hey" are no
answer; a line that only greets answers nothing by its speaker or time."""

from __future__ import annotations

from lightrag_core.query.result import QueryResult
from tests.unit.test_short_answer import answer


def _evidence(chunks: list[str], question: str, names: list[str]) -> list[str]:
    from lightrag_core.query.sentence_rank import choose, score_sentences
    from tests.unit.test_short_answer import NoEmbedder

    r = QueryResult("multihop", [], names)
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate(chunks)]
    return [s.text for s in choose(score_sentences(NoEmbedder(), None, question, r))]  # type: ignore[arg-type]


def test_a_handle_written_together_is_every_way_a_question_writes_it() -> None:
    from lightrag_core.query.chat_lines import name_words, spoken_by, unaddressed

    assert spoken_by("Wolfgang", "WolfgangSchulz") and spoken_by("Wolfgang Schulz", "WolfgangSchulz")
    assert spoken_by("LiHua", "Li Hua") and spoken_by("Li Hua", "LiHua") and spoken_by("Chae", "ChaeSong-hwa")
    assert not spoken_by("Adam", "LiHua") and not spoken_by("Wolfgang", "") and not spoken_by("", "LiHua")
    assert name_words("Orion") == "Orion"  # one word: nothing to split
    assert unaddressed("Hey Yuriko") == "Yuriko" and unaddressed("Thanks, Adam") == "Adam"
    assert unaddressed("Heyward Smith") == "Heyward Smith"


GYM = ("20260302_1800\nTime: 20260302_18:00\n"
       "LiHua: Hey Wolfgang! Do you know a gym near me?\n"
       "WolfgangSchulz: There's a nice gym called FitZone not too far from you.\n"
       "LiHua: For sure, Wolfgang! I might bring Wolfgang along to the bakery, he loves bread too!\n")


def test_a_question_that_names_a_speaker_by_first_name_reads_that_speakers_lines() -> None:
    """Before, "Wolfgang" matched only lines that say "Wolfgang", none of which are his: the line that
    names the gym came after Li Hua's, which name him."""
    ranked = _evidence([GYM], "Which gym does Wolfgang recommend?", ["Wolfgang"])
    assert ranked[0] == "WolfgangSchulz: There's a nice gym called FitZone not too far from you."
    # and the gym his line names is reached through him (before, a name no sentence held: 0.3 against 0.76)
    found = answer("Which gym does Wolfgang recommend?", [GYM], ["Wolfgang"])
    assert found is not None and found.path == ["Wolfgang", "FitZone"] and found.score > 0.6


def test_the_speaker_that_opens_a_line_is_no_span_of_what_it_says() -> None:
    """On lihuaworld's chats, "EmilyBurnett", the speaker of "EmilyBurnett: Who do you think is the most hateable
    character in Game of Thrones?", was the confident answer to who that is in Orion's opinion."""
    from lightrag_core.query.answer_spans import parse
    from lightrag_core.query.sentences import sentences_of

    text = ("20260902_1600\nTime: 20260902_16:00\n"
            "EmilyBurnett: Who do you think is the most hateable character in Game of Thrones?\n"
            "Orion: Joffrey is up there, but Ramsay Bolton takes the cake for me.\n")
    r = QueryResult("multihop", [], [])
    r.chunks = [{"content": text, "reference_id": "1", "chunk_id": "c0", "document_id": "d0"}]
    spans = [k.text for p in parse(sentences_of(r)) for k in p.spans]
    assert "EmilyBurnett" not in spans and "Orion" not in spans and "Ramsay Bolton" in spans
    found = answer("Who is the most hateable character in Game of Thrones in Orion's opinion?", [text], ["Orion"])
    assert found is None or found.text != "EmilyBurnett"


def test_a_greeting_runs_into_a_speakers_name_not_into_a_songs() -> None:
    """"Hey Yuriko Yamamoto" is Yuriko, who speaks in the chat and so is no song (it was the answer); "Hey Jude"
    is a song."""
    greeted = ("20260405_1500\nTime: 20260405_15:00\n"
               "LiHua: Hey Yuriko Yamamoto! I heard Wolfgang played a song on the drum app yesterday.\n"
               "YurikoYamamoto: Yes, it was fun to hear!\n")
    found = answer("What song did Wolfgang play on the drum app?", [greeted], ["Wolfgang"])
    assert found is None or "Yuriko" not in found.text
    named = greeted.replace("yesterday.", "yesterday: Hey Jude.")
    found = answer("What song did Wolfgang play on the drum app?", [named], ["Wolfgang"])
    assert found is not None and found.text == "Hey Jude"


SORE = ("20260206_1600\nTime: 20260206_16:00\n"
        "LiHua: Hi Jennifer! My legs are sore after yesterday. Can you give me some tips to relieve the soreness?\n"
        "20260207_0900\nTime: 20260207_09:00\n"
        "JenniferMoore: To relieve muscle soreness, stretch gently and drink plenty of water.\n"
        "20260210_0900\nTime: 20260210_09:00\n"
        "JenniferMoore: Hey Li Hua!\n")


def test_when_someone_asked_is_the_time_of_their_own_line() -> None:
    """Jennifer's reply the next day and her greeting later were rivals close enough to withhold the answer."""
    from lightrag_core.nlp import nlp
    from lightrag_core.query.question_parse import when_said_by

    assert when_said_by(nlp()("When did Li Hua ask Jennifer Moore for tips on muscle soreness?")) == "Li Hua"
    assert when_said_by(nlp()("When did the band form?")) == ""
    # not one of two who agree together, nor one who is given something ("gets the keys" from whoever says so)
    assert when_said_by(nlp()("When did Adam and Li Hua agree on the plumber?")) == ""
    assert when_said_by(nlp()("When did Li Hua get the keys from Adam?")) == ""
    found = answer("When did Li Hua ask Jennifer Moore for tips on dealing with muscle soreness?", [SORE],
                   ["Li Hua", "Jennifer Moore"])
    assert found is not None and found.text == "20260206_16:00" and found.confident


def test_a_line_that_only_greets_answers_nothing_by_its_speaker_or_time() -> None:
    """Nor by what the tagger reads in it ("JenniferMoore: Awesome!" gave the candidate "Awesome"); unless the
    question asks about a greeting, a thanks or a yes."""
    from lightrag_core.query.candidate_pool import chat_answers, saying
    from lightrag_core.query.sentences import sentences_of

    r = QueryResult("multihop", [], [])
    r.chunks = [{"content": SORE + "JenniferMoore: Awesome!\n", "reference_id": "1", "chunk_id": "c0",
                 "document_id": "d0"}]
    said = {s.text: s for s in sentences_of(r)}
    speakers = {"lihua", "jennifermoore"}
    kept = [s.text for s in saying(list(said.values()), speakers, courtesy=False)]
    assert "JenniferMoore: Hey Li Hua!" not in kept and "JenniferMoore: Awesome!" not in kept and len(kept) == 3
    assert len(saying(list(said.values()), speakers, courtesy=True)) == 5
    reply = said["JenniferMoore: To relieve muscle soreness, stretch gently and drink plenty of water."]
    assert [t for _, t, _ in chat_answers(reply, True, True, set())] == ["JenniferMoore", "20260207_09:00"]
    assert [t for _, t, _ in chat_answers(reply, False, True, set(), "Li Hua")] == []


def test_the_asked_person_by_first_name_is_no_answer() -> None:
    """"Who asks Jake …?": JakeWatson is Jake."""
    chat = ("20261001_1800\nTime: 20261001_18:00\n"
            "LiHua: Could you be our goalkeeper on Saturday, Jake?\n"
            "JakeWatson: Sure, I can play as the goalkeeper for soccer training!\n")
    found = answer("Who asks Jake to play as the goalkeeper for soccer training?", [chat], ["Jake"])
    assert found is None or found.text != "JakeWatson"


def test_a_question_about_thanks_is_answered_by_the_line_that_thanks() -> None:
    """A line of thanks is no evidence of anything else, but it is the answer to who thanked whom, and when."""
    from lightrag_core.nlp import nlp
    from lightrag_core.query.question_parse import asks_courtesy

    thanks = ("20260302_1800\nTime: 20260302_18:00\nJenniferMoore: Thank you so much, Li Hua!\n"
              "20260305_0900\nTime: 20260305_09:00\nJenniferMoore: Remember to stretch after the run, Li Hua.\n")
    assert asks_courtesy(nlp()("Who thanked Li Hua?")) and not asks_courtesy(nlp()("Who suggests hot pot?"))
    found = answer("Who thanked Li Hua?", [thanks], ["Li Hua"])
    assert found is not None and found.text == "JenniferMoore" and found.confident
    found = answer("When did Jennifer thank Li Hua?", [thanks], ["Jennifer", "Li Hua"])
    assert found is not None and found.text == "20260302_18:00" and found.confident


def test_a_handle_is_matched_in_any_script_and_with_capitals_inside() -> None:
    from lightrag_core.query.chat_lines import spoken_by

    assert spoken_by("Ronald McDonald", "RonaldMcDonald") and spoken_by("LeBron James", "LeBronJames")
    assert spoken_by("李华", "李华") and spoken_by("José", "JoséGarcía")
    assert not spoken_by("A", "AdamA") and not spoken_by("Garc", "JoséGarcía")  # an initial or a fragment is not


SOFTWARE = ("20261002_1300\nTime: 20261002_13:00\n"
            "WolfgangSchulz: Hey! Just wanted to let you know that the new software I've been working on is almost "
            "done. Can't wait for you to try it out!\n"
            "LiHua: That sounds awesome! I'm really excited to check it out. Let me know when the software is ready!\n"
            "WolfgangSchulz: Will do! Just a few more tweaks.\n")
MEME = ("20260210_2100\nTime: 20260210_21:00\n"
        "LiHua: Haha, this meme is gold! I totally relate to the struggles of new software development!\n"
        "JenniferMoore: Hey Li Hua! Happy Lunar New Year! Keep pushing through!\n")


def test_who_did_it_is_not_the_person_it_was_done_to() -> None:
    """"Who informs LiHua that the new software is almost done?": Li Hua's own lines are his replies, not the
    news; before, every line of his matched the question's name and they outranked Wolfgang's, which says it
    to him (he takes part in that conversation)."""
    question = "Who informs LiHua that the new software is almost done?"
    ranked = _evidence([SOFTWARE, MEME], question, ["LiHua"])
    assert "the new software I've been working on is almost done" in ranked[0]
    found = answer(question, [SOFTWARE, MEME], ["LiHua"])
    # (the best reading; with no embedder here, its lead over the greeting is no confident one)
    assert found is not None and found.text == "WolfgangSchulz" and found.path == ["LiHua", "WolfgangSchulz"], found


def test_a_question_that_names_its_doer_still_reads_the_doers_lines() -> None:
    """"What did Wolfgang say about the software?" names who spoke: his lines are his, as before."""
    from lightrag_core.query.chat_lines import asks_unnamed_speaker

    assert asks_unnamed_speaker("Who informs LiHua that the software is done?")
    assert not asks_unnamed_speaker("Who is Li Hua meeting?") and not asks_unnamed_speaker("Who did Li Hua ask?")
    ranked = _evidence([MEME, SOFTWARE], "What does WolfgangSchulz say about the software?", ["WolfgangSchulz"])
    assert ranked[0].startswith("WolfgangSchulz:") or "Just wanted to let you know" in ranked[0]


CURTAIN = ("20260921_1600\nTime: 20260921_16:00\n"
           "LiHua: Hey Adam, hope you're doing well! Can you help me install the new curtain in the living room?\n"
           "AdamSmith: Sure thing! I'll bring the tools for the curtain tomorrow.\n")
MOVIE = ("20260121_1300\nTime: 20260121_13:00\n"
         "LiHua: Want to watch the new movie at the cinema on Friday?\n"
         "WolfgangSchulz: Absolutely, count me in!\n")


def test_whom_a_speaker_asks_is_the_other_person_in_the_conversation() -> None:
    """"Who does LiHua ask for help with installing a curtain?": his line names nobody he asks; the one he
    writes to does. Before, the best reading was "Adam" of "Hey Adam" at 0.4, and no answer was given."""
    found = answer("Who does LiHua ask for help with installing a curtain?", [MOVIE, CURTAIN], ["LiHua"])
    assert found is not None and found.confident and found.text == "AdamSmith", found
    assert "install the new curtain" in found.evidence[0].text
    found = answer("Who does Li Hua want to watch the new movie with?", [CURTAIN, MOVIE], ["Li Hua"])
    assert found is not None and found.confident and found.text == "WolfgangSchulz", found


def test_no_partner_for_a_third_person_or_for_lines_to_several() -> None:
    from lightrag_core.query.chat_partner import chat_partner
    from tests.unit.test_short_answer import NoEmbedder

    def partner(question: str, chunks: list[str]) -> str | None:
        from lightrag_core.query.sentence_rank import score_sentences

        r = QueryResult("multihop", [], [])
        r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                    for i, c in enumerate(chunks)]
        found = chat_partner(question, score_sentences(NoEmbedder(), None, question, r))  # type: ignore[arg-type]
        return found.text if found else None

    assert partner("Who does LiHua ask for help with installing a curtain?", [CURTAIN]) == "AdamSmith"
    # the other one's line may be the one that says it, in a conversation the asked person takes part in
    invited = ("20260121_1300\nTime: 20260121_13:00\nWolfgangSchulz: Hey! Want to check out the new movie at the "
               "cinema tomorrow?\nLiHua: Sounds awesome! I'm totally in! What time are we thinking?\n")
    assert partner("Who does Li Hua go to watch the new movie with?", [invited]) == "WolfgangSchulz"
    # "mention" takes a third person: the name the line writes, not whom it is written to
    assert partner("Who does LiHua mention as his favourite character?",
                   ["20260101_1000\nTime: 20260101_10:00\nLiHua: My favourite character is Geralt!\n"
                    "AdamSmith: Nice pick!\n"]) is None
    # a line to a group has no one partner
    group = ("20260301_1000\nTime: 20260301_10:00\nLiHua: Can you help me install the curtain?\n"
             "AdamSmith: Sure, I can come over on Sunday!\nWolfgangSchulz: I can bring my drill as well!\n")
    assert partner("Who does LiHua ask for help with installing a curtain?", [group]) is None
    # prose has no speakers
    assert partner("Who does Scrooge ask for help?", ["Scrooge asked Bob Cratchit for help with the fire."]) is None
