UNWIND $pairs AS pair
MATCH (a:Entity {workspace: $workspace, name: pair[0]})-[r:RELATED]->(b:Entity {workspace: $workspace, name: pair[1]})
RETURN a.name AS src, b.name AS tgt, r.keywords AS keywords, r.description AS description, r.weight AS weight,
       r.source_ids AS source_ids, r.file_paths AS file_paths, r.created_at AS created_at
