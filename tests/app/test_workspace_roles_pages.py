"""Roles per workspace in the app: an account lands in a workspace it has, the chooser lists only what it
may open, and what each page offers follows the role in the open workspace."""

from __future__ import annotations

import pytest

from lightrag_core import Document, Engine, Settings
from lightrag_core.workbench.workspaces import Workspaces
from tests.app.test_auth_pages import open_page, shown, sign_in, start

pytestmark = pytest.mark.slow
SECRET = "an-app-workspace-roles-signing-secret-0123456789"


@pytest.fixture
def root(tmp_path, monkeypatch):
    for key in ("NEO4J_URI", "LLM_MODEL", "LLM_LOCAL_GGUF", "LIGHTRAG_API_KEY", "LIGHTRAG_WORKSPACE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LIGHTRAG_WORKDIR", str(tmp_path / "root"))
    monkeypatch.setenv("LIGHTRAG_TOKEN_SECRET", SECRET)
    monkeypatch.setenv("LIGHTRAG_AUTH_ACCOUNTS", "bob:bob-pw:reviewer@alpha,viewer@bravo,ann:ann-pw:viewer@alpha,"
                       f"zed:zed-pw:viewer@nowhere,root:root-pw:admin,t{abs(hash(str(tmp_path)))}:x:viewer")
    known = Workspaces(Settings.from_env(llm_model="", embedding_model=""))
    for name, text in (("default", "Ada Lovelace wrote notes in London."),
                       ("alpha", "Marie Curie was born in Warsaw. Marie Curie worked in Paris."),
                       ("bravo", "The Zanzibar archipelago exports cloves from Stone Town.")):
        with Engine(known.settings_for(name)) as engine:
            engine.index_documents([Document(f"{name}-doc", text)])
    return tmp_path / "root"


def _start(root):
    at = start(root)
    at.session_state["workdir"] = str(root)  # the configured workspace, as a fresh session opens it
    return at


def test_an_account_lands_in_its_first_workspace_and_chooses_only_among_its_own(root):
    at = sign_in(_start(root), "bob", "bob-pw")
    assert "Signed in as **bob** · reviewer" in [c.value for c in at.sidebar.caption]
    assert at.table[0].value.iloc[0]["workspace name"] == "alpha"
    chooser = next(s for s in at.selectbox if s.label == "Workspace")
    assert list(chooser.options) == ["alpha", "bravo"]  # not the default workspace, where bob has no role
    assert not [t for t in at.text_input if "work directory" in t.label or "new workspace" in t.label]

    chooser.set_value("bravo")
    next(b for b in at.button if b.label == "Open").click().run()
    assert not at.exception, at.exception
    assert at.table[0].value.iloc[0]["workspace name"] == "bravo"
    assert "Signed in as **bob** · viewer" in [c.value for c in at.sidebar.caption]
    open_page(at, "5_Review.py")
    assert "Review needs the reviewer role" in shown(at)  # a viewer in bravo, though a reviewer in alpha
    assert not [b for b in at.button if b.label in {"Approve", "Flag", "Delete"}]


def test_an_account_with_one_workspace_sees_no_chooser(root):
    at = sign_in(_start(root), "ann", "ann-pw")
    assert at.table[0].value.iloc[0]["workspace name"] == "alpha"
    assert not [s for s in at.selectbox if s.label == "Workspace"]
    assert {m.label: m.value for m in at.metric}["Documents"] == "1"


def test_an_account_whose_workspaces_do_not_exist_is_told_so(root):
    at = sign_in(_start(root), "zed", "zed-pw")
    assert "Your account has no role in any workspace of this app; ask an admin for one." in [e.value for e in at.error]
    assert not at.metric and [b.label for b in at.button] == ["Sign out"]


def test_an_admin_of_every_workspace_may_make_a_new_one(root):
    at = sign_in(_start(root), "root", "root-pw")
    chooser = next(s for s in at.selectbox if s.label == "Workspace")
    assert list(chooser.options) == ["default", "alpha", "bravo"]
    next(t for t in at.text_input if t.label == "…or a new workspace").set_value("../escape")
    next(b for b in at.button if b.label == "Open").click().run()
    assert any("a workspace name is 1 to 64" in e.value for e in at.error)
    next(t for t in at.text_input if t.label == "…or a new workspace").set_value("charlie")
    next(b for b in at.button if b.label == "Open").click().run()
    assert not at.exception, at.exception
    assert at.table[0].value.iloc[0]["workspace name"] == "charlie"
    assert (root / "workspaces" / "charlie" / "graph.sqlite").exists() and not (root.parent / "escape").exists()


def test_the_cypher_console_needs_the_admin_role_in_every_workspace(root, monkeypatch):
    """Its filter drops other workspaces' nodes, not values computed from them: an admin of one workspace
    could read another through it."""
    monkeypatch.setenv("LIGHTRAG_AUTH_ACCOUNTS", "ada:ada-pw:admin@alpha,root:root-pw:admin")
    at = sign_in(_start(root), "ada", "ada-pw")
    assert at.table[0].value.iloc[0]["workspace name"] == "alpha"
    with pytest.raises(ValueError, match="Could not find a navigation page"):
        at.switch_page("pages/6_Ask_in_Cypher.py")  # not in the menu
    from streamlit.testing.v1 import AppTest

    from tests.app.test_auth_pages import ROOT

    page = AppTest.from_file(str(ROOT / "pages" / "6_Ask_in_Cypher.py"), default_timeout=180)
    page.session_state["workdir"] = str(root / "workspaces" / "alpha")
    page.session_state["auth_token"] = at.session_state["auth_token"]
    page.run()
    assert not page.exception, page.exception
    assert "Cypher console needs the admin role in every workspace" in shown(page) and not page.text_area
    root_at = sign_in(_start(root), "root", "root-pw")
    open_page(root_at, "6_Ask_in_Cypher.py")
    assert "this workspace uses the embedded store" in " ".join(i.value for i in root_at.info)


def _fresh_session(query: dict[str, str]):  # noqa: ANN202
    """A new session (a reload or a shared link): nothing chosen yet, only the address."""
    from streamlit.testing.v1 import AppTest

    from tests.app.test_auth_pages import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    at.run()
    assert not at.exception, at.exception
    return at


def test_a_reload_comes_back_to_the_workspace_the_address_names(root):
    at = sign_in(_fresh_session({"workspace": "bravo"}), "root", "root-pw")
    assert at.table[0].value.iloc[0]["workspace name"] == "bravo"
    assert at.query_params["workspace"] == "bravo"  # kept in the address for the next reload


def test_the_address_opens_no_workspace_the_account_has_no_role_in_nor_a_path(root):
    at = sign_in(_fresh_session({"workspace": "bravo"}), "ann", "ann-pw")
    assert at.table[0].value.iloc[0]["workspace name"] == "alpha"  # her only one
    at = sign_in(_fresh_session({"workspace": "../../etc"}), "root", "root-pw")
    assert at.table[0].value.iloc[0]["workspace name"] == "default"
