plain line
kept line

