; clause 0: syscall::open:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 361 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 359
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 359
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 359
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[strconst]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 359
  33: *(u64 *)(r10 -32) = r0
  34: r0 = 0
  35: r1 = *(u8 *)(r8 +32)
  36: if r1 == 0 goto 108
  37: if r1 == 3 goto 51
  38: if r1 == 2 goto 41
  39: r0 = *(u64 *)(r8 +48)
  40: goto 95
  41: r3 = *(u16 *)(r8 +36)
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
  53: r1 = *(u8 *)(r8 +35)
  54: r1 &= 1
  55: if r1 == 0 goto 66
  56: r3 = *(u16 *)(r8 +36)
  57: r3 &= 248
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
  70: r3 &= 248
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
 110: *(u64 *)(r10 -16) = 0
 111: *(u32 *)(r7 +12) = 0
 112: r0 = *(u64 *)(r7 +72)
 113: *(u64 *)(r10 -72) = r0
 114: call get_current_pid_tgid
 115: r0 >>= 32
 116: *(u64 *)(r10 -80) = r0
 117: r0 = *(u64 *)(r10 -32)
 118: r0 += 0
 119: *(u64 *)(r10 -88) = r0
 120: r0 = *(u64 *)(r10 -80)
 121: *(u64 *)(r7 +160) = r0
 122: r0 = *(u64 *)(r10 -88)
 123: r1 = r7
 124: r1 += 168
 125: r3 = r0
 126: r2 = 256
 127: call probe_read_kernel
 128: r0 = r7
 129: r0 += 160
 130: r1 = *(u64 *)(r10 -72)
 131: *(u64 *)(r10 -56) = r1
 132: r3 = *(u64 *)(r10 -56)
 133: if r3 != 0 goto 150
 134: r1 = map[var:names]
 136: r2 = r7
 137: r2 += 160
 138: call map_delete_elem
 139: if r0 != 0 goto 203
 140: *(u32 *)(r10 -8) = 0
 141: r1 = map[dynvar]
 143: r2 = r10
 144: r2 += -8
 145: call map_lookup_elem
 146: if r0 == 0 goto 203
 147: r1 = -336
 148: lock *(u64 *)(r0 +0) += r1
 149: goto 203
 150: r1 = map[var:names]
 152: r2 = r7
 153: r2 += 160
 154: call map_lookup_elem
 155: if r0 != 0 goto 191
 156: *(u32 *)(r10 -8) = 0
 157: r1 = map[dynvar]
 159: r2 = r10
 160: r2 += -8
 161: call map_lookup_elem
 162: if r0 == 0 goto 194
 163: r1 = 336
 164: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 165: r1 += 336
 166: r2 = 0x100000 ll
 168: if r1 <= r2 goto 172
 169: r1 = -336
 170: lock *(u64 *)(r0 +0) += r1
 171: goto 194
 172: r1 = map[var:names]
 174: r2 = r7
 175: r2 += 160
 176: r3 = r10
 177: r3 += -56
 178: r4 = 1
 179: call map_update_elem
 180: if r0 == 0 goto 203
 181: *(u32 *)(r10 -8) = 0
 182: r1 = map[dynvar]
 184: r2 = r10
 185: r2 += -8
 186: call map_lookup_elem
 187: if r0 == 0 goto 194
 188: r1 = -336
 189: lock *(u64 *)(r0 +0) += r1
 190: goto 194
 191: r1 = *(u64 *)(r10 -56)
 192: *(u64 *)(r0 +0) = r1
 193: goto 203
 194: *(u32 *)(r10 -8) = 1
 195: r1 = map[drops]
 197: r2 = r10
 198: r2 += -8
 199: call map_lookup_elem
 200: if r0 == 0 goto 203
 201: r1 = 1
 202: lock *(u64 *)(r0 +0) += r1
 203: call get_current_pid_tgid
 204: r0 >>= 32
 205: *(u64 *)(r10 -72) = r0
 206: r0 = *(u64 *)(r10 -32)
 207: r0 += 0
 208: *(u64 *)(r10 -80) = r0
 209: r0 = *(u64 *)(r10 -72)
 210: *(u64 *)(r7 +160) = r0
 211: r0 = *(u64 *)(r10 -80)
 212: r1 = r7
 213: r1 += 168
 214: r3 = r0
 215: r2 = 256
 216: call probe_read_kernel
 217: r0 = r7
 218: r0 += 160
 219: r2 = r0
 220: r1 = map[var:names]
 222: call map_lookup_elem
 223: if r0 != 0 goto 226
 224: r0 = 0
 225: goto 227
 226: r0 = *(u64 *)(r0 +0)
 227: *(u64 *)(r7 +24) = r0
 228: r1 = *(u64 *)(r10 -16)
 229: r1 |= 1
 230: *(u64 *)(r10 -16) = r1
 231: r0 = 0
 232: *(u64 *)(r10 -72) = r0
 233: call get_current_pid_tgid
 234: r0 >>= 32
 235: *(u64 *)(r10 -80) = r0
 236: r0 = *(u64 *)(r10 -32)
 237: r0 += 0
 238: *(u64 *)(r10 -88) = r0
 239: r0 = *(u64 *)(r10 -80)
 240: *(u64 *)(r7 +160) = r0
 241: r0 = *(u64 *)(r10 -88)
 242: r1 = r7
 243: r1 += 168
 244: r3 = r0
 245: r2 = 256
 246: call probe_read_kernel
 247: r0 = r7
 248: r0 += 160
 249: r1 = *(u64 *)(r10 -72)
 250: *(u64 *)(r10 -56) = r1
 251: r3 = *(u64 *)(r10 -56)
 252: if r3 != 0 goto 269
 253: r1 = map[var:names]
 255: r2 = r7
 256: r2 += 160
 257: call map_delete_elem
 258: if r0 != 0 goto 322
 259: *(u32 *)(r10 -8) = 0
 260: r1 = map[dynvar]
 262: r2 = r10
 263: r2 += -8
 264: call map_lookup_elem
 265: if r0 == 0 goto 322
 266: r1 = -336
 267: lock *(u64 *)(r0 +0) += r1
 268: goto 322
 269: r1 = map[var:names]
 271: r2 = r7
 272: r2 += 160
 273: call map_lookup_elem
 274: if r0 != 0 goto 310
 275: *(u32 *)(r10 -8) = 0
 276: r1 = map[dynvar]
 278: r2 = r10
 279: r2 += -8
 280: call map_lookup_elem
 281: if r0 == 0 goto 313
 282: r1 = 336
 283: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 284: r1 += 336
 285: r2 = 0x100000 ll
 287: if r1 <= r2 goto 291
 288: r1 = -336
 289: lock *(u64 *)(r0 +0) += r1
 290: goto 313
 291: r1 = map[var:names]
 293: r2 = r7
 294: r2 += 160
 295: r3 = r10
 296: r3 += -56
 297: r4 = 1
 298: call map_update_elem
 299: if r0 == 0 goto 322
 300: *(u32 *)(r10 -8) = 0
 301: r1 = map[dynvar]
 303: r2 = r10
 304: r2 += -8
 305: call map_lookup_elem
 306: if r0 == 0 goto 313
 307: r1 = -336
 308: lock *(u64 *)(r0 +0) += r1
 309: goto 313
 310: r1 = *(u64 *)(r10 -56)
 311: *(u64 *)(r0 +0) = r1
 312: goto 322
 313: *(u32 *)(r10 -8) = 1
 314: r1 = map[drops]
 316: r2 = r10
 317: r2 += -8
 318: call map_lookup_elem
 319: if r0 == 0 goto 322
 320: r1 = 1
 321: lock *(u64 *)(r0 +0) += r1
 322: r1 = *(u64 *)(r10 -16)
 323: if r1 == 0 goto 359
 324: r1 = *(u64 *)(r10 -16)
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
 359: r0 = 0
 360: exit
