// Documents written before the store kept title keys (storage/base.py, title_keys), a batch at a time,
// with what their keys are made of; the store folds them in Python and writes them (title_keys_set).
MATCH (d:Document {workspace: $workspace})
WHERE d.title_keys IS NULL
RETURN d.id AS id, coalesce(d.subject, '') AS subject, coalesce(d.title, '') AS title,
       coalesce(d.whole_file, false) AS whole_file
LIMIT $batch
