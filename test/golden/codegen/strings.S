; clause 0: memcached*:::command-get
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 301 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 299
  11: *(u32 *)(r10 -8) = 0
  12: r1 = map[scratch]
  14: r2 = r10
  15: r2 += -8
  16: call map_lookup_elem
  17: if r0 == 0 goto 299
  18: r7 = r0
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 299
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[strconst]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 299
  38: *(u64 *)(r10 -32) = r0
  39: *(u32 *)(r10 -8) = 0
  40: r1 = map[zero]
  42: r2 = r10
  43: r2 += -8
  44: call map_lookup_elem
  45: if r0 == 0 goto 299
  46: *(u64 *)(r10 -48) = r0
  47: r0 = 0
  48: r1 = *(u8 *)(r8 +8)
  49: if r1 == 0 goto 130
  50: if r1 == 3 goto 64
  51: if r1 == 2 goto 54
  52: r0 = *(u64 *)(r8 +24)
  53: goto 117
  54: r3 = *(u16 *)(r8 +12)
  55: r3 &= 248
  56: *(u64 *)(r10 -8) = 0
  57: r1 = r10
  58: r1 += -8
  59: r2 = 8
  60: r3 += r6
  61: call probe_read_kernel
  62: r0 = *(u64 *)(r10 -8)
  63: goto 117
  64: r0 = 0
  65: *(u64 *)(r10 -56) = r0
  66: r1 = *(u8 *)(r8 +11)
  67: r1 &= 1
  68: if r1 == 0 goto 79
  69: r3 = *(u16 *)(r8 +12)
  70: r3 &= 248
  71: *(u64 *)(r10 -8) = 0
  72: r1 = r10
  73: r1 += -8
  74: r2 = 8
  75: r3 += r6
  76: call probe_read_kernel
  77: r0 = *(u64 *)(r10 -8)
  78: *(u64 *)(r10 -56) = r0
  79: r1 = *(u8 *)(r8 +11)
  80: r1 &= 2
  81: if r1 == 0 goto 97
  82: r3 = *(u16 *)(r8 +14)
  83: r3 &= 248
  84: *(u64 *)(r10 -8) = 0
  85: r1 = r10
  86: r1 += -8
  87: r2 = 8
  88: r3 += r6
  89: call probe_read_kernel
  90: r0 = *(u64 *)(r10 -8)
  91: r1 = *(u8 *)(r8 +16)
  92: r1 &= 3
  93: r0 <<= r1
  94: r1 = *(u64 *)(r10 -56)
  95: r1 += r0
  96: *(u64 *)(r10 -56) = r1
  97: r3 = *(u64 *)(r10 -56)
  98: r1 = *(u64 *)(r8 +24)
  99: r3 += r1
 100: *(u64 *)(r10 -8) = 0
 101: r1 = r10
 102: r1 += -8
 103: r2 = *(u8 *)(r8 +9)
 104: if r2 == 0 goto 130
 105: if r2 > 8 goto 130
 106: *(u64 *)(r10 -16) = r3
 107: call probe_read_user
 108: if r0 == 0 goto 116
 109: r1 = r10
 110: r1 += -8
 111: r2 = *(u8 *)(r8 +9)
 112: if r2 == 0 goto 130
 113: if r2 > 8 goto 130
 114: r3 = *(u64 *)(r10 -16)
 115: call copy_from_user
 116: r0 = *(u64 *)(r10 -8)
 117: r2 = *(u8 *)(r8 +9)
 118: r2 &= 15
 119: r2 <<= 3
 120: r3 = 64
 121: r3 -= r2
 122: r3 &= 63
 123: r0 <<= r3
 124: r1 = *(u8 *)(r8 +10)
 125: if r1 != 0 goto 128
 126: r0 >>= r3
 127: goto 131
 128: r0 s>>= r3
 129: goto 131
 130: r0 = 0
 131: *(u64 *)(r7 +544) = r0
 132: *(u32 *)(r7 +12) = 0
 133: r0 = *(u64 *)(r7 +544)
 134: *(u64 *)(r10 -72) = r0
 135: r1 = r7
 136: r1 += 656
 137: r2 = 256
 138: r3 = *(u64 *)(r10 -48)
 139: call probe_read_kernel
 140: r0 = r7
 141: r0 += 656
 142: *(u64 *)(r10 -56) = r0
 143: r2 = 256
 144: r3 = *(u64 *)(r10 -72)
 145: *(u64 *)(r10 -8) = r2
 146: r0 = r3
 147: *(u64 *)(r10 -72) = r0
 148: r1 = *(u64 *)(r10 -56)
 149: call probe_read_user_str
 150: if r0 s>= 0 goto 175
 151: r1 = *(u64 *)(r10 -56)
 152: r2 = 1
 153: r3 = *(u64 *)(r10 -72)
 154: call copy_from_user
 155: r1 = *(u64 *)(r10 -56)
 156: r2 = *(u64 *)(r10 -8)
 157: if r2 > 256 goto 175
 158: if r2 == 0 goto 175
 159: r3 = *(u64 *)(r10 -72)
 160: call probe_read_user_str
 161: if r0 s>= 0 goto 175
 162: r1 = *(u64 *)(r10 -56)
 163: r2 = 1
 164: r3 = *(u64 *)(r10 -72)
 165: r3 |= 4095
 166: r3 += 1
 167: call copy_from_user
 168: r1 = *(u64 *)(r10 -56)
 169: r2 = *(u64 *)(r10 -8)
 170: if r2 > 256 goto 175
 171: if r2 == 0 goto 175
 172: r3 = *(u64 *)(r10 -72)
 173: call probe_read_user_str
 174: if r0 s>= 0 goto 175
 175: r1 = *(u64 *)(r10 -72)
 176: if r0 s< 0 goto 178
 177: goto 183
 178: *(u64 *)(r7 +40) = r1
 179: *(u64 *)(r7 +24) = 1
 180: *(u64 *)(r7 +32) = 1
 181: *(u64 *)(r7 +56) = 176
 182: goto 275
 183: r0 = *(u64 *)(r10 -56)
 184: r3 = r0
 185: r1 = r7
 186: r1 += 288
 187: r2 = 256
 188: call probe_read_kernel
 189: r0 = r7
 190: r0 += 288
 191: *(u64 *)(r10 -72) = r0
 192: r0 = *(u64 *)(r10 -32)
 193: r0 += 0
 194: *(u64 *)(r10 -80) = r0
 195: r1 = r7
 196: r1 += 656
 197: r2 = 256
 198: r3 = *(u64 *)(r10 -48)
 199: call probe_read_kernel
 200: r0 = r7
 201: r0 += 656
 202: *(u64 *)(r10 -88) = r0
 203: r1 = *(u64 *)(r10 -88)
 204: r2 = 256
 205: r3 = *(u64 *)(r10 -72)
 206: call probe_read_kernel_str
 207: if r0 s> 0 goto 209
 208: r0 = 1
 209: r0 -= 1
 210: if r0 <= 255 goto 212
 211: r0 = 255
 212: r1 = *(u64 *)(r10 -88)
 213: r1 += r0
 214: r2 = 256
 215: r2 -= r0
 216: r3 = *(u64 *)(r10 -80)
 217: call probe_read_kernel_str
 218: r0 = *(u64 *)(r10 -88)
 219: r1 = r7
 220: r1 += 24
 221: r3 = r0
 222: r2 = 256
 223: call probe_read_kernel
 224: r0 = r7
 225: r0 += 288
 226: *(u64 *)(r10 -72) = r0
 227: r1 = r7
 228: r1 += 5008
 229: r1 += 120
 230: r2 = 256
 231: r3 = *(u64 *)(r10 -72)
 232: call probe_read_kernel_str
 233: if r0 s> 0 goto 235
 234: r0 = 1
 235: r0 -= 1
 236: if r0 <= 255 goto 238
 237: r0 = 255
 238: *(u64 *)(r7 +280) = r0
 239: r1 = 1
 240: *(u64 *)(r7 +16) = r1
 241: *(u32 *)(r7 +0) = 0
 242: *(u32 *)(r7 +4) = r9
 243: call get_smp_processor_id
 244: *(u32 *)(r7 +8) = r0
 245: r1 = map[ringbuf]
 247: r2 = 0
 248: call ringbuf_query
 249: r4 = 1
 250: r1 = r0
 251: r1 += 296
 252: if r1 < 1048576 goto 257
 253: r0 >>= 18
 254: r1 >>= 18
 255: if r0 == r1 goto 257
 256: r4 = 2
 257: r1 = map[ringbuf]
 259: r2 = r7
 260: r2 += 0
 261: r3 = 288
 262: call ringbuf_output
 263: if r0 != 0 goto 265
 264: goto 274
 265: *(u32 *)(r10 -8) = 0
 266: r1 = map[drops]
 268: r2 = r10
 269: r2 += -8
 270: call map_lookup_elem
 271: if r0 == 0 goto 274
 272: r1 = 1
 273: lock *(u64 *)(r0 +0) += r1
 274: goto 299
 275: *(u32 *)(r7 +0) = -1
 276: *(u32 *)(r7 +4) = r9
 277: call get_smp_processor_id
 278: *(u32 *)(r7 +8) = r0
 279: *(u32 *)(r7 +12) = 0
 280: *(u64 *)(r7 +16) = 0
 281: *(u64 *)(r7 +48) = 0
 282: r1 = map[ringbuf]
 284: r2 = r7
 285: r2 += 0
 286: r3 = 64
 287: r4 = 0
 288: call ringbuf_output
 289: if r0 == 0 goto 299
 290: *(u32 *)(r10 -8) = 3
 291: r1 = map[drops]
 293: r2 = r10
 294: r2 += -8
 295: call map_lookup_elem
 296: if r0 == 0 goto 299
 297: r1 = 1
 298: lock *(u64 *)(r0 +0) += r1
 299: r0 = 0
 300: exit
