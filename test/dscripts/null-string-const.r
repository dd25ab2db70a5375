fault 1 at 0, action 2
fault 1 at 0, action 2
fault 1 at 0, action 2

