// Processed documents one of whose title keys is one of $lowered, each with its chunk ids in order.
// The keys (the subject lower-cased, the subject before " (", a file's name without its extension,
// underscores as spaces) were folded in Python when the document was written (storage/base.py,
// title_keys), so this store and the embedded one fold case the same way (toLower and SQLite's lower()
// did not). The embedded store follows the same rule (storage/sqlite/search.py, title_chunks).
// Reads every processed document of the workspace (a list property is not indexed for membership): used only
// until the workspace's keys are :TitleKey nodes (title_keys_done_get), e.g. by a reader of an older database.
MATCH (d:Document {workspace: $workspace, status: 'processed'})
WHERE any(key IN coalesce(d.title_keys, []) WHERE key IN $lowered)
UNWIND [key IN d.title_keys WHERE key IN $lowered] AS key
WITH DISTINCT d, key, CASE WHEN coalesce(d.subject, '') <> '' THEN d.subject ELSE d.title END AS title
MATCH (d)-[:HAS_CHUNK]->(c:Chunk)
WITH key, title, c
ORDER BY key, title, c.ord
RETURN key, title, collect(c.id) AS chunk_ids
