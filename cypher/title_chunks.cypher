// Processed documents whose subject (a JSONL title), lower-cased, is one of $lowered, or is one of
// them followed by " (" and a qualifier ("Lilu (mythology)" for "lilu"), and documents with no
// subject or read from a whole file (whose subject is the file's own title) whose file name without
// its extension (underscores as spaces) is one of them; each with
// its chunk ids in order. One pass over the workspace's documents. The embedded store follows the
// same rule (storage/sqlite/search.py, title_chunks).
MATCH (d:Document {workspace: $workspace, status: 'processed'})
WITH d, coalesce(d.subject, '') AS subject
WITH d, CASE WHEN subject <> '' THEN subject ELSE d.title END AS title,
     CASE WHEN subject <> '' THEN [toLower(subject), toLower(split(subject, ' (')[0])] ELSE [] END
     + CASE WHEN (subject = '' OR coalesce(d.whole_file, false)) AND d.title CONTAINS '.' THEN
            [replace(toLower(substring(d.title, 0, size(d.title) - size(last(split(d.title, '.'))) - 1)), '_', ' ')]
          ELSE [] END AS forms
UNWIND forms AS key
WITH DISTINCT d, title, key
WHERE key IN $lowered
MATCH (d)-[:HAS_CHUNK]->(c:Chunk)
WITH key, title, c
ORDER BY key, title, c.ord
RETURN key, title, collect(c.id) AS chunk_ids
