UNWIND $rows AS row
MATCH (d:Document {workspace: $workspace, id: row.doc_id})
MERGE (c:Chunk {workspace: $workspace, id: row.id})
SET c.doc_id = row.doc_id, c.ord = row.ord, c.tokens = row.tokens, c.content = row.content,
    c.file_path = row.file_path, c.records = row.records, c.embedding = row.embedding
MERGE (d)-[:HAS_CHUNK]->(c)
