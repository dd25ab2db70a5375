user: /etc/ld.so.cache, same as copyinstr: 1
kernel: 1
unreadable: [] []

