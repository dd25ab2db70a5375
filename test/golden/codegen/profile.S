; clause 0: profile:::profile-97
; dt_c0: perf_event (type 7), expected attach type 0, flags 0, 84 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 82
   8: r7 = r0
   9: r1 = *(u64 *)(r6 +136)
  10: r2 = *(u64 *)(r6 +128)
  11: r3 = 0
  12: r1 &= 3
  13: if r1 != 0 goto 17
  14: *(u64 *)(r7 +64) = r2
  15: *(u64 *)(r7 +72) = r3
  16: goto 19
  17: *(u64 *)(r7 +64) = r3
  18: *(u64 *)(r7 +72) = r2
  19: *(u64 *)(r7 +80) = r3
  20: *(u64 *)(r7 +88) = r3
  21: *(u64 *)(r7 +96) = r3
  22: *(u64 *)(r7 +104) = r3
  23: *(u64 *)(r7 +112) = r3
  24: *(u64 *)(r7 +120) = r3
  25: *(u64 *)(r7 +128) = r3
  26: *(u64 *)(r7 +136) = r3
  27: *(u64 *)(r7 +144) = r3
  28: *(u64 *)(r7 +152) = r3
  29: r9 = 4
  30: *(u32 *)(r10 -8) = 0
  31: r1 = map[zero]
  33: r2 = r10
  34: r2 += -8
  35: call map_lookup_elem
  36: if r0 == 0 goto 82
  37: *(u64 *)(r10 -48) = r0
  38: r0 = 0
  39: *(u64 *)(r10 -16) = 0
  40: r0 = *(u64 *)(r7 +72)
  41: if r0 == 0 goto 82
  42: *(u64 *)(r10 -72) = r0
  43: r0 = 1
  44: *(u64 *)(r10 -80) = r0
  45: r0 = *(u64 *)(r7 +72)
  46: *(u64 *)(r10 -88) = r0
  47: r0 = *(u64 *)(r10 -88)
  48: *(u64 *)(r7 +160) = r0
  49: r0 = r7
  50: r0 += 160
  51: r2 = r0
  52: r1 = map[agg:@pcs]
  54: call map_lookup_elem
  55: if r0 != 0 goto 79
  56: r1 = map[agg:@pcs]
  58: r2 = r7
  59: r2 += 160
  60: r3 = *(u64 *)(r10 -48)
  61: r4 = 1
  62: call map_update_elem
  63: r1 = map[agg:@pcs]
  65: r2 = r7
  66: r2 += 160
  67: call map_lookup_elem
  68: if r0 != 0 goto 79
  69: *(u32 *)(r10 -8) = 2
  70: r1 = map[drops]
  72: r2 = r10
  73: r2 += -8
  74: call map_lookup_elem
  75: if r0 == 0 goto 78
  76: r1 = 1
  77: lock *(u64 *)(r0 +0) += r1
  78: goto 82
  79: r1 = *(u64 *)(r10 -72)
  80: r1 = 1
  81: lock *(u64 *)(r0 +0) += r1
  82: r0 = 0
  83: exit

; clause 1: profile:::tick-1s
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 60 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 58
   8: r7 = r0
   9: r9 = 5
  10: r0 = 0
  11: *(u64 *)(r10 -16) = 0
  12: *(u32 *)(r7 +12) = 0
  13: r1 = *(u64 *)(r10 -16)
  14: r1 |= 1
  15: *(u64 *)(r10 -16) = r1
  16: r0 = 10
  17: *(u64 *)(r7 +24) = r0
  18: r1 = *(u64 *)(r10 -16)
  19: r1 |= 2
  20: *(u64 *)(r10 -16) = r1
  21: r1 = *(u64 *)(r10 -16)
  22: if r1 == 0 goto 58
  23: r1 = *(u64 *)(r10 -16)
  24: *(u64 *)(r7 +16) = r1
  25: *(u32 *)(r7 +0) = 1
  26: *(u32 *)(r7 +4) = r9
  27: call get_smp_processor_id
  28: *(u32 *)(r7 +8) = r0
  29: r1 = map[ringbuf]
  31: r2 = 0
  32: call ringbuf_query
  33: r4 = 1
  34: r1 = r0
  35: r1 += 40
  36: if r1 < 1048576 goto 41
  37: r0 >>= 18
  38: r1 >>= 18
  39: if r0 == r1 goto 41
  40: r4 = 2
  41: r1 = map[ringbuf]
  43: r2 = r7
  44: r2 += 0
  45: r3 = 32
  46: call ringbuf_output
  47: if r0 != 0 goto 49
  48: goto 58
  49: *(u32 *)(r10 -8) = 0
  50: r1 = map[drops]
  52: r2 = r10
  53: r2 += -8
  54: call map_lookup_elem
  55: if r0 == 0 goto 58
  56: r1 = 1
  57: lock *(u64 *)(r0 +0) += r1
  58: r0 = 0
  59: exit
