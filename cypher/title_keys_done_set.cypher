MERGE (w:Workspace {name: $workspace})
SET w.title_keys_indexed = true
