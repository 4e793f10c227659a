// A question set or an evaluation run, saved whole as JSON and replaced by (kind, id): saving again is safe.
MERGE (v:Evaluation {workspace: $workspace, kind: $kind, id: $id})
SET v.at = $at, v.body = $body
