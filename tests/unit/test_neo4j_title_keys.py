"""Title links start from an index, not from every document of the workspace: each title key is a :TitleKey node
seeked by a composite range index, written and removed with its document. The driver stand-in answers the store's
statements by name and records them; the statements' own text is checked where the question is its shape.
tests/neo4j_live/test_live_title_keys_and_search.py runs the same on a real server."""

from __future__ import annotations

import re

import pytest

from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, GraphWrite
from lightrag_core.storage.neo4j import cypher_files, schema
from lightrag_core.storage.neo4j.store import Neo4jStore
from lightrag_core.workbench.neo4j_check import expected_indexes
from tests.support.fake_neo4j import FakeNeo4jDriver, IndexCatalogue


def _code(name: str) -> str:
    """The statement without its comments, on one line."""
    lines = [line for line in cypher_files.cypher(name).splitlines() if not line.lstrip().startswith("//")]
    return " ".join(" ".join(lines).split())


def _recording_store(answers: dict[str, list[dict]]) -> tuple[Neo4jStore, FakeNeo4jDriver]:
    catalogue = IndexCatalogue(rest=lambda name, params: answers.get(name, []))
    driver = FakeNeo4jDriver(catalogue)
    return Neo4jStore(driver, "neo4j", "ws"), driver


# -- title links: an index seek per asked key ---------------------------------------------------------------

def test_title_chunks_starts_from_an_indexed_lookup_not_from_every_document():
    """The old statement matched every processed Document of the workspace and tested list membership, which no
    index serves: a label scan per question, growing with the corpus."""
    code = _code("title_chunks")
    assert not re.search(r"MATCH \(d:Document \{workspace: \$workspace[^}]*\}\) WHERE any\(", code)
    first = re.match(r"MATCH \((\w+):(\w+) \{workspace: \$workspace\}\) WHERE (\w+)\.(\w+) IN \$lowered", code)
    assert first and first.group(2) == "TitleKey" and first.group(3) == first.group(1) and first.group(4) == "key"
    # The composite range index it seeks is created by the schema step and compared by neo4j-check.
    created = {n: s for n, s in schema.SCHEMA_STATEMENTS.items() if "TitleKey" in _code(s)}
    wanted = expected_indexes(384)
    assert any(wanted[n] == {"type": "RANGE", "label": "TitleKey", "properties": ["workspace", "key"]}
               for n in created), created
    assert any(wanted[n]["properties"] == ["workspace"] for n in created)  # dropping a workspace seeks too


def _writes_key_nodes(name: str) -> bool:
    """Writes the nodes, and removes the ones of keys the document lost, found by document id after the document
    was written (so its write lock is held: a concurrent save of the same document waits, no stale key is left)."""
    code = _code(name)
    removes = re.search(r"d\.title_keys = (\$title_keys|row\.keys)\b[^()]*(\([^()]*\)[^()]*)*? WITH d(, row)? "
                        r"OPTIONAL MATCH \(t:TitleKey \{workspace: \$workspace, doc_id: d\.id\}\) "
                        r"WHERE NOT t\.key IN \S+ DELETE t", code)
    return "MERGE (:TitleKey {workspace: $workspace, key: key, doc_id: d.id})" in code and removes is not None


