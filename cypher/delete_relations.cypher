UNWIND $pairs AS pair
MATCH (:Entity {workspace: $workspace, name: pair[0]})-[r:RELATED]->(:Entity {workspace: $workspace, name: pair[1]})
DELETE r
