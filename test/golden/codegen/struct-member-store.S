; clause 0: pid$target::use:entry
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 460 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 458
   8: r7 = r0
   9: call get_current_pid_tgid
  10: r0 >>= 32
  11: r1 = r0
  12: *(u32 *)(r10 -8) = r1
  13: r1 = map[pids]
  15: r2 = r10
  16: r2 += -8
  17: call map_lookup_elem
  18: if r0 == 0 goto 458
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 458
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[zero]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 458
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
 125: r0 = *(u64 *)(r7 +64)
 126: *(u64 *)(r10 -72) = r0
 127: r0 = *(u64 *)(r7 +64)
 128: *(u64 *)(r10 -80) = r0
 129: r0 = *(u64 *)(r10 -80)
 130: *(u64 *)(r7 +160) = r0
 131: r0 = r7
 132: r0 += 160
 133: r1 = map[var:pts]
 135: r2 = r7
 136: r2 += 160
 137: call map_lookup_elem
 138: if r0 != 0 goto 189
 139: *(u32 *)(r10 -8) = 0
 140: r1 = map[dynvar]
 142: r2 = r10
 143: r2 += -8
 144: call map_lookup_elem
 145: if r0 == 0 goto 179
 146: r1 = 96
 147: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 148: r1 += 96
 149: r2 = 0x100000 ll
 151: if r1 <= r2 goto 155
 152: r1 = -96
 153: lock *(u64 *)(r0 +0) += r1
 154: goto 179
 155: r1 = map[var:pts]
 157: r2 = r7
 158: r2 += 160
 159: r3 = *(u64 *)(r10 -48)
 160: r4 = 1
 161: call map_update_elem
 162: if r0 == 0 goto 173
 163: *(u32 *)(r10 -8) = 0
 164: r1 = map[dynvar]
 166: r2 = r10
 167: r2 += -8
 168: call map_lookup_elem
 169: if r0 == 0 goto 179
 170: r1 = -96
 171: lock *(u64 *)(r0 +0) += r1
 172: goto 173
 173: r1 = map[var:pts]
 175: r2 = r7
 176: r2 += 160
 177: call map_lookup_elem
 178: if r0 != 0 goto 189
 179: *(u32 *)(r10 -8) = 1
 180: r1 = map[drops]
 182: r2 = r10
 183: r2 += -8
 184: call map_lookup_elem
 185: if r0 == 0 goto 188
 186: r1 = 1
 187: lock *(u64 *)(r0 +0) += r1
 188: goto 206
 189: *(u64 *)(r10 -80) = r0
 190: r1 = *(u64 *)(r10 -80)
 191: r2 = 24
 192: r3 = *(u64 *)(r10 -72)
 193: call probe_read_user
 194: if r0 == 0 goto 206
 195: r1 = *(u64 *)(r10 -80)
 196: r2 = 24
 197: r3 = *(u64 *)(r10 -72)
 198: call copy_from_user
 199: if r0 == 0 goto 206
 200: r1 = *(u64 *)(r10 -72)
 201: *(u64 *)(r7 +40) = r1
 202: *(u64 *)(r7 +24) = 1
 203: *(u64 *)(r7 +32) = 1
 204: *(u64 *)(r7 +56) = 201
 205: goto 434
 206: r0 = *(u64 *)(r10 -72)
 207: r0 = 7
 208: *(u64 *)(r10 -72) = r0
 209: r0 = *(u64 *)(r7 +64)
 210: *(u64 *)(r10 -80) = r0
 211: r0 = *(u64 *)(r10 -80)
 212: *(u64 *)(r7 +160) = r0
 213: r0 = r7
 214: r0 += 160
 215: r1 = map[var:pts]
 217: r2 = r7
 218: r2 += 160
 219: call map_lookup_elem
 220: if r0 != 0 goto 271
 221: *(u32 *)(r10 -8) = 0
 222: r1 = map[dynvar]
 224: r2 = r10
 225: r2 += -8
 226: call map_lookup_elem
 227: if r0 == 0 goto 261
 228: r1 = 96
 229: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 230: r1 += 96
 231: r2 = 0x100000 ll
 233: if r1 <= r2 goto 237
 234: r1 = -96
 235: lock *(u64 *)(r0 +0) += r1
 236: goto 261
 237: r1 = map[var:pts]
 239: r2 = r7
 240: r2 += 160
 241: r3 = *(u64 *)(r10 -48)
 242: r4 = 1
 243: call map_update_elem
 244: if r0 == 0 goto 255
 245: *(u32 *)(r10 -8) = 0
 246: r1 = map[dynvar]
 248: r2 = r10
 249: r2 += -8
 250: call map_lookup_elem
 251: if r0 == 0 goto 261
 252: r1 = -96
 253: lock *(u64 *)(r0 +0) += r1
 254: goto 255
 255: r1 = map[var:pts]
 257: r2 = r7
 258: r2 += 160
 259: call map_lookup_elem
 260: if r0 != 0 goto 271
 261: *(u32 *)(r10 -8) = 1
 262: r1 = map[drops]
 264: r2 = r10
 265: r2 += -8
 266: call map_lookup_elem
 267: if r0 == 0 goto 270
 268: r1 = 1
 269: lock *(u64 *)(r0 +0) += r1
 270: goto 274
 271: r0 += 8
 272: r1 = *(u64 *)(r10 -72)
 273: *(u32 *)(r0 +0) = r1
 274: r0 = *(u64 *)(r7 +64)
 275: *(u64 *)(r10 -72) = r0
 276: r0 = *(u64 *)(r10 -72)
 277: *(u64 *)(r7 +160) = r0
 278: r0 = r7
 279: r0 += 160
 280: r2 = r0
 281: r1 = map[var:pts]
 283: call map_lookup_elem
 284: if r0 != 0 goto 287
 285: r0 = *(u64 *)(r10 -48)
 286: goto 287
 287: *(u64 *)(r10 -72) = r0
 288: call get_current_pid_tgid
 289: w0 = w0
 290: *(u64 *)(r7 +160) = r0
 291: r0 = r7
 292: r0 += 160
 293: r1 = *(u64 *)(r10 -72)
 294: *(u64 *)(r10 -56) = r1
 295: r1 = map[var:self->p]
 297: r2 = r7
 298: r2 += 160
 299: call map_lookup_elem
 300: if r0 != 0 goto 335
 301: *(u32 *)(r10 -8) = 0
 302: r1 = map[dynvar]
 304: r2 = r10
 305: r2 += -8
 306: call map_lookup_elem
 307: if r0 == 0 goto 344
 308: r1 = 96
 309: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 310: r1 += 96
 311: r2 = 0x100000 ll
 313: if r1 <= r2 goto 317
 314: r1 = -96
 315: lock *(u64 *)(r0 +0) += r1
 316: goto 344
 317: r1 = map[var:self->p]
 319: r2 = r7
 320: r2 += 160
 321: r3 = *(u64 *)(r10 -56)
 322: r4 = 1
 323: call map_update_elem
 324: if r0 == 0 goto 353
 325: *(u32 *)(r10 -8) = 0
 326: r1 = map[dynvar]
 328: r2 = r10
 329: r2 += -8
 330: call map_lookup_elem
 331: if r0 == 0 goto 344
 332: r1 = -96
 333: lock *(u64 *)(r0 +0) += r1
 334: goto 344
 335: r1 = r0
 336: r3 = *(u64 *)(r10 -56)
 337: r0 = *(u64 *)(r3 +0)
 338: *(u64 *)(r1 +0) = r0
 339: r0 = *(u64 *)(r3 +8)
 340: *(u64 *)(r1 +8) = r0
 341: r0 = *(u64 *)(r3 +16)
 342: *(u64 *)(r1 +16) = r0
 343: goto 353
 344: *(u32 *)(r10 -8) = 1
 345: r1 = map[drops]
 347: r2 = r10
 348: r2 += -8
 349: call map_lookup_elem
 350: if r0 == 0 goto 353
 351: r1 = 1
 352: lock *(u64 *)(r0 +0) += r1
 353: call get_current_pid_tgid
 354: w0 = w0
 355: *(u64 *)(r7 +160) = r0
 356: r0 = r7
 357: r0 += 160
 358: r2 = r0
 359: r1 = map[var:self->p]
 361: call map_lookup_elem
 362: if r0 != 0 goto 365
 363: r0 = *(u64 *)(r10 -48)
 364: goto 365
 365: r0 = *(u32 *)(r0 +0)
 366: r0 <<= 32
 367: r0 s>>= 32
 368: r0 += 1
 369: *(u64 *)(r10 -72) = r0
 370: call get_current_pid_tgid
 371: w0 = w0
 372: *(u64 *)(r7 +160) = r0
 373: r0 = r7
 374: r0 += 160
 375: r1 = map[var:self->p]
 377: r2 = r7
 378: r2 += 160
 379: call map_lookup_elem
 380: if r0 != 0 goto 431
 381: *(u32 *)(r10 -8) = 0
 382: r1 = map[dynvar]
 384: r2 = r10
 385: r2 += -8
 386: call map_lookup_elem
 387: if r0 == 0 goto 421
 388: r1 = 96
 389: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 390: r1 += 96
 391: r2 = 0x100000 ll
 393: if r1 <= r2 goto 397
 394: r1 = -96
 395: lock *(u64 *)(r0 +0) += r1
 396: goto 421
 397: r1 = map[var:self->p]
 399: r2 = r7
 400: r2 += 160
 401: r3 = *(u64 *)(r10 -48)
 402: r4 = 1
 403: call map_update_elem
 404: if r0 == 0 goto 415
 405: *(u32 *)(r10 -8) = 0
 406: r1 = map[dynvar]
 408: r2 = r10
 409: r2 += -8
 410: call map_lookup_elem
 411: if r0 == 0 goto 421
 412: r1 = -96
 413: lock *(u64 *)(r0 +0) += r1
 414: goto 415
 415: r1 = map[var:self->p]
 417: r2 = r7
 418: r2 += 160
 419: call map_lookup_elem
 420: if r0 != 0 goto 431
 421: *(u32 *)(r10 -8) = 1
 422: r1 = map[drops]
 424: r2 = r10
 425: r2 += -8
 426: call map_lookup_elem
 427: if r0 == 0 goto 430
 428: r1 = 1
 429: lock *(u64 *)(r0 +0) += r1
 430: goto 433
 431: r1 = *(u64 *)(r10 -72)
 432: *(u32 *)(r0 +0) = r1
 433: goto 458
 434: *(u32 *)(r7 +0) = -1
 435: *(u32 *)(r7 +4) = r9
 436: call get_smp_processor_id
 437: *(u32 *)(r7 +8) = r0
 438: *(u32 *)(r7 +12) = 0
 439: *(u64 *)(r7 +16) = 0
 440: *(u64 *)(r7 +48) = 0
 441: r1 = map[ringbuf]
 443: r2 = r7
 444: r2 += 0
 445: r3 = 64
 446: r4 = 0
 447: call ringbuf_output
 448: if r0 == 0 goto 458
 449: *(u32 *)(r10 -8) = 3
 450: r1 = map[drops]
 452: r2 = r10
 453: r2 += -8
 454: call map_lookup_elem
 455: if r0 == 0 goto 458
 456: r1 = 1
 457: lock *(u64 *)(r0 +0) += r1
 458: r0 = 0
 459: exit