def test_every_write_path_that_writes_title_keys_writes_and_removes_the_key_nodes_in_the_same_statement():
    """Document write (in the write transaction and on its own), document removal, clearing a workspace and the
    one-off migration: each statement that sets or drops a document's keys keeps the :TitleKey nodes in step."""
    answers = {"meta_get": [{"model": "m", "dim": 4}], "documents_existing": [{"id": "old"}],
               "title_keys_page": [{"id": "a1", "subject": "Émile Zola", "title": "z.txt", "whole_file": False}],
               "words_done_get": [{"done": True}]}
    for name in schema.DROP_STATEMENTS:
        answers[name] = [{"deleted": 0}]
    store, driver = _recording_store(answers)
    store.create_schema()  # the migration of a workspace written by the previous version
    info = DocumentInfo("z1", "zola.txt", "zola.txt", "h", PROCESSED, subject="Émile Zola", chunk_count=1)
    store.apply(GraphWrite(document=info, chunks=[Chunk("z1-c0", "z1", 0, 1, "t", "zola.txt")],
                           delete_document_ids=["old"]))
    store.save_document(DocumentInfo("f1", "Élan_Vital.md", "Élan_Vital.md", "h", PROCESSED))
    store.drop_workspace()
    ran = [name for name, _ in driver.calls]

    def sets_keys(params: dict) -> bool:
        rows = params.get("rows") or []
        return "title_keys" in params or any(isinstance(r, dict) and "keys" in r for r in rows)

    setters = {name for name, params in driver.calls if sets_keys(params)}
    assert setters == {"document_save", "title_keys_set"}
    assert all(_writes_key_nodes(name) for name in setters), setters

    def deletes_documents(name: str) -> bool:
        found = re.search(r"\((\w+):Document \{workspace: \$workspace[^}]*\}\)", _code(name))
        return bool(found and re.search(rf"DELETE (\w+, )*{found.group(1)}\b", _code(name)))

    removers = {name for name in ran if deletes_documents(name)}
    assert removers == {"delete_documents", "drop_workspace_documents"}
    assert re.search(r"OPTIONAL MATCH \(t:TitleKey \{workspace: \$workspace, doc_id: did\}\) DELETE t",
                     _code("delete_documents"))
    # Clearing a workspace removes its key nodes by label, as every other label (the workspace index above).
    assert "drop_workspace_title_keys" in ran and re.match(
        r"MATCH \(n:TitleKey \{workspace: \$workspace\}\) WITH n LIMIT \$batch DETACH DELETE n",
        _code("drop_workspace_title_keys"))
    # The migration rewrote the old document's keys (as list and nodes), then marked the workspace.
    assert ran.index("title_keys_set") < ran.index("title_keys_done_set")
    assert [p["rows"] for n, p in driver.calls if n == "title_keys_set"] == [[
        {"id": "a1", "keys": ["émile zola"], "subject": "Émile Zola", "title": "z.txt", "whole_file": False}]]


def test_the_key_nodes_of_a_document_are_found_by_its_id_through_an_index():
    """Saving and deleting find a document's key nodes by (workspace, doc_id), which the schema step indexes."""
    created = {n for n, s in schema.SCHEMA_STATEMENTS.items() if "TitleKey" in _code(s)}
    assert any(expected_indexes(384)[n]["properties"] == ["workspace", "doc_id"] for n in created)


def test_the_migration_keeps_keys_a_save_wrote_meanwhile():
    """The page is read in one transaction and written in another: the write locks each document first and
    rewrites it only if it still has the subject, title and kind its keys were made of."""
    code = _code("title_keys_set")
    lock = code.index("SET d.title_keys = coalesce(d.title_keys, [])")
    check = code.index("WHERE coalesce(d.subject, '') = row.subject AND coalesce(d.title, '') = row.title "
                       "AND coalesce(d.whole_file, false) = row.whole_file")
    assert lock < check < code.index("SET d.title_keys = row.keys")


def test_the_migration_ends_on_a_short_page_in_the_servers_order():
    """Ids are compared by the server (ORDER BY, d.id > $after); the loop stops on a page shorter than asked, never
    on Python comparing ids, which orders some strings differently (code points against UTF-16 units)."""
    pages = [[{"id": "b\U0001F600", "subject": "", "title": "x", "whole_file": False},
              {"id": "b\uFFFD", "subject": "", "title": "y", "whole_file": False}],  # server order, not Python's
             [{"id": "c", "subject": "", "title": "z", "whole_file": False}]]
    asked: list[str] = []

    def read(name: str, **params: object) -> list[dict]:
        if name == "title_keys_done_get":
            return []
        asked.append(str(params["after"]))
        return pages[len(asked) - 1] if len(asked) <= len(pages) else []

    written: list[str] = []
    filled = schema.backfill_title_keys(read, lambda name, **p: written.append(name) or [], batch=2)
    assert filled == 3 and asked == ["", "b\uFFFD"] and written == ["title_keys_set", "title_keys_set",
                                                                    "title_keys_done_set"]


@pytest.mark.parametrize(("done", "statement"), [([{"done": True}], "title_chunks"),
                                                 ([], "title_chunks_scan"), ([{"done": None}], "title_chunks_scan")])
def test_a_workspace_whose_keys_are_not_nodes_yet_is_still_answered(done, statement):
    """A reader may not run the migration: until a writer has, the old statement answers (slower, same rows)."""
    store, driver = _recording_store({"title_keys_done_get": done})
    store.title_chunks(["émile zola"])
    assert [n for n, _ in driver.calls] == ["title_keys_done_get", statement]
    same = "MATCH (d)-[:HAS_CHUNK]->(c:Chunk)"  # from the documents found on, both statements are one text
    assert _code("title_chunks").split(same, 1)[1] == _code("title_chunks_scan").split(same, 1)[1]
