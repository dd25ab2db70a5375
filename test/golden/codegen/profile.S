; clause 0: profile:::profile-97
; dt_c0: perf_event (type 7), expected attach type 0, flags 0, 72 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 70
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
  30: r0 = 0
  31: r0 = *(u64 *)(r7 +72)
  32: if r0 == 0 goto 70
  33: r0 = *(u64 *)(r7 +72)
  34: *(u64 *)(r10 -512) = r0
  35: r0 = r10
  36: r0 += -512
  37: r2 = r0
  38: r1 = map[agg:@pcs]
  40: call map_lookup_elem
  41: if r0 != 0 goto 68
  42: *(u64 *)(r10 -72) = 1
  43: r3 = r10
  44: r3 += -72
  45: r1 = map[agg:@pcs]
  47: r2 = r10
  48: r2 += -512
  49: r4 = 1
  50: call map_update_elem
  51: if r0 == 0 goto 70
  52: r1 = map[agg:@pcs]
  54: r2 = r10
  55: r2 += -512
  56: call map_lookup_elem
  57: if r0 != 0 goto 68
  58: *(u32 *)(r10 -8) = 2
  59: r1 = map[drops]
  61: r2 = r10
  62: r2 += -8
  63: call map_lookup_elem
  64: if r0 == 0 goto 67
  65: r1 = 1
  66: lock *(u64 *)(r0 +0) += r1
  67: goto 70
  68: r1 = 1
  69: lock *(u64 *)(r0 +0) += r1
  70: r0 = 0
  71: exit

; clause 1: profile:::tick-1s
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 51 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 49
   8: r7 = r0
   9: r9 = 5
  10: r0 = 0
  11: *(u32 *)(r7 +12) = 0
  12: r0 = 10
  13: *(u64 *)(r7 +24) = r0
  14: r1 = 3
  15: *(u64 *)(r7 +16) = r1
  16: *(u32 *)(r7 +0) = 1
  17: *(u32 *)(r7 +4) = r9
  18: call get_smp_processor_id
  19: *(u32 *)(r7 +8) = r0
  20: r1 = map[ringbuf]
  22: r2 = 0
  23: call ringbuf_query
  24: r4 = 1
  25: r1 = r0
  26: r1 += 40
  27: if r1 < 1048576 goto 32
  28: r0 >>= 18
  29: r1 >>= 18
  30: if r0 == r1 goto 32
  31: r4 = 2
  32: r1 = map[ringbuf]
  34: r2 = r7
  35: r2 += 0
  36: r3 = 32
  37: call ringbuf_output
  38: if r0 != 0 goto 40
  39: goto 49
  40: *(u32 *)(r10 -8) = 0
  41: r1 = map[drops]
  43: r2 = r10
  44: r2 += -8
  45: call map_lookup_elem
  46: if r0 == 0 goto 49
  47: r1 = 1
  48: lock *(u64 *)(r0 +0) += r1
  49: r0 = 0
  50: exit
