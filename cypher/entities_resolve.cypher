UNWIND $lowered AS lowered
MATCH (e:Entity {workspace: $workspace, name_lower: lowered})
RETURN lowered, e.name AS name
