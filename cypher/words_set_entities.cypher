UNWIND $rows AS row
MATCH (e:Entity {workspace: $workspace, name: row.id})
SET e.name_words = row.words
