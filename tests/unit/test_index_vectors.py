"""Graph vectors: each distinct text reaches the model once per run, and every item gets its vector."""

from __future__ import annotations

import numpy as np

from lightrag_core.embeddings import make_embedder
from lightrag_core.graph_vectors import (
    ENTITY_STATEMENT_WEIGHT,
    RELATION_KEYWORDS_WEIGHT,
    RELATION_NAMES_WEIGHT,
    RELATION_STATEMENT_WEIGHT,
    SCHEME,
    embed_items,
)
from lightrag_core.indexing.vectors import VectorStage, adopt_scheme
from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, Entity, GraphWrite, Relation

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
    # The sentence (the chunk, both entities' and the relation's statement), two names, the keywords.
    assert sorted(model.seen) == sorted([SENTENCE, "Paris", "France", "capital"])
    assert stage.texts_embedded == 4
    name, sentence, keywords = model.inner.embed(["Paris", SENTENCE, "capital"])
    expected = name + ENTITY_STATEMENT_WEIGHT * sentence
    expected /= np.linalg.norm(expected)
    assert np.allclose(paris_v1.embedding, expected, atol=1e-5) and np.allclose(paris_v2.embedding, expected, atol=1e-5)
    assert not np.allclose(france.embedding, expected, atol=1e-3)  # the name keeps them apart
    expected_rel = RELATION_STATEMENT_WEIGHT * sentence + RELATION_KEYWORDS_WEIGHT * keywords
    assert np.allclose(rel.embedding, expected_rel / np.linalg.norm(expected_rel), atol=1e-5)
    assert np.allclose(chunk.embedding, sentence, atol=1e-5)
    # A later batch: what was seen comes from memory; only the new statement reaches the model.
    model.seen.clear()
    stage.embed([], [Entity("Paris", "location", SENTENCE, ["c1", "c3"], []),
                     Entity("Lyon", "location", "Lyon is in France.", ["c3"], [])], [])
    assert sorted(model.seen) == ["Lyon", "Lyon is in France."]


def test_relations_from_one_sentence_share_its_embedding_and_names_join_only_when_it_lacks_them(offline_settings):
    """Every relation a sentence states is made of that sentence's vector, embedded once, plus its
    keywords (which repeat across the graph); a relation's own text never reaches the model."""
    model = Counting(make_embedder(offline_settings))
    sentence = "Marie Curie and Pierre Curie worked with Henri Becquerel in Paris."
    names = ["Marie Curie", "Pierre Curie", "Henri Becquerel", "Paris"]
    relations = [Relation(a, b, "work, with" if b != "Paris" else "work, in", sentence, 1.0, ["c1"], [])
                 for i, a in enumerate(names) for b in names[i + 1:]]
    relations.append(Relation("Marie Curie", "Sklodowska", "mentioned near", sentence, 1.0, ["c1"], []))
    embed_items(model, [], [], relations)
    # Seven relations, one sentence: the sentence, three keyword lists and the two names it lacks.
    assert sorted(model.seen) == sorted([sentence, "work, with", "work, in", "mentioned near", "Marie Curie",
                                         "Sklodowska"])
    sentence_v, with_v, curie_v, sklodowska_v = model.inner.embed([sentence, "work, with", "Marie Curie",
                                                                   "Sklodowska"])
    expected = RELATION_STATEMENT_WEIGHT * sentence_v + RELATION_KEYWORDS_WEIGHT * with_v
    assert np.allclose(relations[0].embedding, expected / np.linalg.norm(expected), atol=1e-5)
    near_v = model.inner.embed(["mentioned near"])[0]
    near = (RELATION_STATEMENT_WEIGHT * sentence_v + RELATION_KEYWORDS_WEIGHT * near_v
            + RELATION_NAMES_WEIGHT * (curie_v + sklodowska_v))
    assert np.allclose(relations[-1].embedding, near / np.linalg.norm(near), atol=1e-5)
    # A relation stated by two sentences (merged, or "mentioned near") reads both, each shared.
    merged = Relation("Zed", "Yan", "k", f"{sentence}\nZed met Yan.\nA third.", 1.0, [], [])
    assert merged.embed_parts().statements == (sentence, "Zed met Yan.") and merged.embed_parts().names == ()
    assert Relation("Zed", "Yan", "k", sentence, 1.0, [], []).embed_parts().names == ("Zed", "Yan")


