// One batch of a workspace's :Evaluation nodes; the caller repeats until none are left.
MATCH (n:Evaluation {workspace: $workspace})
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
