// Processed documents one of whose title keys is one of $lowered, each with its chunk ids in order.
// The keys (the subject lower-cased, the subject before " (", a file's name without its extension,
// underscores as spaces) were folded in Python when the document was written (storage/base.py,
// title_keys), so this store and the embedded one fold case the same way (toLower and SQLite's lower()
// did not). The embedded store follows the same rule (storage/sqlite/search.py, title_chunks).
// Starts from the index title_key_workspace_key (one seek per asked key), so a question costs what it
// finds, not the workspace's size; title_chunks_scan answers the same until a workspace's keys are nodes.
MATCH (t:TitleKey {workspace: $workspace})
WHERE t.key IN $lowered
MATCH (d:Document {workspace: $workspace, id: t.doc_id})
WHERE d.status = 'processed'
WITH DISTINCT d, t.key AS key, CASE WHEN coalesce(d.subject, '') <> '' THEN d.subject ELSE d.title END AS title
MATCH (d)-[:HAS_CHUNK]->(c:Chunk)
WITH key, title, c
ORDER BY key, title, c.ord
RETURN key, title, collect(c.id) AS chunk_ids