def test_a_workspace_indexed_before_the_rule_was_recorded_gets_its_relations_re_embedded_once(offline_settings,
                                                                                              tmp_path):
    """Relation vectors of an older workspace were one embedded text each: the next indexing run (which
    calls adopt_scheme) rebuilds them by today's rule before adding any, so no search mixes the two."""
    from lightrag_core.storage.sqlite.store import SQLiteStore

    model = Counting(make_embedder(offline_settings))
    store = SQLiteStore(tmp_path / "old")
    store.set_embedding_meta(model.model_name, model.dim)  # as today's main leaves it: no scheme recorded
    old = model.inner.embed([f"capital\n{SENTENCE}"])[0]
    chunk = Chunk("c1", "d", 0, 5, SENTENCE, "", model.inner.embed([SENTENCE])[0])
    entities = [Entity(n, "location", SENTENCE, ["c1"], [], 1.0, old) for n in ("France", "Paris")]
    store.apply(GraphWrite(document=DocumentInfo("d", "d", "d.txt", "h", PROCESSED, chunk_count=1),
                           document_text=SENTENCE, chunks=[chunk], chunk_records={"c1": {}}, entities=entities,
                           relations=[Relation("France", "Paris", "capital", SENTENCE, 1.0, ["c1"], [], 1.0, old)]))
    assert adopt_scheme(store, model) == 1 and store.graph_vectors_scheme() == SCHEME
    rel = Relation("France", "Paris", "capital", SENTENCE, 1.0, ["c1"], [])
    embed_items(model.inner, [], [], [rel])
    (found,) = store.search_relations(rel.embedding, 1, 0.0)
    assert found.score > 0.9999 and not np.allclose(rel.embedding, old, atol=1e-3)
    model.seen.clear()
    assert adopt_scheme(store, model) == 0 and model.seen == []  # recorded: nothing to do, nothing embedded
    store.close()


class Recording(Counting):
    """Counting, and which thread each call came from."""

    def __init__(self, inner) -> None:
        super().__init__(inner)
        self.calls: list[tuple[str, list[str]]] = []

    def embed(self, texts):
        import threading

        self.calls.append((threading.current_thread().name, list(texts)))
        return super().embed(texts)


def test_passages_are_embedded_on_another_thread_while_extraction_runs(offline_settings, tmp_path):
    """A batch's passages go to the model from a background thread started before extraction; the
    main call that follows carries only the graph's texts, and each passage still gets its own vector."""
    from lightrag_core import Engine

    model = Recording(make_embedder(offline_settings))
    engine = Engine(offline_settings, embedder=model)
    files = []
    for n, text in enumerate(["Marie Curie worked in Paris with Pierre Curie. She won two Nobel Prizes.",
                              "Henri Becquerel discovered radioactivity in 1896 in Paris.",
                              "Lyon is a city in France on the Rhone."]):
        files.append(tmp_path / f"doc{n}.txt")
        files[-1].write_text(text, encoding="utf-8")
    engine.index_paths(files)
    ids = [c for doc in engine.documents() for c in engine.store.document_chunk_ids(doc.id)]
    chunks = engine.store.get_chunks(ids)
    passages = {c.content for c in chunks.values()}
    ahead = [texts for thread, texts in model.calls if thread.startswith("embed-ahead")]
    main = [t for thread, texts in model.calls if not thread.startswith("embed-ahead") for t in texts]
    assert ahead and set(ahead[0]) == passages and len(ahead[0]) == len(passages)
    assert not passages & set(main), "a prefetched passage reached the model twice"
    for chunk in chunks.values():  # its stored vector is its own passage's: a dot product of 1 with it
        score = engine.store.chunk_scores([chunk.id], model.inner.embed([chunk.content])[0])[chunk.id]
        assert abs(score - 1.0) < 1e-4
    assert len(model.seen) == len(set(model.seen)), "each distinct text once"
    engine.close()
