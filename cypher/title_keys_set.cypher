// Title keys for documents written before the store kept them as :TitleKey nodes (see title_keys_page):
// the list on the document and one node per key, replacing what it had, as document_save writes them.
UNWIND $rows AS row
MATCH (d:Document {workspace: $workspace, id: row.id})
WITH d, row, coalesce(d.title_keys, []) AS old
SET d.title_keys = row.keys
WITH d, row, old
UNWIND CASE WHEN old = [] THEN [null] ELSE old END AS gone
OPTIONAL MATCH (t:TitleKey {workspace: $workspace, key: gone, doc_id: d.id})
WHERE NOT gone IN row.keys
DELETE t
WITH DISTINCT d, row
FOREACH (key IN row.keys | MERGE (:TitleKey {workspace: $workspace, key: key, doc_id: d.id}))
