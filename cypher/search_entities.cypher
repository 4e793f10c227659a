// Local search stage in one round trip: nearest entities, with their degree.
// The index is shared by all workspaces, so it is asked for more than top_k and filtered.
CALL db.index.vector.queryNodes('entity_embedding', $candidates, $vector) YIELD node, score
WITH node AS e, score
WHERE e.workspace = $workspace AND score >= $threshold
WITH e, score ORDER BY score DESC LIMIT $top_k
RETURN e.name AS name, e.type AS type, e.description AS description, e.source_ids AS source_ids,
       e.file_paths AS file_paths, e.created_at AS created_at,
       COUNT { (e)-[:RELATED]-(:Entity) } AS degree, score
