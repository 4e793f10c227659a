// Processed documents whose subject (a JSONL title), lower-cased, is one of $lowered, or is one of
// them followed by " (" and a qualifier ("Lilu (mythology)" for "lilu"), and documents with no
// subject whose file name without its extension (underscores as spaces) is one of them; each with
// its chunk ids in order. One pass over the workspace's documents. The embedded store follows the
// same rule (storage/sqlite/search.py, title_chunks).
MATCH (d:Document {workspace: $workspace, status: 'processed'})
WITH d, CASE WHEN d.subject <> '' THEN d.subject ELSE d.title END AS title,
     CASE WHEN d.subject <> '' THEN [toLower(d.subject), toLower(split(d.subject, ' (')[0])]
          WHEN d.title CONTAINS '.' THEN
            [replace(toLower(substring(d.title, 0, size(d.title) - size(last(split(d.title, '.'))) - 1)), '_', ' ')]
          ELSE [] END AS forms
UNWIND forms AS key
WITH DISTINCT d, title, key
WHERE key IN $lowered
MATCH (d)-[:HAS_CHUNK]->(c:Chunk)
WITH key, title, c
ORDER BY key, title, c.ord
RETURN key, title, collect(c.id) AS chunk_ids
