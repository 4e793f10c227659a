// Global search stage in one round trip: nearest relationships, with edge degree (sum of the ends' degrees).
CALL db.index.vector.queryRelationships('related_embedding', $candidates, $vector) YIELD relationship, score
WITH relationship AS r, score
WHERE r.workspace = $workspace AND score >= $threshold
WITH r, score ORDER BY score DESC LIMIT $top_k
MATCH (a:Entity)-[r]->(b:Entity)
RETURN a.name AS src, b.name AS tgt, r.keywords AS keywords, r.description AS description, r.weight AS weight,
       r.source_ids AS source_ids, r.file_paths AS file_paths, r.created_at AS created_at,
       COUNT { (a)-[:RELATED]-(:Entity) } + COUNT { (b)-[:RELATED]-(:Entity) } AS degree, score
ORDER BY score DESC
