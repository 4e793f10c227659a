// Upsert one document row; its text, and the text's places (JSON), are kept unless a new text is given.
// $title_keys: the names it is linked by, folded in Python (storage/base.py, title_keys), as the embedded store keeps them.
MERGE (d:Document {workspace: $workspace, id: $doc.id})
SET d.title = $doc.title, d.file_path = $doc.file_path, d.content_hash = $doc.content_hash,
    d.status = $doc.status, d.error = $doc.error, d.chunk_count = $doc.chunk_count,
    d.entity_count = $doc.entity_count, d.relation_count = $doc.relation_count,
    d.created_at = $doc.created_at, d.updated_at = $doc.updated_at, d.subject = $doc.subject,
    d.whole_file = $doc.whole_file, d.title_keys = $title_keys,
    d.places = CASE WHEN $text IS NULL THEN d.places ELSE $places END,
    d.content = coalesce($text, d.content)
