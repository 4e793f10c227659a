// One record per (workspace, kind, id): two savers of the same set or run MERGE onto one node.
CREATE CONSTRAINT evaluation_workspace_kind_id IF NOT EXISTS
FOR (v:Evaluation) REQUIRE (v.workspace, v.kind, v.id) IS UNIQUE
