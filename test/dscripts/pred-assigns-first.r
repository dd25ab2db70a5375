a

