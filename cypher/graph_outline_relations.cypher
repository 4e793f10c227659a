// Every relation's ends and weight, without text or provenance: what whole-graph views need.
MATCH (a:Entity {workspace: $workspace})-[r:RELATED]->(b:Entity)
RETURN a.name AS src, b.name AS tgt, r.weight AS weight
