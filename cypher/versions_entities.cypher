// Source ids of entities a write was merged on, read inside the write transaction.
UNWIND $names AS name
MATCH (e:Entity {workspace: $workspace, name: name})
RETURN e.name AS name, e.source_ids AS source_ids
