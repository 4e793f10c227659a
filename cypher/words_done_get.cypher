// Whether this workspace's chunks and entities all carry their index words (set by words_done_set).
MATCH (w:Workspace {name: $workspace})
RETURN w.words_indexed AS done
