[abcde] [abcde] [5] [ABCDE]

