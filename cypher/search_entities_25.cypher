CYPHER 25
// search_entities for Neo4j 2026.04+, where the vector procedures are deprecated (Cypher 25): the SEARCH clause
// (Cypher 25 only, hence the prefix) returns the same approximate candidates from every workspace, and the
// rest is as in search_entities: this workspace's kept, rescored exactly, the same tie rule, the same columns.
// No WHERE inside SEARCH: filtering by workspace in the index needs the index created WITH [workspace].
// Local search stage in one round trip. The index is shared by every workspace and may be
// approximate and quantized (5.23+), so its candidates are kept to this workspace and rescored
// exactly; the caller widens $candidates while `seen` and `lowest` say the index may hold more
// (`lowest`: the exact score of the candidate the index ranked last, as the index's own is approximate).
// With no candidate in the workspace one row of nulls still carries `seen` and `lowest`.
MATCH (hit:Entity)
  SEARCH hit IN (VECTOR INDEX entity_embedding FOR $vector LIMIT $candidates) SCORE AS score
WITH collect([hit, score]) AS found
WITH size(found) AS seen, [x IN found WHERE x[0].workspace = $workspace | x[0]] AS mine,
     reduce(low = null, x IN found | CASE WHEN low IS NULL OR x[1] < low[1] THEN x ELSE low END)[0] AS last
WITH seen, mine, vector.similarity.cosine(last.embedding, $vector) AS lowest
UNWIND CASE WHEN mine = [] THEN [null] ELSE mine END AS e
WITH seen, lowest, e, vector.similarity.cosine(e.embedding, $vector) AS score
// Equal to 6 decimals as a plain cosine (score is (1 + cos) / 2) is a tie, broken by key: storage/base.py's
// order contract (TIE_DECIMALS), so the cut keeps what the embedded store keeps.
ORDER BY round(2 * score - 1, 6) DESC, e.name
LIMIT $top_k
RETURN seen, lowest, e.name AS name, e.type AS type, e.description AS description, e.source_ids AS source_ids,
       e.file_paths AS file_paths, e.created_at AS created_at,
       CASE WHEN e IS NULL THEN 0 ELSE COUNT { (e)-[:RELATED]-() } END AS degree, score
