MATCH (d:Document {workspace: $workspace, id: $id})
RETURN d {.id, .title, .file_path, .content_hash, .status, .error, .chunk_count, .entity_count,
          .relation_count, .created_at, .updated_at, .subject,
          whole_file: coalesce(d.whole_file, false)} AS doc
