UNWIND $ids AS cid
MATCH (c:Chunk {workspace: $workspace, id: cid})
RETURN c.id AS id, c.doc_id AS doc_id, c.ord AS ord, c.tokens AS tokens, c.content AS content,
       c.file_path AS file_path, c.records AS records
