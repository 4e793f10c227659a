// Upsert one document row; its text, and the text's places (JSON), are kept unless a new text is given.
// $title_keys: the names it is linked by, folded in Python (storage/base.py, title_keys), as the embedded store keeps them.
// Each key is also a (:TitleKey {workspace, key, doc_id}) node, in this same statement, so title_chunks can seek
// the composite index title_key_workspace_key.
MERGE (d:Document {workspace: $workspace, id: $doc.id})
SET d.title = $doc.title, d.file_path = $doc.file_path, d.content_hash = $doc.content_hash,
    d.status = $doc.status, d.error = $doc.error, d.chunk_count = $doc.chunk_count,
    d.entity_count = $doc.entity_count, d.relation_count = $doc.relation_count,
    d.created_at = $doc.created_at, d.updated_at = $doc.updated_at, d.subject = $doc.subject,
    d.whole_file = $doc.whole_file, d.title_keys = $title_keys,
    d.places = CASE WHEN $text IS NULL THEN d.places ELSE $places END,
    d.content = coalesce($text, d.content)
WITH d
// The SET above holds the document's write lock, so a concurrent save of it waits for this one: the key
// nodes are found by document id (index title_key_workspace_doc), not by a list read before the lock.
OPTIONAL MATCH (t:TitleKey {workspace: $workspace, doc_id: d.id})
WHERE NOT t.key IN $title_keys
DELETE t
WITH DISTINCT d
FOREACH (key IN $title_keys | MERGE (:TitleKey {workspace: $workspace, key: key, doc_id: d.id}))
