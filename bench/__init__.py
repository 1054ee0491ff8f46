"""`make bench`: the budgets of every issue, measured as medians and printed as a table."""
