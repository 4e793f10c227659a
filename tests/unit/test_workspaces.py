"""Named workspaces under one root: where each lives, which exist, and names that cannot leave the root."""

from __future__ import annotations

import pytest

from lightrag_core import Settings
from lightrag_core.workbench.workspaces import WorkspaceError, Workspaces


def _known(tmp_path) -> Workspaces:
    return Workspaces(Settings.from_env(tmp_path / "root", environ={}, env_file=None, neo4j_uri=""))


def test_the_configured_workspace_is_the_work_directory_and_others_a_folder_each(tmp_path):
    known = _known(tmp_path)
    assert known.folder("default") == tmp_path / "root"
    assert known.folder("legal") == tmp_path / "root" / "workspaces" / "legal"
    legal = known.settings_for("legal")
    assert legal.workspace == "legal" and legal.workdir == tmp_path / "root" / "workspaces" / "legal"
    assert legal.scan_dir == tmp_path / "root" / "workspaces" / "legal" / "inputs"


@pytest.mark.parametrize("name", ["../escape", "/etc", "a/b", "", ".hidden", "a" * 65, "tab\tname", "ünï"])
def test_a_name_that_is_not_a_plain_word_is_refused(tmp_path, name):
    with pytest.raises(WorkspaceError, match="1 to 64 letters"):
        _known(tmp_path).folder(name)


def test_names_that_differ_only_in_case_are_refused(tmp_path):
    known = _known(tmp_path)
    (tmp_path / "root" / "workspaces" / "Legal").mkdir(parents=True)
    with pytest.raises(WorkspaceError, match="only in case"):
        known.folder("legal")
    with pytest.raises(WorkspaceError, match="only in case"):
        known.folder("DEFAULT")
    assert known.folder("Legal").name == "Legal"


def test_only_folders_holding_an_index_are_workspaces(tmp_path):
    known = _known(tmp_path)
    for name, indexed in (("hr", True), ("empty", False), ("Zed", True)):
        folder = tmp_path / "root" / "workspaces" / name
        folder.mkdir(parents=True)
        if indexed:
            (folder / "graph.sqlite").write_bytes(b"")
    assert known.names() == ["default", "Zed", "hr"]
    assert known.exists("hr") and not known.exists("empty") and not known.exists("../hr")
