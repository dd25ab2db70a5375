; clause 0: pid123:a.out:main:entry
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 218 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 216
   8: r7 = r0
   9: call get_current_pid_tgid
  10: r0 >>= 32
  11: r1 = r0
  12: *(u32 *)(r10 -8) = r1
  13: r1 = map[pids]
  15: r2 = r10
  16: r2 += -8
  17: call map_lookup_elem
  18: if r0 == 0 goto 216
  19: *(u32 *)(r10 -8) = 0
  20: r1 = map[zero]
  22: r2 = r10
  23: r2 += -8
  24: call map_lookup_elem
  25: if r0 == 0 goto 216
  26: *(u64 *)(r10 -48) = r0
  27: r0 = 0
  28: *(u64 *)(r10 -16) = 0
  29: *(u64 *)(r10 -72) = r0
  30: r0 = 1
  31: *(u64 *)(r10 -80) = r0
  32: call get_current_pid_tgid
  33: r0 >>= 32
  34: *(u64 *)(r7 +4272) = r0
  35: call #158
  36: r1 = r0
  37: call #175
  38: r3 = r0
  39: r1 = r7
  40: r1 += 4336
  41: r2 = 168
  42: call probe_read_kernel
  43: r1 = r7
  44: r1 += 4336
  45: *(u64 *)(r1 +168) = 0
  46: r1 = r7
  47: r1 += 4336
  48: r2 = *(u64 *)(r1 +168)
  49: if r2 >= 8192 goto 136
  50: r3 = *(u64 *)(r1 +152)
  51: r3 += r2
  52: r4 = r3
  53: r4 &= 4095
  54: r5 = 4096
  55: r5 -= r4
  56: r4 = 8192
  57: r4 -= r2
  58: if r5 <= r4 goto 60
  59: r5 = r4
  60: if r5 > 4096 goto 136
  61: if r5 == 0 goto 136
  62: r0 = r5
  63: *(u64 *)(r10 -88) = r0
  64: r1 = r7
  65: r1 += 4512
  66: r1 += r2
  67: r2 = r5
  68: call probe_read_user
  69: r3 = *(u64 *)(r10 -88)
  70: if r0 != 0 goto 136
  71: r1 = r7
  72: r1 += 4336
  73: r2 = *(u64 *)(r1 +168)
  74: r2 += r3
  75: *(u64 *)(r1 +168) = r2
  76: r1 = r7
  77: r1 += 4336
  78: r2 = *(u64 *)(r1 +168)
  79: if r2 >= 8192 goto 136
  80: r3 = *(u64 *)(r1 +152)
  81: r3 += r2
  82: r4 = r3
  83: r4 &= 4095
  84: r5 = 4096
  85: r5 -= r4
  86: r4 = 8192
  87: r4 -= r2
  88: if r5 <= r4 goto 90
  89: r5 = r4
  90: if r5 > 4096 goto 136
  91: if r5 == 0 goto 136
  92: r0 = r5
  93: *(u64 *)(r10 -88) = r0
  94: r1 = r7
  95: r1 += 4512
  96: r1 += r2
  97: r2 = r5
  98: call probe_read_user
  99: r3 = *(u64 *)(r10 -88)
 100: if r0 != 0 goto 136
 101: r1 = r7
 102: r1 += 4336
 103: r2 = *(u64 *)(r1 +168)
 104: r2 += r3
 105: *(u64 *)(r1 +168) = r2
 106: r1 = r7
 107: r1 += 4336
 108: r2 = *(u64 *)(r1 +168)
 109: if r2 >= 8192 goto 136
 110: r3 = *(u64 *)(r1 +152)
 111: r3 += r2
 112: r4 = r3
 113: r4 &= 4095
 114: r5 = 4096
 115: r5 -= r4
 116: r4 = 8192
 117: r4 -= r2
 118: if r5 <= r4 goto 120
 119: r5 = r4
 120: if r5 > 4096 goto 136
 121: if r5 == 0 goto 136
 122: r0 = r5
 123: *(u64 *)(r10 -88) = r0
 124: r1 = r7
 125: r1 += 4512
 126: r1 += r2
 127: r2 = r5
 128: call probe_read_user
 129: r3 = *(u64 *)(r10 -88)
 130: if r0 != 0 goto 136
 131: r1 = r7
 132: r1 += 4336
 133: r2 = *(u64 *)(r1 +168)
 134: r2 += r3
 135: *(u64 *)(r1 +168) = r2
 136: r1 = r7
 137: r1 += 4336
 138: r2 = *(u64 *)(r1 +168)
 139: r3 = 0xcbf29ce484222325 ll
 141: if r2 > 8192 goto 162
 142: r2 >>= 3
 143: r2 += 22
 144: r4 = 0
 145: if r4 >= r2 goto 163
 146: if r4 >= 1046 goto 163
 147: r5 = r4
 148: r5 <<= 3
 149: r0 = r7
 150: r0 += 4336
 151: r0 += r5
 152: r0 = *(u64 *)(r0 +0)
 153: r3 ^= r0
 154: r0 = 0x100000001b3 ll
 156: r3 *= r0
 157: r0 = r3
 158: r0 >>= 29
 159: r3 ^= r0
 160: r4 += 1
 161: goto 145
 162: r3 = 0
 163: r1 = r7
 164: r1 += 4272
 165: *(u64 *)(r1 +8) = r3
 166: r1 = map[(null)]
 168: r2 = r7
 169: r2 += 4272
 170: r3 = r7
 171: r3 += 4336
 172: r4 = 1
 173: call map_update_elem
 174: r0 = r7
 175: r0 += 4272
 176: *(u64 *)(r10 -88) = r0
 177: r0 = *(u64 *)(r10 -88)
 178: r1 = r7
 179: r1 += 160
 180: r3 = r0
 181: r2 = 16
 182: call probe_read_kernel
 183: r0 = r7
 184: r0 += 160
 185: r2 = r0
 186: r1 = map[agg:@stacks]
 188: call map_lookup_elem
 189: if r0 != 0 goto 213
 190: r1 = map[agg:@stacks]
 192: r2 = r7
 193: r2 += 160
 194: r3 = *(u64 *)(r10 -48)
 195: r4 = 1
 196: call map_update_elem
 197: r1 = map[agg:@stacks]
 199: r2 = r7
 200: r2 += 160
 201: call map_lookup_elem
 202: if r0 != 0 goto 213
 203: *(u32 *)(r10 -8) = 2
 204: r1 = map[drops]
 206: r2 = r10
 207: r2 += -8
 208: call map_lookup_elem
 209: if r0 == 0 goto 212
 210: r1 = 1
 211: lock *(u64 *)(r0 +0) += r1
 212: goto 216
 213: r1 = *(u64 *)(r10 -72)
 214: r1 = 1
 215: lock *(u64 *)(r0 +0) += r1
 216: r0 = 0
 217: exit
