; clause 0: syscall::open:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 383 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 381
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 381
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 381
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[zero]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 381
  33: *(u64 *)(r10 -48) = r0
  34: r0 = 0
  35: r1 = *(u8 *)(r8 +8)
  36: if r1 == 0 goto 108
  37: if r1 == 3 goto 51
  38: if r1 == 2 goto 41
  39: r0 = *(u64 *)(r8 +24)
  40: goto 95
  41: r3 = *(u16 *)(r8 +12)
  42: r3 &= 248
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
  53: r1 = *(u8 *)(r8 +11)
  54: r1 &= 1
  55: if r1 == 0 goto 66
  56: r3 = *(u16 *)(r8 +12)
  57: r3 &= 248
  58: *(u64 *)(r10 -8) = 0
  59: r1 = r10
  60: r1 += -8
  61: r2 = 8
  62: r3 += r6
  63: call probe_read_kernel
  64: r0 = *(u64 *)(r10 -8)
  65: *(u64 *)(r10 -56) = r0
  66: r1 = *(u8 *)(r8 +11)
  67: r1 &= 2
  68: if r1 == 0 goto 84
  69: r3 = *(u16 *)(r8 +14)
  70: r3 &= 248
  71: *(u64 *)(r10 -8) = 0
  72: r1 = r10
  73: r1 += -8
  74: r2 = 8
  75: r3 += r6
  76: call probe_read_kernel
  77: r0 = *(u64 *)(r10 -8)
  78: r1 = *(u8 *)(r8 +16)
  79: r1 &= 3
  80: r0 <<= r1
  81: r1 = *(u64 *)(r10 -56)
  82: r1 += r0
  83: *(u64 *)(r10 -56) = r1
  84: r3 = *(u64 *)(r10 -56)
  85: r1 = *(u64 *)(r8 +24)
  86: r3 += r1
  87: *(u64 *)(r10 -8) = 0
  88: r1 = r10
  89: r1 += -8
  90: r2 = *(u8 *)(r8 +9)
  91: if r2 == 0 goto 108
  92: if r2 > 8 goto 108
  93: call probe_read_user
  94: r0 = *(u64 *)(r10 -8)
  95: r2 = *(u8 *)(r8 +9)
  96: r2 &= 15
  97: r2 <<= 3
  98: r3 = 64
  99: r3 -= r2
 100: r3 &= 63
 101: r0 <<= r3
 102: r1 = *(u8 *)(r8 +10)
 103: if r1 != 0 goto 106
 104: r0 >>= r3
 105: goto 109
 106: r0 s>>= r3
 107: goto 109
 108: r0 = 0
 109: *(u64 *)(r7 +280) = r0
 110: *(u64 *)(r10 -16) = 0
 111: *(u32 *)(r7 +12) = 0
 112: r1 = 1
 113: *(u32 *)(r10 -8) = r1
 114: r1 = map[spec]
 116: r2 = r10
 117: r2 += -8
 118: call map_lookup_elem
 119: if r0 == 0 goto 128
 120: r2 = r0
 121: r0 = 0
 122: r1 = 1
 123: r0 = cmpxchg((u64 *)(r2 +0), r0, r1)
 124: if r0 != 0 goto 128
 125: *(u64 *)(r2 +8) = 0
 126: r0 = 1
 127: goto 154
 128: r1 = 2
 129: *(u32 *)(r10 -8) = r1
 130: r1 = map[spec]
 132: r2 = r10
 133: r2 += -8
 134: call map_lookup_elem
 135: if r0 == 0 goto 144
 136: r2 = r0
 137: r0 = 0
 138: r1 = 1
 139: r0 = cmpxchg((u64 *)(r2 +0), r0, r1)
 140: if r0 != 0 goto 144
 141: *(u64 *)(r2 +8) = 0
 142: r0 = 2
 143: goto 154
 144: *(u32 *)(r10 -8) = 5
 145: r1 = map[drops]
 147: r2 = r10
 148: r2 += -8
 149: call map_lookup_elem
 150: if r0 == 0 goto 153
 151: r1 = 1
 152: lock *(u64 *)(r0 +0) += r1
 153: r0 = 0
 154: r0 <<= 32
 155: r0 s>>= 32
 156: *(u64 *)(r10 -72) = r0
 157: call get_current_pid_tgid
 158: w0 = w0
 159: *(u64 *)(r7 +376) = r0
 160: r0 = r7
 161: r0 += 376
 162: r1 = *(u64 *)(r10 -72)
 163: *(u64 *)(r10 -56) = r1
 164: r3 = *(u64 *)(r10 -56)
 165: if r3 != 0 goto 182
 166: r1 = map[var:self->spec]
 168: r2 = r7
 169: r2 += 376
 170: call map_delete_elem
 171: if r0 != 0 goto 235
 172: *(u32 *)(r10 -8) = 0
 173: r1 = map[dynvar]
 175: r2 = r10
 176: r2 += -8
 177: call map_lookup_elem
 178: if r0 == 0 goto 235
 179: r1 = -80
 180: lock *(u64 *)(r0 +0) += r1
 181: goto 235
 182: r1 = map[var:self->spec]
 184: r2 = r7
 185: r2 += 376
 186: call map_lookup_elem
 187: if r0 != 0 goto 223
 188: *(u32 *)(r10 -8) = 0
 189: r1 = map[dynvar]
 191: r2 = r10
 192: r2 += -8
 193: call map_lookup_elem
 194: if r0 == 0 goto 226
 195: r1 = 80
 196: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 197: r1 += 80
 198: r2 = 0x100000 ll
 200: if r1 <= r2 goto 204
 201: r1 = -80
 202: lock *(u64 *)(r0 +0) += r1
 203: goto 226
 204: r1 = map[var:self->spec]
 206: r2 = r7
 207: r2 += 376
 208: r3 = r10
 209: r3 += -56
 210: r4 = 1
 211: call map_update_elem
 212: if r0 == 0 goto 235
 213: *(u32 *)(r10 -8) = 0
 214: r1 = map[dynvar]
 216: r2 = r10
 217: r2 += -8
 218: call map_lookup_elem
 219: if r0 == 0 goto 226
 220: r1 = -80
 221: lock *(u64 *)(r0 +0) += r1
 222: goto 226
 223: r1 = *(u64 *)(r10 -56)
 224: *(u64 *)(r0 +0) = r1
 225: goto 235
 226: *(u32 *)(r10 -8) = 1
 227: r1 = map[drops]
 229: r2 = r10
 230: r2 += -8
 231: call map_lookup_elem
 232: if r0 == 0 goto 235
 233: r1 = 1
 234: lock *(u64 *)(r0 +0) += r1
 235: call get_current_pid_tgid
 236: w0 = w0
 237: *(u64 *)(r7 +376) = r0
 238: r0 = r7
 239: r0 += 376
 240: r2 = r0
 241: r1 = map[var:self->spec]
 243: call map_lookup_elem
 244: if r0 != 0 goto 247
 245: r0 = 0
 246: goto 248
 247: r0 = *(u64 *)(r0 +0)
 248: if r0 == 0 goto 381
 249: if r0 > 2 goto 251
 250: goto 256
 251: *(u64 *)(r7 +40) = r0
 252: *(u64 *)(r7 +24) = 3
 253: *(u64 *)(r7 +32) = 2
 254: *(u64 *)(r7 +56) = 249
 255: goto 357
 256: *(u32 *)(r7 +12) = r0
 257: r1 = r0
 258: *(u32 *)(r10 -8) = r1
 259: r1 = map[spec]
 261: r2 = r10
 262: r2 += -8
 263: call map_lookup_elem
 264: if r0 == 0 goto 381
 265: r1 = *(u64 *)(r0 +0)
 266: if r1 != 1 goto 381
 267: r1 = 280
 268: r1 = atomic_fetch_add((u64 *)(r0 +8), r1)
 269: r1 += 280
 270: r2 = 0x8000 ll
 272: if r1 <= r2 goto 283
 273: *(u32 *)(r10 -8) = 4
 274: r1 = map[drops]
 276: r2 = r10
 277: r2 += -8
 278: call map_lookup_elem
 279: if r0 == 0 goto 282
 280: r1 = 1
 281: lock *(u64 *)(r0 +0) += r1
 282: goto 381
 283: r1 = *(u64 *)(r10 -16)
 284: r1 |= 1
 285: *(u64 *)(r10 -16) = r1
 286: r0 = *(u64 *)(r7 +280)
 287: *(u64 *)(r10 -72) = r0
 288: r1 = r7
 289: r1 += 392
 290: r2 = 256
 291: r3 = *(u64 *)(r10 -48)
 292: call probe_read_kernel
 293: r0 = r7
 294: r0 += 392
 295: *(u64 *)(r10 -56) = r0
 296: r2 = 256
 297: r3 = *(u64 *)(r10 -72)
 298: r0 = r3
 299: *(u64 *)(r10 -72) = r0
 300: r1 = *(u64 *)(r10 -56)
 301: call probe_read_user_str
 302: r1 = *(u64 *)(r10 -72)
 303: if r0 s< 0 goto 305
 304: goto 310
 305: *(u64 *)(r7 +40) = r1
 306: *(u64 *)(r7 +24) = 1
 307: *(u64 *)(r7 +32) = 3
 308: *(u64 *)(r7 +56) = 303
 309: goto 357
 310: r0 = *(u64 *)(r10 -56)
 311: r1 = r7
 312: r1 += 24
 313: r3 = r0
 314: r2 = 256
 315: call probe_read_kernel
 316: r1 = *(u64 *)(r10 -16)
 317: r1 |= 2
 318: *(u64 *)(r10 -16) = r1
 319: r1 = *(u64 *)(r10 -16)
 320: if r1 == 0 goto 381
 321: r1 = *(u64 *)(r10 -16)
 322: *(u64 *)(r7 +16) = r1
 323: *(u32 *)(r7 +0) = 0
 324: *(u32 *)(r7 +4) = r9
 325: call get_smp_processor_id
 326: *(u32 *)(r7 +8) = r0
 327: r1 = map[ringbuf]
 329: r2 = 0
 330: call ringbuf_query
 331: r4 = 1
 332: r1 = r0
 333: r1 += 288
 334: if r1 < 1048576 goto 339
 335: r0 >>= 18
 336: r1 >>= 18
 337: if r0 == r1 goto 339
 338: r4 = 2
 339: r1 = map[ringbuf]
 341: r2 = r7
 342: r2 += 0
 343: r3 = 280
 344: call ringbuf_output
 345: if r0 != 0 goto 347
 346: goto 356
 347: *(u32 *)(r10 -8) = 0
 348: r1 = map[drops]
 350: r2 = r10
 351: r2 += -8
 352: call map_lookup_elem
 353: if r0 == 0 goto 356
 354: r1 = 1
 355: lock *(u64 *)(r0 +0) += r1
 356: goto 381
 357: *(u32 *)(r7 +0) = -1
 358: *(u32 *)(r7 +4) = r9
 359: call get_smp_processor_id
 360: *(u32 *)(r7 +8) = r0
 361: *(u32 *)(r7 +12) = 0
 362: *(u64 *)(r7 +16) = 0
 363: *(u64 *)(r7 +48) = 0
 364: r1 = map[ringbuf]
 366: r2 = r7
 367: r2 += 0
 368: r3 = 64
 369: r4 = 0
 370: call ringbuf_output
 371: if r0 == 0 goto 381
 372: *(u32 *)(r10 -8) = 3
 373: r1 = map[drops]
 375: r2 = r10
 376: r2 += -8
 377: call map_lookup_elem
 378: if r0 == 0 goto 381
 379: r1 = 1
 380: lock *(u64 *)(r0 +0) += r1
 381: r0 = 0
 382: exit

