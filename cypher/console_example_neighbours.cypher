// How is Marie Curie connected to other entities?
MATCH (a:Entity {workspace: $workspace})-[r:RELATED]-(b:Entity)
WHERE toLower(a.name) = toLower('Marie Curie')
RETURN a, r, b
LIMIT 50
