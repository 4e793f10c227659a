// Chunks ranked by BM25 for any of the query's terms ($text is built from word characters only).
// The index serves every workspace, so more candidates are asked for than kept.
CALL db.index.fulltext.queryNodes('chunk_fulltext', $text, {limit: $candidates}) YIELD node, score
WITH node AS c, score
WHERE c.workspace = $workspace
RETURN c.id AS id, c.doc_id AS doc_id, c.ord AS ord, c.tokens AS tokens, c.content AS content,
       c.file_path AS file_path, score
ORDER BY score DESC, id
LIMIT $top_k
