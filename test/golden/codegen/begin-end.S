; clause 0: BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 24 insns
   0: r6 = r1
   1: r9 = 1
   2: *(u32 *)(r10 -8) = 0
   3: r1 = map[globals]
   5: r2 = r10
   6: r2 += -8
   7: call map_lookup_elem
   8: if r0 == 0 goto 22
   9: *(u64 *)(r10 -24) = r0
  10: r0 = 0
  11: call ktime_get_ns
  12: r1 = 0x17979cfe362a0000 ll
  14: r0 += r1
  15: r1 = *(u64 *)(r10 -24)
  16: *(u64 *)(r1 +0) = r0
  17: r0 = 4242
  18: r1 = *(u64 *)(r10 -24)
  19: r0 <<= 32
  20: r0 s>>= 32
  21: *(u64 *)(r1 +8) = r0
  22: r0 = 0
  23: exit

; clause 1: END
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 75 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 73
   8: r7 = r0
   9: r9 = 2
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[globals]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 73
  17: *(u64 *)(r10 -24) = r0
  18: r0 = 0
  19: *(u64 *)(r10 -16) = 0
  20: *(u32 *)(r7 +12) = 0
  21: call ktime_get_ns
  22: r1 = 0x17979cfe362a0000 ll
  24: r0 += r1
  25: *(u64 *)(r10 -72) = r0
  26: r0 = *(u64 *)(r10 -24)
  27: r0 = *(u64 *)(r0 +0)
  28: r1 = r0
  29: r0 = *(u64 *)(r10 -72)
  30: r0 -= r1
  31: *(u64 *)(r7 +24) = r0
  32: r0 = *(u64 *)(r10 -24)
  33: r0 = *(u64 *)(r0 +8)
  34: r0 <<= 32
  35: r0 s>>= 32
  36: *(u64 *)(r7 +32) = r0
  37: r1 = *(u64 *)(r10 -16)
  38: r1 |= 1
  39: *(u64 *)(r10 -16) = r1
  40: r0 = 0
  41: r0 <<= 32
  42: r0 s>>= 32
  43: *(u64 *)(r7 +40) = r0
  44: r1 = *(u64 *)(r10 -16)
  45: r1 |= 2
  46: *(u64 *)(r10 -16) = r1
  47: r1 = *(u64 *)(r10 -16)
  48: if r1 == 0 goto 73
  49: r1 = *(u64 *)(r10 -16)
  50: *(u64 *)(r7 +16) = r1
  51: *(u32 *)(r7 +0) = 1
  52: *(u32 *)(r7 +4) = r9
  53: call get_smp_processor_id
  54: *(u32 *)(r7 +8) = r0
  55: r4 = 2
  56: r1 = map[ringbuf]
  58: r2 = r7
  59: r2 += 0
  60: r3 = 48
  61: call ringbuf_output
  62: if r0 != 0 goto 64
  63: goto 73
  64: *(u32 *)(r10 -8) = 0
  65: r1 = map[drops]
  67: r2 = r10
  68: r2 += -8
  69: call map_lookup_elem
  70: if r0 == 0 goto 73
  71: r1 = 1
  72: lock *(u64 *)(r0 +0) += r1
  73: r0 = 0
  74: exit
