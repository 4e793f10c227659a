"""Accounts from LIGHTRAG_AUTH_ACCOUNTS: parsing, bcrypt and plain passwords, roles, tokens, failed sign-ins."""

from __future__ import annotations

import time

import bcrypt
import jwt
import pytest

from lightrag_core import accounts as acc
from lightrag_core.accounts import ANONYMOUS, Accounts, AccountsError, Action, Principal, Role, parse_accounts
from lightrag_core.config import Settings

SECRET = "a-test-signing-secret-of-forty-characters!"
HASH = bcrypt.hashpw(b"bob's secret", bcrypt.gensalt(4)).decode()


def build(spec: str, **kw) -> Accounts:
    return Accounts(parse_accounts(spec), kw.pop("secret", SECRET), **kw)


def test_roles_are_ordered_and_actions_need_their_role():
    assert Role.ADMIN.allows(Role.REVIEWER) and Role.REVIEWER.allows(Role.VIEWER) and Role.VIEWER.allows(Role.VIEWER)
    assert not Role.VIEWER.allows(Role.REVIEWER) and not Role.REVIEWER.allows(Role.ADMIN)
    viewer, reviewer = Principal("v", Role.VIEWER), Principal("r", Role.REVIEWER)
    assert viewer.may(Action.QUERY) and viewer.may(Action.LIST_DOCUMENTS) and not viewer.may(Action.REVIEW)
    assert reviewer.may(Action.EDIT_GRAPH) and not reviewer.may(Action.UPLOAD) and not reviewer.may(Action.CYPHER)
    assert ANONYMOUS.may(Action.CHOOSE_WORKSPACE) and ANONYMOUS.anonymous
    assert set(acc.ROLE_FOR) == set(Action)


def test_spec_parses_with_colons_in_passwords_and_a_bcrypt_hash():
    found = parse_accounts(f" alice:pa:ss:word:admin , bob:{HASH}:Reviewer,carol:c:viewer,")
    assert {n: (a.role, a.hashed) for n, a in found.items()} == {
        "alice": (Role.ADMIN, False), "bob": (Role.REVIEWER, True), "carol": (Role.VIEWER, False)}
    assert found["alice"].password == "pa:ss:word"
    assert "pa:ss:word" not in repr(found["alice"])


@pytest.mark.parametrize("spec, message", [
    ("alice:secret:owner", "entry 1 ('alice'): unknown role; use one of viewer, reviewer, admin"),
    ("alice:admin", "entry 1 ('alice'): expected user:password:role"),
    ("ok:x:viewer,:pw:admin", "entry 2: expected user:password:role"),
    ("alice", "entry 1 ('alice'): expected user:password:role"),
    ("alice:a:admin,alice:b:viewer", "entry 2 ('alice'): the user is listed twice"),
    ("alice:$2b$12$short:admin", "looks like a bcrypt hash but is not 60 characters long"),
])
def test_bad_specs_say_which_entry_and_why_without_the_password(spec, message):
    with pytest.raises(AccountsError) as err:
        parse_accounts(spec)
    assert message in str(err.value)
    assert "secret" not in str(err.value)  # the first spec's password


def test_accounts_need_a_long_token_secret_and_open_mode_needs_none():
    with pytest.raises(AccountsError, match="LIGHTRAG_TOKEN_SECRET must be at least 32"):
        build("alice:pw:admin", secret="")
    with pytest.raises(AccountsError, match="at least 32"):
        build("alice:pw:admin", secret="short")
    assert not Accounts({}, "").enabled
    with pytest.raises(AccountsError, match="LIGHTRAG_TOKEN_EXPIRE_HOURS"):
        build("alice:pw:admin", expire_hours=0)


def test_settings_carry_the_accounts_as_secrets(tmp_path):
    env = {"LIGHTRAG_AUTH_ACCOUNTS": "alice:hunter2-pw:admin", "LIGHTRAG_TOKEN_SECRET": SECRET,
           "LIGHTRAG_TOKEN_EXPIRE_HOURS": "2"}
    settings = Settings.from_env(tmp_path, environ=env, env_file=None)
    assert "hunter2-pw" not in repr(settings) and SECRET not in repr(settings)
    view = settings.public_view()
    assert view["auth_accounts"] == "set" and view["token_secret"] == "set" and view["token_expire_hours"] == 2.0
    accounts = Accounts.from_settings(settings)
    assert accounts.authenticate("alice", "hunter2-pw") == Principal("alice", Role.ADMIN)


def test_plain_and_bcrypt_passwords(monkeypatch):
    accounts = build(f"alice:plain-pw:admin,bob:{HASH}:reviewer,dora:$2y${HASH[4:]}:viewer")
    assert accounts.authenticate("alice", "plain-pw") == Principal("alice", Role.ADMIN)
    assert accounts.authenticate("bob", "bob's secret") == Principal("bob", Role.REVIEWER)
    assert accounts.authenticate("dora", "bob's secret") == Principal("dora", Role.VIEWER)  # $2y$ as PHP writes it
    assert accounts.authenticate("bob", HASH) is None  # the hash itself is not a password
    assert accounts.authenticate("alice", "plain-pw ") is None
    assert accounts.authenticate("nobody", "plain-pw") is None
    assert accounts.authenticate("bob", "x" * 100) is None  # longer than bcrypt reads: never a match
    assert accounts.authenticate("alice", "p" * 5000) is None
    assert Accounts({}, "").authenticate("alice", "plain-pw") is None


