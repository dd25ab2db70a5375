[abcdefgh] 8

