// neo4j-check: the configured database as the server lists it (run against the system database):
// its type (standard, composite), this member's role in a cluster and whether it accepts writes.
SHOW DATABASES YIELD name, type, role, writer, currentStatus
WHERE name = $database
RETURN name, type, role, writer, currentStatus
