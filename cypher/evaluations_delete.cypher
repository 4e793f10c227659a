// Remove evaluation records of one kind by id (a question set, or the runs of a removed set).
MATCH (v:Evaluation {workspace: $workspace, kind: $kind})
WHERE v.id IN $ids
DELETE v
