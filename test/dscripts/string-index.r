h o 0 0 0
BN d
[ ] 1
1 1
-1

