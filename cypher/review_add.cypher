// One review decision; history is the list of these, oldest first.
CREATE (r:Review {workspace: $workspace})
SET r.kind = $review.kind, r.item = $review.item, r.decision = $review.decision, r.comment = $review.comment,
    r.detail = $review.detail, r.reviewer = $review.reviewer, r.at = $review.at
