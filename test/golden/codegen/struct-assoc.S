; clause 0: pid$target::use:entry
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 386 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 384
  11: *(u32 *)(r10 -8) = 0
  12: r1 = map[scratch]
  14: r2 = r10
  15: r2 += -8
  16: call map_lookup_elem
  17: if r0 == 0 goto 384
  18: r7 = r0
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 384
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[zero]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 384
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
 124: *(u32 *)(r7 +12) = 0
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
 146: r1 = 16
 147: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 148: r1 += 16
 149: r2 = 0x100000 ll
 151: if r1 <= r2 goto 155
 152: r1 = -16
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
 170: r1 = -16
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
 191: r2 = 8
 192: r3 = *(u64 *)(r10 -72)
 193: call probe_read_user
 194: if r0 == 0 goto 206
 195: r1 = *(u64 *)(r10 -80)
 196: r2 = 8
 197: r3 = *(u64 *)(r10 -72)
 198: call copy_from_user
 199: if r0 == 0 goto 206
 200: r1 = *(u64 *)(r10 -72)
 201: *(u64 *)(r7 +40) = r1
 202: *(u64 *)(r7 +24) = 1
 203: *(u64 *)(r7 +32) = 1
 204: *(u64 *)(r7 +56) = 201
 205: goto 360
 206: r0 = *(u64 *)(r10 -72)
 207: r0 = *(u64 *)(r7 +64)
 208: *(u64 *)(r10 -72) = r0
 209: r0 = *(u64 *)(r10 -72)
 210: *(u64 *)(r7 +160) = r0
 211: r0 = r7
 212: r0 += 160
 213: r2 = r0
 214: r1 = map[var:pts]
 216: call map_lookup_elem
 217: if r0 != 0 goto 220
 218: r0 = *(u64 *)(r10 -48)
 219: goto 220
 220: *(u64 *)(r10 -72) = r0
 221: call get_current_pid_tgid
 222: w0 = w0
 223: *(u64 *)(r7 +160) = r0
 224: r0 = r7
 225: r0 += 160
 226: r1 = *(u64 *)(r10 -72)
 227: *(u64 *)(r10 -56) = r1
 228: r1 = map[var:self->last]
 230: r2 = r7
 231: r2 += 160
 232: call map_lookup_elem
 233: if r0 != 0 goto 268
 234: *(u32 *)(r10 -8) = 0
 235: r1 = map[dynvar]
 237: r2 = r10
 238: r2 += -8
 239: call map_lookup_elem
 240: if r0 == 0 goto 273
 241: r1 = 16
 242: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 243: r1 += 16
 244: r2 = 0x100000 ll
 246: if r1 <= r2 goto 250
 247: r1 = -16
 248: lock *(u64 *)(r0 +0) += r1
 249: goto 273
 250: r1 = map[var:self->last]
 252: r2 = r7
 253: r2 += 160
 254: r3 = *(u64 *)(r10 -56)
 255: r4 = 1
 256: call map_update_elem
 257: if r0 == 0 goto 282
 258: *(u32 *)(r10 -8) = 0
 259: r1 = map[dynvar]
 261: r2 = r10
 262: r2 += -8
 263: call map_lookup_elem
 264: if r0 == 0 goto 273
 265: r1 = -16
 266: lock *(u64 *)(r0 +0) += r1
 267: goto 273
 268: r1 = r0
 269: r3 = *(u64 *)(r10 -56)
 270: r0 = *(u64 *)(r3 +0)
 271: *(u64 *)(r1 +0) = r0
 272: goto 282
 273: *(u32 *)(r10 -8) = 1
 274: r1 = map[drops]
 276: r2 = r10
 277: r2 += -8
 278: call map_lookup_elem
 279: if r0 == 0 goto 282
 280: r1 = 1
 281: lock *(u64 *)(r0 +0) += r1
 282: call get_current_pid_tgid
 283: w0 = w0
 284: *(u64 *)(r7 +160) = r0
 285: r0 = r7
 286: r0 += 160
 287: r2 = r0
 288: r1 = map[var:self->last]
 290: call map_lookup_elem
 291: if r0 != 0 goto 294
 292: r0 = *(u64 *)(r10 -48)
 293: goto 294
 294: r0 += 4
 295: r0 = *(u32 *)(r0 +0)
 296: r0 <<= 32
 297: r0 s>>= 32
 298: r0 <<= 32
 299: r0 s>>= 32
 300: *(u64 *)(r7 +24) = r0
 301: r0 = *(u64 *)(r7 +64)
 302: *(u64 *)(r10 -72) = r0
 303: r0 = *(u64 *)(r10 -72)
 304: *(u64 *)(r7 +160) = r0
 305: r0 = r7
 306: r0 += 160
 307: r1 = map[var:pts]
 309: r2 = r7
 310: r2 += 160
 311: call map_delete_elem
 312: if r0 != 0 goto 323
 313: *(u32 *)(r10 -8) = 0
 314: r1 = map[dynvar]
 316: r2 = r10
 317: r2 += -8
 318: call map_lookup_elem
 319: if r0 == 0 goto 323
 320: r1 = -16
 321: lock *(u64 *)(r0 +0) += r1
 322: goto 323
 323: r0 = 0
 324: r1 = 1
 325: *(u64 *)(r7 +16) = r1
 326: *(u32 *)(r7 +0) = 0
 327: *(u32 *)(r7 +4) = r9
 328: call get_smp_processor_id
 329: *(u32 *)(r7 +8) = r0
 330: r1 = map[ringbuf]
 332: r2 = 0
 333: call ringbuf_query
 334: r4 = 1
 335: r1 = r0
 336: r1 += 40
 337: if r1 < 1048576 goto 342
 338: r0 >>= 18
 339: r1 >>= 18
 340: if r0 == r1 goto 342
 341: r4 = 2
 342: r1 = map[ringbuf]
 344: r2 = r7
 345: r2 += 0
 346: r3 = 32
 347: call ringbuf_output
 348: if r0 != 0 goto 350
 349: goto 359
 350: *(u32 *)(r10 -8) = 0
 351: r1 = map[drops]
 353: r2 = r10
 354: r2 += -8
 355: call map_lookup_elem
 356: if r0 == 0 goto 359
 357: r1 = 1
 358: lock *(u64 *)(r0 +0) += r1
 359: goto 384
 360: *(u32 *)(r7 +0) = -1
 361: *(u32 *)(r7 +4) = r9
 362: call get_smp_processor_id
 363: *(u32 *)(r7 +8) = r0
 364: *(u32 *)(r7 +12) = 0
 365: *(u64 *)(r7 +16) = 0
 366: *(u64 *)(r7 +48) = 0
 367: r1 = map[ringbuf]
 369: r2 = r7
 370: r2 += 0
 371: r3 = 64
 372: r4 = 0
 373: call ringbuf_output
 374: if r0 == 0 goto 384
 375: *(u32 *)(r10 -8) = 3
 376: r1 = map[drops]
 378: r2 = r10
 379: r2 += -8
 380: call map_lookup_elem
 381: if r0 == 0 goto 384
 382: r1 = 1
 383: lock *(u64 *)(r0 +0) += r1
 384: r0 = 0
 385: exit
