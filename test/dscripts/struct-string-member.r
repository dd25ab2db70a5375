1 hello 2 [] world w 5 hello eq
268 264

