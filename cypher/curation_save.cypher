// Curation rules, saved whole and replaced by id: an undo or a run's re-applied stamp saves the rule again.
UNWIND $rows AS row
MERGE (c:Curation {workspace: $workspace, id: row.id})
SET c.at = row.at, c.body = row.body
