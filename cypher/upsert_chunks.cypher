// The shared write path has checked that every chunk's document exists; vectors follow in set_chunk_vectors.
UNWIND $rows AS row
MATCH (d:Document {workspace: $workspace, id: row.doc_id})
MERGE (c:Chunk {workspace: $workspace, id: row.id})
SET c.doc_id = row.doc_id, c.ord = row.ord, c.tokens = row.tokens, c.content = row.content,
    c.file_path = row.file_path, c.records = row.records, c.words = row.words,
    c.places = row.places
FOREACH (_ IN CASE WHEN row.has_vector THEN [] ELSE [1] END | REMOVE c.embedding)
MERGE (d)-[:HAS_CHUNK]->(c)
