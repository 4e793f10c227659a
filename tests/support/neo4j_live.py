"""What the live Neo4j tests share: the skip with its reason, settings for a fresh workspace, cleanup."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest

# One embedding dimension for every live test (the offline MiniLM's), because a database holds one
# vector index per label and property: a second dimension would fail in whichever test ran second.
DIM = 384
SKIP_REASON = ("NEO4J_URI is not set: this test needs a live Neo4j 5.18+ server "
               "(README, 'Neo4j': run the live suite against neo4j:5.26 or 2025.x)")


def require_neo4j() -> None:
    if not os.environ.get("NEO4J_URI"):
        pytest.skip(SKIP_REASON)


def live_settings(workdir: Path, prefix: str = "test", **overrides):
    """Settings for a fresh, uniquely named workspace in the configured database (NEO4J_* from the env)."""
    from lightrag_core import Settings

    require_neo4j()
    defaults = {"llm_model": "", "embedding_model": "", "workspace": f"{prefix}_{uuid.uuid4().hex[:10]}"}
    return Settings.from_env(workdir, **{**defaults, **overrides})


def live_store(workdir: Path, prefix: str = "test"):
    from lightrag_core.storage.neo4j.store import Neo4jStore

    return Neo4jStore.from_settings(live_settings(workdir, prefix))
