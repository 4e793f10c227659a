// Vectors follow in set_entity_vectors.
UNWIND $rows AS row
MERGE (e:Entity {workspace: $workspace, name: row.name})
SET e.name_lower = row.name_lower, e.name_words = row.name_words, e.type = row.type, e.description = row.description,
    e.source_ids = row.source_ids, e.file_paths = row.file_paths, e.created_at = row.created_at
FOREACH (_ IN CASE WHEN row.has_vector THEN [] ELSE [1] END | REMOVE e.embedding)
