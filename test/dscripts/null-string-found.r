1 1 1 0
2 1 1
fault 1 at 0, action 2
fault 1 at 0, action 3
fault 1 at 0, action 3

