ipaddr_t 4 bytes, 100007f, unsigned: 1
in_addr_t 4 in_port_t 2 sa_family_t 2 socklen_t 4
intmax_t 8 uintmax_t 8 clock_t 8 useconds_t 4 suseconds_t 8 key_t 4
blkcnt_t 8 blksize_t 8 loff_t 8
(in_port_t)-1 = 65535, (intmax_t)-1 = -1

