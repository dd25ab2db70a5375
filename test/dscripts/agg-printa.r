alpha       1    100
beta        2      7
--

  alpha                                                             1
  beta                                                              2

