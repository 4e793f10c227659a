"""Every page in-process (streamlit.testing.v1.AppTest), asserting what the user sees."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from lightrag_core import Document, Engine
from tests.support.shown_text import plain

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "Are Christopher Nolan and Sathish Kalathil both film directors?"
pytestmark = pytest.mark.slow


def app(workdir: Path, page: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.session_state["workdir"] = str(workdir)
    at.run()
    assert not at.exception, at.exception
    if page:
        at.switch_page(f"pages/{page}").run()
        assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    parts = [plain(m.value) for m in at.markdown] + [plain(c.value) for c in at.caption]
    return "\n".join(parts)


def iframe_html(at: AppTest) -> list[str]:
    return [el.proto.srcdoc for el in at.get("iframe")]


@pytest.fixture
def small_workspace(offline_settings):
    engine = Engine(offline_settings)
    engine.index_documents([
        Document("curie", "Marie Curie was born in Warsaw. Marie Curie worked in Paris with Pierre Curie."),
        Document("einstein", "Albert Einstein visited Paris in 1922. Albert Einstein admired Marie Curie."),
    ])
    engine.close()
    return offline_settings.workdir


def test_home_shows_backend_models_and_counts(hotpot_index, hotpot_slice):
    at = app(hotpot_index.settings.workdir)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Documents"] == str(len(hotpot_slice["ids"]))
    assert int(metrics["Entities"]) > 100
    status = at.table[0].value.iloc[0]
    assert "embedded" in status["store"]
    # what answers and what embeds in words; the model ids in the caption under the table, not as the headline
    assert status["answers"] == "sentences quoted from your documents (no language model; works offline)"
    assert status["embeddings"] == "built-in MiniLM sentence model (works offline)"
    assert not any("onnx" in str(v) or "int8" in str(v) for v in status)
    exact = next(plain(c.value) for c in at.caption if plain(c.value).startswith("Exact models. "))
    assert "all-MiniLM-L6-v2-int8-onnx" in exact and "384 dimensions" in exact and "en_core_web_sm" in exact


def test_query_streams_answer_with_stats_and_graph(hotpot_index):
    at = app(hotpot_index.settings.workdir, "2_Query.py")
    # The page opens on multihop (its first answer follows the graph); LightRAG's mix is one pick away.
    assert at.selectbox(key="q_mode").value == "multihop"
    at.selectbox(key="q_mode").set_value("mix").run()
    at.chat_input[0].set_value(QUESTION).run()
    assert not at.exception, at.exception
    shown = texts(at)
    assert "Extractive answer" in shown and "film director" in shown.lower()
    assert "References: [1]" in shown
    assert "**Low-level keywords:** Christopher Nolan, Sathish Kalathil" in shown
    found_kept = at.dataframe[0].value
    assert list(found_kept["part"]) == ["entities", "relations", "chunks"]
    assert (found_kept["found"] >= found_kept["kept"]).all() and found_kept["kept"].sum() > 0
    graphs = iframe_html(at)
    assert graphs and "Christopher Nolan" in graphs[0]
    # Offline: every script and stylesheet is in-line, nothing is fetched from a CDN.
    assert not re.search(r"""(src|href)\s*=\s*["']https?://""", graphs[0])
    assert not re.search(r"cdnjs|jsdelivr|unpkg", graphs[0])
    # The chat is the next question's conversation history.
    assert at.session_state["history"][0] == {"role": "user", "content": QUESTION}


def test_query_in_bypass_says_nothing_was_retrieved_instead_of_failing(hotpot_index):
    at = app(hotpot_index.settings.workdir, "2_Query.py")
    at.selectbox(key="q_mode").set_value("bypass").run()
    at.chat_input[0].set_value(QUESTION).run()
    assert not at.exception, at.exception  # the statistics charts had no stage column to index
    shown = texts(at)
    assert "bypass mode only asks the LLM" in shown
    assert "Bypass retrieves nothing, so there is nothing to count." in shown
    assert "Time per stage" not in shown  # no tables and charts of zeros
    at.selectbox(key="q_mode").set_value("naive").run()  # the page keeps the last result: still no failure
    assert not at.exception, at.exception


