; clause 0: memcached*:::command-get
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 290 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 288
  11: *(u32 *)(r10 -8) = 0
  12: r1 = map[scratch]
  14: r2 = r10
  15: r2 += -8
  16: call map_lookup_elem
  17: if r0 == 0 goto 288
  18: r7 = r0
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 288
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[zero]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 288
  38: *(u64 *)(r10 -48) = r0
  39: r0 = 0
  40: r1 = *(u8 *)(r8 +8)
  41: if r1 == 0 goto 122
  42: if r1 == 3 goto 56
  43: if r1 == 2 goto 46
  44: r0 = *(u64 *)(r8 +24)
  45: goto 109
  46: r3 = *(u16 *)(r8 +12)
  47: r3 &= 504
  48: *(u64 *)(r10 -8) = 0
  49: r1 = r10
  50: r1 += -8
  51: r2 = 8
  52: r3 += r6
  53: call probe_read_kernel
  54: r0 = *(u64 *)(r10 -8)
  55: goto 109
  56: r0 = 0
  57: *(u64 *)(r10 -56) = r0
  58: r1 = *(u8 *)(r8 +11)
  59: r1 &= 1
  60: if r1 == 0 goto 71
  61: r3 = *(u16 *)(r8 +12)
  62: r3 &= 504
  63: *(u64 *)(r10 -8) = 0
  64: r1 = r10
  65: r1 += -8
  66: r2 = 8
  67: r3 += r6
  68: call probe_read_kernel
  69: r0 = *(u64 *)(r10 -8)
  70: *(u64 *)(r10 -56) = r0
  71: r1 = *(u8 *)(r8 +11)
  72: r1 &= 2
  73: if r1 == 0 goto 89
  74: r3 = *(u16 *)(r8 +14)
  75: r3 &= 504
  76: *(u64 *)(r10 -8) = 0
  77: r1 = r10
  78: r1 += -8
  79: r2 = 8
  80: r3 += r6
  81: call probe_read_kernel
  82: r0 = *(u64 *)(r10 -8)
  83: r1 = *(u8 *)(r8 +16)
  84: r1 &= 3
  85: r0 <<= r1
  86: r1 = *(u64 *)(r10 -56)
  87: r1 += r0
  88: *(u64 *)(r10 -56) = r1
  89: r3 = *(u64 *)(r10 -56)
  90: r1 = *(u64 *)(r8 +24)
  91: r3 += r1
  92: *(u64 *)(r10 -8) = 0
  93: r1 = r10
  94: r1 += -8
  95: r2 = *(u8 *)(r8 +9)
  96: if r2 == 0 goto 122
  97: if r2 > 8 goto 122
  98: *(u64 *)(r10 -16) = r3
  99: call probe_read_user
 100: if r0 == 0 goto 108
 101: r1 = r10
 102: r1 += -8
 103: r2 = *(u8 *)(r8 +9)
 104: if r2 == 0 goto 122
 105: if r2 > 8 goto 122
 106: r3 = *(u64 *)(r10 -16)
 107: call copy_from_user
 108: r0 = *(u64 *)(r10 -8)
 109: r2 = *(u8 *)(r8 +9)
 110: r2 &= 15
 111: r2 <<= 3
 112: r3 = 64
 113: r3 -= r2
 114: r3 &= 63
 115: r0 <<= r3
 116: r1 = *(u8 *)(r8 +10)
 117: if r1 != 0 goto 120
 118: r0 >>= r3
 119: goto 123
 120: r0 s>>= r3
 121: goto 123
 122: r0 = 0
 123: *(u64 *)(r7 +280) = r0
 124: *(u32 *)(r7 +12) = 0
 125: r0 = *(u64 *)(r7 +280)
 126: *(u64 *)(r10 -72) = r0
 127: r1 = r7
 128: r1 += 392
 129: r2 = 256
 130: r3 = *(u64 *)(r10 -48)
 131: call probe_read_kernel
 132: r0 = r7
 133: r0 += 392
 134: *(u64 *)(r10 -56) = r0
 135: r2 = 256
 136: r3 = *(u64 *)(r10 -72)
 137: *(u64 *)(r10 -8) = r2
 138: r0 = r3
 139: *(u64 *)(r10 -72) = r0
 140: r1 = *(u64 *)(r10 -56)
 141: call probe_read_user_str
 142: if r0 s>= 0 goto 167
 143: r1 = *(u64 *)(r10 -56)
 144: r2 = 1
 145: r3 = *(u64 *)(r10 -72)
 146: call copy_from_user
 147: r1 = *(u64 *)(r10 -56)
 148: r2 = *(u64 *)(r10 -8)
 149: if r2 > 256 goto 167
 150: if r2 == 0 goto 167
 151: r3 = *(u64 *)(r10 -72)
 152: call probe_read_user_str
 153: if r0 s>= 0 goto 167
 154: r1 = *(u64 *)(r10 -56)
 155: r2 = 1
 156: r3 = *(u64 *)(r10 -72)
 157: r3 |= 4095
 158: r3 += 1
 159: call copy_from_user
 160: r1 = *(u64 *)(r10 -56)
 161: r2 = *(u64 *)(r10 -8)
 162: if r2 > 256 goto 167
 163: if r2 == 0 goto 167
 164: r3 = *(u64 *)(r10 -72)
 165: call probe_read_user_str
 166: if r0 s>= 0 goto 167
 167: r1 = *(u64 *)(r10 -72)
 168: if r0 s< 0 goto 170
 169: goto 175
 170: *(u64 *)(r7 +40) = r1
 171: *(u64 *)(r7 +24) = 1
 172: *(u64 *)(r7 +32) = 1
 173: *(u64 *)(r7 +56) = 168
 174: goto 264
 175: r0 = *(u64 *)(r10 -56)
 176: r1 = *(u8 *)(r0 +0)
 177: if r1 != 0 goto 186
 178: r1 = *(u8 *)(r0 +255)
 179: if r1 == 255 goto 181
 180: goto 186
 181: *(u64 *)(r7 +40) = 0
 182: *(u64 *)(r7 +24) = 1
 183: *(u64 *)(r7 +32) = 1
 184: *(u64 *)(r7 +56) = 179
 185: goto 264
 186: *(u64 *)(r10 -72) = r0
 187: r1 = r7
 188: r1 += 648
 189: r2 = 256
 190: r3 = *(u64 *)(r10 -48)
 191: call probe_read_kernel
 192: r0 = r7
 193: r0 += 648
 194: *(u64 *)(r10 -80) = r0
 195: r1 = *(u64 *)(r10 -80)
 196: r2 = 256
 197: r3 = *(u64 *)(r10 -72)
 198: call probe_read_kernel_str
 199: r2 = 0
 200: r1 = *(u64 *)(r10 -80)
 201: if r2 >= 256 goto 212
 202: r4 = r1
 203: r4 += r2
 204: r3 = *(u8 *)(r4 +0)
 205: if r3 == 0 goto 212
 206: if r3 < 97 goto 210
 207: if r3 > 122 goto 210
 208: r3 ^= 32
 209: *(u8 *)(r4 +0) = r3
 210: r2 += 1
 211: goto 201
 212: r0 = *(u64 *)(r10 -80)
 213: r1 = *(u8 *)(r0 +0)
 214: if r1 != 0 goto 223
 215: r1 = *(u8 *)(r0 +255)
 216: if r1 == 255 goto 218
 217: goto 223
 218: *(u64 *)(r7 +40) = 0
 219: *(u64 *)(r7 +24) = 1
 220: *(u64 *)(r7 +32) = 1
 221: *(u64 *)(r7 +56) = 216
 222: goto 264
 223: r1 = r7
 224: r1 += 24
 225: r3 = r0
 226: r2 = 256
 227: call probe_read_kernel
 228: r1 = 1
 229: *(u64 *)(r7 +16) = r1
 230: *(u32 *)(r7 +0) = 0
 231: *(u32 *)(r7 +4) = r9
 232: call get_smp_processor_id
 233: *(u32 *)(r7 +8) = r0
 234: r1 = map[ringbuf]
 236: r2 = 0
 237: call ringbuf_query
 238: r4 = 1
 239: r1 = r0
 240: r1 += 288
 241: if r1 < 1048576 goto 246
 242: r0 >>= 18
 243: r1 >>= 18
 244: if r0 == r1 goto 246
 245: r4 = 2
 246: r1 = map[ringbuf]
 248: r2 = r7
 249: r2 += 0
 250: r3 = 280
 251: call ringbuf_output
 252: if r0 != 0 goto 254
 253: goto 263
 254: *(u32 *)(r10 -8) = 0
 255: r1 = map[drops]
 257: r2 = r10
 258: r2 += -8
 259: call map_lookup_elem
 260: if r0 == 0 goto 263
 261: r1 = 1
 262: lock *(u64 *)(r0 +0) += r1
 263: goto 288
 264: *(u32 *)(r7 +0) = -1
 265: *(u32 *)(r7 +4) = r9
 266: call get_smp_processor_id
 267: *(u32 *)(r7 +8) = r0
 268: *(u32 *)(r7 +12) = 0
 269: *(u64 *)(r7 +16) = 0
 270: *(u64 *)(r7 +48) = 0
 271: r1 = map[ringbuf]
 273: r2 = r7
 274: r2 += 0
 275: r3 = 64
 276: r4 = 0
 277: call ringbuf_output
 278: if r0 == 0 goto 288
 279: *(u32 *)(r10 -8) = 3
 280: r1 = map[drops]
 282: r2 = r10
 283: r2 += -8
 284: call map_lookup_elem
 285: if r0 == 0 goto 288
 286: r1 = 1
 287: lock *(u64 *)(r0 +0) += r1
 288: r0 = 0
 289: exit
