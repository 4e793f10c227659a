// Removing an entity removes its relationships and mentions with it.
UNWIND $names AS name
MATCH (e:Entity {workspace: $workspace, name: name})
DETACH DELETE e
