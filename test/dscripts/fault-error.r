ERROR: fault 1 at address 0
next clause runs

