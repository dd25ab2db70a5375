; clause 0: pid$target::use:entry
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 392 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 390
   8: r7 = r0
   9: call get_current_pid_tgid
  10: r0 >>= 32
  11: r1 = r0
  12: *(u32 *)(r10 -8) = r1
  13: r1 = map[pids]
  15: r2 = r10
  16: r2 += -8
  17: call map_lookup_elem
  18: if r0 == 0 goto 390
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 390
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[zero]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 390
  38: *(u64 *)(r10 -48) = r0
  39: r0 = 0
  40: r1 = *(u8 *)(r8 +8)
  41: if r1 == 0 goto 122
  42: if r1 == 3 goto 56
  43: if r1 == 2 goto 46
  44: r0 = *(u64 *)(r8 +24)
  45: goto 109
  46: r3 = *(u16 *)(r8 +12)
  47: r3 &= 248
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
  62: r3 &= 248
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
  75: r3 &= 248
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
 123: *(u64 *)(r7 +64) = r0
 124: *(u64 *)(r10 -16) = 0
 125: *(u32 *)(r7 +12) = 0
 126: r0 = *(u64 *)(r7 +64)
 127: *(u64 *)(r10 -72) = r0
 128: r0 = *(u64 *)(r7 +64)
 129: *(u64 *)(r10 -80) = r0
 130: r0 = *(u64 *)(r10 -80)
 131: *(u64 *)(r7 +160) = r0
 132: r0 = r7
 133: r0 += 160
 134: r1 = map[var:pts]
 136: r2 = r7
 137: r2 += 160
 138: call map_lookup_elem
 139: if r0 != 0 goto 190
 140: *(u32 *)(r10 -8) = 0
 141: r1 = map[dynvar]
 143: r2 = r10
 144: r2 += -8
 145: call map_lookup_elem
 146: if r0 == 0 goto 180
 147: r1 = 80
 148: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 149: r1 += 80
 150: r2 = 0x100000 ll
 152: if r1 <= r2 goto 156
 153: r1 = -80
 154: lock *(u64 *)(r0 +0) += r1
 155: goto 180
 156: r1 = map[var:pts]
 158: r2 = r7
 159: r2 += 160
 160: r3 = *(u64 *)(r10 -48)
 161: r4 = 1
 162: call map_update_elem
 163: if r0 == 0 goto 174
 164: *(u32 *)(r10 -8) = 0
 165: r1 = map[dynvar]
 167: r2 = r10
 168: r2 += -8
 169: call map_lookup_elem
 170: if r0 == 0 goto 180
 171: r1 = -80
 172: lock *(u64 *)(r0 +0) += r1
 173: goto 174
 174: r1 = map[var:pts]
 176: r2 = r7
 177: r2 += 160
 178: call map_lookup_elem
 179: if r0 != 0 goto 190
 180: *(u32 *)(r10 -8) = 1
 181: r1 = map[drops]
 183: r2 = r10
 184: r2 += -8
 185: call map_lookup_elem
 186: if r0 == 0 goto 189
 187: r1 = 1
 188: lock *(u64 *)(r0 +0) += r1
 189: goto 207
 190: *(u64 *)(r10 -80) = r0
 191: r1 = *(u64 *)(r10 -80)
 192: r2 = 8
 193: r3 = *(u64 *)(r10 -72)
 194: call probe_read_user
 195: if r0 == 0 goto 207
 196: r1 = *(u64 *)(r10 -80)
 197: r2 = 8
 198: r3 = *(u64 *)(r10 -72)
 199: call copy_from_user
 200: if r0 == 0 goto 207
 201: r1 = *(u64 *)(r10 -72)
 202: *(u64 *)(r7 +40) = r1
 203: *(u64 *)(r7 +24) = 1
 204: *(u64 *)(r7 +32) = 1
 205: *(u64 *)(r7 +56) = 202
 206: goto 366
 207: r0 = *(u64 *)(r10 -72)
 208: r0 = *(u64 *)(r7 +64)
 209: *(u64 *)(r10 -72) = r0
 210: r0 = *(u64 *)(r10 -72)
 211: *(u64 *)(r7 +160) = r0
 212: r0 = r7
 213: r0 += 160
 214: r2 = r0
 215: r1 = map[var:pts]
 217: call map_lookup_elem
 218: if r0 != 0 goto 221
 219: r0 = *(u64 *)(r10 -48)
 220: goto 221
 221: *(u64 *)(r10 -72) = r0
 222: call get_current_pid_tgid
 223: w0 = w0
 224: *(u64 *)(r7 +160) = r0
 225: r0 = r7
 226: r0 += 160
 227: r1 = *(u64 *)(r10 -72)
 228: *(u64 *)(r10 -56) = r1
 229: r1 = map[var:self->last]
 231: r2 = r7
 232: r2 += 160
 233: call map_lookup_elem
 234: if r0 != 0 goto 269
 235: *(u32 *)(r10 -8) = 0
 236: r1 = map[dynvar]
 238: r2 = r10
 239: r2 += -8
 240: call map_lookup_elem
 241: if r0 == 0 goto 274
 242: r1 = 80
 243: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 244: r1 += 80
 245: r2 = 0x100000 ll
 247: if r1 <= r2 goto 251
 248: r1 = -80
 249: lock *(u64 *)(r0 +0) += r1
 250: goto 274
 251: r1 = map[var:self->last]
 253: r2 = r7
 254: r2 += 160
 255: r3 = *(u64 *)(r10 -56)
 256: r4 = 1
 257: call map_update_elem
 258: if r0 == 0 goto 283
 259: *(u32 *)(r10 -8) = 0
 260: r1 = map[dynvar]
 262: r2 = r10
 263: r2 += -8
 264: call map_lookup_elem
 265: if r0 == 0 goto 274
 266: r1 = -80
 267: lock *(u64 *)(r0 +0) += r1
 268: goto 274
 269: r1 = r0
 270: r3 = *(u64 *)(r10 -56)
 271: r0 = *(u64 *)(r3 +0)
 272: *(u64 *)(r1 +0) = r0
 273: goto 283
 274: *(u32 *)(r10 -8) = 1
 275: r1 = map[drops]
 277: r2 = r10
 278: r2 += -8
 279: call map_lookup_elem
 280: if r0 == 0 goto 283
 281: r1 = 1
 282: lock *(u64 *)(r0 +0) += r1
 283: call get_current_pid_tgid
 284: w0 = w0
 285: *(u64 *)(r7 +160) = r0
 286: r0 = r7
 287: r0 += 160
 288: r2 = r0
 289: r1 = map[var:self->last]
 291: call map_lookup_elem
 292: if r0 != 0 goto 295
 293: r0 = *(u64 *)(r10 -48)
 294: goto 295
 295: r0 += 4
 296: r0 = *(u32 *)(r0 +0)
 297: r0 <<= 32
 298: r0 s>>= 32
 299: r0 <<= 32
 300: r0 s>>= 32
 301: *(u64 *)(r7 +24) = r0
 302: r1 = *(u64 *)(r10 -16)
 303: r1 |= 1
 304: *(u64 *)(r10 -16) = r1
 305: r0 = *(u64 *)(r7 +64)
 306: *(u64 *)(r10 -72) = r0
 307: r0 = *(u64 *)(r10 -72)
 308: *(u64 *)(r7 +160) = r0
 309: r0 = r7
 310: r0 += 160
 311: r1 = map[var:pts]
 313: r2 = r7
 314: r2 += 160
 315: call map_delete_elem
 316: if r0 != 0 goto 327
 317: *(u32 *)(r10 -8) = 0
 318: r1 = map[dynvar]
 320: r2 = r10
 321: r2 += -8
 322: call map_lookup_elem
 323: if r0 == 0 goto 327
 324: r1 = -80
 325: lock *(u64 *)(r0 +0) += r1
 326: goto 327
 327: r0 = 0
 328: r1 = *(u64 *)(r10 -16)
 329: if r1 == 0 goto 390
 330: r1 = *(u64 *)(r10 -16)
 331: *(u64 *)(r7 +16) = r1
 332: *(u32 *)(r7 +0) = 0
 333: *(u32 *)(r7 +4) = r9
 334: call get_smp_processor_id
 335: *(u32 *)(r7 +8) = r0
 336: r1 = map[ringbuf]
 338: r2 = 0
 339: call ringbuf_query
 340: r4 = 1
 341: r1 = r0
 342: r1 += 40
 343: if r1 < 1048576 goto 348
 344: r0 >>= 18
 345: r1 >>= 18
 346: if r0 == r1 goto 348
 347: r4 = 2
 348: r1 = map[ringbuf]
 350: r2 = r7
 351: r2 += 0
 352: r3 = 32
 353: call ringbuf_output
 354: if r0 != 0 goto 356
 355: goto 365
 356: *(u32 *)(r10 -8) = 0
 357: r1 = map[drops]
 359: r2 = r10
 360: r2 += -8
 361: call map_lookup_elem
 362: if r0 == 0 goto 365
 363: r1 = 1
 364: lock *(u64 *)(r0 +0) += r1
 365: goto 390
 366: *(u32 *)(r7 +0) = -1
 367: *(u32 *)(r7 +4) = r9
 368: call get_smp_processor_id
 369: *(u32 *)(r7 +8) = r0
 370: *(u32 *)(r7 +12) = 0
 371: *(u64 *)(r7 +16) = 0
 372: *(u64 *)(r7 +48) = 0
 373: r1 = map[ringbuf]
 375: r2 = r7
 376: r2 += 0
 377: r3 = 64
 378: r4 = 0
 379: call ringbuf_output
 380: if r0 == 0 goto 390
 381: *(u32 *)(r10 -8) = 3
 382: r1 = map[drops]
 384: r2 = r10
 385: r2 += -8
 386: call map_lookup_elem
 387: if r0 == 0 goto 390
 388: r1 = 1
 389: lock *(u64 *)(r0 +0) += r1
 390: r0 = 0
 391: exit
