// title_chunks seeks the questions' names here instead of reading every document of the workspace:
// a list property (Document.title_keys) cannot be indexed for membership, one node per key can.
CREATE INDEX title_key_workspace_key IF NOT EXISTS
FOR (t:TitleKey) ON (t.workspace, t.key)
