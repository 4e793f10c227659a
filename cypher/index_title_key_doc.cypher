// A document's :TitleKey nodes are found by its id when it is saved again or deleted (document_save,
// title_keys_set, delete_documents), after its lock is taken, not through a key list read before it.
CREATE INDEX title_key_workspace_doc IF NOT EXISTS FOR (t:TitleKey) ON (t.workspace, t.doc_id)
