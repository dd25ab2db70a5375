6 16 0 70 hello 1 1
deleted, kept

