// The chunks that support the most entities (provenance kept by link_mentions).
MATCH (c:Chunk {workspace: $workspace})-[:MENTIONS]->(:Entity)
RETURN c.id AS id, count(*) AS entities
ORDER BY entities DESC, id
LIMIT $top_k
