; clause 0: memcached*:::command-get
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 307 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 305
   8: r7 = r0
   9: call get_current_pid_tgid
  10: r0 >>= 32
  11: r1 = r0
  12: *(u32 *)(r10 -8) = r1
  13: r1 = map[pids]
  15: r2 = r10
  16: r2 += -8
  17: call map_lookup_elem
  18: if r0 == 0 goto 305
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 305
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[strconst]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 305
  38: *(u64 *)(r10 -32) = r0
  39: *(u32 *)(r10 -8) = 0
  40: r1 = map[zero]
  42: r2 = r10
  43: r2 += -8
  44: call map_lookup_elem
  45: if r0 == 0 goto 305
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
 132: *(u64 *)(r10 -16) = 0
 133: *(u32 *)(r7 +12) = 0
 134: r0 = *(u64 *)(r7 +544)
 135: *(u64 *)(r10 -72) = r0
 136: r1 = r7
 137: r1 += 656
 138: r2 = 256
 139: r3 = *(u64 *)(r10 -48)
 140: call probe_read_kernel
 141: r0 = r7
 142: r0 += 656
 143: *(u64 *)(r10 -56) = r0
 144: r2 = 256
 145: r3 = *(u64 *)(r10 -72)
 146: *(u64 *)(r10 -8) = r2
 147: r0 = r3
 148: *(u64 *)(r10 -72) = r0
 149: r1 = *(u64 *)(r10 -56)
 150: call probe_read_user_str
 151: if r0 s>= 0 goto 176
 152: r1 = *(u64 *)(r10 -56)
 153: r2 = 1
 154: r3 = *(u64 *)(r10 -72)
 155: call copy_from_user
 156: r1 = *(u64 *)(r10 -56)
 157: r2 = *(u64 *)(r10 -8)
 158: if r2 > 256 goto 176
 159: if r2 == 0 goto 176
 160: r3 = *(u64 *)(r10 -72)
 161: call probe_read_user_str
 162: if r0 s>= 0 goto 176
 163: r1 = *(u64 *)(r10 -56)
 164: r2 = 1
 165: r3 = *(u64 *)(r10 -72)
 166: r3 |= 4095
 167: r3 += 1
 168: call copy_from_user
 169: r1 = *(u64 *)(r10 -56)
 170: r2 = *(u64 *)(r10 -8)
 171: if r2 > 256 goto 176
 172: if r2 == 0 goto 176
 173: r3 = *(u64 *)(r10 -72)
 174: call probe_read_user_str
 175: if r0 s>= 0 goto 176
 176: r1 = *(u64 *)(r10 -72)
 177: if r0 s< 0 goto 179
 178: goto 184
 179: *(u64 *)(r7 +40) = r1
 180: *(u64 *)(r7 +24) = 1
 181: *(u64 *)(r7 +32) = 1
 182: *(u64 *)(r7 +56) = 177
 183: goto 281
 184: r0 = *(u64 *)(r10 -56)
 185: r3 = r0
 186: r1 = r7
 187: r1 += 288
 188: r2 = 256
 189: call probe_read_kernel
 190: r0 = r7
 191: r0 += 288
 192: *(u64 *)(r10 -72) = r0
 193: r0 = *(u64 *)(r10 -32)
 194: r0 += 0
 195: *(u64 *)(r10 -80) = r0
 196: r1 = r7
 197: r1 += 656
 198: r2 = 256
 199: r3 = *(u64 *)(r10 -48)
 200: call probe_read_kernel
 201: r0 = r7
 202: r0 += 656
 203: *(u64 *)(r10 -88) = r0
 204: r1 = *(u64 *)(r10 -88)
 205: r2 = 256
 206: r3 = *(u64 *)(r10 -72)
 207: call probe_read_kernel_str
 208: if r0 s> 0 goto 210
 209: r0 = 1
 210: r0 -= 1
 211: if r0 <= 255 goto 213
 212: r0 = 255
 213: r1 = *(u64 *)(r10 -88)
 214: r1 += r0
 215: r2 = 256
 216: r2 -= r0
 217: r3 = *(u64 *)(r10 -80)
 218: call probe_read_kernel_str
 219: r0 = *(u64 *)(r10 -88)
 220: r1 = r7
 221: r1 += 24
 222: r3 = r0
 223: r2 = 256
 224: call probe_read_kernel
 225: r0 = r7
 226: r0 += 288
 227: *(u64 *)(r10 -72) = r0
 228: r1 = r7
 229: r1 += 5008
 230: r1 += 80
 231: r2 = 256
 232: r3 = *(u64 *)(r10 -72)
 233: call probe_read_kernel_str
 234: if r0 s> 0 goto 236
 235: r0 = 1
 236: r0 -= 1
 237: if r0 <= 255 goto 239
 238: r0 = 255
 239: *(u64 *)(r7 +280) = r0
 240: r1 = *(u64 *)(r10 -16)
 241: r1 |= 1
 242: *(u64 *)(r10 -16) = r1
 243: r1 = *(u64 *)(r10 -16)
 244: if r1 == 0 goto 305
 245: r1 = *(u64 *)(r10 -16)
 246: *(u64 *)(r7 +16) = r1
 247: *(u32 *)(r7 +0) = 0
 248: *(u32 *)(r7 +4) = r9
 249: call get_smp_processor_id
 250: *(u32 *)(r7 +8) = r0
 251: r1 = map[ringbuf]
 253: r2 = 0
 254: call ringbuf_query
 255: r4 = 1
 256: r1 = r0
 257: r1 += 296
 258: if r1 < 1048576 goto 263
 259: r0 >>= 18
 260: r1 >>= 18
 261: if r0 == r1 goto 263
 262: r4 = 2
 263: r1 = map[ringbuf]
 265: r2 = r7
 266: r2 += 0
 267: r3 = 288
 268: call ringbuf_output
 269: if r0 != 0 goto 271
 270: goto 280
 271: *(u32 *)(r10 -8) = 0
 272: r1 = map[drops]
 274: r2 = r10
 275: r2 += -8
 276: call map_lookup_elem
 277: if r0 == 0 goto 280
 278: r1 = 1
 279: lock *(u64 *)(r0 +0) += r1
 280: goto 305
 281: *(u32 *)(r7 +0) = -1
 282: *(u32 *)(r7 +4) = r9
 283: call get_smp_processor_id
 284: *(u32 *)(r7 +8) = r0
 285: *(u32 *)(r7 +12) = 0
 286: *(u64 *)(r7 +16) = 0
 287: *(u64 *)(r7 +48) = 0
 288: r1 = map[ringbuf]
 290: r2 = r7
 291: r2 += 0
 292: r3 = 64
 293: r4 = 0
 294: call ringbuf_output
 295: if r0 == 0 goto 305
 296: *(u32 *)(r10 -8) = 3
 297: r1 = map[drops]
 299: r2 = r10
 300: r2 += -8
 301: call map_lookup_elem
 302: if r0 == 0 goto 305
 303: r1 = 1
 304: lock *(u64 *)(r0 +0) += r1
 305: r0 = 0
 306: exit
