MATCH (:Document {workspace: $workspace, id: $id})-[:HAS_CHUNK]->(c:Chunk)
RETURN c.id AS id
ORDER BY c.ord
