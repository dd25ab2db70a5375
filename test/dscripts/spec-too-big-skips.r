after = 0

