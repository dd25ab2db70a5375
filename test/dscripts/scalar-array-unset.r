before: 0 0
flags: 0
after: 0 42 0 43

