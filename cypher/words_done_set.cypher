MERGE (w:Workspace {name: $workspace})
SET w.words_indexed = true
