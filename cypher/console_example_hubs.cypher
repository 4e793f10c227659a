// Which entities are the most connected?
MATCH (e:Entity {workspace: $workspace})
RETURN e.name AS name, e.type AS type, COUNT { (e)-[:RELATED]-() } AS degree
ORDER BY degree DESC
LIMIT 10
