// Dropping a workspace removes its :TitleKey nodes through this index, not by scanning every workspace's.
CREATE INDEX title_key_workspace IF NOT EXISTS FOR (n:TitleKey) ON (n.workspace)
