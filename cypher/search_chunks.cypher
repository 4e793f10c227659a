CALL db.index.vector.queryNodes('chunk_embedding', $candidates, $vector) YIELD node, score
WITH node AS c, score
WHERE c.workspace = $workspace AND score >= $threshold
RETURN c.id AS id, c.doc_id AS doc_id, c.ord AS ord, c.tokens AS tokens, c.content AS content,
       c.file_path AS file_path, score
ORDER BY score DESC
LIMIT $top_k
