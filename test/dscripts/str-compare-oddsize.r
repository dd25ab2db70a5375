abcdefghijklm abcdefghijklX: 0 0
abcdefghijklm abcdefghijkX: 0 1 1

