// One batch of a workspace's :Review nodes with their relationships; the caller repeats until none are
// left, so dropping a large workspace never needs one huge transaction.
MATCH (n:Review {workspace: $workspace})
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
