ticks 5

