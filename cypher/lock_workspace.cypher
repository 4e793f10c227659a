// First statement of every write transaction: writing a property on the workspace node takes its
// write lock, so concurrent writers of one workspace queue here (Neo4j reads take no locks, and
// without this two writers could both pass the version check). The counter lets whole-graph
// views be cached until the graph changes. `recent_writes` is a receipt of the last 64 writes: when
// the connection is lost after COMMIT the store retries with the same $write_id, this lock waits for
// the first attempt if it is still committing, and `already` says it landed (so nothing is applied twice).
MERGE (w:Workspace {name: $workspace})
SET w.last_write_at = timestamp(), w.write_version = coalesce(w.write_version, 0) + 1
WITH w, $write_id IN coalesce(w.recent_writes, []) AS already
SET w.recent_writes = ([$write_id] + coalesce(w.recent_writes, []))[0..64]
RETURN already
