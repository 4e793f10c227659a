// Similarity of the query to given chunks (VECTOR chunk picking).
UNWIND $ids AS cid
MATCH (c:Chunk {workspace: $workspace, id: cid})
WHERE c.embedding IS NOT NULL
RETURN c.id AS id, vector.similarity.cosine(c.embedding, $vector) AS score
