two
two or more, not three

