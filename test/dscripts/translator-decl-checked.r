40 1 fixed 42

