; clause 0: BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 25 insns
   0: r6 = r1
   1: r9 = 1
   2: *(u32 *)(r10 -8) = 0
   3: r1 = map[globals]
   5: r2 = r10
   6: r2 += -8
   7: call map_lookup_elem
   8: if r0 == 0 goto 23
   9: *(u64 *)(r10 -24) = r0
  10: r0 = 0
  11: r1 = *(u64 *)(r10 -24)
  12: r1 = *(u64 *)(r1 +16)
  13: if r1 != 0 goto 23
  14: call ktime_get_ns
  15: r1 = 0x17979cfe362a0000 ll
  17: r0 += r1
  18: r1 = *(u64 *)(r10 -24)
  19: *(u64 *)(r1 +0) = r0
  20: r0 = 4242
  21: r1 = *(u64 *)(r10 -24)
  22: *(u64 *)(r1 +8) = r0
  23: r0 = 0
  24: exit

; clause 1: END
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 68 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 66
   8: r7 = r0
   9: r9 = 2
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[globals]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 66
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
  40: r1 = *(u64 *)(r10 -24)
  41: *(u64 *)(r1 +16) = 1
  42: r1 = 3
  43: *(u64 *)(r7 +16) = r1
  44: *(u32 *)(r7 +0) = 1
  45: *(u32 *)(r7 +4) = r9
  46: call get_smp_processor_id
  47: *(u32 *)(r7 +8) = r0
  48: r4 = 2
  49: r1 = map[ringbuf]
  51: r2 = r7
  52: r2 += 0
  53: r3 = 48
  54: call ringbuf_output
  55: if r0 != 0 goto 57
  56: goto 66
  57: *(u32 *)(r10 -8) = 0
  58: r1 = map[drops]
  60: r2 = r10
  61: r2 += -8
  62: call map_lookup_elem
  63: if r0 == 0 goto 66
  64: r1 = 1
  65: lock *(u64 *)(r0 +0) += r1
  66: r0 = 0
  67: exit
