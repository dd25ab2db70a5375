; clause 0: syscall::write:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 264 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 262
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 262
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 262
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[strconst]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 262
  33: *(u64 *)(r10 -32) = r0
  34: *(u32 *)(r10 -8) = 0
  35: r1 = map[zero]
  37: r2 = r10
  38: r2 += -8
  39: call map_lookup_elem
  40: if r0 == 0 goto 262
  41: *(u64 *)(r10 -48) = r0
  42: r0 = 0
  43: r1 = *(u8 *)(r8 +56)
  44: if r1 == 0 goto 116
  45: if r1 == 3 goto 59
  46: if r1 == 2 goto 49
  47: r0 = *(u64 *)(r8 +72)
  48: goto 103
  49: r3 = *(u16 *)(r8 +60)
  50: r3 &= 504
  51: *(u64 *)(r10 -8) = 0
  52: r1 = r10
  53: r1 += -8
  54: r2 = 8
  55: r3 += r6
  56: call probe_read_kernel
  57: r0 = *(u64 *)(r10 -8)
  58: goto 103
  59: r0 = 0
  60: *(u64 *)(r10 -56) = r0
  61: r1 = *(u8 *)(r8 +59)
  62: r1 &= 1
  63: if r1 == 0 goto 74
  64: r3 = *(u16 *)(r8 +60)
  65: r3 &= 504
  66: *(u64 *)(r10 -8) = 0
  67: r1 = r10
  68: r1 += -8
  69: r2 = 8
  70: r3 += r6
  71: call probe_read_kernel
  72: r0 = *(u64 *)(r10 -8)
  73: *(u64 *)(r10 -56) = r0
  74: r1 = *(u8 *)(r8 +59)
  75: r1 &= 2
  76: if r1 == 0 goto 92
  77: r3 = *(u16 *)(r8 +62)
  78: r3 &= 504
  79: *(u64 *)(r10 -8) = 0
  80: r1 = r10
  81: r1 += -8
  82: r2 = 8
  83: r3 += r6
  84: call probe_read_kernel
  85: r0 = *(u64 *)(r10 -8)
  86: r1 = *(u8 *)(r8 +64)
  87: r1 &= 3
  88: r0 <<= r1
  89: r1 = *(u64 *)(r10 -56)
  90: r1 += r0
  91: *(u64 *)(r10 -56) = r1
  92: r3 = *(u64 *)(r10 -56)
  93: r1 = *(u64 *)(r8 +72)
  94: r3 += r1
  95: *(u64 *)(r10 -8) = 0
  96: r1 = r10
  97: r1 += -8
  98: r2 = *(u8 *)(r8 +57)
  99: if r2 == 0 goto 116
 100: if r2 > 8 goto 116
 101: call probe_read_user
 102: r0 = *(u64 *)(r10 -8)
 103: r2 = *(u8 *)(r8 +57)
 104: r2 &= 15
 105: r2 <<= 3
 106: r3 = 64
 107: r3 -= r2
 108: r3 &= 63
 109: r0 <<= r3
 110: r1 = *(u8 *)(r8 +58)
 111: if r1 != 0 goto 114
 112: r0 >>= r3
 113: goto 117
 114: r0 s>>= r3
 115: goto 117
 116: r0 = 0
 117: *(u64 *)(r7 +80) = r0
 118: call get_current_pid_tgid
 119: r0 >>= 32
 120: if r0 != 5151 goto 262
 121: r1 = r7
 122: r1 += 416
 123: r2 = 256
 124: r3 = *(u64 *)(r10 -48)
 125: call probe_read_kernel
 126: r0 = r7
 127: r0 += 416
 128: *(u64 *)(r10 -56) = r0
 129: *(u64 *)(r10 -8) = 0
 130: call #35
 131: r3 = r0
 132: r3 += 2512
 133: r1 = r10
 134: r1 += -8
 135: r2 = 8
 136: call probe_read_kernel
 137: r3 = *(u64 *)(r10 -8)
 138: r3 += 3080
 139: r1 = *(u64 *)(r10 -56)
 140: r2 = 16
 141: call probe_read_kernel_str
 142: r0 = *(u64 *)(r10 -56)
 143: *(u64 *)(r10 -72) = r0
 144: r0 = *(u64 *)(r10 -32)
 145: r0 += 0
 146: r1 = r0
 147: r0 = *(u64 *)(r10 -72)
 148: r2 = r1
 149: r1 = r0
 150: r3 = 0
 151: r4 = r1
 152: r4 += r3
 153: r4 = *(u64 *)(r4 +0)
 154: r5 = r2
 155: r5 += r3
 156: r5 = *(u64 *)(r5 +0)
 157: r5 ^= r4
 158: r0 = 0x101010101010101 ll
 160: r0 = -r0
 161: r0 += r4
 162: r4 ^= -1
 163: r0 &= r4
 164: r4 = 0x8080808080808080 ll
 166: r0 &= r4
 167: r0 |= r5
 168: if r0 != 0 goto 171
 169: r3 += 8
 170: if r3 < 256 goto 151
 171: r0 = r3
 172: r0 += 8
 173: if r0 <= 256 goto 175
 174: r0 = 256
 175: if r3 >= r0 goto 186
 176: r4 = r1
 177: r4 += r3
 178: r4 = *(u8 *)(r4 +0)
 179: r5 = r2
 180: r5 += r3
 181: r5 = *(u8 *)(r5 +0)
 182: if r4 != r5 goto 188
 183: if r4 == 0 goto 186
 184: r3 += 1
 185: if r3 < r0 goto 176
 186: r0 = 0
 187: goto 191
 188: r0 = 1
 189: if r4 > r5 goto 191
 190: r0 = -1
 191: r1 = 0
 192: if r0 != r1 goto 195
 193: r0 = 0
 194: goto 196
 195: r0 = 1
 196: if r0 == 0 goto 262
 197: r0 = *(u64 *)(r7 +80)
 198: *(u64 *)(r10 -72) = r0
 199: r1 = r7
 200: r1 += 416
 201: r2 = 256
 202: r3 = *(u64 *)(r10 -48)
 203: call probe_read_kernel
 204: r0 = r7
 205: r0 += 416
 206: *(u64 *)(r10 -56) = r0
 207: *(u64 *)(r10 -8) = 0
 208: call #35
 209: r3 = r0
 210: r3 += 2512
 211: r1 = r10
 212: r1 += -8
 213: r2 = 8
 214: call probe_read_kernel
 215: r3 = *(u64 *)(r10 -8)
 216: r3 += 3080
 217: r1 = *(u64 *)(r10 -56)
 218: r2 = 16
 219: call probe_read_kernel_str
 220: r0 = *(u64 *)(r10 -56)
 221: *(u64 *)(r10 -80) = r0
 222: r0 = *(u64 *)(r10 -80)
 223: r1 = r7
 224: r1 += 160
 225: r3 = r0
 226: r2 = 256
 227: call probe_read_kernel
 228: r0 = r7
 229: r0 += 160
 230: r2 = r0
 231: r1 = map[agg:@bytes]
 233: call map_lookup_elem
 234: if r0 != 0 goto 260
 235: r3 = r10
 236: r3 += -72
 237: r1 = map[agg:@bytes]
 239: r2 = r7
 240: r2 += 160
 241: r4 = 1
 242: call map_update_elem
 243: if r0 == 0 goto 262
 244: r1 = map[agg:@bytes]
 246: r2 = r7
 247: r2 += 160
 248: call map_lookup_elem
 249: if r0 != 0 goto 260
 250: *(u32 *)(r10 -8) = 2
 251: r1 = map[drops]
 253: r2 = r10
 254: r2 += -8
 255: call map_lookup_elem
 256: if r0 == 0 goto 259
 257: r1 = 1
 258: lock *(u64 *)(r0 +0) += r1
 259: goto 262
 260: r1 = *(u64 *)(r10 -72)
 261: lock *(u64 *)(r0 +0) += r1
 262: r0 = 0
 263: exit
