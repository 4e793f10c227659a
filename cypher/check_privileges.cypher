// neo4j-check: the privileges of the user running it (run against the system database); a user
// may always list their own. Community edition has no roles and refuses the command.
SHOW USER PRIVILEGES YIELD access, action, graph, segment, role
RETURN access, action, graph, segment, role
