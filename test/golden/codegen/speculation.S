; clause 0: syscall::open:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 378 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 376
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 376
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 376
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[zero]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 376
  33: *(u64 *)(r10 -48) = r0
  34: r0 = 0
  35: r1 = *(u8 *)(r8 +8)
  36: if r1 == 0 goto 108
  37: if r1 == 3 goto 51
  38: if r1 == 2 goto 41
  39: r0 = *(u64 *)(r8 +24)
  40: goto 95
  41: r3 = *(u16 *)(r8 +12)
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
  53: r1 = *(u8 *)(r8 +11)
  54: r1 &= 1
  55: if r1 == 0 goto 66
  56: r3 = *(u16 *)(r8 +12)
  57: r3 &= 504
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
  70: r3 &= 504
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
 110: *(u32 *)(r7 +12) = 0
 111: r1 = 1
 112: *(u32 *)(r10 -8) = r1
 113: r1 = map[spec]
 115: r2 = r10
 116: r2 += -8
 117: call map_lookup_elem
 118: if r0 == 0 goto 127
 119: r2 = r0
 120: r0 = 0
 121: r1 = 1
 122: r0 = cmpxchg((u64 *)(r2 +0), r0, r1)
 123: if r0 != 0 goto 127
 124: *(u64 *)(r2 +8) = 0
 125: r0 = 1
 126: goto 153
 127: r1 = 2
 128: *(u32 *)(r10 -8) = r1
 129: r1 = map[spec]
 131: r2 = r10
 132: r2 += -8
 133: call map_lookup_elem
 134: if r0 == 0 goto 143
 135: r2 = r0
 136: r0 = 0
 137: r1 = 1
 138: r0 = cmpxchg((u64 *)(r2 +0), r0, r1)
 139: if r0 != 0 goto 143
 140: *(u64 *)(r2 +8) = 0
 141: r0 = 2
 142: goto 153
 143: *(u32 *)(r10 -8) = 5
 144: r1 = map[drops]
 146: r2 = r10
 147: r2 += -8
 148: call map_lookup_elem
 149: if r0 == 0 goto 152
 150: r1 = 1
 151: lock *(u64 *)(r0 +0) += r1
 152: r0 = 0
 153: r0 <<= 32
 154: r0 s>>= 32
 155: *(u64 *)(r10 -72) = r0
 156: call get_current_pid_tgid
 157: w0 = w0
 158: *(u64 *)(r7 +376) = r0
 159: r0 = r7
 160: r0 += 376
 161: r1 = *(u64 *)(r10 -72)
 162: *(u64 *)(r10 -56) = r1
 163: r3 = *(u64 *)(r10 -56)
 164: if r3 != 0 goto 181
 165: r1 = map[var:self->spec]
 167: r2 = r7
 168: r2 += 376
 169: call map_delete_elem
 170: if r0 != 0 goto 234
 171: *(u32 *)(r10 -8) = 0
 172: r1 = map[dynvar]
 174: r2 = r10
 175: r2 += -8
 176: call map_lookup_elem
 177: if r0 == 0 goto 234
 178: r1 = -4
 179: lock *(u64 *)(r0 +0) += r1
 180: goto 234
 181: r1 = map[var:self->spec]
 183: r2 = r7
 184: r2 += 376
 185: call map_lookup_elem
 186: if r0 != 0 goto 222
 187: *(u32 *)(r10 -8) = 0
 188: r1 = map[dynvar]
 190: r2 = r10
 191: r2 += -8
 192: call map_lookup_elem
 193: if r0 == 0 goto 225
 194: r1 = 4
 195: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 196: r1 += 4
 197: r2 = 0x100000 ll
 199: if r1 <= r2 goto 203
 200: r1 = -4
 201: lock *(u64 *)(r0 +0) += r1
 202: goto 225
 203: r1 = map[var:self->spec]
 205: r2 = r7
 206: r2 += 376
 207: r3 = r10
 208: r3 += -56
 209: r4 = 1
 210: call map_update_elem
 211: if r0 == 0 goto 234
 212: *(u32 *)(r10 -8) = 0
 213: r1 = map[dynvar]
 215: r2 = r10
 216: r2 += -8
 217: call map_lookup_elem
 218: if r0 == 0 goto 225
 219: r1 = -4
 220: lock *(u64 *)(r0 +0) += r1
 221: goto 225
 222: r1 = *(u64 *)(r10 -56)
 223: *(u64 *)(r0 +0) = r1
 224: goto 234
 225: *(u32 *)(r10 -8) = 1
 226: r1 = map[drops]
 228: r2 = r10
 229: r2 += -8
 230: call map_lookup_elem
 231: if r0 == 0 goto 234
 232: r1 = 1
 233: lock *(u64 *)(r0 +0) += r1
 234: call get_current_pid_tgid
 235: w0 = w0
 236: *(u64 *)(r7 +376) = r0
 237: r0 = r7
 238: r0 += 376
 239: r2 = r0
 240: r1 = map[var:self->spec]
 242: call map_lookup_elem
 243: if r0 != 0 goto 246
 244: r0 = 0
 245: goto 247
 246: r0 = *(u64 *)(r0 +0)
 247: if r0 == 0 goto 376
 248: if r0 > 2 goto 376
 249: *(u32 *)(r7 +12) = r0
 250: r1 = r0
 251: *(u32 *)(r10 -8) = r1
 252: r1 = map[spec]
 254: r2 = r10
 255: r2 += -8
 256: call map_lookup_elem
 257: if r0 == 0 goto 376
 258: r1 = *(u64 *)(r0 +0)
 259: if r1 != 1 goto 376
 260: r1 = 280
 261: r1 = atomic_fetch_add((u64 *)(r0 +8), r1)
 262: r1 += 280
 263: r2 = 0x8000 ll
 265: if r1 <= r2 goto 276
 266: *(u32 *)(r10 -8) = 4
 267: r1 = map[drops]
 269: r2 = r10
 270: r2 += -8
 271: call map_lookup_elem
 272: if r0 == 0 goto 275
 273: r1 = 1
 274: lock *(u64 *)(r0 +0) += r1
 275: goto 376
 276: r0 = *(u64 *)(r7 +280)
 277: *(u64 *)(r10 -72) = r0
 278: r1 = r7
 279: r1 += 392
 280: r2 = 256
 281: r3 = *(u64 *)(r10 -48)
 282: call probe_read_kernel
 283: r0 = r7
 284: r0 += 392
 285: *(u64 *)(r10 -56) = r0
 286: r2 = 256
 287: r3 = *(u64 *)(r10 -72)
 288: r0 = r3
 289: *(u64 *)(r10 -72) = r0
 290: r1 = *(u64 *)(r10 -56)
 291: call probe_read_user_str
 292: r1 = *(u64 *)(r10 -72)
 293: if r0 s< 0 goto 295
 294: goto 300
 295: *(u64 *)(r7 +40) = r1
 296: *(u64 *)(r7 +24) = 1
 297: *(u64 *)(r7 +32) = 3
 298: *(u64 *)(r7 +56) = 293
 299: goto 352
 300: r0 = *(u64 *)(r10 -56)
 301: r1 = *(u8 *)(r0 +0)
 302: if r1 != 0 goto 311
 303: r1 = *(u8 *)(r0 +255)
 304: if r1 == 255 goto 306
 305: goto 311
 306: *(u64 *)(r7 +40) = 0
 307: *(u64 *)(r7 +24) = 1
 308: *(u64 *)(r7 +32) = 3
 309: *(u64 *)(r7 +56) = 304
 310: goto 352
 311: r1 = r7
 312: r1 += 24
 313: r3 = r0
 314: r2 = 256
 315: call probe_read_kernel
 316: r1 = 3
 317: *(u64 *)(r7 +16) = r1
 318: *(u32 *)(r7 +0) = 0
 319: *(u32 *)(r7 +4) = r9
 320: call get_smp_processor_id
 321: *(u32 *)(r7 +8) = r0
 322: r1 = map[ringbuf]
 324: r2 = 0
 325: call ringbuf_query
 326: r4 = 1
 327: r1 = r0
 328: r1 += 288
 329: if r1 < 1048576 goto 334
 330: r0 >>= 18
 331: r1 >>= 18
 332: if r0 == r1 goto 334
 333: r4 = 2
 334: r1 = map[ringbuf]
 336: r2 = r7
 337: r2 += 0
 338: r3 = 280
 339: call ringbuf_output
 340: if r0 != 0 goto 342
 341: goto 351
 342: *(u32 *)(r10 -8) = 0
 343: r1 = map[drops]
 345: r2 = r10
 346: r2 += -8
 347: call map_lookup_elem
 348: if r0 == 0 goto 351
 349: r1 = 1
 350: lock *(u64 *)(r0 +0) += r1
 351: goto 376
 352: *(u32 *)(r7 +0) = -1
 353: *(u32 *)(r7 +4) = r9
 354: call get_smp_processor_id
 355: *(u32 *)(r7 +8) = r0
 356: *(u32 *)(r7 +12) = 0
 357: *(u64 *)(r7 +16) = 0
 358: *(u64 *)(r7 +48) = 0
 359: r1 = map[ringbuf]
 361: r2 = r7
 362: r2 += 0
 363: r3 = 64
 364: r4 = 0
 365: call ringbuf_output
 366: if r0 == 0 goto 376
 367: *(u32 *)(r10 -8) = 3
 368: r1 = map[drops]
 370: r2 = r10
 371: r2 += -8
 372: call map_lookup_elem
 373: if r0 == 0 goto 376
 374: r1 = 1
 375: lock *(u64 *)(r0 +0) += r1
 376: r0 = 0
 377: exit

