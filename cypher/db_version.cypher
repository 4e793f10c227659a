// The server's version and edition, to refuse versions without relationship vector indexes.
CALL dbms.components() YIELD name, versions, edition
RETURN name, versions[0] AS version, edition
