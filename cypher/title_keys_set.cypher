// Title keys for documents written before the store kept them (see title_keys_missing).
UNWIND $rows AS row
MATCH (d:Document {workspace: $workspace, id: row.id})
SET d.title_keys = row.keys