def test_query_in_multihop_shows_the_fusion_weights_and_why(hotpot_index):
    at = app(hotpot_index.settings.workdir, "2_Query.py")
    assert not [i for i in at.info if i.value.startswith("Fusion weights")]  # not before a multihop question
    at.selectbox(key="q_mode").set_value("multihop").run()
    at.chat_input[0].set_value(QUESTION).run()
    assert not at.exception, at.exception
    weights = [i.value for i in at.info if i.value.startswith("Fusion weights")]
    result = at.session_state["last_result"]
    decision = result.processing_info.graph.trust_decision
    why = " ".join(decision.reasons)
    assert weights == [f"Fusion weights: graph {round(decision.weights['graph'], 2):g}, dense 1, BM25 1. "
                       + why[:1].upper() + why[1:]]  # a sentence after a full stop opens with a capital
    signals = next(df.value for df in at.dataframe if "signal" in df.value.columns)
    assert signals["value"].iloc[-1] == f"{decision.trust:g}"
    assert result.to_data()["metadata"]["processing_info"]["trust_decision"]["weights"] == decision.weights


def test_compare_modes_rows_and_answers(hotpot_index):
    at = app(hotpot_index.settings.workdir, "3_Compare_modes.py")
    at.text_input(key="cmp_question").set_value(QUESTION)
    at.text_input(key="cmp_gold").set_value("Christopher Nolan, Sathish Kalathil").run()
    at.button(key="cmp_run").click().run()
    assert not at.exception, at.exception
    table = next(df.value for df in at.dataframe if "entities_found" in df.value.columns)
    assert list(table["mode"]) == ["naive", "local", "global", "mix", "multihop"]
    assert {"entities_found", "chunks_kept", "sources", "total_ms", "recall@5"} <= set(table.columns)
    assert (table.loc[table["mode"] == "naive", "entities_found"] == 0).all()
    assert table["recall@5"].max() == 1.0
    assert sum("Extractive answer" in m.value for m in at.markdown) == 5
    assert (table.loc[table["mode"] == "multihop", "recall@5"] == 1.0).all()
    # the short answer and whether it holds the expected one are the first columns a reader sees
    assert list(table.columns[:2]) == ["mode", "short_answer"]


def test_analytics_counts_and_explorer(hotpot_index):
    at = app(hotpot_index.settings.workdir, "4_Graph_analytics.py")
    metrics = {m.label: m.value for m in at.metric}
    counts = hotpot_index.store.counts()
    assert metrics["Entities"] == str(counts["entities"]) and metrics["Relations"] == str(counts["relations"])
    hubs = at.dataframe[0].value
    assert hubs["degree"].is_monotonic_decreasing
    graphs = iframe_html(at)
    assert graphs and hubs["entity"].iloc[0] in graphs[0]


def test_the_explorer_finds_an_entity_typed_in_any_case(small_workspace):
    at = app(small_workspace, "4_Graph_analytics.py")
    at.text_input(key="explore_name").set_value("marie curie").run()
    assert not at.exception, at.exception
    assert not at.warning, [w.value for w in at.warning]  # it used to say no entity is named 'marie curie'
    assert "Marie Curie" in iframe_html(at)[0]
    # a part of a name: the names holding it, the most connected drawn, another one pick away
    at.text_input(key="explore_name").set_value("curie").run()
    assert plain(at.info[0].value) == ("No entity is named 'curie'; names holding it, most connected first: "
                                       "Marie Curie, Pierre Curie.")
    pick = at.selectbox(key="explore_pick")
    assert pick.options == ["Marie Curie", "Pierre Curie"] and pick.value == "Marie Curie"
    pick.set_value("Pierre Curie").run()
    assert "Pierre Curie" in iframe_html(at)[0]
    at.text_input(key="explore_name").set_value("nobody at all").run()
    assert "No entity is named 'nobody at all' or has it in its name" in plain(at.warning[0].value)
    assert not iframe_html(at)


