// neo4j-check: a statement the console must allow (planned with EXPLAIN, never run by the check).
MATCH (e:Entity {workspace: $workspace})-[r:RELATED]-(o:Entity)
RETURN e.name AS name, count(r) AS relations
ORDER BY relations DESC
LIMIT 5
