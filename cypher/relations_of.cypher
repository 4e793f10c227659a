// Every relationship touching the given entities, with edge degree, in one round trip.
UNWIND $names AS name
MATCH (e:Entity {workspace: $workspace, name: name})-[r:RELATED]-(:Entity)
WITH DISTINCT r
MATCH (a:Entity)-[r]->(b:Entity)
RETURN a.name AS src, b.name AS tgt, r.keywords AS keywords, r.description AS description, r.weight AS weight,
       r.source_ids AS source_ids, r.file_paths AS file_paths, r.created_at AS created_at,
       COUNT { (a)-[:RELATED]-() } + COUNT { (b)-[:RELATED]-() } AS degree
