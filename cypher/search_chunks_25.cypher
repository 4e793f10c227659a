CYPHER 25
// search_chunks for Neo4j 2026.04+, where the vector procedures are deprecated (Cypher 25): the SEARCH clause
// (Cypher 25 only, hence the prefix) returns the same approximate candidates from every workspace, and the
// rest is as in search_chunks: this workspace's kept, rescored exactly, the same tie rule, the same columns.
// No WHERE inside SEARCH: filtering by workspace in the index needs the index created WITH [workspace].
// Naive search stage: nearest chunks of this workspace, rescored exactly. Widening works as in
// search_entities.
MATCH (hit:Chunk)
  SEARCH hit IN (VECTOR INDEX chunk_embedding FOR $vector LIMIT $candidates) SCORE AS score
WITH collect([hit, score]) AS found
WITH size(found) AS seen, [x IN found WHERE x[0].workspace = $workspace | x[0]] AS mine,
     reduce(low = null, x IN found | CASE WHEN low IS NULL OR x[1] < low[1] THEN x ELSE low END)[0] AS last
WITH seen, mine, vector.similarity.cosine(last.embedding, $vector) AS lowest
UNWIND CASE WHEN mine = [] THEN [null] ELSE mine END AS c
WITH seen, lowest, c, vector.similarity.cosine(c.embedding, $vector) AS score
// Equal to 6 decimals as a plain cosine (score is (1 + cos) / 2) is a tie, broken by key: storage/base.py's
// order contract (TIE_DECIMALS), so the cut keeps what the embedded store keeps.
ORDER BY round(2 * score - 1, 6) DESC, c.id
LIMIT $top_k
RETURN seen, lowest, c.id AS id, c.doc_id AS doc_id, c.ord AS ord, c.tokens AS tokens, c.content AS content,
       c.file_path AS file_path, score
