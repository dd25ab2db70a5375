; clause 0: BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 177 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 175
   8: r7 = r0
   9: r9 = 1
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[globals]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 175
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
  43: *(u64 *)(r1 +16) = r0
  44: r0 = *(u64 *)(r10 -80)
  45: *(u64 *)(r10 -80) = r0
  46: r0 = *(u64 *)(r10 -80)
  47: *(u64 *)(r7 +160) = r0
  48: r0 = r7
  49: r0 += 160
  50: r1 = *(u64 *)(r10 -72)
  51: *(u64 *)(r10 -56) = r1
  52: r3 = *(u64 *)(r10 -56)
  53: if r3 != 0 goto 70
  54: r1 = map[var:a]
  56: r2 = r7
  57: r2 += 160
  58: call map_delete_elem
  59: if r0 != 0 goto 123
  60: *(u32 *)(r10 -8) = 0
  61: r1 = map[dynvar]
  63: r2 = r10
  64: r2 += -8
  65: call map_lookup_elem
  66: if r0 == 0 goto 123
  67: r1 = -12
  68: lock *(u64 *)(r0 +0) += r1
  69: goto 123
  70: r1 = map[var:a]
  72: r2 = r7
  73: r2 += 160
  74: call map_lookup_elem
  75: if r0 != 0 goto 111
  76: *(u32 *)(r10 -8) = 0
  77: r1 = map[dynvar]
  79: r2 = r10
  80: r2 += -8
  81: call map_lookup_elem
  82: if r0 == 0 goto 114
  83: r1 = 12
  84: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
  85: r1 += 12
  86: r2 = 0x100000 ll
  88: if r1 <= r2 goto 92
  89: r1 = -12
  90: lock *(u64 *)(r0 +0) += r1
  91: goto 114
  92: r1 = map[var:a]
  94: r2 = r7
  95: r2 += 160
  96: r3 = r10
  97: r3 += -56
  98: r4 = 1
  99: call map_update_elem
 100: if r0 == 0 goto 123
 101: *(u32 *)(r10 -8) = 0
 102: r1 = map[dynvar]
 104: r2 = r10
 105: r2 += -8
 106: call map_lookup_elem
 107: if r0 == 0 goto 114
 108: r1 = -12
 109: lock *(u64 *)(r0 +0) += r1
 110: goto 114
 111: r1 = *(u64 *)(r10 -56)
 112: *(u64 *)(r0 +0) = r1
 113: goto 123
 114: *(u32 *)(r10 -8) = 1
 115: r1 = map[drops]
 117: r2 = r10
 118: r2 += -8
 119: call map_lookup_elem
 120: if r0 == 0 goto 123
 121: r1 = 1
 122: lock *(u64 *)(r0 +0) += r1
 123: r0 = *(u64 *)(r10 -24)
 124: r0 = *(u64 *)(r0 +24)
 125: r0 += 1
 126: *(u64 *)(r10 -72) = r0
 127: r1 = *(u64 *)(r10 -24)
 128: *(u64 *)(r1 +24) = r0
 129: r0 = *(u64 *)(r10 -72)
 130: if r0 s<= 3 goto 138
 131: r0 = *(u64 *)(r10 -24)
 132: r0 = *(u64 *)(r0 +24)
 133: *(u64 *)(r7 +24) = r0
 134: r1 = *(u64 *)(r10 -16)
 135: r1 |= 1
 136: *(u64 *)(r10 -16) = r1
 137: goto 138
 138: r1 = *(u64 *)(r10 -16)
 139: if r1 == 0 goto 175
 140: r1 = *(u64 *)(r10 -16)
 141: *(u64 *)(r7 +16) = r1
 142: *(u32 *)(r7 +0) = 0
 143: *(u32 *)(r7 +4) = r9
 144: call get_smp_processor_id
 145: *(u32 *)(r7 +8) = r0
 146: r1 = map[ringbuf]
 148: r2 = 0
 149: call ringbuf_query
 150: r4 = 1
 151: r1 = r0
 152: r1 += 40
 153: if r1 < 1048576 goto 158
 154: r0 >>= 18
 155: r1 >>= 18
 156: if r0 == r1 goto 158
 157: r4 = 2
 158: r1 = map[ringbuf]
 160: r2 = r7
 161: r2 += 0
 162: r3 = 32
 163: call ringbuf_output
 164: if r0 != 0 goto 166
 165: goto 175
 166: *(u32 *)(r10 -8) = 0
 167: r1 = map[drops]
 169: r2 = r10
 170: r2 += -8
 171: call map_lookup_elem
 172: if r0 == 0 goto 175
 173: r1 = 1
 174: lock *(u64 *)(r0 +0) += r1
 175: r0 = 0
 176: exit
