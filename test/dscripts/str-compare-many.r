30 of 30 comparisons true
unsigned bytes: 1 1 1
after a NUL: 1 1 1
a word apart: 0 1
nested: 5

