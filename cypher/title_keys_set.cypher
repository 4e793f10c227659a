// Title keys for documents written before the store kept them as :TitleKey nodes (see title_keys_page):
// the list on the document and one node per key, replacing what it had, as document_save writes them.
// The first SET takes the document's write lock; only then is it checked to still have the subject, title
// and kind the keys were made of: a save that changed it since the page was read wrote its own keys.
UNWIND $rows AS row
MATCH (d:Document {workspace: $workspace, id: row.id})
SET d.title_keys = coalesce(d.title_keys, [])
WITH d, row
WHERE coalesce(d.subject, '') = row.subject AND coalesce(d.title, '') = row.title
  AND coalesce(d.whole_file, false) = row.whole_file
SET d.title_keys = row.keys
WITH d, row
OPTIONAL MATCH (t:TitleKey {workspace: $workspace, doc_id: d.id})
WHERE NOT t.key IN row.keys
DELETE t
WITH DISTINCT d, row
FOREACH (key IN row.keys | MERGE (:TitleKey {workspace: $workspace, key: key, doc_id: d.id}))
