
  apple                                                            30
  fig                                                               2
  pear                                                              1
