// One kind of evaluation record of the workspace (question sets, or runs), oldest first; `body` is JSON.
MATCH (v:Evaluation {workspace: $workspace, kind: $kind})
RETURN v.body AS body
ORDER BY v.at, v.id
