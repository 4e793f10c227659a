MATCH (e:Entity {workspace: $workspace})
RETURN e.name AS name, e.type AS type, e.description AS description, e.source_ids AS source_ids,
       e.file_paths AS file_paths, e.created_at AS created_at,
       COUNT { (e)-[:RELATED]-() } AS degree
