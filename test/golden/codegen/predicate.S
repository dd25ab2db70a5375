; clause 0: syscall::write:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 234 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 232
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 232
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 232
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[strconst]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 232
  33: *(u64 *)(r10 -32) = r0
  34: *(u32 *)(r10 -8) = 0
  35: r1 = map[zero]
  37: r2 = r10
  38: r2 += -8
  39: call map_lookup_elem
  40: if r0 == 0 goto 232
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
 129: if r0 == 0 goto 175
 130: r1 = r7
 131: r1 += 416
 132: r2 = 256
 133: r3 = *(u64 *)(r10 -48)
 134: call probe_read_kernel
 135: r0 = r7
 136: r0 += 416
 137: r1 = r0
 138: *(u64 *)(r10 -56) = r0
 139: r2 = 16
 140: call get_current_comm
 141: r0 = *(u64 *)(r10 -56)
 142: *(u64 *)(r10 -72) = r0
 143: r0 = *(u64 *)(r10 -32)
 144: r0 += 0
 145: r1 = r0
 146: r0 = *(u64 *)(r10 -72)
 147: r2 = r1
 148: r1 = r0
 149: r3 = 0
 150: r4 = r1
 151: r4 += r3
 152: r4 = *(u8 *)(r4 +0)
 153: r5 = r2
 154: r5 += r3
 155: r5 = *(u8 *)(r5 +0)
 156: if r4 != r5 goto 162
 157: if r4 == 0 goto 160
 158: r3 += 1
 159: if r3 < 256 goto 150
 160: r0 = 0
 161: goto 165
 162: r0 = 1
 163: if r4 > r5 goto 165
 164: r0 = -1
 165: r1 = 0
 166: if r0 != r1 goto 169
 167: r0 = 0
 168: goto 170
 169: r0 = 1
 170: if r0 != 0 goto 173
 171: r0 = 0
 172: goto 176
 173: r0 = 1
 174: goto 176
 175: r0 = 0
 176: if r0 == 0 goto 232
 177: r0 = *(u64 *)(r7 +80)
 178: *(u64 *)(r10 -72) = r0
 179: r0 = 1
 180: *(u64 *)(r10 -80) = r0
 181: r1 = r7
 182: r1 += 416
 183: r2 = 256
 184: r3 = *(u64 *)(r10 -48)
 185: call probe_read_kernel
 186: r0 = r7
 187: r0 += 416
 188: r1 = r0
 189: *(u64 *)(r10 -56) = r0
 190: r2 = 16
 191: call get_current_comm
 192: r0 = *(u64 *)(r10 -56)
 193: *(u64 *)(r10 -88) = r0
 194: r0 = *(u64 *)(r10 -88)
 195: r1 = r7
 196: r1 += 160
 197: r3 = r0
 198: r2 = 256
 199: call probe_read_kernel
 200: r0 = r7
 201: r0 += 160
 202: r2 = r0
 203: r1 = map[agg:@bytes]
 205: call map_lookup_elem
 206: if r0 != 0 goto 230
 207: r1 = map[agg:@bytes]
 209: r2 = r7
 210: r2 += 160
 211: r3 = *(u64 *)(r10 -48)
 212: r4 = 1
 213: call map_update_elem
 214: r1 = map[agg:@bytes]
 216: r2 = r7
 217: r2 += 160
 218: call map_lookup_elem
 219: if r0 != 0 goto 230
 220: *(u32 *)(r10 -8) = 2
 221: r1 = map[drops]
 223: r2 = r10
 224: r2 += -8
 225: call map_lookup_elem
 226: if r0 == 0 goto 229
 227: r1 = 1
 228: lock *(u64 *)(r0 +0) += r1
 229: goto 232
 230: r1 = *(u64 *)(r10 -72)
 231: lock *(u64 *)(r0 +0) += r1
 232: r0 = 0
 233: exit
