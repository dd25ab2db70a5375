
  open                                                              1
  read                                                              2
  write                                                             3
                1  one                                                               1
                2  two                                                               2
