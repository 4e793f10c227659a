MATCH (w:Workspace {name: $workspace})
DELETE w
