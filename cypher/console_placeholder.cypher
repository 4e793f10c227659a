MATCH (e:Entity {workspace: $workspace}) RETURN e.name LIMIT 10
