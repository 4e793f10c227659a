"""Sign-in and roles in the app, in-process (AppTest): the login form on every page, then only what the role may."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from lightrag_core import Document, Engine, Settings

ROOT = Path(__file__).resolve().parents[2]
SECRET = "an-app-test-signing-secret-0123456789abcdef"
PAGES = ["0_Home.py", "1_Upload.py", "2_Query.py", "3_Compare_modes.py", "4_Graph_analytics.py", "5_Review.py",
         "6_Ask_in_Cypher.py"]
pytestmark = pytest.mark.slow


@pytest.fixture
def workspace(offline_settings, monkeypatch):
    engine = Engine(offline_settings)
    engine.index_documents([
        Document("curie", "Marie Curie was born in Warsaw. Marie Curie worked in Paris with Pierre Curie."),
        Document("einstein", "Albert Einstein visited Paris in 1922. Albert Einstein admired Marie Curie."),
    ])
    engine.close()
    for key in ("NEO4J_URI", "LLM_MODEL", "LLM_LOCAL_GGUF", "LIGHTRAG_API_KEY"):
        monkeypatch.delenv(key, raising=False)
    return offline_settings.workdir


@pytest.fixture
def accounts(monkeypatch, request):
    # A spec per test: the app shares one Accounts (and its failed sign-in counts) per configuration.
    monkeypatch.setenv("LIGHTRAG_AUTH_ACCOUNTS", f"alice:alice-pw:admin,bob:bob-pw:reviewer,carol:carol-pw:viewer,"
                                                 f"t{abs(hash(request.node.name))}:x:viewer")
    monkeypatch.setenv("LIGHTRAG_TOKEN_SECRET", SECRET)


def start(workdir: Path) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.session_state["workdir"] = str(workdir)
    at.run()
    # AppTest sees the pages folder from its second run on: the app's one navigation rerun
    # (state.use_app_navigation) happens there, and would swallow a click made after one run.
    at.run()
    assert not at.exception, at.exception
    return at


def open_page(at: AppTest, page: str) -> AppTest:
    at.switch_page(f"pages/{page}").run()
    assert not at.exception, at.exception
    return at


def sign_in(at: AppTest, user: str, password: str) -> AppTest:
    username, secret = at.text_input[0], at.text_input[1]
    assert (username.label, secret.label) == ("User name", "Password")
    username.set_value(user)
    secret.set_value(password)
    next(b for b in at.button if b.label == "Sign in").click().run()
    assert not at.exception, at.exception
    return at


def shown(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in ("title", "subheader", "markdown", "caption", "info", "error", "warning")
                     for e in at.get(kind))


def login_form_only(at: AppTest) -> bool:
    labels = [t.label for t in at.text_input]
    return labels == ["User name", "Password"] and not at.metric and not at.dataframe and not at.get("file_uploader")


@pytest.mark.parametrize("page", PAGES)
def test_every_page_shows_only_the_login_form_before_sign_in(workspace, accounts, page):
    at = open_page(start(workspace), page)
    assert login_form_only(at), shown(at)
    assert "Sign in" in [s.value for s in at.subheader]


def test_wrong_password_keeps_the_form_and_says_so(workspace, accounts):
    at = sign_in(start(workspace), "carol", "not-her-password")
    assert "Wrong user name or password." in [e.value for e in at.error]
    assert login_form_only(at)
    assert "auth_token" not in at.session_state


def test_viewer_reads_but_sees_no_uploader_delete_workspace_chooser_or_console(workspace, accounts):
    at = sign_in(start(workspace), "carol", "carol-pw")
    assert "Signed in as **carol** · viewer" in [c.value for c in at.sidebar.caption]
    assert {m.label: m.value for m in at.metric}["Documents"] == "2"
    assert not [s for s in at.selectbox if s.label == "Workspace"]
    assert not [t for t in at.text_input if "work directory" in t.label]
    with pytest.raises(ValueError, match="Could not find a navigation page"):
        at.switch_page("pages/6_Ask_in_Cypher.py")  # not in the menu

    open_page(at, "1_Upload.py")
    assert not at.get("file_uploader") and not at.text_area
    assert not [b for b in at.button if b.label in {"Index", "Delete", "Re-run failed and interrupted"}]
    assert "Upload needs the admin role" in shown(at)
    assert set(at.dataframe[0].value["id"]) == {"curie", "einstein"}  # the document list is the viewer's

    open_page(at, "5_Review.py")
    assert at.dataframe and not [b for b in at.button if b.label in {"Approve", "Flag", "Delete"}]
    assert "Review needs the reviewer role" in shown(at)


def test_the_console_page_on_its_own_asks_for_sign_in_and_refuses_a_viewer(workspace, accounts):
    """The page run without app.py (as a fresh server's first deep link runs it) guards itself."""
    from lightrag_core.accounts import Accounts, Principal, Role

    at = AppTest.from_file(str(ROOT / "pages" / "6_Ask_in_Cypher.py"), default_timeout=180)
    at.session_state["workdir"] = str(workspace)
    at.run()
    assert login_form_only(at)
    token = Accounts.from_settings(Settings.from_env(workspace)).issue_token(Principal("carol", Role.VIEWER))
    at.session_state["auth_token"] = token
    at.run()
    assert not at.exception, at.exception
    assert "Cypher console needs the admin role" in shown(at)
    assert not at.text_area and [b.label for b in at.button] == ["Sign out"]


def test_admin_sees_uploader_delete_workspace_chooser_and_console(workspace, accounts):
    at = sign_in(start(workspace), "alice", "alice-pw")
    assert [s for s in at.selectbox if s.label == "Workspace"]
    open_page(at, "1_Upload.py")
    assert at.get("file_uploader") and [b for b in at.button if b.label == "Delete"]
    open_page(at, "6_Ask_in_Cypher.py")
    assert "this workspace uses the embedded store" in " ".join(i.value for i in at.info)


def test_reviewer_decides_as_the_signed_in_user_and_signs_out(workspace, accounts):
    at = open_page(sign_in(start(workspace), "bob", "bob-pw"), "5_Review.py")
    assert not [t for t in at.sidebar.text_input if t.label == "Your name"]
    at.selectbox(key="review_entity").set_value("Marie Curie")
    at.button(key="approve_entity").click().run()
    assert not at.exception, at.exception
    engine = Engine(Settings.from_env(workspace))
    assert [(r["item"], r["decision"], r["reviewer"]) for r in engine.store.list_reviews()] == [
        ("Marie Curie", "approve", "bob")]
    engine.close()
    open_page(at, "1_Upload.py")
    assert not at.get("file_uploader")  # a reviewer does not upload
    next(b for b in at.button if b.label == "Sign out").click().run()
    assert login_form_only(at) and "auth_token" not in at.session_state


def test_without_accounts_everything_is_open_as_before(workspace, monkeypatch):
    monkeypatch.delenv("LIGHTRAG_AUTH_ACCOUNTS", raising=False)
    at = start(workspace)
    assert [s for s in at.selectbox if s.label == "Workspace"] and not [b for b in at.button if b.label == "Sign out"]
    at = open_page(at, "5_Review.py")
    assert [t for t in at.sidebar.text_input if t.label == "Your name"]


def test_a_misconfigured_accounts_setting_says_why(workspace, monkeypatch):
    monkeypatch.setenv("LIGHTRAG_AUTH_ACCOUNTS", "alice:alice-pw:boss")
    monkeypatch.setenv("LIGHTRAG_TOKEN_SECRET", SECRET)
    at = start(workspace)
    assert "unknown role; use one of viewer, reviewer, admin" in at.error[0].value
    assert "alice-pw" not in shown(at) and not at.metric


def test_no_page_shows_a_password_the_token_or_the_token_secret(workspace, accounts, caplog):
    from tests.hardening.test_secrets import _page_text

    caplog.set_level("DEBUG")
    at = sign_in(start(workspace), "alice", "alice-pw")
    token = at.session_state["auth_token"]
    texts = []
    for page in PAGES:
        open_page(at, page)
        texts.append(_page_text(at))
    everything = "\n".join(texts) + caplog.text
    assert "Signed in as **alice** · admin" in everything
    for secret in ("alice-pw", "bob-pw", "carol-pw", SECRET, token):
        assert secret not in everything
