// For each query ($queries: [{key, text}], text = every token required), the entity names holding them.
UNWIND $queries AS q
CALL db.index.fulltext.queryNodes('entity_name_fulltext', q.text, {limit: $candidates}) YIELD node
WITH q, node
WHERE node.workspace = $workspace
WITH q, node.name AS name
ORDER BY name
RETURN q.key AS key, collect(name)[..$top_k] AS names
