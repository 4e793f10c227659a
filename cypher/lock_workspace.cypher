// First statement of every write transaction: writing a property on the workspace node takes its
// write lock, so concurrent writers of one workspace queue here (Neo4j reads take no locks, and
// without this two writers could both pass the version check).
MERGE (w:Workspace {name: $workspace})
SET w.last_write_at = timestamp()
