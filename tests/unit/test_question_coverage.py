"""multihop's coverage stage: the first passages chosen to cover a multi-hop question together, on
hand-written passages whose hops are known."""

from __future__ import annotations

from lightrag_core.models import Chunk
from lightrag_core.query.coverage import brought_forward, cover, question_words, rarity


def _chunks(*texts: str) -> list[Chunk]:
    return [Chunk(f"c{i}", f"d{i}", 0, 10, text, f"d{i}.txt") for i, text in enumerate(texts)]


QUESTION = ("What was the first soap opera made by the company that produced the 1975 drama created by the "
            "creator of the series in which Ada Lorne played Kate Vale?")
# The fused order as a walk from Ada Lorne gives it: her series and two of its characters first, the
# passage that states the last hop (the company's first soap) fifth.
FUSED = _chunks(
    "Ada Lorne is an actress best known for playing Kate Vale in the series Riverside.",
    "Riverside is a drama series created by Reg Watson, set in a street of the same name.",
    "Kate Vale is a character of Riverside, played by Ada Lorne from 2010.",
    "Sophie Vale is a character of Riverside and the sister of Kate Vale.",
    "Until Dawn is a 1975 drama created by Reg Watson and produced by Grundy Media, whose first soap opera "
    "was Coast Road.",
    "Coast Road is a radio programme about roads along the coast.",
)


def test_the_passage_stating_the_last_hop_joins_the_first_four():
    ranked = [c.id for c in cover(QUESTION, FUSED, 1.5)]
    assert ranked.index("c4") < 4, ranked
    # the question's own passage stays first, and the rest keep their fused order among themselves
    assert ranked[0] == "c0"
    assert [c for c in ranked if c != "c4"] == ["c0", "c1", "c2", "c3", "c5"]
    # every chunk is kept, once
    assert sorted(ranked) == sorted(c.id for c in FUSED)


def test_weight_zero_keeps_the_fused_order():
    assert [c.id for c in cover(QUESTION, FUSED, 0.0)] == [c.id for c in FUSED]


def test_a_passage_that_adds_no_question_word_falls_behind_one_that_does():
    chunks = _chunks("Ada Lorne played Kate Vale in the series Riverside.", "Weather report: rain over the hills.",
                     "Kate Vale of Riverside, played by Ada Lorne.", "Riverside was first shown in 1985.")
    question = "When was the series in which Ada Lorne played Kate Vale first shown?"
    ranked = [c.id for c in cover(question, chunks, 1.5)]
    assert ranked == ["c0", "c3", "c1", "c2"]  # the two that add nothing keep their fused order


def test_a_word_every_candidate_says_weighs_less_than_one_only_the_missing_hop_says():
    said = [question_words(c.content) for c in FUSED]
    weights = rarity(said, question_words(QUESTION))
    assert weights["soap"] > weights["seri"]  # "series": said by two candidates, "soap" by one
    assert weights["1975"] > weights["drama"]


def test_a_question_of_stop_words_or_one_chunk_is_left_alone():
    assert [c.id for c in cover("Who is it?", FUSED, 1.5)] == [c.id for c in FUSED]
    assert cover(QUESTION, FUSED[:1], 1.5) == FUSED[:1]


def test_question_words_no_candidate_says_do_not_weaken_the_rest():
    padded = QUESTION + " Answer precisely, with the name including brackets, punctuation and quotes."
    assert [c.id for c in cover(padded, FUSED, 1.5)] == [c.id for c in cover(QUESTION, FUSED, 1.5)]


def test_letters_left_by_apostrophes_are_no_question_words():
    assert question_words("Who was Lorne's father's employer in the U.S. in 1975?") == {"lorne", "father", "employer",
                                                                                          "1975"}


def test_a_comparison_keeps_its_fused_order():
    chunks = _chunks("Ada Lorne is a novelist.", "Riverside Reads reviewed novels by Ada Lorne and Bea Marsh.",
                     "Her career spanned poetry, plays and radio drama.", "Bea Marsh is a writer of plays.")
    question = "Who had the more diverse career, Ada Lorne or Bea Marsh?"
    assert [c.id for c in cover(question, chunks, 1.5)] == ["c0", "c1", "c2", "c3"]
    yes_no = "Did Ada Lorne and Bea Marsh both have a diverse career in plays?"
    assert [c.id for c in cover(yes_no, chunks, 1.5)] == ["c0", "c1", "c2", "c3"]
    # the same words asked without a choice are covered
    assert [c.id for c in cover("Which writer had a diverse career in plays and radio drama?", chunks, 1.5)][0] \
        == "c2"


def test_what_was_brought_into_the_first_five_is_reported_with_its_fused_place():
    covered = cover(QUESTION, FUSED, 1.5)
    moves = brought_forward(FUSED, covered)
    assert moves == []
    # c4 was fifth: already in the first five, so moving up within them is not reported; from sixth it is
    fused = FUSED[:4] + [FUSED[5], FUSED[4]]
    covered = cover(QUESTION, fused, 1.5)
    moves = brought_forward(fused, covered)
    assert [(m.chunk_id, m.fused_place) for m in moves] == [("c4", 6)]
    assert moves[0].place == [c.id for c in covered].index("c4") + 1 <= 5
    assert brought_forward(FUSED, FUSED) == []
