"""The offline answer: chosen sentences, ranked by what the question names, then meaning; no repeats."""

from __future__ import annotations

import zlib

import numpy as np

from lightrag_core.query import extractive, sentence_rank, sentences
from lightrag_core.query.result import QueryResult


class CountingEmbedder:
    """A real-shaped embedder that counts what it is asked to embed (the stage's cost)."""

    model_name = "bag-of-words"
    dim = 64

    def __init__(self) -> None:
        self.calls: list[int] = []

    def embed(self, texts: list[str]) -> np.ndarray:
        self.calls.append(len(texts))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in t.lower().split():
                # crc32, not hash(): str hashes change per process, and so did this test's collisions
                out[i, zlib.crc32(w.strip(".,?'").encode()) % self.dim] += 1.0
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)


def result(chunks: list[str], relationships: list[dict] | None = None) -> QueryResult:
    r = QueryResult("mix", ["business partner"], ["Scrooge"])
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate(chunks)]
    r.relationships = relationships or []
    return r


def test_the_far_end_of_a_matching_relation_comes_first() -> None:
    question = "Who was Scrooge's business partner?"
    chunks = ["'It's not my business,' Scrooge returned. Scrooge went home to bed.",
              "Old Marley was as dead as a door-nail. Marley was his partner in business for years."]
    rel = {"src_id": "Ebenezer Scrooge", "tgt_id": "Jacob Marley", "keywords": "partners",
           "description": "Scrooge and Marley were business partners."}
    embedder = CountingEmbedder()
    chosen = sentence_rank.rank_sentences(embedder, embedder.embed([question])[0], question, result(chunks, [rel]))
    assert "Marley" in chosen[0].text and chosen[0].ref == "2"


def test_a_pronoun_sentence_carries_the_name_before_it() -> None:
    found = sentences.sentences_of(result(["Jagdish Mali was an Indian photographer. "
                                           "He was the father of the actress Antara Sen."]))
    assert sentences.named_in("Jagdish Mali", found[1].name_stems)
    assert not sentences.named_in("Jagdish Mali", found[1].stems)


def test_only_a_few_candidates_are_embedded_and_repeats_are_dropped() -> None:
    chunks = [" ".join(f"Sentence number {i} talks about Scrooge and his partner at length." for i in range(200))]
    embedder = CountingEmbedder()
    question = "Who was Scrooge's partner?"
    chosen = sentence_rank.rank_sentences(embedder, embedder.embed([question])[0], question, result(chunks))
    assert embedder.calls == [1, sentence_rank.EMBEDDED_CANDIDATES]
    assert len(chosen) == 1  # the other 199 differ by one number: near-duplicates of the first


def test_answer_streams_label_then_cited_sentences() -> None:
    embedder = CountingEmbedder()
    text = "".join(extractive.extractive_answer(embedder, None, "Who was Scrooge's partner?",
                                                result(["Marley was Scrooge's partner in business."])))
    assert text.startswith(extractive.EXTRACTIVE_LABEL)
    assert "- Marley was Scrooge's partner in business. [1]" in text


def test_the_short_answer_leads_and_its_sentence_is_the_first_evidence() -> None:
    embedder = CountingEmbedder()
    question = "Who was Scrooge's business partner?"
    chunks = ["Scrooge sat in his counting-house. It was cold, bleak, biting weather.",
              "Jacob Marley had been Scrooge's business partner for many years before he died."]
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question, result(chunks)))
    lines = text.removeprefix(extractive.EXTRACTIVE_LABEL).strip().splitlines()
    assert lines[0] == "Answer: Jacob Marley [2]"
    assert lines[2].startswith("- Jacob Marley had been") and lines[2].endswith("[2]")


def test_the_short_answer_is_kept_on_the_result_with_its_path_and_pages() -> None:
    """The Query page rings the path and names the page from what the answer recorded."""
    embedder = CountingEmbedder()
    question = "Who was Scrooge's business partner?"
    found = result(["Scrooge sat in his counting-house. It was cold, bleak, biting weather.",
                    "Intro line here. Jacob Marley had been Scrooge's business partner for many years."])
    found.chunks[1].update(file_path="books/carol.pdf", places=[[0, "p. 11"], [17, "p. 12"]])
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question, found))
    assert found.short_answer == {"text": "Jacob Marley", "path": ["Scrooge", "Jacob Marley"],
                                  "references": ["2"], "where": ["carol.pdf, p. 12"]}
    assert "- Jacob Marley had been Scrooge's business partner for many years. [2] (carol.pdf, p. 12)" in text
    unclear = result(["Scrooge sat in his counting-house. It was cold, bleak, biting weather."])
    "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question, unclear))
    assert unclear.short_answer is None


