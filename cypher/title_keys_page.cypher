// The workspace's documents after $after by id, a batch at a time, with what their title keys are made of:
// a workspace written before its keys were :TitleKey nodes (or before documents kept keys at all) gets them
// once (title_keys_set, then title_keys_done_set). Seeks the document key constraint's index from $after.
MATCH (d:Document {workspace: $workspace})
WHERE d.id > $after
RETURN d.id AS id, coalesce(d.subject, '') AS subject, coalesce(d.title, '') AS title,
       coalesce(d.whole_file, false) AS whole_file
ORDER BY id
LIMIT $batch
