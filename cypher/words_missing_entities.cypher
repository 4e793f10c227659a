// Entities written before the store indexed `name_words`, a batch at a time (see words_missing_chunks).
MATCH (e:Entity {workspace: $workspace})
WHERE e.name_words IS NULL
RETURN e.name AS id, e.name AS text
LIMIT $batch
