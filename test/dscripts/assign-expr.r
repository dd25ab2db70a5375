7 7
2 10 11
pre 1
post 1 then 0
sum 7
str str
this 7 7
self 3
predicate saw 1

