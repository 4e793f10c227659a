// First statement of every write transaction: writing a property on the workspace node takes its
// write lock, so concurrent writers of one workspace queue here (Neo4j reads take no locks, and
// without this two writers could both pass the version check). The counter lets whole-graph
// views be cached until the graph changes.
MERGE (w:Workspace {name: $workspace})
SET w.last_write_at = timestamp(), w.write_version = coalesce(w.write_version, 0) + 1
