CYPHER 25
// search_relations for Neo4j 2026.04+, where the vector procedures are deprecated (Cypher 25): the SEARCH clause
// (Cypher 25 only, hence the prefix) returns the same approximate candidates from every workspace, and the
// rest is as in search_relations: this workspace's kept, rescored exactly, the same tie rule, the same columns.
// No WHERE inside SEARCH: filtering by workspace in the index needs the index created WITH [workspace].
// Global search stage in one round trip: nearest relationships of this workspace, rescored exactly,
// with edge degree (the sum of the ends' degrees). Widening works as in search_entities.
MATCH ()-[hit:RELATED]->()
  SEARCH hit IN (VECTOR INDEX related_embedding FOR $vector LIMIT $candidates) SCORE AS score
WITH collect([hit, score]) AS found
WITH size(found) AS seen, [x IN found WHERE x[0].workspace = $workspace | x[0]] AS mine,
     reduce(low = null, x IN found | CASE WHEN low IS NULL OR x[1] < low[1] THEN x ELSE low END)[0] AS last
WITH seen, mine, vector.similarity.cosine(last.embedding, $vector) AS lowest
UNWIND CASE WHEN mine = [] THEN [null] ELSE mine END AS r
WITH seen, lowest, r, vector.similarity.cosine(r.embedding, $vector) AS score
OPTIONAL MATCH (a:Entity)-[r]->(b:Entity)
WITH seen, lowest, r, a, b, score
// Equal to 6 decimals as a plain cosine (score is (1 + cos) / 2) is a tie, broken by key: storage/base.py's
// order contract (TIE_DECIMALS), so the cut keeps what the embedded store keeps.
ORDER BY round(2 * score - 1, 6) DESC, a.name, b.name
LIMIT $top_k
RETURN seen, lowest, a.name AS src, b.name AS tgt, r.keywords AS keywords, r.description AS description,
       r.weight AS weight, r.source_ids AS source_ids, r.file_paths AS file_paths, r.created_at AS created_at,
       CASE WHEN r IS NULL THEN 0 ELSE COUNT { (a)-[:RELATED]-() } + COUNT { (b)-[:RELATED]-() } END AS degree,
       score
ORDER BY round(2 * score - 1, 6) DESC, src, tgt
