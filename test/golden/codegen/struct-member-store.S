; clause 0: pid$target::use:entry
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 459 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 457
  11: *(u32 *)(r10 -8) = 0
  12: r1 = map[scratch]
  14: r2 = r10
  15: r2 += -8
  16: call map_lookup_elem
  17: if r0 == 0 goto 457
  18: r7 = r0
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 457
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[zero]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 457
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
 123: *(u64 *)(r7 +64) = r0
 124: r0 = *(u64 *)(r7 +64)
 125: *(u64 *)(r10 -72) = r0
 126: r0 = *(u64 *)(r7 +64)
 127: *(u64 *)(r10 -80) = r0
 128: r0 = *(u64 *)(r10 -80)
 129: *(u64 *)(r7 +160) = r0
 130: r0 = r7
 131: r0 += 160
 132: r1 = map[var:pts]
 134: r2 = r7
 135: r2 += 160
 136: call map_lookup_elem
 137: if r0 != 0 goto 188
 138: *(u32 *)(r10 -8) = 0
 139: r1 = map[dynvar]
 141: r2 = r10
 142: r2 += -8
 143: call map_lookup_elem
 144: if r0 == 0 goto 178
 145: r1 = 32
 146: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 147: r1 += 32
 148: r2 = 0x100000 ll
 150: if r1 <= r2 goto 154
 151: r1 = -32
 152: lock *(u64 *)(r0 +0) += r1
 153: goto 178
 154: r1 = map[var:pts]
 156: r2 = r7
 157: r2 += 160
 158: r3 = *(u64 *)(r10 -48)
 159: r4 = 1
 160: call map_update_elem
 161: if r0 == 0 goto 172
 162: *(u32 *)(r10 -8) = 0
 163: r1 = map[dynvar]
 165: r2 = r10
 166: r2 += -8
 167: call map_lookup_elem
 168: if r0 == 0 goto 178
 169: r1 = -32
 170: lock *(u64 *)(r0 +0) += r1
 171: goto 172
 172: r1 = map[var:pts]
 174: r2 = r7
 175: r2 += 160
 176: call map_lookup_elem
 177: if r0 != 0 goto 188
 178: *(u32 *)(r10 -8) = 1
 179: r1 = map[drops]
 181: r2 = r10
 182: r2 += -8
 183: call map_lookup_elem
 184: if r0 == 0 goto 187
 185: r1 = 1
 186: lock *(u64 *)(r0 +0) += r1
 187: goto 205
 188: *(u64 *)(r10 -80) = r0
 189: r1 = *(u64 *)(r10 -80)
 190: r2 = 24
 191: r3 = *(u64 *)(r10 -72)
 192: call probe_read_user
 193: if r0 == 0 goto 205
 194: r1 = *(u64 *)(r10 -80)
 195: r2 = 24
 196: r3 = *(u64 *)(r10 -72)
 197: call copy_from_user
 198: if r0 == 0 goto 205
 199: r1 = *(u64 *)(r10 -72)
 200: *(u64 *)(r7 +40) = r1
 201: *(u64 *)(r7 +24) = 1
 202: *(u64 *)(r7 +32) = 1
 203: *(u64 *)(r7 +56) = 200
 204: goto 433
 205: r0 = *(u64 *)(r10 -72)
 206: r0 = 7
 207: *(u64 *)(r10 -72) = r0
 208: r0 = *(u64 *)(r7 +64)
 209: *(u64 *)(r10 -80) = r0
 210: r0 = *(u64 *)(r10 -80)
 211: *(u64 *)(r7 +160) = r0
 212: r0 = r7
 213: r0 += 160
 214: r1 = map[var:pts]
 216: r2 = r7
 217: r2 += 160
 218: call map_lookup_elem
 219: if r0 != 0 goto 270
 220: *(u32 *)(r10 -8) = 0
 221: r1 = map[dynvar]
 223: r2 = r10
 224: r2 += -8
 225: call map_lookup_elem
 226: if r0 == 0 goto 260
 227: r1 = 32
 228: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 229: r1 += 32
 230: r2 = 0x100000 ll
 232: if r1 <= r2 goto 236
 233: r1 = -32
 234: lock *(u64 *)(r0 +0) += r1
 235: goto 260
 236: r1 = map[var:pts]
 238: r2 = r7
 239: r2 += 160
 240: r3 = *(u64 *)(r10 -48)
 241: r4 = 1
 242: call map_update_elem
 243: if r0 == 0 goto 254
 244: *(u32 *)(r10 -8) = 0
 245: r1 = map[dynvar]
 247: r2 = r10
 248: r2 += -8
 249: call map_lookup_elem
 250: if r0 == 0 goto 260
 251: r1 = -32
 252: lock *(u64 *)(r0 +0) += r1
 253: goto 254
 254: r1 = map[var:pts]
 256: r2 = r7
 257: r2 += 160
 258: call map_lookup_elem
 259: if r0 != 0 goto 270
 260: *(u32 *)(r10 -8) = 1
 261: r1 = map[drops]
 263: r2 = r10
 264: r2 += -8
 265: call map_lookup_elem
 266: if r0 == 0 goto 269
 267: r1 = 1
 268: lock *(u64 *)(r0 +0) += r1
 269: goto 273
 270: r0 += 8
 271: r1 = *(u64 *)(r10 -72)
 272: *(u32 *)(r0 +0) = r1
 273: r0 = *(u64 *)(r7 +64)
 274: *(u64 *)(r10 -72) = r0
 275: r0 = *(u64 *)(r10 -72)
 276: *(u64 *)(r7 +160) = r0
 277: r0 = r7
 278: r0 += 160
 279: r2 = r0
 280: r1 = map[var:pts]
 282: call map_lookup_elem
 283: if r0 != 0 goto 286
 284: r0 = *(u64 *)(r10 -48)
 285: goto 286
 286: *(u64 *)(r10 -72) = r0
 287: call get_current_pid_tgid
 288: w0 = w0
 289: *(u64 *)(r7 +160) = r0
 290: r0 = r7
 291: r0 += 160
 292: r1 = *(u64 *)(r10 -72)
 293: *(u64 *)(r10 -56) = r1
 294: r1 = map[var:self->p]
 296: r2 = r7
 297: r2 += 160
 298: call map_lookup_elem
 299: if r0 != 0 goto 334
 300: *(u32 *)(r10 -8) = 0
 301: r1 = map[dynvar]
 303: r2 = r10
 304: r2 += -8
 305: call map_lookup_elem
 306: if r0 == 0 goto 343
 307: r1 = 32
 308: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 309: r1 += 32
 310: r2 = 0x100000 ll
 312: if r1 <= r2 goto 316
 313: r1 = -32
 314: lock *(u64 *)(r0 +0) += r1
 315: goto 343
 316: r1 = map[var:self->p]
 318: r2 = r7
 319: r2 += 160
 320: r3 = *(u64 *)(r10 -56)
 321: r4 = 1
 322: call map_update_elem
 323: if r0 == 0 goto 352
 324: *(u32 *)(r10 -8) = 0
 325: r1 = map[dynvar]
 327: r2 = r10
 328: r2 += -8
 329: call map_lookup_elem
 330: if r0 == 0 goto 343
 331: r1 = -32
 332: lock *(u64 *)(r0 +0) += r1
 333: goto 343
 334: r1 = r0
 335: r3 = *(u64 *)(r10 -56)
 336: r0 = *(u64 *)(r3 +0)
 337: *(u64 *)(r1 +0) = r0
 338: r0 = *(u64 *)(r3 +8)
 339: *(u64 *)(r1 +8) = r0
 340: r0 = *(u64 *)(r3 +16)
 341: *(u64 *)(r1 +16) = r0
 342: goto 352
 343: *(u32 *)(r10 -8) = 1
 344: r1 = map[drops]
 346: r2 = r10
 347: r2 += -8
 348: call map_lookup_elem
 349: if r0 == 0 goto 352
 350: r1 = 1
 351: lock *(u64 *)(r0 +0) += r1
 352: call get_current_pid_tgid
 353: w0 = w0
 354: *(u64 *)(r7 +160) = r0
 355: r0 = r7
 356: r0 += 160
 357: r2 = r0
 358: r1 = map[var:self->p]
 360: call map_lookup_elem
 361: if r0 != 0 goto 364
 362: r0 = *(u64 *)(r10 -48)
 363: goto 364
 364: r0 = *(u32 *)(r0 +0)
 365: r0 <<= 32
 366: r0 s>>= 32
 367: r0 += 1
 368: *(u64 *)(r10 -72) = r0
 369: call get_current_pid_tgid
 370: w0 = w0
 371: *(u64 *)(r7 +160) = r0
 372: r0 = r7
 373: r0 += 160
 374: r1 = map[var:self->p]
 376: r2 = r7
 377: r2 += 160
 378: call map_lookup_elem
 379: if r0 != 0 goto 430
 380: *(u32 *)(r10 -8) = 0
 381: r1 = map[dynvar]
 383: r2 = r10
 384: r2 += -8
 385: call map_lookup_elem
 386: if r0 == 0 goto 420
 387: r1 = 32
 388: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 389: r1 += 32
 390: r2 = 0x100000 ll
 392: if r1 <= r2 goto 396
 393: r1 = -32
 394: lock *(u64 *)(r0 +0) += r1
 395: goto 420
 396: r1 = map[var:self->p]
 398: r2 = r7
 399: r2 += 160
 400: r3 = *(u64 *)(r10 -48)
 401: r4 = 1
 402: call map_update_elem
 403: if r0 == 0 goto 414
 404: *(u32 *)(r10 -8) = 0
 405: r1 = map[dynvar]
 407: r2 = r10
 408: r2 += -8
 409: call map_lookup_elem
 410: if r0 == 0 goto 420
 411: r1 = -32
 412: lock *(u64 *)(r0 +0) += r1
 413: goto 414
 414: r1 = map[var:self->p]
 416: r2 = r7
 417: r2 += 160
 418: call map_lookup_elem
 419: if r0 != 0 goto 430
 420: *(u32 *)(r10 -8) = 1
 421: r1 = map[drops]
 423: r2 = r10
 424: r2 += -8
 425: call map_lookup_elem
 426: if r0 == 0 goto 429
 427: r1 = 1
 428: lock *(u64 *)(r0 +0) += r1
 429: goto 432
 430: r1 = *(u64 *)(r10 -72)
 431: *(u32 *)(r0 +0) = r1
 432: goto 457
 433: *(u32 *)(r7 +0) = -1
 434: *(u32 *)(r7 +4) = r9
 435: call get_smp_processor_id
 436: *(u32 *)(r7 +8) = r0
 437: *(u32 *)(r7 +12) = 0
 438: *(u64 *)(r7 +16) = 0
 439: *(u64 *)(r7 +48) = 0
 440: r1 = map[ringbuf]
 442: r2 = r7
 443: r2 += 0
 444: r3 = 64
 445: r4 = 0
 446: call ringbuf_output
 447: if r0 == 0 goto 457
 448: *(u32 *)(r10 -8) = 3
 449: r1 = map[drops]
 451: r2 = r10
 452: r2 += -8
 453: call map_lookup_elem
 454: if r0 == 0 goto 457
 455: r1 = 1
 456: lock *(u64 *)(r0 +0) += r1
 457: r0 = 0
 458: exit
