; clause 0: syscall::write:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 254 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 252
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 252
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 252
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[strconst]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 252
  33: *(u64 *)(r10 -32) = r0
  34: *(u32 *)(r10 -8) = 0
  35: r1 = map[zero]
  37: r2 = r10
  38: r2 += -8
  39: call map_lookup_elem
  40: if r0 == 0 goto 252
  41: *(u64 *)(r10 -48) = r0
  42: r0 = 0
  43: r1 = *(u8 *)(r8 +56)
  44: if r1 == 0 goto 116
  45: if r1 == 3 goto 59
  46: if r1 == 2 goto 49
  47: r0 = *(u64 *)(r8 +72)
  48: goto 103
  49: r3 = *(u16 *)(r8 +60)
  50: r3 &= 248
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
  65: r3 &= 248
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
  78: r3 &= 248
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
 118: *(u64 *)(r10 -16) = 0
 119: call get_current_pid_tgid
 120: r0 >>= 32
 121: *(u64 *)(r10 -72) = r0
 122: r0 = 5151
 123: r1 = r0
 124: r0 = *(u64 *)(r10 -72)
 125: if r0 == r1 goto 128
 126: r0 = 0
 127: goto 129
 128: r0 = 1
 129: if r0 == 0 goto 185
 130: r1 = r7
 131: r1 += 416
 132: r2 = 256
 133: r3 = *(u64 *)(r10 -48)
 134: call probe_read_kernel
 135: r0 = r7
 136: r0 += 416
 137: *(u64 *)(r10 -56) = r0
 138: *(u64 *)(r10 -8) = 0
 139: call #35
 140: r3 = r0
 141: r3 += 2512
 142: r1 = r10
 143: r1 += -8
 144: r2 = 8
 145: call probe_read_kernel
 146: r3 = *(u64 *)(r10 -8)
 147: r3 += 3080
 148: r1 = *(u64 *)(r10 -56)
 149: r2 = 16
 150: call probe_read_kernel_str
 151: r0 = *(u64 *)(r10 -56)
 152: *(u64 *)(r10 -72) = r0
 153: r0 = *(u64 *)(r10 -32)
 154: r0 += 0
 155: r1 = r0
 156: r0 = *(u64 *)(r10 -72)
 157: r2 = r1
 158: r1 = r0
 159: r3 = 0
 160: r4 = r1
 161: r4 += r3
 162: r4 = *(u8 *)(r4 +0)
 163: r5 = r2
 164: r5 += r3
 165: r5 = *(u8 *)(r5 +0)
 166: if r4 != r5 goto 172
 167: if r4 == 0 goto 170
 168: r3 += 1
 169: if r3 < 256 goto 160
 170: r0 = 0
 171: goto 175
 172: r0 = 1
 173: if r4 > r5 goto 175
 174: r0 = -1
 175: r1 = 0
 176: if r0 != r1 goto 179
 177: r0 = 0
 178: goto 180
 179: r0 = 1
 180: if r0 != 0 goto 183
 181: r0 = 0
 182: goto 186
 183: r0 = 1
 184: goto 186
 185: r0 = 0
 186: if r0 == 0 goto 252
 187: r0 = *(u64 *)(r7 +80)
 188: *(u64 *)(r10 -72) = r0
 189: r0 = 1
 190: *(u64 *)(r10 -80) = r0
 191: r1 = r7
 192: r1 += 416
 193: r2 = 256
 194: r3 = *(u64 *)(r10 -48)
 195: call probe_read_kernel
 196: r0 = r7
 197: r0 += 416
 198: *(u64 *)(r10 -56) = r0
 199: *(u64 *)(r10 -8) = 0
 200: call #35
 201: r3 = r0
 202: r3 += 2512
 203: r1 = r10
 204: r1 += -8
 205: r2 = 8
 206: call probe_read_kernel
 207: r3 = *(u64 *)(r10 -8)
 208: r3 += 3080
 209: r1 = *(u64 *)(r10 -56)
 210: r2 = 16
 211: call probe_read_kernel_str
 212: r0 = *(u64 *)(r10 -56)
 213: *(u64 *)(r10 -88) = r0
 214: r0 = *(u64 *)(r10 -88)
 215: r1 = r7
 216: r1 += 160
 217: r3 = r0
 218: r2 = 256
 219: call probe_read_kernel
 220: r0 = r7
 221: r0 += 160
 222: r2 = r0
 223: r1 = map[agg:@bytes]
 225: call map_lookup_elem
 226: if r0 != 0 goto 250
 227: r1 = map[agg:@bytes]
 229: r2 = r7
 230: r2 += 160
 231: r3 = *(u64 *)(r10 -48)
 232: r4 = 1
 233: call map_update_elem
 234: r1 = map[agg:@bytes]
 236: r2 = r7
 237: r2 += 160
 238: call map_lookup_elem
 239: if r0 != 0 goto 250
 240: *(u32 *)(r10 -8) = 2
 241: r1 = map[drops]
 243: r2 = r10
 244: r2 += -8
 245: call map_lookup_elem
 246: if r0 == 0 goto 249
 247: r1 = 1
 248: lock *(u64 *)(r0 +0) += r1
 249: goto 252
 250: r1 = *(u64 *)(r10 -72)
 251: lock *(u64 *)(r0 +0) += r1
 252: r0 = 0
 253: exit
