// One batch of a workspace's :TitleKey nodes; the caller repeats until none are left.
MATCH (n:TitleKey {workspace: $workspace})
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
