"""Graph vectors: each distinct text reaches the model once per run, and every item gets its vector."""

from __future__ import annotations

import numpy as np

from lightrag_core.embeddings import make_embedder
from lightrag_core.graph_vectors import ENTITY_STATEMENT_WEIGHT
from lightrag_core.indexing.vectors import VectorStage
from lightrag_core.models import Chunk, Entity, Relation

SENTENCE = "Paris is the capital of France."


class Counting:
    """The real offline model, counting the texts it is given."""

    def __init__(self, inner) -> None:
        self.inner, self.model_name, self.dim, self.seen = inner, inner.model_name, inner.dim, []

    def embed(self, texts):
        self.seen += list(texts)
        return self.inner.embed(texts)


def test_shared_statements_are_embedded_once_and_each_item_gets_its_vector(offline_settings):
    model = Counting(make_embedder(offline_settings))
    stage = VectorStage(model)
    paris_v1 = Entity("Paris", "location", SENTENCE, ["c1"], [])
    paris_v2 = Entity("Paris", "location", SENTENCE + "\nParis hosted the 1900 Olympics.", ["c1", "c2"], [])
    france = Entity("France", "location", SENTENCE, ["c1"], [])
    rel = Relation("France", "Paris", "capital", SENTENCE, 1.0, ["c1"], [])
    chunk = Chunk("c1", "d", 0, 5, SENTENCE)
    stage.embed([chunk], [paris_v1, paris_v2, france], [rel])
    # The sentence (the chunk, both entities' statement), two names, the relation's text: four texts.
    assert sorted(model.seen) == sorted([SENTENCE, "Paris", "France", f"capital\n{SENTENCE}"])
    assert stage.texts_embedded == 4
    name, sentence, rel_text = model.inner.embed(["Paris", SENTENCE, f"capital\n{SENTENCE}"])
    expected = name + ENTITY_STATEMENT_WEIGHT * sentence
    expected /= np.linalg.norm(expected)
    assert np.allclose(paris_v1.embedding, expected, atol=1e-5) and np.allclose(paris_v2.embedding, expected, atol=1e-5)
    assert not np.allclose(france.embedding, expected, atol=1e-3)  # the name keeps them apart
    assert np.allclose(rel.embedding, rel_text, atol=1e-5) and np.allclose(chunk.embedding, sentence, atol=1e-5)
    # A later batch: what was seen comes from memory; only the new statement reaches the model.
    model.seen.clear()
    stage.embed([], [Entity("Paris", "location", SENTENCE, ["c1", "c3"], []),
                     Entity("Lyon", "location", "Lyon is in France.", ["c3"], [])], [])
    assert sorted(model.seen) == ["Lyon", "Lyon is in France."]


def test_a_relation_repeats_no_name_its_description_already_holds():
    assert Relation("France", "Paris", "capital", SENTENCE, 1.0, [], []).embed_text() == f"capital\n{SENTENCE}"
    assert Relation("France", "Lutetia", "capital", SENTENCE, 1.0, [], []).embed_text() == (
        f"capital\tFrance\nLutetia\n{SENTENCE}")