; clause 1: syscall::open:return
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 309 insns
   0: r6 = r1
   1: *(u64 *)(r10 -64) = r6
   2: r6 = *(u64 *)(r6 +0)
   3: r1 = r10
   4: r1 += -56
   5: r2 = 8
   6: r3 = r6
   7: r3 += 120
   8: call probe_read_kernel
   9: if r0 != 0 goto 307
  10: call get_current_pid_tgid
  11: r0 >>= 32
  12: if r0 == 4242 goto 307
  13: *(u32 *)(r10 -8) = 0
  14: r1 = map[scratch]
  16: r2 = r10
  17: r2 += -8
  18: call map_lookup_elem
  19: if r0 == 0 goto 307
  20: r7 = r0
  21: r1 = *(u64 *)(r10 -56)
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[syscall_sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 307
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
  39: r3 &= 504
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
  54: r3 &= 504
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
  67: r3 &= 504
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
 108: call get_current_pid_tgid
 109: w0 = w0
 110: *(u64 *)(r7 +376) = r0
 111: r0 = r7
 112: r0 += 376
 113: r2 = r0
 114: r1 = map[var:self->spec]
 116: call map_lookup_elem
 117: if r0 != 0 goto 120
 118: r0 = 0
 119: goto 121
 120: r0 = *(u64 *)(r0 +0)
 121: if r0 == 0 goto 307
 122: r0 = *(u64 *)(r7 +288)
 123: if r0 s>= 0 goto 307
 124: *(u32 *)(r7 +12) = 0
 125: call get_current_pid_tgid
 126: w0 = w0
 127: *(u64 *)(r7 +376) = r0
 128: r0 = r7
 129: r0 += 376
 130: r2 = r0
 131: r1 = map[var:self->spec]
 133: call map_lookup_elem
 134: if r0 != 0 goto 137
 135: r0 = 0
 136: goto 138
 137: r0 = *(u64 *)(r0 +0)
 138: if r0 > 2 goto 140
 139: goto 145
 140: *(u64 *)(r7 +40) = r0
 141: *(u64 *)(r7 +24) = 3
 142: *(u64 *)(r7 +32) = 1
 143: *(u64 *)(r7 +56) = 138
 144: goto 283
 145: *(u64 *)(r7 +24) = r0
 146: r1 = *(u64 *)(r10 -16)
 147: r1 |= 1
 148: *(u64 *)(r10 -16) = r1
 149: r0 = 0
 150: r0 <<= 32
 151: r0 s>>= 32
 152: *(u64 *)(r10 -72) = r0
 153: call get_current_pid_tgid
 154: w0 = w0
 155: *(u64 *)(r7 +376) = r0
 156: r0 = r7
 157: r0 += 376
 158: r1 = *(u64 *)(r10 -72)
 159: *(u64 *)(r10 -56) = r1
 160: r3 = *(u64 *)(r10 -56)
 161: if r3 != 0 goto 178
 162: r1 = map[var:self->spec]
 164: r2 = r7
 165: r2 += 376
 166: call map_delete_elem
 167: if r0 != 0 goto 231
 168: *(u32 *)(r10 -8) = 0
 169: r1 = map[dynvar]
 171: r2 = r10
 172: r2 += -8
 173: call map_lookup_elem
 174: if r0 == 0 goto 231
 175: r1 = -4
 176: lock *(u64 *)(r0 +0) += r1
 177: goto 231
 178: r1 = map[var:self->spec]
 180: r2 = r7
 181: r2 += 376
 182: call map_lookup_elem
 183: if r0 != 0 goto 219
 184: *(u32 *)(r10 -8) = 0
 185: r1 = map[dynvar]
 187: r2 = r10
 188: r2 += -8
 189: call map_lookup_elem
 190: if r0 == 0 goto 222
 191: r1 = 4
 192: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 193: r1 += 4
 194: r2 = 0x100000 ll
 196: if r1 <= r2 goto 200
 197: r1 = -4
 198: lock *(u64 *)(r0 +0) += r1
 199: goto 222
 200: r1 = map[var:self->spec]
 202: r2 = r7
 203: r2 += 376
 204: r3 = r10
 205: r3 += -56
 206: r4 = 1
 207: call map_update_elem
 208: if r0 == 0 goto 231
 209: *(u32 *)(r10 -8) = 0
 210: r1 = map[dynvar]
 212: r2 = r10
 213: r2 += -8
 214: call map_lookup_elem
 215: if r0 == 0 goto 222
 216: r1 = -4
 217: lock *(u64 *)(r0 +0) += r1
 218: goto 222
 219: r1 = *(u64 *)(r10 -56)
 220: *(u64 *)(r0 +0) = r1
 221: goto 231
 222: *(u32 *)(r10 -8) = 1
 223: r1 = map[drops]
 225: r2 = r10
 226: r2 += -8
 227: call map_lookup_elem
 228: if r0 == 0 goto 231
 229: r1 = 1
 230: lock *(u64 *)(r0 +0) += r1
 231: r1 = *(u64 *)(r10 -16)
 232: if r1 == 0 goto 307
 233: r1 = *(u64 *)(r10 -16)
 234: *(u64 *)(r7 +16) = r1
 235: *(u32 *)(r7 +0) = 1
 236: *(u32 *)(r7 +4) = r9
 237: call get_smp_processor_id
 238: *(u32 *)(r7 +8) = r0
 239: r1 = map[ringbuf]
 241: r2 = 0
 242: call ringbuf_query
 243: r4 = 1
 244: r1 = r0
 245: r1 += 40
 246: if r1 < 1048576 goto 251
 247: r0 >>= 18
 248: r1 >>= 18
 249: if r0 == r1 goto 251
 250: r4 = 2
 251: r1 = map[ringbuf]
 253: r2 = r7
 254: r2 += 0
 255: r3 = 32
 256: call ringbuf_output
 257: if r0 != 0 goto 259
 258: goto 268
 259: *(u32 *)(r10 -8) = 0
 260: r1 = map[drops]
 262: r2 = r10
 263: r2 += -8
 264: call map_lookup_elem
 265: if r0 == 0 goto 268
 266: r1 = 1
 267: lock *(u64 *)(r0 +0) += r1
 268: r1 = *(u64 *)(r10 -16)
 269: r1 &= 1
 270: if r1 == 0 goto 282
 271: r1 = *(u64 *)(r7 +24)
 272: if r1 == 0 goto 282
 273: if r1 > 2 goto 282
 274: *(u32 *)(r10 -8) = r1
 275: r1 = map[spec]
 277: r2 = r10
 278: r2 += -8
 279: call map_lookup_elem
 280: if r0 == 0 goto 282
 281: *(u64 *)(r0 +0) = 0
 282: goto 307
 283: *(u32 *)(r7 +0) = -1
 284: *(u32 *)(r7 +4) = r9
 285: call get_smp_processor_id
 286: *(u32 *)(r7 +8) = r0
 287: *(u32 *)(r7 +12) = 0
 288: *(u64 *)(r7 +16) = 0
 289: *(u64 *)(r7 +48) = 1
 290: r1 = map[ringbuf]
 292: r2 = r7
 293: r2 += 0
 294: r3 = 64
 295: r4 = 0
 296: call ringbuf_output
 297: if r0 == 0 goto 307
 298: *(u32 *)(r10 -8) = 3
 299: r1 = map[drops]
 301: r2 = r10
 302: r2 += -8
 303: call map_lookup_elem
 304: if r0 == 0 goto 307
 305: r1 = 1
 306: lock *(u64 *)(r0 +0) += r1
 307: r0 = 0
 308: exit

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
  33: call get_current_pid_tgid
  34: w0 = w0
  35: *(u64 *)(r7 +376) = r0
  36: r0 = r7
  37: r0 += 376
  38: r2 = r0
  39: r1 = map[var:self->spec]
  41: call map_lookup_elem
  42: if r0 != 0 goto 45
  43: r0 = 0
  44: goto 46
  45: r0 = *(u64 *)(r0 +0)
  46: if r0 == 0 goto 230
  47: *(u32 *)(r7 +12) = 0
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
  98: r1 = -4
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
 114: r1 = 4
 115: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 116: r1 += 4
 117: r2 = 0x100000 ll
 119: if r1 <= r2 goto 123
 120: r1 = -4
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
 139: r1 = -4
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
