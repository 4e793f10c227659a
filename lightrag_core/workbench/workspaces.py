"""Named workspaces under one root, for a server or an app that serves several teams.

The configured workspace (LIGHTRAG_WORKSPACE, "default") lives where it always has: the work directory
itself (embedded) or the `workspace` property the Neo4j store filters on. Any other workspace `name`
lives in `<workdir>/workspaces/<name>/` (its own SQLite file, caches and inputs) and, on Neo4j, under
`workspace = name` in the same database. Names are checked (config.valid_workspace_name) before they
reach a path or a query, so a name cannot leave the root.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Protocol, runtime_checkable

from lightrag_core.config import Settings, valid_workspace_name
from lightrag_core.models import LightRAGError

SUBFOLDER = "workspaces"
MAX_LISTED = 10_000


class WorkspaceError(LightRAGError, ValueError):
    """A workspace name that is not allowed."""


@runtime_checkable
class ListsWorkspaces(Protocol):
    """A store that can list the workspaces of its database (Neo4j)."""

    def workspace_names(self, limit: int = MAX_LISTED) -> list[str]: ...


def check_name(name: str) -> str:
    if not valid_workspace_name(name):
        raise WorkspaceError("a workspace name is 1 to 64 letters, digits, '_' or '-', starting with a letter "
                             "or digit")
    return name


class Workspaces:
    """Where each named workspace lives, and which ones exist, under the root settings."""

    def __init__(self, root: Settings) -> None:
        self.root = root

    @property
    def default(self) -> str:
        return self.root.workspace

    def folder(self, name: str) -> Path:
        check_name(name)
        if name == self.default:
            return Path(self.root.workdir)
        # On a file system that ignores case, "Legal" would open "legal"'s folder while roles name them apart.
        if name.lower() == self.default.lower() or any(
                p.name.lower() == name.lower() and p.name != name for p in self._folders()):
            raise WorkspaceError("another workspace's name differs from this one only in case")
        return Path(self.root.workdir) / SUBFOLDER / name

    def _folders(self) -> list[Path]:
        base = Path(self.root.workdir) / SUBFOLDER
        return [p for p in base.iterdir() if p.is_dir()] if base.is_dir() else []

    def settings_for(self, name: str) -> Settings:
        """The root settings pointed at workspace `name` (its folder, its Neo4j workspace, its inputs)."""
        if name == self.default:
            return self.root
        inputs = self.root.input_dir / name if self.root.input_dir else None
        return replace(self.root, workdir=self.folder(name), workspace=name, input_dir=inputs)

    def names(self, lister: ListsWorkspaces | None = None) -> list[str]:
        """Workspaces that exist: the default one, then the others by name. On Neo4j, `lister` (the default
        workspace's store) reads them from the database; embedded ones are the folders holding an index."""
        found: set[str] = set()
        if self.root.store_kind == "neo4j" and lister is not None:
            found.update(n for n in lister.workspace_names(MAX_LISTED) if valid_workspace_name(n))
        else:
            base = Path(self.root.workdir) / SUBFOLDER
            if base.is_dir():
                found.update(p.parent.name for p in base.glob("*/graph.sqlite") if valid_workspace_name(p.parent.name))
        found.discard(self.default)
        return [self.default, *sorted(found)]

    def exists(self, name: str, lister: ListsWorkspaces | None = None) -> bool:
        return valid_workspace_name(name) and (name == self.default or name in self.names(lister))
