// Every curation rule of the workspace, oldest first; `body` is the rule as JSON.
MATCH (c:Curation {workspace: $workspace})
RETURN c.body AS body
ORDER BY c.at, c.id
