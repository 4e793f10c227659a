// Processed documents whose subject (a JSONL title), lower-cased, is one of $lowered, or is one of
// them followed by " (" and a qualifier ("Lilu (mythology)" for "lilu"); each with its chunk ids in
// order. One pass over the workspace's documents. The embedded store follows the same rule
// (storage/sqlite/search.py, title_chunks).
MATCH (d:Document {workspace: $workspace, status: 'processed'})
WHERE d.subject <> ''
WITH d, [toLower(d.subject), toLower(split(d.subject, ' (')[0])] AS forms
UNWIND forms AS key
WITH DISTINCT d, key
WHERE key IN $lowered
MATCH (d)-[:HAS_CHUNK]->(c:Chunk)
WITH key, d, c
ORDER BY key, d.subject, c.ord
RETURN key, d.subject AS title, collect(c.id) AS chunk_ids
