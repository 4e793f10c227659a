MATCH (r:Review {workspace: $workspace})
RETURN r {.kind, .item, .decision, .comment, .detail, .reviewer, .at} AS review
ORDER BY r.at
