// Whether every document of this workspace has its title keys as :TitleKey nodes (set by title_keys_done_set):
// until then title_chunks_scan answers, so a reader of a database written by an older version still links titles.
MATCH (w:Workspace {name: $workspace})
RETURN w.title_keys_indexed AS done
