12 hello, world!
[world] [hello] [wor]
4 8 -1 8
[o, world] [orld] [world]