def test_review_decision_is_persisted(small_workspace):
    at = app(small_workspace, "5_Review.py")
    at.selectbox(key="review_entity").set_value("Marie Curie")
    at.text_input(key="entity_comment").set_value("checked against the source")
    at.button(key="approve_entity").click().run()
    assert not at.exception, at.exception
    at.button(key="flag_entity").click().run()  # the comment is still there: flag accepted too
    engine = Engine(__import__("lightrag_core").Settings.from_env(small_workspace))
    reviews = engine.store.list_reviews()
    assert [(r["item"], r["decision"]) for r in reviews] == [("Marie Curie", "approve"), ("Marie Curie", "flag")]
    assert reviews[0]["comment"] == "checked against the source"
    engine.close()


def test_review_says_why_a_table_is_empty_instead_of_drawing_an_empty_grid(small_workspace):
    at = app(small_workspace, "5_Review.py")
    # no decision yet: History and the decisions in effect are sentences, not empty grids
    assert all(len(df.value) for df in at.dataframe), [list(df.value.columns) for df in at.dataframe]
    shown = texts(at)
    assert "No review decisions yet: every approval, flag, edit, merge, rename and deletion made on the" in shown
    assert "No decisions in effect yet: an edit, merge, rename, deletion or creation" in shown
    # no merge candidates in this graph: the duplicates-only queue says so (it used to list every entity)
    at.checkbox[0].check().run()
    assert not at.exception, at.exception
    notes = [plain(i.value) for i in at.info]
    assert any(n.startswith("Nothing to review here: no merge candidates.") for n in notes), notes
    assert all(len(df.value) for df in at.dataframe)
    assert not any(s.key == "review_entity" for s in at.selectbox)


def index_pasted(workdir: Path, text: str, title: str) -> AppTest:
    """The Upload page after pasting a text under a title and pressing Index."""
    at = app(workdir, "1_Upload.py")
    at.text_area(key="paste_text").set_value(text)
    at.text_input(key="paste_title").set_value(title).run()
    at.button(key="index_run").click().run()
    assert not at.exception, at.exception
    return at


def test_upload_pasted_text_and_document_table(small_workspace):
    at = index_pasted(small_workspace, "Ada Lovelace wrote programs for Charles Babbage in London.", "lovelace")
    table = at.dataframe[0].value
    assert len(table) == 3 and set(table["status"]) == {"processed"}
    assert "lovelace.txt" in set(table["title"])
    # Nothing Python-internal leaks onto the page (a bare expression once printed a docstring).
    assert not at.get("help"), "an object's help (st.help / magic) is on the page"
    shown = texts(at) + "\n".join(str(e.proto) for e in at.get("markdown"))
    for leak in ("DeltaGenerator", "Creator of Delta protobuf", "object at 0x", "Traceback"):
        assert leak not in shown, leak
    assert [s.value for s in at.success] and "1 indexed" in at.success[0].value
    # deleting it says so after the page reruns, and names the file, not only its id
    lovelace = next(i for i, t in zip(table["id"], table["title"]) if t == "lovelace.txt")
    at.selectbox[0].set_value(lovelace).run()
    assert "lovelace.txt" in at.selectbox[0].format_func(lovelace)
    next(b for b in at.button if b.label == "Delete").click().run()
    assert not at.exception, at.exception
    assert any(plain(s.value).startswith("Deleted lovelace.txt;") for s in at.success), [s.value for s in at.success]
    assert len(at.dataframe[0].value) == 2


def test_two_pastes_under_one_title_are_two_documents(small_workspace):
    # Only a file's new version replaces the old one; a second paste is new text, not a new version.
    index_pasted(small_workspace, "Ada Lovelace wrote programs for Charles Babbage in London.", "notes")
    at = index_pasted(small_workspace, "Grace Hopper worked on the Harvard Mark I in Cambridge.", "notes")
    table = at.dataframe[0].value
    assert len(table) == 4 and list(table["title"]).count("notes.txt") == 2
    assert "replaced" not in at.success[0].value


