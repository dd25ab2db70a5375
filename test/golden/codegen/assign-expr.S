; clause 0: BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 171 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 169
   8: r7 = r0
   9: r9 = 1
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[globals]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 169
  17: *(u64 *)(r10 -24) = r0
  18: r0 = 0
  19: *(u64 *)(r10 -16) = 0
  20: *(u32 *)(r7 +12) = 0
  21: r0 = 0
  22: *(u64 *)(r10 -72) = r0
  23: r1 = *(u64 *)(r10 -24)
  24: *(u64 *)(r1 +0) = r0
  25: r0 = *(u64 *)(r10 -72)
  26: r1 = *(u64 *)(r10 -24)
  27: *(u64 *)(r1 +8) = r0
  28: r0 = 1
  29: r0 <<= 32
  30: r0 s>>= 32
  31: *(u64 *)(r10 -72) = r0
  32: r0 = *(u64 *)(r10 -24)
  33: r0 = *(u64 *)(r0 +16)
  34: *(u64 *)(r10 -80) = r0
  35: r0 += 1
  36: r1 = *(u64 *)(r10 -24)
  37: *(u64 *)(r1 +16) = r0
  38: r0 = *(u64 *)(r10 -80)
  39: *(u64 *)(r10 -80) = r0
  40: r0 = *(u64 *)(r10 -80)
  41: *(u64 *)(r7 +160) = r0
  42: r0 = r7
  43: r0 += 160
  44: r1 = *(u64 *)(r10 -72)
  45: *(u64 *)(r10 -56) = r1
  46: r3 = *(u64 *)(r10 -56)
  47: if r3 != 0 goto 64
  48: r1 = map[var:a]
  50: r2 = r7
  51: r2 += 160
  52: call map_delete_elem
  53: if r0 != 0 goto 117
  54: *(u32 *)(r10 -8) = 0
  55: r1 = map[dynvar]
  57: r2 = r10
  58: r2 += -8
  59: call map_lookup_elem
  60: if r0 == 0 goto 117
  61: r1 = -12
  62: lock *(u64 *)(r0 +0) += r1
  63: goto 117
  64: r1 = map[var:a]
  66: r2 = r7
  67: r2 += 160
  68: call map_lookup_elem
  69: if r0 != 0 goto 105
  70: *(u32 *)(r10 -8) = 0
  71: r1 = map[dynvar]
  73: r2 = r10
  74: r2 += -8
  75: call map_lookup_elem
  76: if r0 == 0 goto 108
  77: r1 = 12
  78: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
  79: r1 += 12
  80: r2 = 0x100000 ll
  82: if r1 <= r2 goto 86
  83: r1 = -12
  84: lock *(u64 *)(r0 +0) += r1
  85: goto 108
  86: r1 = map[var:a]
  88: r2 = r7
  89: r2 += 160
  90: r3 = r10
  91: r3 += -56
  92: r4 = 1
  93: call map_update_elem
  94: if r0 == 0 goto 117
  95: *(u32 *)(r10 -8) = 0
  96: r1 = map[dynvar]
  98: r2 = r10
  99: r2 += -8
 100: call map_lookup_elem
 101: if r0 == 0 goto 108
 102: r1 = -12
 103: lock *(u64 *)(r0 +0) += r1
 104: goto 108
 105: r1 = *(u64 *)(r10 -56)
 106: *(u64 *)(r0 +0) = r1
 107: goto 117
 108: *(u32 *)(r10 -8) = 1
 109: r1 = map[drops]
 111: r2 = r10
 112: r2 += -8
 113: call map_lookup_elem
 114: if r0 == 0 goto 117
 115: r1 = 1
 116: lock *(u64 *)(r0 +0) += r1
 117: r0 = *(u64 *)(r10 -24)
 118: r0 = *(u64 *)(r0 +24)
 119: r0 += 1
 120: *(u64 *)(r10 -72) = r0
 121: r1 = *(u64 *)(r10 -24)
 122: *(u64 *)(r1 +24) = r0
 123: r0 = *(u64 *)(r10 -72)
 124: if r0 s<= 3 goto 132
 125: r0 = *(u64 *)(r10 -24)
 126: r0 = *(u64 *)(r0 +24)
 127: *(u64 *)(r7 +24) = r0
 128: r1 = *(u64 *)(r10 -16)
 129: r1 |= 1
 130: *(u64 *)(r10 -16) = r1
 131: goto 132
 132: r1 = *(u64 *)(r10 -16)
 133: if r1 == 0 goto 169
 134: r1 = *(u64 *)(r10 -16)
 135: *(u64 *)(r7 +16) = r1
 136: *(u32 *)(r7 +0) = 0
 137: *(u32 *)(r7 +4) = r9
 138: call get_smp_processor_id
 139: *(u32 *)(r7 +8) = r0
 140: r1 = map[ringbuf]
 142: r2 = 0
 143: call ringbuf_query
 144: r4 = 1
 145: r1 = r0
 146: r1 += 40
 147: if r1 < 1048576 goto 152
 148: r0 >>= 18
 149: r1 >>= 18
 150: if r0 == r1 goto 152
 151: r4 = 2
 152: r1 = map[ringbuf]
 154: r2 = r7
 155: r2 += 0
 156: r3 = 32
 157: call ringbuf_output
 158: if r0 != 0 goto 160
 159: goto 169
 160: *(u32 *)(r10 -8) = 0
 161: r1 = map[drops]
 163: r2 = r10
 164: r2 += -8
 165: call map_lookup_elem
 166: if r0 == 0 goto 169
 167: r1 = 1
 168: lock *(u64 *)(r0 +0) += r1
 169: r0 = 0
 170: exit
