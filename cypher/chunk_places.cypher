// The pages or headings inside each of the given chunks, as JSON, for the chunks that have any.
UNWIND $ids AS cid
MATCH (c:Chunk {workspace: $workspace, id: cid})
WHERE c.places IS NOT NULL
RETURN c.id AS id, c.places AS places
