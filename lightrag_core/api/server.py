"""`python -m lightrag_core serve`: the API under uvicorn."""

from __future__ import annotations

from lightrag_core.accounts import Accounts
from lightrag_core.api.app import create_app
from lightrag_core.api.guards import is_loopback
from lightrag_core.config import Settings
from lightrag_core.engine import Engine


def serve(settings: Settings, host: str, port: int, store_kind: str | None = None) -> None:
    import uvicorn

    accounts = Accounts.from_settings(settings)  # a bad LIGHTRAG_AUTH_ACCOUNTS stops here, before models load
    engine = Engine(settings, store_kind=store_kind)
    app = create_app(engine, api_key=settings.api_key, cors_origins=list(settings.cors_origins), accounts=accounts)
    resumed = app.state.jobs.resume_unfinished()  # documents a crash left stored but not indexed
    if resumed is not None:
        print(f"resuming {len(resumed.documents)} unfinished document(s) (track id {resumed.track_id})")
    print(f"serving {engine.store.kind} store at http://{host}:{port} (docs at /docs)")
    if not is_loopback(host) and app.state.auth.open:
        print("no accounts and no key: other machines' requests get 401 (set LIGHTRAG_AUTH_ACCOUNTS or "
              "LIGHTRAG_API_KEY)")
    elif not is_loopback(host) and not settings.allowed_hosts:
        print("other machines' requests get 400 until LIGHTRAG_ALLOWED_HOSTS lists the name or address they use")
    uvicorn.run(app, host=host, port=port, log_level="warning")
    engine.close()
