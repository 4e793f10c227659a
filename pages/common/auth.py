"""Sign-in for the app: a login form until signed in, the user in the sidebar, and what their role may see.

Every page calls `signed_in()` first. The token (lightrag_core.accounts) lives in the session and is
verified on every run, so a removed account or a changed role takes effect at the next click. With
no accounts configured the app is open for one person, as before: everyone is the anonymous admin.
"""

from __future__ import annotations

import ipaddress
import math

import streamlit as st

from lightrag_core.accounts import (
    ANONYMOUS,
    Accounts,
    AccountsError,
    Action,
    Principal,
    Role,
    needed_role,
    signing_key,
)
from lightrag_core.models import LightRAGError
from pages.common import state

_TOKEN = "auth_token"


@st.cache_resource(show_spinner=False)
def _accounts(spec: str, secret: str, expire_hours: float) -> Accounts:
    # One Accounts per configuration, shared by every session: the failed sign-in counts are too.
    from lightrag_core.accounts import parse_accounts

    return Accounts(parse_accounts(spec), secret, expire_hours)


def accounts() -> Accounts:
    """The configured accounts; a wrong LIGHTRAG_AUTH_ACCOUNTS stops the page with its reason."""
    settings = state.settings()
    try:
        # The key file is read on every run: deleting it (to rotate the key) voids sessions at the next click.
        return _accounts(settings.auth_accounts, signing_key(settings), settings.token_expire_hours)
    except AccountsError as exc:
        st.error(f"Sign-in is not set up correctly: {exc}")
        st.stop()
        raise  # st.stop() ends the run; this line only satisfies the type checker


def _beyond_this_machine() -> bool:
    """Whether the app listens on more than loopback (`server.address` unset means every interface, as when
    the app is started from a folder without this project's .streamlit/config.toml)."""
    address = str(st.get_option("server.address") or "").strip("[]").lower()
    if address == "localhost":
        return False
    try:
        return not ipaddress.ip_address(address).is_loopback
    except ValueError:  # unset, or a host name that may be any interface
        return True


def _signed() -> Principal | None:
    """Who is signed in to this session, with every workspace role they hold (anonymous admin when open)."""
    known = accounts()
    if not known.enabled:
        if _beyond_this_machine():  # open to one person on this machine, never to the network
            st.error("This app has no accounts and listens beyond this machine, so it would make everyone who "
                     "reaches it an admin. Set LIGHTRAG_AUTH_ACCOUNTS (README: Opening the app to a team), or "
                     "run it with --server.address 127.0.0.1.")
            st.stop()
        return ANONYMOUS
    token = st.session_state.get(_TOKEN)
    principal = known.verify_token(token) if token else None
    if principal is None:
        st.session_state.pop(_TOKEN, None)
    return principal


def _bound(principal: Principal) -> Principal | None:
    """The principal acting in the open workspace: its role there (a directory opened by path: the role held
    in every workspace). None when it has no role there."""
    name = state.workspace_name()
    if name is not None:
        return principal.in_workspace(name)
    everywhere = principal.everywhere
    return Principal(principal.name, everywhere) if everywhere else None


def current() -> Principal | None:
    """Who is signed in, with their role in the workspace this session has open; None otherwise."""
    principal = _signed()
    return _bound(principal) if principal is not None else None


def openable() -> list[str]:
    """The workspaces the signed-in account may open, the default first."""
    principal = _signed()
    return [n for n in state.workspace_names() if principal is not None and principal.may_open(n)]


def allowed_everywhere(what: Role | Action) -> bool:
    """Whether the account's role in every workspace may do `what` (opening a directory by path, making a
    new workspace): a role given for one workspace never reaches beyond it."""
    principal = _signed()
    everywhere = principal.everywhere if principal is not None else None
    return everywhere is not None and everywhere.allows(needed_role(what))


def allowed(what: Role | Action) -> bool:
    """Whether the signed-in user's role may do `what` (a role, or an action from lightrag_core.accounts)."""
    principal = current()
    return principal is not None and principal.may(what)


def listed(what: Role | Action) -> bool:
    """Whether a page for `what` belongs in the navigation: before sign-in every page is (each shows only
    the login form, and a deep link survives it); after, only those the role may use."""
    principal = current()
    return principal is None or principal.may(what)


def explain(what: Role | Action) -> None:
    """A note for a user whose role may not do `what`."""
    principal = current()
    role = principal.role if principal else "no"
    label = f"{what.value[0].upper()}{what.value[1:]}" if isinstance(what, Action) else "This"
    st.info(f"{label} needs the {needed_role(what)} role; you are signed in with the {role} role.",
            icon=":material/lock:")


def gate(what: Role | Action) -> None:
    """Stop the page here unless the user's role may do `what`."""
    if not allowed(what):
        explain(what)
        st.stop()


def gate_everywhere(what: Role | Action) -> None:
    """Stop the page here unless the account's role in every workspace may do `what`."""
    if not allowed_everywhere(what):
        principal = _signed()
        held = principal.everywhere if principal is not None else None
        st.info(f"{what.value[0].upper()}{what.value[1:]} needs the {needed_role(what)} role in every workspace; "
                + (f"you hold the {held} role in every workspace." if held else
                   "your roles are for single workspaces."), icon=":material/lock:")
        st.stop()


def listed_everywhere(what: Role | Action) -> bool:
    """`listed`, for a page only a role held in every workspace may use."""
    return _signed() is None or allowed_everywhere(what)


def signed_in() -> Principal:
    """The signed-in user; until there is one, a login form and st.stop()."""
    state.use_app_navigation()  # before a login form can stop the run (see state.use_app_navigation)
    signed = _signed()
    if signed is None:
        _login_form(accounts())
        st.stop()
        raise RuntimeError("unreachable")  # st.stop() ends the run
    principal = _bound(signed)
    if principal is None:  # no role in the open workspace: open the first one the account has
        mine = openable()
        if mine:
            state.open_workspace(mine[0])
            st.rerun()
        st.error("Your account has no role in any workspace of this app; ask an admin for one.")
        principal = Principal(signed.name, Role.VIEWER)  # for the sign-out button only
        _sidebar(principal)
        st.stop()
    _sidebar(principal)
    return principal


def _sidebar(principal: Principal) -> None:
    if not principal.anonymous:
        with st.sidebar:
            st.caption(f"Signed in as **{principal.name}** · {principal.role}")
            if st.button("Sign out", key="sign_out", icon=":material/logout:"):
                st.session_state.pop(_TOKEN, None)
                st.rerun()


def _login_form(known: Accounts) -> None:
    st.subheader("Sign in")
    # clear_on_submit: the password is not kept in the session's widget state.
    with st.form("sign_in", clear_on_submit=True):
        username = st.text_input("User name", autocomplete="username")
        password = st.text_input("Password", type="password", autocomplete="current-password")
        if not st.form_submit_button("Sign in", type="primary"):
            return
    wait = known.retry_after(username)
    if wait > 0:
        st.error(f"Too many failed sign-ins for this user: try again in {math.ceil(wait)} seconds.")
        return
    try:
        principal = known.authenticate(username, password)
    except LightRAGError as exc:  # every password check busy: say so, ask again
        st.error(str(exc))
        return
    if principal is None:
        st.error("Wrong user name or password.")
        return
    st.session_state[_TOKEN] = known.issue_token(principal)
    st.rerun()
