// Naive search stage: nearest chunks of this workspace, rescored exactly. Widening works as in
// search_entities.
CALL db.index.vector.queryNodes('chunk_embedding', $candidates, $vector) YIELD node, score
WITH count(*) AS seen, min(score) AS lowest,
     collect(CASE WHEN node.workspace = $workspace THEN node END) AS mine
UNWIND CASE WHEN mine = [] THEN [null] ELSE mine END AS c
WITH seen, lowest, c, vector.similarity.cosine(c.embedding, $vector) AS score
ORDER BY score DESC, c.id
LIMIT $top_k
RETURN seen, lowest, c.id AS id, c.doc_id AS doc_id, c.ord AS ord, c.tokens AS tokens, c.content AS content,
       c.file_path AS file_path, score
