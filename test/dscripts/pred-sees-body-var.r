start
tick 1
tick 2
tick 3

