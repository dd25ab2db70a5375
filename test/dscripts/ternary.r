big
1
odd

