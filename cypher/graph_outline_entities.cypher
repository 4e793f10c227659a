// Every entity's name, type and degree, without text or provenance: what whole-graph views need.
MATCH (e:Entity {workspace: $workspace})
RETURN e.name AS name, e.type AS type, COUNT { (e)-[:RELATED]-() } AS degree