@pytest.mark.filterwarnings("ignore::jwt.warnings.InsecureKeyLengthWarning")  # the HS512 forgery below
def test_tokens_round_trip_expire_and_follow_the_account():
    accounts = build("alice:pw:admin,carol:pw:viewer")
    carol = accounts.authenticate("carol", "pw")
    token = accounts.issue_token(carol)
    assert accounts.verify_token(token) == Principal("carol", Role.VIEWER)
    # Signed: a token with a raised role, or signed with another key, is refused.
    claims = jwt.decode(token, SECRET, algorithms=["HS256"])
    assert accounts.verify_token(jwt.encode({**claims, "role": "admin"}, "another-secret-" * 3)) is None
    assert accounts.verify_token(jwt.encode({**claims, "role": "admin"}, SECRET)) is None  # not carol's role
    assert accounts.verify_token(jwt.encode({**claims, "exp": int(time.time()) - 5}, SECRET)) is None
    assert accounts.verify_token(jwt.encode(claims, SECRET, algorithm="HS512")) is None
    assert accounts.verify_token("not.a.token") is None and accounts.verify_token("") is None
    # carol promoted or removed: her earlier token no longer stands.
    assert build("alice:pw:admin,carol:pw:reviewer").verify_token(token) is None
    assert build("alice:pw:admin").verify_token(token) is None
    # A guest token of an open workbench means nothing once accounts exist.
    assert accounts.verify_token(accounts.issue_token(ANONYMOUS)) is None


def test_open_mode_guest_tokens_are_anonymous_admins():
    open_ = Accounts({}, "")
    assert open_.verify_token(open_.issue_token(ANONYMOUS)) == ANONYMOUS
    assert Accounts({}, "").verify_token(open_.issue_token(ANONYMOUS)) is None  # another process's key


def test_failed_sign_ins_make_the_user_wait(monkeypatch):
    accounts = build("alice:right:admin,carol:pw:viewer")
    for _ in range(acc.FREE_FAILURES):
        assert accounts.authenticate("alice", "wrong") is None
    assert accounts.retry_after("alice") > acc.LOCK_SECONDS - 5
    assert accounts.authenticate("alice", "right") is None  # even the right password waits
    assert accounts.authenticate("carol", "pw") is not None  # other users are not affected
    assert accounts.retry_after("nobody") == 0  # unknown names are not tracked (bounded memory)
    monkeypatch.setattr(acc, "LOCK_SECONDS", 0.0)
    assert accounts.authenticate("alice", "right") == Principal("alice", Role.ADMIN)
    assert accounts.failures._counts == {}


def test_a_malformed_hash_never_matches_and_unknown_names_run_bcrypt_too(monkeypatch):
    broken = "$2b$12$" + "!" * 53
    accounts = build(f"eve:{broken}:admin,bob:{HASH}:reviewer,carol:pw:viewer")
    assert accounts.authenticate("eve", "anything") is None and accounts.authenticate("eve", broken) is None
    checked = []
    real = bcrypt.checkpw
    monkeypatch.setattr(bcrypt, "checkpw", lambda given, stored: checked.append(stored) or real(given, stored))
    assert accounts.authenticate("nobody", "pw") is None
    assert accounts.authenticate("carol", "pw") == Principal("carol", Role.VIEWER)
    assert len(checked) == 2  # one bcrypt check each, as for a hashed account: timing names no one


def test_roles_per_workspace_add_up_and_a_bare_role_holds_everywhere():
    found = parse_accounts("bob:pw:reviewer@legal,viewer@hr,Admin@ops,carol:c:viewer,dan:d:admin,viewer@hr")
    bob = found["bob"].principal()
    assert bob.role == Role.ADMIN  # the strongest anywhere, as /login reports it
    assert [bob.role_in(w) for w in ("legal", "hr", "ops", "finance")] == [Role.REVIEWER, Role.VIEWER, Role.ADMIN,
                                                                            None]
    assert bob.in_workspace("hr") == Principal("bob", Role.VIEWER) and bob.in_workspace("finance") is None
    assert bob.everywhere is None and not bob.may_open("finance")
    assert found["carol"].principal().role_in("anything") == Role.VIEWER
    dan = found["dan"].principal()
    assert dan.role_in("hr") == Role.ADMIN and dan.everywhere == Role.ADMIN  # the stronger grant wins


@pytest.mark.parametrize("spec, message", [
    ("bob:pw:reviewer@../etc", "entry 1 ('bob'): a workspace name is 1 to 64"),
    ("bob:pw:viewer@hr,boss@legal", "entry 2 (a role of 'bob'): unknown role"),
    ("viewer@hr", "entry 1 ('viewer@hr'): expected user:password:role"),
])
def test_bad_workspace_roles_are_refused_with_the_entry(spec, message):
    with pytest.raises(AccountsError, match=message.replace("(", "\\(").replace(")", "\\)")):
        parse_accounts(spec)


def test_a_token_is_void_once_the_accounts_workspace_roles_change():
    before = build("bob:pw:reviewer@legal,viewer@hr")
    token = before.issue_token(before.authenticate("bob", "pw"))  # type: ignore[arg-type]
    assert before.verify_token(token) == before.accounts["bob"].principal()
    assert build("bob:pw:reviewer@legal,viewer@hr").verify_token(token) is not None
    assert build("bob:pw:reviewer@legal").verify_token(token) is None
    assert build("bob:pw:reviewer@legal,reviewer@hr").verify_token(token) is None
