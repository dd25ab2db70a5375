c 3
d 4
x 0
y 0

