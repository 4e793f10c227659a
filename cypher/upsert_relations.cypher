// The shared write path has checked that both ends exist; vectors follow in set_relation_vectors.
UNWIND $rows AS row
MATCH (a:Entity {workspace: $workspace, name: row.src})
WITH a, row
MATCH (b:Entity {workspace: $workspace, name: row.tgt})
MERGE (a)-[r:RELATED]->(b)
SET r.workspace = $workspace, r.keywords = row.keywords, r.description = row.description, r.weight = row.weight,
    r.source_ids = row.source_ids, r.file_paths = row.file_paths, r.created_at = row.created_at
FOREACH (_ IN CASE WHEN row.has_vector THEN [] ELSE [1] END | REMOVE r.embedding)
