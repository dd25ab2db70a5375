[0] [-1] [0] [0]
[-1] [-1] [0] [0]
[7] [0] [6] [0]
[-1] [6] [-1]
[gh] [] [] [abcdefgh]
[h] [abcdefgh] [] []
[ABCDEFGH] [abcdefgh] []
[abcdefgh] [.] [abcdefg] [.]
[.] [.] [/] [/a]
[abcdefgh] [/a] []
[abc] [efgh] []
[] [a] [b] []

  AB                                                                2
  a                                                                 2
  abc                                                               2
  yz                                                                2
