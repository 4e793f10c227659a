"""Accounts with no LIGHTRAG_TOKEN_SECRET: one random key kept in the work directory, shared by the API and
the app, surviving restarts, refused when others could know it."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from lightrag_core import Settings
from lightrag_core.accounts import Accounts, AccountsError
from lightrag_core.token_secret import TokenSecretError, load_or_create, secret_path

ROOT = Path(__file__).resolve().parents[2]
ACCOUNTS = "alice:alice-key-file-pw:admin,carol:carol-key-file-pw:viewer"


def test_the_key_is_made_once_with_mode_600_and_read_back(tmp_path):
    key = load_or_create(tmp_path / "w")
    path = secret_path(tmp_path / "w")
    assert len(key) >= 43 and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create(tmp_path / "w") == key
    assert [p.name for p in (tmp_path / "w").iterdir()] == ["token_secret"]  # no temporary file left behind


def test_processes_starting_together_agree_on_one_key(tmp_path):
    keys: list[str] = []
    barrier = threading.Barrier(8)

    def start() -> None:
        barrier.wait()
        keys.append(load_or_create(tmp_path))

    threads = [threading.Thread(target=start) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(keys) == 8 and len(set(keys)) == 1


@pytest.mark.parametrize("spoil, reason", [
    (lambda p: p.chmod(0o644), "may be read or written by others (mode 644"),
    (lambda p: p.write_text("short"), "does not hold a key"),
])
def test_a_key_file_others_could_know_is_refused_with_the_reason(tmp_path, spoil, reason):
    load_or_create(tmp_path)
    spoil(secret_path(tmp_path))
    with pytest.raises(TokenSecretError, match="token key file .*" + reason.replace("(", "\\(")):
        load_or_create(tmp_path)


def test_a_link_in_place_of_the_key_file_is_refused(tmp_path):
    elsewhere = tmp_path / "known"
    elsewhere.write_text("k" * 43)
    elsewhere.chmod(0o600)
    (tmp_path / "w").mkdir()
    secret_path(tmp_path / "w").symlink_to(elsewhere)
    with pytest.raises(TokenSecretError, match="cannot read the token key file .* safely"):
        load_or_create(tmp_path / "w")


def test_the_setting_wins_over_the_file_and_open_mode_makes_no_file(tmp_path):
    given = "a-token-secret-from-the-environment-0123456789"
    with_secret = Settings.from_env(tmp_path / "a", environ={"LIGHTRAG_AUTH_ACCOUNTS": ACCOUNTS,
                                                             "LIGHTRAG_TOKEN_SECRET": given}, env_file=None)
    accounts = Accounts.from_settings(with_secret)
    token = accounts.issue_token(accounts.authenticate("carol", "carol-key-file-pw"))  # type: ignore[arg-type]
    assert Accounts(accounts.accounts, given).verify_token(token) is not None
    assert not (tmp_path / "a").exists()
    Accounts.from_settings(Settings.from_env(tmp_path / "b", environ={}, env_file=None))
    assert not (tmp_path / "b").exists()


def test_an_unwritable_work_directory_says_why(tmp_path):
    if os.geteuid() == 0:
        blocked = tmp_path / "file-not-folder"
        blocked.write_text("")
        workdir = blocked / "w"  # a folder under a file cannot be made, even by root
    else:
        workdir = tmp_path / "ro"
        workdir.mkdir(mode=0o500)
    settings = Settings.from_env(workdir, environ={"LIGHTRAG_AUTH_ACCOUNTS": ACCOUNTS}, env_file=None)
    with pytest.raises(AccountsError, match="cannot write the token key file .*set LIGHTRAG_TOKEN_SECRET"):
        Accounts.from_settings(settings)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(workdir: Path, port: int) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LIGHTRAG_", "NEO4J_", "LLM_", "OPENAI_"))}
    env.update({"LIGHTRAG_AUTH_ACCOUNTS": ACCOUNTS, "PYTHONPATH": str(ROOT)})
    return subprocess.Popen([sys.executable, "-m", "lightrag_core", "--workdir", str(workdir), "serve",
                             "--port", str(port)], cwd=workdir.parent, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def _up(base: str, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
        try:
            if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise AssertionError("serve did not start")


def _stop(proc: subprocess.Popen[str]) -> str:
    proc.terminate()
    try:
        out, _ = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
    return out or ""


@pytest.mark.slow
def test_serve_with_only_accounts_signs_in_and_a_restart_keeps_the_token(tmp_path):
    workdir, port = tmp_path / "w", _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _serve(workdir, port)
    logs = []
    try:
        _up(base, proc)
        login = httpx.post(f"{base}/login", data={"username": "carol", "password": "carol-key-file-pw"})
        assert login.status_code == 200, login.text
        token = {"Authorization": f"Bearer {login.json()['access_token']}"}
        assert httpx.get(f"{base}/documents", headers=token).status_code == 200
        assert httpx.post(f"{base}/documents/text", headers=token, json={"text": "x"}).status_code == 403
        bodies = [login.text, httpx.get(f"{base}/health", headers=token).text, httpx.get(f"{base}/openapi.json").text]
    finally:
        logs.append(_stop(proc))
    key = secret_path(workdir).read_text().strip()
    assert stat.S_IMODE(secret_path(workdir).stat().st_mode) == 0o600
    proc = _serve(workdir, port)
    try:
        _up(base, proc)
        again = httpx.get(f"{base}/documents", headers=token)
        assert again.status_code == 200, again.text  # the same key after a restart
        bodies.append(again.text)
    finally:
        logs.append(_stop(proc))
    for text in bodies + logs:
        assert key not in text and "carol-key-file-pw" not in text


@pytest.mark.slow
def test_a_token_from_the_api_signs_in_to_the_app(tmp_path, monkeypatch):
    """The app and the API of one work directory read the same key file: one token is good in both."""
    from streamlit.testing.v1 import AppTest

    for name in ("LIGHTRAG_TOKEN_SECRET", "NEO4J_URI", "LLM_MODEL", "LLM_LOCAL_GGUF", "LIGHTRAG_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LIGHTRAG_AUTH_ACCOUNTS", ACCOUNTS)
    monkeypatch.setenv("LIGHTRAG_WORKDIR", str(tmp_path / "w"))  # as `lightrag-workbench --workdir` is given
    settings = Settings.from_env(env_file=None)
    api = Accounts.from_settings(settings)  # what `serve` builds
    token = api.issue_token(api.authenticate("carol", "carol-key-file-pw"))  # type: ignore[arg-type]
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.session_state["auth_token"] = token
    at.run()
    at.run()
    assert not at.exception, at.exception
    captions = " ".join(str(c.value) for c in at.caption)
    assert "Signed in as **carol** · viewer" in captions
