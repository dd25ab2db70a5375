[libc.so.6] [/usr/lib]
[/] [.]
[MIXED CASE 42] [mixed case 42]
[-1234567890123] [0]

