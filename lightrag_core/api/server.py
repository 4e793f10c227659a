"""`python -m lightrag_core serve`: the API under uvicorn."""

from __future__ import annotations

from lightrag_core.accounts import Accounts
from lightrag_core.api.app import create_app
from lightrag_core.config import Settings
from lightrag_core.engine import Engine


def serve(settings: Settings, host: str, port: int, store_kind: str | None = None) -> None:
    import uvicorn

    accounts = Accounts.from_settings(settings)  # a bad LIGHTRAG_AUTH_ACCOUNTS stops here, before models load
    engine = Engine(settings, store_kind=store_kind)
    app = create_app(engine, api_key=settings.api_key, cors_origins=list(settings.cors_origins), accounts=accounts)
    print(f"serving {engine.store.kind} store at http://{host}:{port} (docs at /docs)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
    engine.close()
