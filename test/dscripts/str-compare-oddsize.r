abcdefghijkl abcdefghijkl: 1 0
abcdefghijkl abcdefghijkX: 0 1 1