; clause 1: syscall::open:return
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 323 insns
   0: r6 = r1
   1: *(u64 *)(r10 -64) = r6
   2: r6 = *(u64 *)(r6 +0)
   3: r1 = r10
   4: r1 += -56
   5: r2 = 8
   6: r3 = r6
   7: r3 += 120
   8: call probe_read_kernel
   9: if r0 != 0 goto 321
  10: call get_current_pid_tgid
  11: r0 >>= 32
  12: if r0 == 4242 goto 321
  13: *(u32 *)(r10 -8) = 0
  14: r1 = map[scratch]
  16: r2 = r10
  17: r2 += -8
  18: call map_lookup_elem
  19: if r0 == 0 goto 321
  20: r7 = r0
  21: r1 = *(u64 *)(r10 -56)
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[syscall_sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 321
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: r0 = 0
  32: r1 = *(u8 *)(r8 +32)
  33: if r1 == 0 goto 105
  34: if r1 == 3 goto 48
  35: if r1 == 2 goto 38
  36: r0 = *(u64 *)(r8 +48)
  37: goto 92
  38: r3 = *(u16 *)(r8 +36)
  39: r3 &= 248
  40: *(u64 *)(r10 -8) = 0
  41: r1 = r10
  42: r1 += -8
  43: r2 = 8
  44: r3 += r6
  45: call probe_read_kernel
  46: r0 = *(u64 *)(r10 -8)
  47: goto 92
  48: r0 = 0
  49: *(u64 *)(r10 -56) = r0
  50: r1 = *(u8 *)(r8 +35)
  51: r1 &= 1
  52: if r1 == 0 goto 63
  53: r3 = *(u16 *)(r8 +36)
  54: r3 &= 248
  55: *(u64 *)(r10 -8) = 0
  56: r1 = r10
  57: r1 += -8
  58: r2 = 8
  59: r3 += r6
  60: call probe_read_kernel
  61: r0 = *(u64 *)(r10 -8)
  62: *(u64 *)(r10 -56) = r0
  63: r1 = *(u8 *)(r8 +35)
  64: r1 &= 2
  65: if r1 == 0 goto 81
  66: r3 = *(u16 *)(r8 +38)
  67: r3 &= 248
  68: *(u64 *)(r10 -8) = 0
  69: r1 = r10
  70: r1 += -8
  71: r2 = 8
  72: r3 += r6
  73: call probe_read_kernel
  74: r0 = *(u64 *)(r10 -8)
  75: r1 = *(u8 *)(r8 +40)
  76: r1 &= 3
  77: r0 <<= r1
  78: r1 = *(u64 *)(r10 -56)
  79: r1 += r0
  80: *(u64 *)(r10 -56) = r1
  81: r3 = *(u64 *)(r10 -56)
  82: r1 = *(u64 *)(r8 +48)
  83: r3 += r1
  84: *(u64 *)(r10 -8) = 0
  85: r1 = r10
  86: r1 += -8
  87: r2 = *(u8 *)(r8 +33)
  88: if r2 == 0 goto 105
  89: if r2 > 8 goto 105
  90: call probe_read_user
  91: r0 = *(u64 *)(r10 -8)
  92: r2 = *(u8 *)(r8 +33)
  93: r2 &= 15
  94: r2 <<= 3
  95: r3 = 64
  96: r3 -= r2
  97: r3 &= 63
  98: r0 <<= r3
  99: r1 = *(u8 *)(r8 +34)
 100: if r1 != 0 goto 103
 101: r0 >>= r3
 102: goto 106
 103: r0 s>>= r3
 104: goto 106
 105: r0 = 0
 106: *(u64 *)(r7 +288) = r0
 107: *(u64 *)(r10 -16) = 0
 108: *(u32 *)(r7 +12) = 0
 109: call get_current_pid_tgid
 110: w0 = w0
 111: *(u64 *)(r7 +376) = r0
 112: r0 = r7
 113: r0 += 376
 114: r2 = r0
 115: r1 = map[var:self->spec]
 117: call map_lookup_elem
 118: if r0 != 0 goto 121
 119: r0 = 0
 120: goto 122
 121: r0 = *(u64 *)(r0 +0)
 122: if r0 == 0 goto 137
 123: r0 = *(u64 *)(r7 +288)
 124: *(u64 *)(r10 -72) = r0
 125: r0 = 0
 126: r1 = r0
 127: r0 = *(u64 *)(r10 -72)
 128: if r0 s< r1 goto 131
 129: r0 = 0
 130: goto 132
 131: r0 = 1
 132: if r0 != 0 goto 135
 133: r0 = 0
 134: goto 138
 135: r0 = 1
 136: goto 138
 137: r0 = 0
 138: if r0 == 0 goto 321
 139: call get_current_pid_tgid
 140: w0 = w0
 141: *(u64 *)(r7 +376) = r0
 142: r0 = r7
 143: r0 += 376
 144: r2 = r0
 145: r1 = map[var:self->spec]
 147: call map_lookup_elem
 148: if r0 != 0 goto 151
 149: r0 = 0
 150: goto 152
 151: r0 = *(u64 *)(r0 +0)
 152: if r0 > 2 goto 154
 153: goto 159
 154: *(u64 *)(r7 +40) = r0
 155: *(u64 *)(r7 +24) = 3
 156: *(u64 *)(r7 +32) = 1
 157: *(u64 *)(r7 +56) = 152
 158: goto 297
 159: *(u64 *)(r7 +24) = r0
 160: r1 = *(u64 *)(r10 -16)
 161: r1 |= 1
 162: *(u64 *)(r10 -16) = r1
 163: r0 = 0
 164: r0 <<= 32
 165: r0 s>>= 32
 166: *(u64 *)(r10 -72) = r0
 167: call get_current_pid_tgid
 168: w0 = w0
 169: *(u64 *)(r7 +376) = r0
 170: r0 = r7
 171: r0 += 376
 172: r1 = *(u64 *)(r10 -72)
 173: *(u64 *)(r10 -56) = r1
 174: r3 = *(u64 *)(r10 -56)
 175: if r3 != 0 goto 192
 176: r1 = map[var:self->spec]
 178: r2 = r7
 179: r2 += 376
 180: call map_delete_elem
 181: if r0 != 0 goto 245
 182: *(u32 *)(r10 -8) = 0
 183: r1 = map[dynvar]
 185: r2 = r10
 186: r2 += -8
 187: call map_lookup_elem
 188: if r0 == 0 goto 245
 189: r1 = -80
 190: lock *(u64 *)(r0 +0) += r1
 191: goto 245
 192: r1 = map[var:self->spec]
 194: r2 = r7
 195: r2 += 376
 196: call map_lookup_elem
 197: if r0 != 0 goto 233
 198: *(u32 *)(r10 -8) = 0
 199: r1 = map[dynvar]
 201: r2 = r10
 202: r2 += -8
 203: call map_lookup_elem
 204: if r0 == 0 goto 236
 205: r1 = 80
 206: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 207: r1 += 80
 208: r2 = 0x100000 ll
 210: if r1 <= r2 goto 214
 211: r1 = -80
 212: lock *(u64 *)(r0 +0) += r1
 213: goto 236
 214: r1 = map[var:self->spec]
 216: r2 = r7
 217: r2 += 376
 218: r3 = r10
 219: r3 += -56
 220: r4 = 1
 221: call map_update_elem
 222: if r0 == 0 goto 245
 223: *(u32 *)(r10 -8) = 0
 224: r1 = map[dynvar]
 226: r2 = r10
 227: r2 += -8
 228: call map_lookup_elem
 229: if r0 == 0 goto 236
 230: r1 = -80
 231: lock *(u64 *)(r0 +0) += r1
 232: goto 236
 233: r1 = *(u64 *)(r10 -56)
 234: *(u64 *)(r0 +0) = r1
 235: goto 245
 236: *(u32 *)(r10 -8) = 1
 237: r1 = map[drops]
 239: r2 = r10
 240: r2 += -8
 241: call map_lookup_elem
 242: if r0 == 0 goto 245
 243: r1 = 1
 244: lock *(u64 *)(r0 +0) += r1
 245: r1 = *(u64 *)(r10 -16)
 246: if r1 == 0 goto 321
 247: r1 = *(u64 *)(r10 -16)
 248: *(u64 *)(r7 +16) = r1
 249: *(u32 *)(r7 +0) = 1
 250: *(u32 *)(r7 +4) = r9
 251: call get_smp_processor_id
 252: *(u32 *)(r7 +8) = r0
 253: r1 = map[ringbuf]
 255: r2 = 0
 256: call ringbuf_query
 257: r4 = 1
 258: r1 = r0
 259: r1 += 40
 260: if r1 < 1048576 goto 265
 261: r0 >>= 18
 262: r1 >>= 18
 263: if r0 == r1 goto 265
 264: r4 = 2
 265: r1 = map[ringbuf]
 267: r2 = r7
 268: r2 += 0
 269: r3 = 32
 270: call ringbuf_output
 271: if r0 != 0 goto 273
 272: goto 282
 273: *(u32 *)(r10 -8) = 0
 274: r1 = map[drops]
 276: r2 = r10
 277: r2 += -8
 278: call map_lookup_elem
 279: if r0 == 0 goto 282
 280: r1 = 1
 281: lock *(u64 *)(r0 +0) += r1
 282: r1 = *(u64 *)(r10 -16)
 283: r1 &= 1
 284: if r1 == 0 goto 296
 285: r1 = *(u64 *)(r7 +24)
 286: if r1 == 0 goto 296
 287: if r1 > 2 goto 296
 288: *(u32 *)(r10 -8) = r1
 289: r1 = map[spec]
 291: r2 = r10
 292: r2 += -8
 293: call map_lookup_elem
 294: if r0 == 0 goto 296
 295: *(u64 *)(r0 +0) = 0
 296: goto 321
 297: *(u32 *)(r7 +0) = -1
 298: *(u32 *)(r7 +4) = r9
 299: call get_smp_processor_id
 300: *(u32 *)(r7 +8) = r0
 301: *(u32 *)(r7 +12) = 0
 302: *(u64 *)(r7 +16) = 0
 303: *(u64 *)(r7 +48) = 1
 304: r1 = map[ringbuf]
 306: r2 = r7
 307: r2 += 0
 308: r3 = 64
 309: r4 = 0
 310: call ringbuf_output
 311: if r0 == 0 goto 321
 312: *(u32 *)(r10 -8) = 3
 313: r1 = map[drops]
 315: r2 = r10
 316: r2 += -8
 317: call map_lookup_elem
 318: if r0 == 0 goto 321
 319: r1 = 1
 320: lock *(u64 *)(r0 +0) += r1
 321: r0 = 0
 322: exit

; clause 2: syscall::open:return
; dt_c2: raw_tracepoint (type 17), expected attach type 0, flags 0, 232 insns
   0: r6 = r1
   1: *(u64 *)(r10 -64) = r6
   2: r6 = *(u64 *)(r6 +0)
   3: r1 = r10
   4: r1 += -56
   5: r2 = 8
   6: r3 = r6
   7: r3 += 120
   8: call probe_read_kernel
   9: if r0 != 0 goto 230
  10: call get_current_pid_tgid
  11: r0 >>= 32
  12: if r0 == 4242 goto 230
  13: *(u32 *)(r10 -8) = 0
  14: r1 = map[scratch]
  16: r2 = r10
  17: r2 += -8
  18: call map_lookup_elem
  19: if r0 == 0 goto 230
  20: r7 = r0
  21: r1 = *(u64 *)(r10 -56)
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[syscall_sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 230
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: r0 = 0
  32: *(u64 *)(r10 -16) = 0
  33: *(u32 *)(r7 +12) = 0
  34: call get_current_pid_tgid
  35: w0 = w0
  36: *(u64 *)(r7 +376) = r0
  37: r0 = r7
  38: r0 += 376
  39: r2 = r0
  40: r1 = map[var:self->spec]
  42: call map_lookup_elem
  43: if r0 != 0 goto 46
  44: r0 = 0
  45: goto 47
  46: r0 = *(u64 *)(r0 +0)
  47: if r0 == 0 goto 230
  48: call get_current_pid_tgid
  49: w0 = w0
  50: *(u64 *)(r7 +376) = r0
  51: r0 = r7
  52: r0 += 376
  53: r2 = r0
  54: r1 = map[var:self->spec]
  56: call map_lookup_elem
  57: if r0 != 0 goto 60
  58: r0 = 0
  59: goto 61
  60: r0 = *(u64 *)(r0 +0)
  61: if r0 > 2 goto 63
  62: goto 68
  63: *(u64 *)(r7 +40) = r0
  64: *(u64 *)(r7 +24) = 3
  65: *(u64 *)(r7 +32) = 1
  66: *(u64 *)(r7 +56) = 61
  67: goto 206
  68: *(u64 *)(r7 +24) = r0
  69: r1 = *(u64 *)(r10 -16)
  70: r1 |= 1
  71: *(u64 *)(r10 -16) = r1
  72: r0 = 0
  73: r0 <<= 32
  74: r0 s>>= 32
  75: *(u64 *)(r10 -72) = r0
  76: call get_current_pid_tgid
  77: w0 = w0
  78: *(u64 *)(r7 +376) = r0
  79: r0 = r7
  80: r0 += 376
  81: r1 = *(u64 *)(r10 -72)
  82: *(u64 *)(r10 -56) = r1
  83: r3 = *(u64 *)(r10 -56)
  84: if r3 != 0 goto 101
  85: r1 = map[var:self->spec]
  87: r2 = r7
  88: r2 += 376
  89: call map_delete_elem
  90: if r0 != 0 goto 154
  91: *(u32 *)(r10 -8) = 0
  92: r1 = map[dynvar]
  94: r2 = r10
  95: r2 += -8
  96: call map_lookup_elem
  97: if r0 == 0 goto 154
  98: r1 = -80
  99: lock *(u64 *)(r0 +0) += r1
 100: goto 154
 101: r1 = map[var:self->spec]
 103: r2 = r7
 104: r2 += 376
 105: call map_lookup_elem
 106: if r0 != 0 goto 142
 107: *(u32 *)(r10 -8) = 0
 108: r1 = map[dynvar]
 110: r2 = r10
 111: r2 += -8
 112: call map_lookup_elem
 113: if r0 == 0 goto 145
 114: r1 = 80
 115: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 116: r1 += 80
 117: r2 = 0x100000 ll
 119: if r1 <= r2 goto 123
 120: r1 = -80
 121: lock *(u64 *)(r0 +0) += r1
 122: goto 145
 123: r1 = map[var:self->spec]
 125: r2 = r7
 126: r2 += 376
 127: r3 = r10
 128: r3 += -56
 129: r4 = 1
 130: call map_update_elem
 131: if r0 == 0 goto 154
 132: *(u32 *)(r10 -8) = 0
 133: r1 = map[dynvar]
 135: r2 = r10
 136: r2 += -8
 137: call map_lookup_elem
 138: if r0 == 0 goto 145
 139: r1 = -80
 140: lock *(u64 *)(r0 +0) += r1
 141: goto 145
 142: r1 = *(u64 *)(r10 -56)
 143: *(u64 *)(r0 +0) = r1
 144: goto 154
 145: *(u32 *)(r10 -8) = 1
 146: r1 = map[drops]
 148: r2 = r10
 149: r2 += -8
 150: call map_lookup_elem
 151: if r0 == 0 goto 154
 152: r1 = 1
 153: lock *(u64 *)(r0 +0) += r1
 154: r1 = *(u64 *)(r10 -16)
 155: if r1 == 0 goto 230
 156: r1 = *(u64 *)(r10 -16)
 157: *(u64 *)(r7 +16) = r1
 158: *(u32 *)(r7 +0) = 2
 159: *(u32 *)(r7 +4) = r9
 160: call get_smp_processor_id
 161: *(u32 *)(r7 +8) = r0
 162: r1 = map[ringbuf]
 164: r2 = 0
 165: call ringbuf_query
 166: r4 = 1
 167: r1 = r0
 168: r1 += 40
 169: if r1 < 1048576 goto 174
 170: r0 >>= 18
 171: r1 >>= 18
 172: if r0 == r1 goto 174
 173: r4 = 2
 174: r1 = map[ringbuf]
 176: r2 = r7
 177: r2 += 0
 178: r3 = 32
 179: call ringbuf_output
 180: if r0 != 0 goto 182
 181: goto 191
 182: *(u32 *)(r10 -8) = 0
 183: r1 = map[drops]
 185: r2 = r10
 186: r2 += -8
 187: call map_lookup_elem
 188: if r0 == 0 goto 191
 189: r1 = 1
 190: lock *(u64 *)(r0 +0) += r1
 191: r1 = *(u64 *)(r10 -16)
 192: r1 &= 1
 193: if r1 == 0 goto 205
 194: r1 = *(u64 *)(r7 +24)
 195: if r1 == 0 goto 205
 196: if r1 > 2 goto 205
 197: *(u32 *)(r10 -8) = r1
 198: r1 = map[spec]
 200: r2 = r10
 201: r2 += -8
 202: call map_lookup_elem
 203: if r0 == 0 goto 205
 204: *(u64 *)(r0 +0) = 0
 205: goto 230
 206: *(u32 *)(r7 +0) = -1
 207: *(u32 *)(r7 +4) = r9
 208: call get_smp_processor_id
 209: *(u32 *)(r7 +8) = r0
 210: *(u32 *)(r7 +12) = 0
 211: *(u64 *)(r7 +16) = 0
 212: *(u64 *)(r7 +48) = 2
 213: r1 = map[ringbuf]
 215: r2 = r7
 216: r2 += 0
 217: r3 = 64
 218: r4 = 0
 219: call ringbuf_output
 220: if r0 == 0 goto 230
 221: *(u32 *)(r10 -8) = 3
 222: r1 = map[drops]
 224: r2 = r10
 225: r2 += -8
 226: call map_lookup_elem
 227: if r0 == 0 goto 230
 228: r1 = 1
 229: lock *(u64 *)(r0 +0) += r1
 230: r0 = 0
 231: exit
