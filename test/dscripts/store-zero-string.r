[global] [local] [thread] [one] [keyed] [declared] [member] [this member] [self member]
[] [] 1 1 1 1 [] 1 [] []
1 1 1
[] [] 1 1

