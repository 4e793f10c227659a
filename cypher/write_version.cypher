// Counted by lock_workspace in every write transaction: whole-graph views are cached until it changes.
MATCH (w:Workspace {name: $workspace})
RETURN w.write_version AS version
