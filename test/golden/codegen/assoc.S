; clause 0: syscall::open:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 355 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 353
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 353
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 353
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[strconst]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 353
  33: *(u64 *)(r10 -32) = r0
  34: r0 = 0
  35: r1 = *(u8 *)(r8 +32)
  36: if r1 == 0 goto 108
  37: if r1 == 3 goto 51
  38: if r1 == 2 goto 41
  39: r0 = *(u64 *)(r8 +48)
  40: goto 95
  41: r3 = *(u16 *)(r8 +36)
  42: r3 &= 504
  43: *(u64 *)(r10 -8) = 0
  44: r1 = r10
  45: r1 += -8
  46: r2 = 8
  47: r3 += r6
  48: call probe_read_kernel
  49: r0 = *(u64 *)(r10 -8)
  50: goto 95
  51: r0 = 0
  52: *(u64 *)(r10 -56) = r0
  53: r1 = *(u8 *)(r8 +35)
  54: r1 &= 1
  55: if r1 == 0 goto 66
  56: r3 = *(u16 *)(r8 +36)
  57: r3 &= 504
  58: *(u64 *)(r10 -8) = 0
  59: r1 = r10
  60: r1 += -8
  61: r2 = 8
  62: r3 += r6
  63: call probe_read_kernel
  64: r0 = *(u64 *)(r10 -8)
  65: *(u64 *)(r10 -56) = r0
  66: r1 = *(u8 *)(r8 +35)
  67: r1 &= 2
  68: if r1 == 0 goto 84
  69: r3 = *(u16 *)(r8 +38)
  70: r3 &= 504
  71: *(u64 *)(r10 -8) = 0
  72: r1 = r10
  73: r1 += -8
  74: r2 = 8
  75: r3 += r6
  76: call probe_read_kernel
  77: r0 = *(u64 *)(r10 -8)
  78: r1 = *(u8 *)(r8 +40)
  79: r1 &= 3
  80: r0 <<= r1
  81: r1 = *(u64 *)(r10 -56)
  82: r1 += r0
  83: *(u64 *)(r10 -56) = r1
  84: r3 = *(u64 *)(r10 -56)
  85: r1 = *(u64 *)(r8 +48)
  86: r3 += r1
  87: *(u64 *)(r10 -8) = 0
  88: r1 = r10
  89: r1 += -8
  90: r2 = *(u8 *)(r8 +33)
  91: if r2 == 0 goto 108
  92: if r2 > 8 goto 108
  93: call probe_read_user
  94: r0 = *(u64 *)(r10 -8)
  95: r2 = *(u8 *)(r8 +33)
  96: r2 &= 15
  97: r2 <<= 3
  98: r3 = 64
  99: r3 -= r2
 100: r3 &= 63
 101: r0 <<= r3
 102: r1 = *(u8 *)(r8 +34)
 103: if r1 != 0 goto 106
 104: r0 >>= r3
 105: goto 109
 106: r0 s>>= r3
 107: goto 109
 108: r0 = 0
 109: *(u64 *)(r7 +72) = r0
 110: *(u32 *)(r7 +12) = 0
 111: r0 = *(u64 *)(r7 +72)
 112: *(u64 *)(r10 -72) = r0
 113: call get_current_pid_tgid
 114: r0 >>= 32
 115: *(u64 *)(r10 -80) = r0
 116: r0 = *(u64 *)(r10 -32)
 117: r0 += 0
 118: *(u64 *)(r10 -88) = r0
 119: r0 = *(u64 *)(r10 -80)
 120: *(u64 *)(r7 +160) = r0
 121: r0 = *(u64 *)(r10 -88)
 122: r1 = r7
 123: r1 += 168
 124: r3 = r0
 125: r2 = 256
 126: call probe_read_kernel
 127: r0 = r7
 128: r0 += 160
 129: r1 = *(u64 *)(r10 -72)
 130: *(u64 *)(r10 -56) = r1
 131: r3 = *(u64 *)(r10 -56)
 132: if r3 != 0 goto 149
 133: r1 = map[var:names]
 135: r2 = r7
 136: r2 += 160
 137: call map_delete_elem
 138: if r0 != 0 goto 202
 139: *(u32 *)(r10 -8) = 0
 140: r1 = map[dynvar]
 142: r2 = r10
 143: r2 += -8
 144: call map_lookup_elem
 145: if r0 == 0 goto 202
 146: r1 = -272
 147: lock *(u64 *)(r0 +0) += r1
 148: goto 202
 149: r1 = map[var:names]
 151: r2 = r7
 152: r2 += 160
 153: call map_lookup_elem
 154: if r0 != 0 goto 190
 155: *(u32 *)(r10 -8) = 0
 156: r1 = map[dynvar]
 158: r2 = r10
 159: r2 += -8
 160: call map_lookup_elem
 161: if r0 == 0 goto 193
 162: r1 = 272
 163: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 164: r1 += 272
 165: r2 = 0x100000 ll
 167: if r1 <= r2 goto 171
 168: r1 = -272
 169: lock *(u64 *)(r0 +0) += r1
 170: goto 193
 171: r1 = map[var:names]
 173: r2 = r7
 174: r2 += 160
 175: r3 = r10
 176: r3 += -56
 177: r4 = 1
 178: call map_update_elem
 179: if r0 == 0 goto 202
 180: *(u32 *)(r10 -8) = 0
 181: r1 = map[dynvar]
 183: r2 = r10
 184: r2 += -8
 185: call map_lookup_elem
 186: if r0 == 0 goto 193
 187: r1 = -272
 188: lock *(u64 *)(r0 +0) += r1
 189: goto 193
 190: r1 = *(u64 *)(r10 -56)
 191: *(u64 *)(r0 +0) = r1
 192: goto 202
 193: *(u32 *)(r10 -8) = 1
 194: r1 = map[drops]
 196: r2 = r10
 197: r2 += -8
 198: call map_lookup_elem
 199: if r0 == 0 goto 202
 200: r1 = 1
 201: lock *(u64 *)(r0 +0) += r1
 202: call get_current_pid_tgid
 203: r0 >>= 32
 204: *(u64 *)(r10 -72) = r0
 205: r0 = *(u64 *)(r10 -32)
 206: r0 += 0
 207: *(u64 *)(r10 -80) = r0
 208: r0 = *(u64 *)(r10 -72)
 209: *(u64 *)(r7 +160) = r0
 210: r0 = *(u64 *)(r10 -80)
 211: r1 = r7
 212: r1 += 168
 213: r3 = r0
 214: r2 = 256
 215: call probe_read_kernel
 216: r0 = r7
 217: r0 += 160
 218: r2 = r0
 219: r1 = map[var:names]
 221: call map_lookup_elem
 222: if r0 != 0 goto 225
 223: r0 = 0
 224: goto 226
 225: r0 = *(u64 *)(r0 +0)
 226: *(u64 *)(r7 +24) = r0
 227: r0 = 0
 228: *(u64 *)(r10 -72) = r0
 229: call get_current_pid_tgid
 230: r0 >>= 32
 231: *(u64 *)(r10 -80) = r0
 232: r0 = *(u64 *)(r10 -32)
 233: r0 += 0
 234: *(u64 *)(r10 -88) = r0
 235: r0 = *(u64 *)(r10 -80)
 236: *(u64 *)(r7 +160) = r0
 237: r0 = *(u64 *)(r10 -88)
 238: r1 = r7
 239: r1 += 168
 240: r3 = r0
 241: r2 = 256
 242: call probe_read_kernel
 243: r0 = r7
 244: r0 += 160
 245: r1 = *(u64 *)(r10 -72)
 246: *(u64 *)(r10 -56) = r1
 247: r3 = *(u64 *)(r10 -56)
 248: if r3 != 0 goto 265
 249: r1 = map[var:names]
 251: r2 = r7
 252: r2 += 160
 253: call map_delete_elem
 254: if r0 != 0 goto 318
 255: *(u32 *)(r10 -8) = 0
 256: r1 = map[dynvar]
 258: r2 = r10
 259: r2 += -8
 260: call map_lookup_elem
 261: if r0 == 0 goto 318
 262: r1 = -272
 263: lock *(u64 *)(r0 +0) += r1
 264: goto 318
 265: r1 = map[var:names]
 267: r2 = r7
 268: r2 += 160
 269: call map_lookup_elem
 270: if r0 != 0 goto 306
 271: *(u32 *)(r10 -8) = 0
 272: r1 = map[dynvar]
 274: r2 = r10
 275: r2 += -8
 276: call map_lookup_elem
 277: if r0 == 0 goto 309
 278: r1 = 272
 279: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 280: r1 += 272
 281: r2 = 0x100000 ll
 283: if r1 <= r2 goto 287
 284: r1 = -272
 285: lock *(u64 *)(r0 +0) += r1
 286: goto 309
 287: r1 = map[var:names]
 289: r2 = r7
 290: r2 += 160
 291: r3 = r10
 292: r3 += -56
 293: r4 = 1
 294: call map_update_elem
 295: if r0 == 0 goto 318
 296: *(u32 *)(r10 -8) = 0
 297: r1 = map[dynvar]
 299: r2 = r10
 300: r2 += -8
 301: call map_lookup_elem
 302: if r0 == 0 goto 309
 303: r1 = -272
 304: lock *(u64 *)(r0 +0) += r1
 305: goto 309
 306: r1 = *(u64 *)(r10 -56)
 307: *(u64 *)(r0 +0) = r1
 308: goto 318
 309: *(u32 *)(r10 -8) = 1
 310: r1 = map[drops]
 312: r2 = r10
 313: r2 += -8
 314: call map_lookup_elem
 315: if r0 == 0 goto 318
 316: r1 = 1
 317: lock *(u64 *)(r0 +0) += r1
 318: r1 = 1
 319: *(u64 *)(r7 +16) = r1
 320: *(u32 *)(r7 +0) = 0
 321: *(u32 *)(r7 +4) = r9
 322: call get_smp_processor_id
 323: *(u32 *)(r7 +8) = r0
 324: r1 = map[ringbuf]
 326: r2 = 0
 327: call ringbuf_query
 328: r4 = 1
 329: r1 = r0
 330: r1 += 40
 331: if r1 < 1048576 goto 336
 332: r0 >>= 18
 333: r1 >>= 18
 334: if r0 == r1 goto 336
 335: r4 = 2
 336: r1 = map[ringbuf]
 338: r2 = r7
 339: r2 += 0
 340: r3 = 32
 341: call ringbuf_output
 342: if r0 != 0 goto 344
 343: goto 353
 344: *(u32 *)(r10 -8) = 0
 345: r1 = map[drops]
 347: r2 = r10
 348: r2 += -8
 349: call map_lookup_elem
 350: if r0 == 0 goto 353
 351: r1 = 1
 352: lock *(u64 *)(r0 +0) += r1
 353: r0 = 0
 354: exit
