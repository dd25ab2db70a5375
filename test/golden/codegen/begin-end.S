; clause 0: BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 22 insns
   0: r6 = r1
   1: r9 = 1
   2: *(u32 *)(r10 -8) = 0
   3: r1 = map[globals]
   5: r2 = r10
   6: r2 += -8
   7: call map_lookup_elem
   8: if r0 == 0 goto 20
   9: *(u64 *)(r10 -24) = r0
  10: r0 = 0
  11: call ktime_get_ns
  12: r1 = 0x17979cfe362a0000 ll
  14: r0 += r1
  15: r1 = *(u64 *)(r10 -24)
  16: *(u64 *)(r1 +0) = r0
  17: r0 = 4242
  18: r1 = *(u64 *)(r10 -24)
  19: *(u64 *)(r1 +8) = r0
  20: r0 = 0
  21: exit

; clause 1: END
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 66 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 64
   8: r7 = r0
   9: r9 = 2
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[globals]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 64
  17: *(u64 *)(r10 -24) = r0
  18: r0 = 0
  19: *(u32 *)(r7 +12) = 0
  20: call ktime_get_ns
  21: r1 = 0x17979cfe362a0000 ll
  23: r0 += r1
  24: *(u64 *)(r10 -72) = r0
  25: r0 = *(u64 *)(r10 -24)
  26: r0 = *(u64 *)(r0 +0)
  27: r1 = r0
  28: r0 = *(u64 *)(r10 -72)
  29: r0 -= r1
  30: *(u64 *)(r7 +24) = r0
  31: r0 = *(u64 *)(r10 -24)
  32: r0 = *(u64 *)(r0 +8)
  33: r0 <<= 32
  34: r0 s>>= 32
  35: *(u64 *)(r7 +32) = r0
  36: r0 = 0
  37: r0 <<= 32
  38: r0 s>>= 32
  39: *(u64 *)(r7 +40) = r0
  40: r1 = 3
  41: *(u64 *)(r7 +16) = r1
  42: *(u32 *)(r7 +0) = 1
  43: *(u32 *)(r7 +4) = r9
  44: call get_smp_processor_id
  45: *(u32 *)(r7 +8) = r0
  46: r4 = 2
  47: r1 = map[ringbuf]
  49: r2 = r7
  50: r2 += 0
  51: r3 = 48
  52: call ringbuf_output
  53: if r0 != 0 goto 55
  54: goto 64
  55: *(u32 *)(r10 -8) = 0
  56: r1 = map[drops]
  58: r2 = r10
  59: r2 += -8
  60: call map_lookup_elem
  61: if r0 == 0 goto 64
  62: r1 = 1
  63: lock *(u64 *)(r0 +0) += r1
  64: r0 = 0
  65: exit
