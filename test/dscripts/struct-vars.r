2 4 5 e 10 7 14
15 14
struct Outer {
    struct InnerMore I = {
        struct InnerMost IMost = {
            int position = 0x5
            char content = 'e'
        }
        int dummy_More = 0x4
    }
    int dummy_More = 0x2
    unsigned int bits :4 = 0xa
    int [3] arr = [ 0, 0x7, 0xe ]
}

