"""A chat message is read as one: its speaker's name is no word of what it says, its sentences share its
words, and each is embedded with the sentences beside it. Run through the offline embedder (MiniLM, ONNX),
as the answer is."""

from __future__ import annotations

import pytest

from lightrag_core.embeddings import offline_embedder
from lightrag_core.query import extractive, sentence_rank, sentences
from lightrag_core.query.chat_lines import without_speaker
from lightrag_core.query.result import QueryResult

# A long chat, as a retrieved context is: the asked speaker's short replies by the dozen, and the asked
# words ("stretch") in other people's lines too.
_REPLIES = ["Hey everyone!", "Good call!", "For sure!", "Definitely!", "How about 3 PM?", "Exactly!", "Great reminder!",
            "That's so true!", "Hey, man!", "See you there!"]
_OTHERS = ["Maria: I stretch every morning before work.", "Tom: My back needs a good stretch after the game.",
           "Ana: Stretching helped my knee a lot last season.", "Leo: Do you stretch before or after running?"]
FILLER = "".join(f"202611{day:02d}_2000\nTime: 202611{day:02d}_20:00\nJakeWatson: {_REPLIES[day % len(_REPLIES)]}\n"
                 f"{_OTHERS[day % len(_OTHERS)]}\n\n" for day in range(1, 29))
TRAINING = ("20261207_2000\nTime: 20261207_20:00\n" + FILLER +
            "JakeWatson: Hey everyone!\n"
            "LiHua: Hi Jake! Do you have any favorite stretches you recommend?\n"
            "JakeWatson: Good call!\n"
            "JakeWatson: Absolutely! I love doing the hamstring stretch and quad stretch. Just hold each stretch "
            "for about 30 seconds. You'll feel great afterward!\n"
            "LiHua: Got it! I'll include those.\n"
            "JakeWatson: For sure!\n"
            "JakeWatson: How about 3 PM?\n"
            "JakeWatson: Definitely!\n")
_GAMERS = ["Helios: Anyone else got a classic open-world game they can't stop playing?",
           "Helios: Plus, the combat looks super engaging with the focus on action-oriented gameplay.",
           "Helios: Any updates on whether the game will feature crossplay?",
           "Helios: I love games that make you think!",
           "Helios: Do any of you have favorite moments from the game?",
           "Helios: That game really makes you feel connected."]
GAMES = ("".join(f"202602{day:02d}_2000\nTime: 202602{day:02d}_20:00\n{_GAMERS[day % len(_GAMERS)]}\n"
                 f"Dyllan: Nice one!\n\n" for day in range(1, 25)) +
         "20260310_2000\nTime: 20260310_20:00\n"
         "Helios: Anyone else playing it?\n"
         "Caelum: I think the new racing game looks stunning too.\n"
         "Helios: I'm really into \"Horizon Forbidden West\" right now! The world is stunning, and the gameplay "
         "mechanics are top-notch.\n"
         "Helios: Yeah, the way \"Returnal\" combines graphics with music is amazing!\n"
         "Dyllan: What about co-op games?\n")


@pytest.fixture(scope="module")
def embedder():
    return offline_embedder("int8")


def _result(*chats: str, names: tuple[str, ...] = ()) -> QueryResult:
    r = QueryResult("multihop", [], list(names))  # (the question's keywords: what it names)
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate(chats)]
    return r


def _answer(embedder, question: str, chat: str, name: str) -> str:
    return "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question,
                                                _result(chat, names=(name,))))


def test_a_line_says_what_follows_its_speaker() -> None:
    assert without_speaker("JakeWatson: Good call!", "JakeWatson") == "Good call!"
    assert without_speaker("Good call!", "JakeWatson") == "Good call!"  # a later sentence of the line
    assert without_speaker("Note: see below.", "") == "Note: see below."
    assert without_speaker("Team chat JakeWatson: Hi there.", "JakeWatson") == "Hi there."  # a title joined before
    assert without_speaker("[10:32] Adam Smith: 14:30.", "Adam Smith") == "14:30."  # only a time said
    # each sentence is embedded with those beside it in its own message, never another's
    said = sentences.sentences_of(_result(TRAINING))
    texts = [sentence_rank._in_its_message(said, i) for i in range(len(said))]
    assert "Absolutely! I love doing the hamstring stretch and quad stretch." in texts
    assert ("I love doing the hamstring stretch and quad stretch. Just hold each stretch for about 30 seconds. "
            "You'll feel great afterward!") in texts
    assert "You'll feel great afterward! Got it!" not in " ".join(texts)  # (LiHua's reply is another message)


