
  r                                                                 4
  w                                                                10
