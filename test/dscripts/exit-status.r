after exit

