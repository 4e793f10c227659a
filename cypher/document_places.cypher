// The pages or headings of one document's text, as JSON ([[offset, label], ...]), when it has any.
MATCH (d:Document {workspace: $workspace, id: $id})
WHERE d.places IS NOT NULL
RETURN d.places AS places
