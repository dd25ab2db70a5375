; clause 0: pid$target::use:entry
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 400 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 398
   8: r7 = r0
   9: call get_current_pid_tgid
  10: r0 >>= 32
  11: r1 = r0
  12: *(u32 *)(r10 -8) = r1
  13: r1 = map[pids]
  15: r2 = r10
  16: r2 += -8
  17: call map_lookup_elem
  18: if r0 == 0 goto 398
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 398
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[zero]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 398
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
 128: r1 = r7
 129: r1 += 176
 130: r2 = 256
 131: r3 = *(u64 *)(r10 -48)
 132: call probe_read_kernel
 133: r0 = r7
 134: r0 += 176
 135: *(u64 *)(r10 -80) = r0
 136: r1 = *(u64 *)(r10 -80)
 137: r2 = 8
 138: r3 = *(u64 *)(r10 -72)
 139: call probe_read_user
 140: if r0 == 0 goto 152
 141: r1 = *(u64 *)(r10 -80)
 142: r2 = 8
 143: r3 = *(u64 *)(r10 -72)
 144: call copy_from_user
 145: if r0 == 0 goto 152
 146: r1 = *(u64 *)(r10 -72)
 147: *(u64 *)(r7 +40) = r1
 148: *(u64 *)(r7 +24) = 1
 149: *(u64 *)(r7 +32) = 1
 150: *(u64 *)(r7 +56) = 147
 151: goto 374
 152: r0 = *(u64 *)(r10 -80)
 153: *(u64 *)(r10 -72) = r0
 154: r0 = *(u64 *)(r7 +64)
 155: *(u64 *)(r10 -80) = r0
 156: r0 = *(u64 *)(r10 -80)
 157: *(u64 *)(r7 +160) = r0
 158: r0 = r7
 159: r0 += 160
 160: r1 = *(u64 *)(r10 -72)
 161: *(u64 *)(r10 -56) = r1
 162: r1 = map[var:pts]
 164: r2 = r7
 165: r2 += 160
 166: call map_lookup_elem
 167: if r0 != 0 goto 202
 168: *(u32 *)(r10 -8) = 0
 169: r1 = map[dynvar]
 171: r2 = r10
 172: r2 += -8
 173: call map_lookup_elem
 174: if r0 == 0 goto 207
 175: r1 = 80
 176: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 177: r1 += 80
 178: r2 = 0x100000 ll
 180: if r1 <= r2 goto 184
 181: r1 = -80
 182: lock *(u64 *)(r0 +0) += r1
 183: goto 207
 184: r1 = map[var:pts]
 186: r2 = r7
 187: r2 += 160
 188: r3 = *(u64 *)(r10 -56)
 189: r4 = 1
 190: call map_update_elem
 191: if r0 == 0 goto 216
 192: *(u32 *)(r10 -8) = 0
 193: r1 = map[dynvar]
 195: r2 = r10
 196: r2 += -8
 197: call map_lookup_elem
 198: if r0 == 0 goto 207
 199: r1 = -80
 200: lock *(u64 *)(r0 +0) += r1
 201: goto 207
 202: r1 = r0
 203: r3 = *(u64 *)(r10 -56)
 204: r0 = *(u64 *)(r3 +0)
 205: *(u64 *)(r1 +0) = r0
 206: goto 216
 207: *(u32 *)(r10 -8) = 1
 208: r1 = map[drops]
 210: r2 = r10
 211: r2 += -8
 212: call map_lookup_elem
 213: if r0 == 0 goto 216
 214: r1 = 1
 215: lock *(u64 *)(r0 +0) += r1
 216: r0 = *(u64 *)(r7 +64)
 217: *(u64 *)(r10 -72) = r0
 218: r0 = *(u64 *)(r10 -72)
 219: *(u64 *)(r7 +160) = r0
 220: r0 = r7
 221: r0 += 160
 222: r2 = r0
 223: r1 = map[var:pts]
 225: call map_lookup_elem
 226: if r0 != 0 goto 229
 227: r0 = *(u64 *)(r10 -48)
 228: goto 229
 229: *(u64 *)(r10 -72) = r0
 230: call get_current_pid_tgid
 231: w0 = w0
 232: *(u64 *)(r7 +160) = r0
 233: r0 = r7
 234: r0 += 160
 235: r1 = *(u64 *)(r10 -72)
 236: *(u64 *)(r10 -56) = r1
 237: r1 = map[var:self->last]
 239: r2 = r7
 240: r2 += 160
 241: call map_lookup_elem
 242: if r0 != 0 goto 277
 243: *(u32 *)(r10 -8) = 0
 244: r1 = map[dynvar]
 246: r2 = r10
 247: r2 += -8
 248: call map_lookup_elem
 249: if r0 == 0 goto 282
 250: r1 = 80
 251: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 252: r1 += 80
 253: r2 = 0x100000 ll
 255: if r1 <= r2 goto 259
 256: r1 = -80
 257: lock *(u64 *)(r0 +0) += r1
 258: goto 282
 259: r1 = map[var:self->last]
 261: r2 = r7
 262: r2 += 160
 263: r3 = *(u64 *)(r10 -56)
 264: r4 = 1
 265: call map_update_elem
 266: if r0 == 0 goto 291
 267: *(u32 *)(r10 -8) = 0
 268: r1 = map[dynvar]
 270: r2 = r10
 271: r2 += -8
 272: call map_lookup_elem
 273: if r0 == 0 goto 282
 274: r1 = -80
 275: lock *(u64 *)(r0 +0) += r1
 276: goto 282
 277: r1 = r0
 278: r3 = *(u64 *)(r10 -56)
 279: r0 = *(u64 *)(r3 +0)
 280: *(u64 *)(r1 +0) = r0
 281: goto 291
 282: *(u32 *)(r10 -8) = 1
 283: r1 = map[drops]
 285: r2 = r10
 286: r2 += -8
 287: call map_lookup_elem
 288: if r0 == 0 goto 291
 289: r1 = 1
 290: lock *(u64 *)(r0 +0) += r1
 291: call get_current_pid_tgid
 292: w0 = w0
 293: *(u64 *)(r7 +160) = r0
 294: r0 = r7
 295: r0 += 160
 296: r2 = r0
 297: r1 = map[var:self->last]
 299: call map_lookup_elem
 300: if r0 != 0 goto 303
 301: r0 = *(u64 *)(r10 -48)
 302: goto 303
 303: r0 += 4
 304: r0 = *(u32 *)(r0 +0)
 305: r0 <<= 32
 306: r0 s>>= 32
 307: r0 <<= 32
 308: r0 s>>= 32
 309: *(u64 *)(r7 +24) = r0
 310: r1 = *(u64 *)(r10 -16)
 311: r1 |= 1
 312: *(u64 *)(r10 -16) = r1
 313: r0 = *(u64 *)(r7 +64)
 314: *(u64 *)(r10 -72) = r0
 315: r0 = *(u64 *)(r10 -72)
 316: *(u64 *)(r7 +160) = r0
 317: r0 = r7
 318: r0 += 160
 319: r1 = map[var:pts]
 321: r2 = r7
 322: r2 += 160
 323: call map_delete_elem
 324: if r0 != 0 goto 335
 325: *(u32 *)(r10 -8) = 0
 326: r1 = map[dynvar]
 328: r2 = r10
 329: r2 += -8
 330: call map_lookup_elem
 331: if r0 == 0 goto 335
 332: r1 = -80
 333: lock *(u64 *)(r0 +0) += r1
 334: goto 335
 335: r0 = 0
 336: r1 = *(u64 *)(r10 -16)
 337: if r1 == 0 goto 398
 338: r1 = *(u64 *)(r10 -16)
 339: *(u64 *)(r7 +16) = r1
 340: *(u32 *)(r7 +0) = 0
 341: *(u32 *)(r7 +4) = r9
 342: call get_smp_processor_id
 343: *(u32 *)(r7 +8) = r0
 344: r1 = map[ringbuf]
 346: r2 = 0
 347: call ringbuf_query
 348: r4 = 1
 349: r1 = r0
 350: r1 += 40
 351: if r1 < 1048576 goto 356
 352: r0 >>= 18
 353: r1 >>= 18
 354: if r0 == r1 goto 356
 355: r4 = 2
 356: r1 = map[ringbuf]
 358: r2 = r7
 359: r2 += 0
 360: r3 = 32
 361: call ringbuf_output
 362: if r0 != 0 goto 364
 363: goto 373
 364: *(u32 *)(r10 -8) = 0
 365: r1 = map[drops]
 367: r2 = r10
 368: r2 += -8
 369: call map_lookup_elem
 370: if r0 == 0 goto 373
 371: r1 = 1
 372: lock *(u64 *)(r0 +0) += r1
 373: goto 398
 374: *(u32 *)(r7 +0) = -1
 375: *(u32 *)(r7 +4) = r9
 376: call get_smp_processor_id
 377: *(u32 *)(r7 +8) = r0
 378: *(u32 *)(r7 +12) = 0
 379: *(u64 *)(r7 +16) = 0
 380: *(u64 *)(r7 +48) = 0
 381: r1 = map[ringbuf]
 383: r2 = r7
 384: r2 += 0
 385: r3 = 64
 386: r4 = 0
 387: call ringbuf_output
 388: if r0 == 0 goto 398
 389: *(u32 *)(r10 -8) = 3
 390: r1 = map[drops]
 392: r2 = r10
 393: r2 += -8
 394: call map_lookup_elem
 395: if r0 == 0 goto 398
 396: r1 = 1
 397: lock *(u64 *)(r0 +0) += r1
 398: r0 = 0
 399: exit
