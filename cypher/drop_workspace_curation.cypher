// One batch of a workspace's :Curation nodes; the caller repeats until none are left.
MATCH (n:Curation {workspace: $workspace})
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