def test_without_a_clear_answer_it_says_so_and_still_shows_the_evidence() -> None:
    embedder = CountingEmbedder()
    question = "Who was Scrooge's business partner?"
    chunks = ["Scrooge sat in his counting-house. It was cold, bleak, biting weather."]
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question, result(chunks)))
    body = text.removeprefix(extractive.EXTRACTIVE_LABEL).strip()
    assert body.startswith(extractive.NO_SHORT_ANSWER)
    assert "- Scrooge sat in his counting-house. [1]" in body


def test_a_chat_sentence_is_shown_with_who_says_it_and_when() -> None:
    chat = ("Time: 20260918_17:00\nLiHua: Long day at work today!\n"
            "WolfgangSchulz: Same here. How about hitting Starbucks after work? I could use a caramel latte.\n")
    answer = "".join(extractive.extractive_answer(CountingEmbedder(), None, "Who wants a caramel latte?",
                                                  result([chat])))
    assert "- 20260918_17:00 WolfgangSchulz: I could use a caramel latte. [1]" in answer
    assert "WolfgangSchulz: WolfgangSchulz" not in answer  # a line's first sentence names its speaker already


def test_a_he_or_she_read_away_from_its_passage_is_shown_as_whom_it_stands_for() -> None:
    archer = ("Lida Venn\nLida Venn (1859 – 1938) was an American archer. She won three gold medals at the 1904 "
              "Summer Olympics in Missouri.")
    chat = "20260131_14:00 LiHua: She won three gold medals at the games in Missouri, what a day."
    question = "Which archer won three gold medals at the 1904 Summer Olympics?"
    embedder = CountingEmbedder()
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question,
                                                result([archer, chat])))
    assert "- [Lida Venn] won three gold medals at the 1904 Summer Olympics in Missouri. [1]" in text
    assert "She won three gold medals at the games" in text  # a chat line's "she" is not its passage's opening
    # no opening that calls its subject a person: the sentence is shown as written
    club = "Venn Club\nVenn Club is an archery club in Leeds. She won three gold medals at the 1904 Summer Olympics."
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question, result([club])))
    assert "- She won three gold medals at the 1904 Summer Olympics. [1]" in text


def test_an_it_that_stands_for_its_passages_subject_is_shown_as_that_subject() -> None:
    song = ("Salt Line\nSalt Line is a song by Welsh singer Bonnie Tyne. It was released as a single in 1979 by RCA. "
            "It is believed that the song was written in one night.")
    question = "When was the song Salt Line by Bonnie Tyne released as a single?"
    embedder = CountingEmbedder()
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question, result([song])))
    assert "[Salt Line] was released as a single in 1979 by RCA." in text
    # an "it" that stands for nothing stays as written
    assert "[Salt Line] is believed" not in text
    assert "It is believed that the song was written in one night." in text


def test_a_question_the_passages_share_no_word_with_says_so_above_the_evidence() -> None:
    chunks = ["Old Marley was as dead as a door-nail. Scrooge signed the register of his burial."]
    embedder = CountingEmbedder()
    question = "What is the capital of France?"
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question, result(chunks)))
    assert "may not cover this" in text and "(capital, france)" in text
    assert text.index("may not cover") < text.index(extractive.NO_SHORT_ANSWER) < text.index("[1]")
    # Word forms the text writes otherwise are no reason to say so (a fresh reader's findings)
    for asked, chunk in (("What do cats eat?", "The cat eats fish and birds."),
                         ("Who organized the festival?", "Ann Lee organised the yearly fair in Leeds.")):
        text = "".join(extractive.extractive_answer(embedder, embedder.embed([asked])[0], asked, result([chunk])))
        assert "may not cover" not in text, text


def test_names_the_passages_never_mention_are_said_above_the_evidence() -> None:
    chunks = ["The capital of the firm was small. Scrooge kept the capital in a chest."]
    embedder = CountingEmbedder()
    question = "What is the capital of France?"
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question, result(chunks)))
    assert "The passages found never mention France: the documents may not cover this question." in text
    assert text.index("never mention") < text.index(extractive.NO_SHORT_ANSWER) < text.index("[1]")
    # A name the passages do hold: no such line.
    asked = "What did Scrooge keep in the chest?"
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([asked])[0], asked, result(chunks)))
    assert "never mention" not in text and "Scrooge kept the capital in a chest." in text
