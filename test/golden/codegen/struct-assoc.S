; clause 0: pid$target::use:entry
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 389 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 387
  11: *(u32 *)(r10 -8) = 0
  12: r1 = map[scratch]
  14: r2 = r10
  15: r2 += -8
  16: call map_lookup_elem
  17: if r0 == 0 goto 387
  18: r7 = r0
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 387
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[zero]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 387
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
 124: *(u32 *)(r7 +12) = 0
 125: r0 = *(u64 *)(r7 +64)
 126: *(u64 *)(r10 -72) = r0
 127: r1 = r7
 128: r1 += 176
 129: r2 = 256
 130: r3 = *(u64 *)(r10 -48)
 131: call probe_read_kernel
 132: r0 = r7
 133: r0 += 176
 134: *(u64 *)(r10 -80) = r0
 135: r1 = *(u64 *)(r10 -80)
 136: r2 = 8
 137: r3 = *(u64 *)(r10 -72)
 138: call probe_read_user
 139: if r0 == 0 goto 151
 140: r1 = *(u64 *)(r10 -80)
 141: r2 = 8
 142: r3 = *(u64 *)(r10 -72)
 143: call copy_from_user
 144: if r0 == 0 goto 151
 145: r1 = *(u64 *)(r10 -72)
 146: *(u64 *)(r7 +40) = r1
 147: *(u64 *)(r7 +24) = 1
 148: *(u64 *)(r7 +32) = 1
 149: *(u64 *)(r7 +56) = 146
 150: goto 363
 151: r0 = *(u64 *)(r10 -80)
 152: *(u64 *)(r10 -72) = r0
 153: r0 = *(u64 *)(r7 +64)
 154: *(u64 *)(r10 -80) = r0
 155: r0 = *(u64 *)(r10 -80)
 156: *(u64 *)(r7 +160) = r0
 157: r0 = r7
 158: r0 += 160
 159: r1 = *(u64 *)(r10 -72)
 160: *(u64 *)(r10 -56) = r1
 161: r1 = map[var:pts]
 163: r2 = r7
 164: r2 += 160
 165: call map_lookup_elem
 166: if r0 != 0 goto 201
 167: *(u32 *)(r10 -8) = 0
 168: r1 = map[dynvar]
 170: r2 = r10
 171: r2 += -8
 172: call map_lookup_elem
 173: if r0 == 0 goto 206
 174: r1 = 80
 175: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 176: r1 += 80
 177: r2 = 0x100000 ll
 179: if r1 <= r2 goto 183
 180: r1 = -80
 181: lock *(u64 *)(r0 +0) += r1
 182: goto 206
 183: r1 = map[var:pts]
 185: r2 = r7
 186: r2 += 160
 187: r3 = *(u64 *)(r10 -56)
 188: r4 = 1
 189: call map_update_elem
 190: if r0 == 0 goto 215
 191: *(u32 *)(r10 -8) = 0
 192: r1 = map[dynvar]
 194: r2 = r10
 195: r2 += -8
 196: call map_lookup_elem
 197: if r0 == 0 goto 206
 198: r1 = -80
 199: lock *(u64 *)(r0 +0) += r1
 200: goto 206
 201: r1 = r0
 202: r3 = *(u64 *)(r10 -56)
 203: r0 = *(u64 *)(r3 +0)
 204: *(u64 *)(r1 +0) = r0
 205: goto 215
 206: *(u32 *)(r10 -8) = 1
 207: r1 = map[drops]
 209: r2 = r10
 210: r2 += -8
 211: call map_lookup_elem
 212: if r0 == 0 goto 215
 213: r1 = 1
 214: lock *(u64 *)(r0 +0) += r1
 215: r0 = *(u64 *)(r7 +64)
 216: *(u64 *)(r10 -72) = r0
 217: r0 = *(u64 *)(r10 -72)
 218: *(u64 *)(r7 +160) = r0
 219: r0 = r7
 220: r0 += 160
 221: r2 = r0
 222: r1 = map[var:pts]
 224: call map_lookup_elem
 225: if r0 != 0 goto 228
 226: r0 = *(u64 *)(r10 -48)
 227: goto 228
 228: *(u64 *)(r10 -72) = r0
 229: call get_current_pid_tgid
 230: w0 = w0
 231: *(u64 *)(r7 +160) = r0
 232: r0 = r7
 233: r0 += 160
 234: r1 = *(u64 *)(r10 -72)
 235: *(u64 *)(r10 -56) = r1
 236: r1 = map[var:self->last]
 238: r2 = r7
 239: r2 += 160
 240: call map_lookup_elem
 241: if r0 != 0 goto 276
 242: *(u32 *)(r10 -8) = 0
 243: r1 = map[dynvar]
 245: r2 = r10
 246: r2 += -8
 247: call map_lookup_elem
 248: if r0 == 0 goto 281
 249: r1 = 80
 250: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 251: r1 += 80
 252: r2 = 0x100000 ll
 254: if r1 <= r2 goto 258
 255: r1 = -80
 256: lock *(u64 *)(r0 +0) += r1
 257: goto 281
 258: r1 = map[var:self->last]
 260: r2 = r7
 261: r2 += 160
 262: r3 = *(u64 *)(r10 -56)
 263: r4 = 1
 264: call map_update_elem
 265: if r0 == 0 goto 290
 266: *(u32 *)(r10 -8) = 0
 267: r1 = map[dynvar]
 269: r2 = r10
 270: r2 += -8
 271: call map_lookup_elem
 272: if r0 == 0 goto 281
 273: r1 = -80
 274: lock *(u64 *)(r0 +0) += r1
 275: goto 281
 276: r1 = r0
 277: r3 = *(u64 *)(r10 -56)
 278: r0 = *(u64 *)(r3 +0)
 279: *(u64 *)(r1 +0) = r0
 280: goto 290
 281: *(u32 *)(r10 -8) = 1
 282: r1 = map[drops]
 284: r2 = r10
 285: r2 += -8
 286: call map_lookup_elem
 287: if r0 == 0 goto 290
 288: r1 = 1
 289: lock *(u64 *)(r0 +0) += r1
 290: call get_current_pid_tgid
 291: w0 = w0
 292: *(u64 *)(r7 +160) = r0
 293: r0 = r7
 294: r0 += 160
 295: r2 = r0
 296: r1 = map[var:self->last]
 298: call map_lookup_elem
 299: if r0 != 0 goto 302
 300: r0 = *(u64 *)(r10 -48)
 301: goto 302
 302: r0 += 4
 303: r0 = *(u32 *)(r0 +0)
 304: r0 <<= 32
 305: r0 s>>= 32
 306: r0 <<= 32
 307: r0 s>>= 32
 308: *(u64 *)(r7 +24) = r0
 309: r0 = *(u64 *)(r7 +64)
 310: *(u64 *)(r10 -72) = r0
 311: r0 = *(u64 *)(r10 -72)
 312: *(u64 *)(r7 +160) = r0
 313: r0 = r7
 314: r0 += 160
 315: r1 = map[var:pts]
 317: r2 = r7
 318: r2 += 160
 319: call map_delete_elem
 320: if r0 != 0 goto 331
 321: *(u32 *)(r10 -8) = 0
 322: r1 = map[dynvar]
 324: r2 = r10
 325: r2 += -8
 326: call map_lookup_elem
 327: if r0 == 0 goto 331
 328: r1 = -80
 329: lock *(u64 *)(r0 +0) += r1
 330: goto 331
 331: r0 = 0
 332: r1 = 1
 333: *(u64 *)(r7 +16) = r1
 334: *(u32 *)(r7 +0) = 0
 335: *(u32 *)(r7 +4) = r9
 336: call get_smp_processor_id
 337: *(u32 *)(r7 +8) = r0
 338: r1 = map[ringbuf]
 340: r2 = 0
 341: call ringbuf_query
 342: r4 = 1
 343: if r0 < 1048576 goto 345
 344: r4 = 2
 345: r1 = map[ringbuf]
 347: r2 = r7
 348: r2 += 0
 349: r3 = 32
 350: call ringbuf_output
 351: if r0 != 0 goto 353
 352: goto 362
 353: *(u32 *)(r10 -8) = 0
 354: r1 = map[drops]
 356: r2 = r10
 357: r2 += -8
 358: call map_lookup_elem
 359: if r0 == 0 goto 362
 360: r1 = 1
 361: lock *(u64 *)(r0 +0) += r1
 362: goto 387
 363: *(u32 *)(r7 +0) = -1
 364: *(u32 *)(r7 +4) = r9
 365: call get_smp_processor_id
 366: *(u32 *)(r7 +8) = r0
 367: *(u32 *)(r7 +12) = 0
 368: *(u64 *)(r7 +16) = 0
 369: *(u64 *)(r7 +48) = 0
 370: r1 = map[ringbuf]
 372: r2 = r7
 373: r2 += 0
 374: r3 = 64
 375: r4 = 0
 376: call ringbuf_output
 377: if r0 == 0 goto 387
 378: *(u32 *)(r10 -8) = 3
 379: r1 = map[drops]
 381: r2 = r10
 382: r2 += -8
 383: call map_lookup_elem
 384: if r0 == 0 goto 387
 385: r1 = 1
 386: lock *(u64 *)(r0 +0) += r1
 387: r0 = 0
 388: exit
