UNWIND $pairs AS pair
MATCH (:Entity {workspace: $workspace, name: pair[0]})-[r:RELATED]->(:Entity {workspace: $workspace, name: pair[1]})
RETURN pair[0] AS src, pair[1] AS tgt, r.source_ids AS source_ids
