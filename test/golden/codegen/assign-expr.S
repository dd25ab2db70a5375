; clause 0: BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 185 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 183
   8: r7 = r0
   9: r9 = 1
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[globals]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 183
  17: *(u64 *)(r10 -24) = r0
  18: r0 = 0
  19: *(u64 *)(r10 -16) = 0
  20: *(u32 *)(r7 +12) = 0
  21: r0 = 0
  22: r0 <<= 32
  23: r0 s>>= 32
  24: *(u64 *)(r10 -72) = r0
  25: r1 = *(u64 *)(r10 -24)
  26: r0 <<= 32
  27: r0 s>>= 32
  28: *(u64 *)(r1 +0) = r0
  29: r0 = *(u64 *)(r10 -72)
  30: r1 = *(u64 *)(r10 -24)
  31: r0 <<= 32
  32: r0 s>>= 32
  33: *(u64 *)(r1 +8) = r0
  34: r0 = 1
  35: r0 <<= 32
  36: r0 s>>= 32
  37: *(u64 *)(r10 -72) = r0
  38: r0 = *(u64 *)(r10 -24)
  39: r0 = *(u64 *)(r0 +16)
  40: *(u64 *)(r10 -80) = r0
  41: r0 += 1
  42: r1 = *(u64 *)(r10 -24)
  43: r0 <<= 32
  44: r0 s>>= 32
  45: *(u64 *)(r1 +16) = r0
  46: r0 = *(u64 *)(r10 -80)
  47: *(u64 *)(r10 -80) = r0
  48: r0 = *(u64 *)(r10 -80)
  49: *(u64 *)(r7 +160) = r0
  50: r0 = r7
  51: r0 += 160
  52: r1 = *(u64 *)(r10 -72)
  53: *(u64 *)(r10 -56) = r1
  54: r3 = *(u64 *)(r10 -56)
  55: if r3 != 0 goto 72
  56: r1 = map[var:a]
  58: r2 = r7
  59: r2 += 160
  60: call map_delete_elem
  61: if r0 != 0 goto 125
  62: *(u32 *)(r10 -8) = 0
  63: r1 = map[dynvar]
  65: r2 = r10
  66: r2 += -8
  67: call map_lookup_elem
  68: if r0 == 0 goto 125
  69: r1 = -80
  70: lock *(u64 *)(r0 +0) += r1
  71: goto 125
  72: r1 = map[var:a]
  74: r2 = r7
  75: r2 += 160
  76: call map_lookup_elem
  77: if r0 != 0 goto 113
  78: *(u32 *)(r10 -8) = 0
  79: r1 = map[dynvar]
  81: r2 = r10
  82: r2 += -8
  83: call map_lookup_elem
  84: if r0 == 0 goto 116
  85: r1 = 80
  86: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
  87: r1 += 80
  88: r2 = 0x100000 ll
  90: if r1 <= r2 goto 94
  91: r1 = -80
  92: lock *(u64 *)(r0 +0) += r1
  93: goto 116
  94: r1 = map[var:a]
  96: r2 = r7
  97: r2 += 160
  98: r3 = r10
  99: r3 += -56
 100: r4 = 1
 101: call map_update_elem
 102: if r0 == 0 goto 125
 103: *(u32 *)(r10 -8) = 0
 104: r1 = map[dynvar]
 106: r2 = r10
 107: r2 += -8
 108: call map_lookup_elem
 109: if r0 == 0 goto 116
 110: r1 = -80
 111: lock *(u64 *)(r0 +0) += r1
 112: goto 116
 113: r1 = *(u64 *)(r10 -56)
 114: *(u64 *)(r0 +0) = r1
 115: goto 125
 116: *(u32 *)(r10 -8) = 1
 117: r1 = map[drops]
 119: r2 = r10
 120: r2 += -8
 121: call map_lookup_elem
 122: if r0 == 0 goto 125
 123: r1 = 1
 124: lock *(u64 *)(r0 +0) += r1
 125: r0 = *(u64 *)(r10 -24)
 126: r0 = *(u64 *)(r0 +24)
 127: r0 += 1
 128: r0 <<= 32
 129: r0 s>>= 32
 130: *(u64 *)(r10 -72) = r0
 131: r1 = *(u64 *)(r10 -24)
 132: r0 <<= 32
 133: r0 s>>= 32
 134: *(u64 *)(r1 +24) = r0
 135: r0 = *(u64 *)(r10 -72)
 136: if r0 s<= 3 goto 146
 137: r0 = *(u64 *)(r10 -24)
 138: r0 = *(u64 *)(r0 +24)
 139: r0 <<= 32
 140: r0 s>>= 32
 141: *(u64 *)(r7 +24) = r0
 142: r1 = *(u64 *)(r10 -16)
 143: r1 |= 1
 144: *(u64 *)(r10 -16) = r1
 145: goto 146
 146: r1 = *(u64 *)(r10 -16)
 147: if r1 == 0 goto 183
 148: r1 = *(u64 *)(r10 -16)
 149: *(u64 *)(r7 +16) = r1
 150: *(u32 *)(r7 +0) = 0
 151: *(u32 *)(r7 +4) = r9
 152: call get_smp_processor_id
 153: *(u32 *)(r7 +8) = r0
 154: r1 = map[ringbuf]
 156: r2 = 0
 157: call ringbuf_query
 158: r4 = 1
 159: r1 = r0
 160: r1 += 40
 161: if r1 < 1048576 goto 166
 162: r0 >>= 18
 163: r1 >>= 18
 164: if r0 == r1 goto 166
 165: r4 = 2
 166: r1 = map[ringbuf]
 168: r2 = r7
 169: r2 += 0
 170: r3 = 32
 171: call ringbuf_output
 172: if r0 != 0 goto 174
 173: goto 183
 174: *(u32 *)(r10 -8) = 0
 175: r1 = map[drops]
 177: r2 = r10
 178: r2 += -8
 179: call map_lookup_elem
 180: if r0 == 0 goto 183
 181: r1 = 1
 182: lock *(u64 *)(r0 +0) += r1
 183: r0 = 0
 184: exit
