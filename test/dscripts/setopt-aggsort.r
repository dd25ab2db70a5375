
  b                                                                 1
  c                                                                 2
  a                                                                 3

  c                                                                 2
  b                                                                 1
  a                                                                 3

