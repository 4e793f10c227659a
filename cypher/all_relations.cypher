MATCH (a:Entity {workspace: $workspace})-[r:RELATED]->(b:Entity)
RETURN a.name AS src, b.name AS tgt, r.keywords AS keywords, r.description AS description, r.weight AS weight,
       r.source_ids AS source_ids, r.file_paths AS file_paths, r.created_at AS created_at