def test_dotenv_in_the_working_directory_configures_the_app(tmp_path, monkeypatch):
    """The app reads .env through the same route as the CLI (Settings.from_env), not only the environment."""
    for key in ("LIGHTRAG_WORKDIR", "LLM_MODEL", "OPENAI_BASE_URL", "OPENAI_API_KEY", "NEO4J_URI"):
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text(f"LIGHTRAG_WORKDIR={tmp_path / 'from_dotenv'}\n"
                                   "LLM_MODEL=tiny-chat\nOPENAI_BASE_URL=http://127.0.0.1:9/v1\n")
    monkeypatch.chdir(tmp_path)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180).run()
    assert not at.exception, at.exception
    status = at.table[0].value.iloc[0]
    assert status["workspace"] == str((tmp_path / "from_dotenv").resolve())
    assert status["answers"] == "a language model at 127.0.0.1:9"
    assert any("tiny-chat at http://127.0.0.1:9/v1" in plain(c.value) for c in at.caption)


def test_upload_warns_about_a_document_that_yields_no_entities(small_workspace):
    at = index_pasted(small_workspace, "it was all of this and then some more of that, as it is.", "nothing named")
    assert "1 indexed" in at.success[0].value  # indexed (its chunks serve naive search), and warned about
    [warning] = [plain(w.value) for w in at.warning]
    assert warning.startswith("nothing named.txt: no entities were extracted") and "kept 0 entity" in warning
    assert any("extraction kept 0 entity and 0 relation records" in plain(c.value) for c in at.caption)


def test_a_file_that_failed_is_not_counted_as_a_document(small_workspace, offline_settings):
    engine = Engine(offline_settings)
    report = engine.index_uploads([("empty.txt", b"   \n")])
    engine.close()
    assert report.failed  # recorded as a failed document, to re-run or delete
    at = app(small_workspace)
    assert {m.label: m.value for m in at.metric}["Documents"] == "2"
    shown = texts(at)
    assert "1 more not indexed: see Upload" in shown
    assert "2 documents (1 not indexed) · " in shown


def test_upload_lists_each_file_not_indexed_with_its_whole_error_as_text(small_workspace, offline_settings):
    engine = Engine(offline_settings)
    engine.index_uploads([("draft_[v2]*final*.pdf", b"%PDF-1.4\nthis is not a pdf at all"), ("empty.txt", b"  \n")])
    errors = {d.title: d.error for d in engine.documents() if d.error}
    engine.close()
    assert set(errors) == {"draft_[v2]*final*.pdf", "empty.txt"}
    at = app(small_workspace, "1_Upload.py")
    # the table's error cells are cut short on screen: below it, each error in full
    [listed] = [m.value for m in at.markdown if "draft" in m.value]
    lines = plain(listed).splitlines()
    assert len(lines) == 2 and all(line.startswith("- ") for line in lines), lines
    for error in errors.values():
        assert any(error in line and " · id file-" in line for line in lines), (error, lines)
    assert "\\*final\\*" in listed and "\\[v2\\]" in listed  # a file name is shown as text, never as markup
    assert any(plain(m.value) == "**Not indexed**, and why:" for m in at.markdown)


def test_the_first_upload_is_not_followed_by_the_empty_workspace_offer(offline_settings):
    at = app(offline_settings.workdir, "1_Upload.py")
    assert any("This workspace is empty" in plain(i.value) for i in at.info)  # offered before anything is indexed
    at.text_area(key="paste_text").set_value("Ada Lovelace wrote programs for Charles Babbage in London.")
    at.text_input(key="paste_title").set_value("lovelace").run()
    at.button(key="index_run").click().run()
    assert not at.exception, at.exception
    assert not any("This workspace is empty" in plain(i.value) for i in at.info), [i.value for i in at.info]
    assert "; 1 chunk, " in at.success[0].value  # (not "1 chunks")
