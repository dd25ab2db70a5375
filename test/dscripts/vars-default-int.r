self x: -294967296 (4 bytes); this y, z: 7 4
undeclared ++/--: 1 1 -1, sizes 8 8 8
no 32-bit wrap: 4294967297
first met in an assignment: 4 bytes

