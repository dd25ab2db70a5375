1 0 [b] 1
fault 1 at 0, action 1

