3 4 3 30 0 4
struct pt {
    int x = 0x1e
    int y = 0x4
    char [8] name = [ "" ]
}
0 30 0