def test_every_sentence_of_a_line_is_its_speakers_and_knows_its_line() -> None:
    said = {s.text: s for s in sentences.sentences_of(_result(TRAINING))}
    first, later = said["JakeWatson: Absolutely!"], said["Just hold each stretch for about 30 seconds."]
    assert first.line == later.line >= 0 and later.speaker == "JakeWatson"
    assert "jakewatson" in later.spoken_stems  # named as its line's first sentence is
    assert first.said == "Absolutely!" and "jakewatson" not in sentences.stems(first.said)


def test_what_the_asked_speaker_says_outranks_their_bare_greetings(embedder) -> None:
    """"JakeWatson: Good call!" is mostly its speaker's name: embedded whole, it came first for any question
    about Jake, and his reply that states the answer was not shown."""
    question = "How long should each stretch be held according to JakeWatson?"
    result = _result(TRAINING, names=("JakeWatson",))
    scored = sentence_rank.score_sentences(embedder, embedder.embed([question])[0], question, result)
    assert any("30 seconds" in s.text for s, _ in scored[:sentence_rank.MAX_SENTENCES])
    assert "about 30 seconds" in _answer(embedder, question, TRAINING, "JakeWatson")
    assert not set(_REPLIES) & {s.said for s, _ in scored[:sentence_rank.MAX_SENTENCES]}


def test_a_messages_first_sentence_is_read_with_the_rest_of_its_message(embedder) -> None:
    """The game is named in the first sentence, what the question says of it in the second."""
    question = "What game is Helios currently playing and finds the world and gameplay mechanics stunning?"
    result = _result(GAMES, names=("Helios",))
    scored = sentence_rank.score_sentences(embedder, embedder.embed([question])[0], question, result)
    shown = sentence_rank.choose(scored)
    assert any("Horizon Forbidden West" in s.text for s in shown)
    assert "Horizon Forbidden West" in _answer(embedder, question, GAMES, "Helios")


def test_a_line_under_a_joined_title_or_cut_by_its_chunk_is_still_one_message() -> None:
    """A chunk is a window of tokens: it may open on a title line, or in the middle of a line, and the first
    piece is joined to the next as a title is; the line of each sentence is still the one its speaker opens."""
    for chat in ("Team chat\nJakeWatson: Hi there everyone, good morning. I brought the stretching bands today.\n"
                 "LiHua: Great, thanks for bringing the bands Jake.",
                 "stretch for about 30 seconds\nJakeWatson: Hi there everyone, good morning. I brought the "
                 "stretching bands today.\nLiHua: Great, thanks for bringing the bands Jake."):
        said = {s.said: s for s in sentences.sentences_of(_result(chat))}
        first, second = said["Hi there everyone, good morning."], said["I brought the stretching bands today."]
        assert first.line == second.line == chat.index("JakeWatson:"), chat
        assert first.speaker == "JakeWatson" and "jakewatson" not in sentences.stems(first.said)


def test_a_sentence_has_its_messages_words_when_it_has_none_of_its_own() -> None:
    """Read on words alone (no meaning): the message's first sentence, which names the game, is raised by
    what its next sentence says of it, above the same speaker's lines that say nothing of it."""
    question = "What game is Helios currently playing and finds the world and gameplay mechanics stunning?"
    scored = sentence_rank.score_sentences(None, None, question, _result(GAMES, names=("Helios",)))  # type: ignore[arg-type]
    named = next(v for s, v in scored if "Horizon Forbidden West" in s.text)
    bare = next(v for s, v in scored if s.said == "Anyone else playing it?")
    assert named > bare + 0.1


def test_a_prose_sentence_has_no_line_and_says_its_whole_text() -> None:
    prose = "Jacob Marley was Scrooge's partner. He died seven years ago. The firm kept both names."
    assert all(s.line == -1 and s.said == s.text and s.spoken_stems == s.stems
               for s in sentences.sentences_of(_result(prose)))
