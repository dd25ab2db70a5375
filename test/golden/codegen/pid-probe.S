; clause 0: pid123:a.out:main:entry
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 223 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 221
  11: *(u32 *)(r10 -8) = 0
  12: r1 = map[scratch]
  14: r2 = r10
  15: r2 += -8
  16: call map_lookup_elem
  17: if r0 == 0 goto 221
  18: r7 = r0
  19: r0 = 0
  20: call get_current_pid_tgid
  21: r0 >>= 32
  22: *(u64 *)(r7 +4272) = r0
  23: call #158
  24: r1 = r0
  25: call #175
  26: r3 = r0
  27: r1 = r7
  28: r1 += 4336
  29: r2 = 168
  30: call probe_read_kernel
  31: r1 = r7
  32: r1 += 4336
  33: *(u64 *)(r1 +168) = 0
  34: r1 = r7
  35: r1 += 4336
  36: r2 = *(u64 *)(r1 +168)
  37: if r2 >= 8192 goto 124
  38: r3 = *(u64 *)(r1 +152)
  39: r3 += r2
  40: r4 = r3
  41: r4 &= 4095
  42: r5 = 4096
  43: r5 -= r4
  44: r4 = 8192
  45: r4 -= r2
  46: if r5 <= r4 goto 48
  47: r5 = r4
  48: if r5 > 4096 goto 124
  49: if r5 == 0 goto 124
  50: r0 = r5
  51: *(u64 *)(r10 -72) = r0
  52: r1 = r7
  53: r1 += 4512
  54: r1 += r2
  55: r2 = r5
  56: call probe_read_user
  57: r3 = *(u64 *)(r10 -72)
  58: if r0 != 0 goto 124
  59: r1 = r7
  60: r1 += 4336
  61: r2 = *(u64 *)(r1 +168)
  62: r2 += r3
  63: *(u64 *)(r1 +168) = r2
  64: r1 = r7
  65: r1 += 4336
  66: r2 = *(u64 *)(r1 +168)
  67: if r2 >= 8192 goto 124
  68: r3 = *(u64 *)(r1 +152)
  69: r3 += r2
  70: r4 = r3
  71: r4 &= 4095
  72: r5 = 4096
  73: r5 -= r4
  74: r4 = 8192
  75: r4 -= r2
  76: if r5 <= r4 goto 78
  77: r5 = r4
  78: if r5 > 4096 goto 124
  79: if r5 == 0 goto 124
  80: r0 = r5
  81: *(u64 *)(r10 -72) = r0
  82: r1 = r7
  83: r1 += 4512
  84: r1 += r2
  85: r2 = r5
  86: call probe_read_user
  87: r3 = *(u64 *)(r10 -72)
  88: if r0 != 0 goto 124
  89: r1 = r7
  90: r1 += 4336
  91: r2 = *(u64 *)(r1 +168)
  92: r2 += r3
  93: *(u64 *)(r1 +168) = r2
  94: r1 = r7
  95: r1 += 4336
  96: r2 = *(u64 *)(r1 +168)
  97: if r2 >= 8192 goto 124
  98: r3 = *(u64 *)(r1 +152)
  99: r3 += r2
 100: r4 = r3
 101: r4 &= 4095
 102: r5 = 4096
 103: r5 -= r4
 104: r4 = 8192
 105: r4 -= r2
 106: if r5 <= r4 goto 108
 107: r5 = r4
 108: if r5 > 4096 goto 124
 109: if r5 == 0 goto 124
 110: r0 = r5
 111: *(u64 *)(r10 -72) = r0
 112: r1 = r7
 113: r1 += 4512
 114: r1 += r2
 115: r2 = r5
 116: call probe_read_user
 117: r3 = *(u64 *)(r10 -72)
 118: if r0 != 0 goto 124
 119: r1 = r7
 120: r1 += 4336
 121: r2 = *(u64 *)(r1 +168)
 122: r2 += r3
 123: *(u64 *)(r1 +168) = r2
 124: r1 = r7
 125: r1 += 4336
 126: r2 = *(u64 *)(r1 +168)
 127: r3 = 0xcbf29ce484222325 ll
 129: if r2 > 8192 goto 158
 130: r0 = r1
 131: r0 += r2
 132: *(u64 *)(r0 +176) = 0
 133: *(u64 *)(r0 +184) = 0
 134: *(u64 *)(r0 +192) = 0
 135: *(u64 *)(r0 +200) = 0
 136: r2 += 207
 137: r2 >>= 5
 138: r5 = 0x100000001b3 ll
 140: r4 = 0
 141: if r4 >= r2 goto 159
 142: if r4 >= 262 goto 159
 143: r0 = *(u64 *)(r1 +0)
 144: r3 ^= r0
 145: r3 *= r5
 146: r0 = *(u64 *)(r1 +8)
 147: r3 ^= r0
 148: r3 *= r5
 149: r0 = *(u64 *)(r1 +16)
 150: r3 ^= r0
 151: r3 *= r5
 152: r0 = *(u64 *)(r1 +24)
 153: r3 ^= r0
 154: r3 *= r5
 155: r1 += 32
 156: r4 += 1
 157: goto 141
 158: r3 = 0
 159: r0 = r3
 160: r0 >>= 29
 161: r3 ^= r0
 162: r1 = r7
 163: r1 += 4272
 164: *(u64 *)(r1 +8) = r3
 165: r1 = map[(null)]
 167: r2 = r7
 168: r2 += 4272
 169: r3 = r7
 170: r3 += 4336
 171: r4 = 1
 172: call map_update_elem
 173: r0 = r7
 174: r0 += 4272
 175: *(u64 *)(r10 -72) = r0
 176: r0 = *(u64 *)(r10 -72)
 177: r1 = r7
 178: r1 += 160
 179: r3 = r0
 180: r2 = 16
 181: call probe_read_kernel
 182: r0 = r7
 183: r0 += 160
 184: r2 = r0
 185: r1 = map[agg:@stacks]
 187: call map_lookup_elem
 188: if r0 != 0 goto 219
 189: *(u32 *)(r10 -8) = 0
 190: r1 = map[zero]
 192: r2 = r10
 193: r2 += -8
 194: call map_lookup_elem
 195: if r0 == 0 goto 209
 196: r3 = r0
 197: r1 = map[agg:@stacks]
 199: r2 = r7
 200: r2 += 160
 201: r4 = 1
 202: call map_update_elem
 203: r1 = map[agg:@stacks]
 205: r2 = r7
 206: r2 += 160
 207: call map_lookup_elem
 208: if r0 != 0 goto 219
 209: *(u32 *)(r10 -8) = 2
 210: r1 = map[drops]
 212: r2 = r10
 213: r2 += -8
 214: call map_lookup_elem
 215: if r0 == 0 goto 218
 216: r1 = 1
 217: lock *(u64 *)(r0 +0) += r1
 218: goto 221
 219: r1 = 1
 220: lock *(u64 *)(r0 +0) += r1
 221: r0 = 0
 222: exit
