[abcdefg] 7

