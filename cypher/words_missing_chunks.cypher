// Chunks written before the store indexed `words` (lexical.index_text), a batch at a time, so the
// full-text index holds them too; the caller computes the words and writes them with words_set_chunks.
MATCH (c:Chunk {workspace: $workspace})
WHERE c.words IS NULL
RETURN c.id AS id, c.content AS text
LIMIT $batch
