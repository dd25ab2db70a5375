; clause 0: BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 83 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 81
   8: r7 = r0
   9: r9 = 1
  10: r0 = 0
  11: *(u64 *)(r10 -16) = 0
  12: *(u32 *)(r7 +12) = 0
  13: *(u64 *)(r10 -8) = 0
  14: call #35
  15: r3 = r0
  16: r3 += 2496
  17: r1 = r10
  18: r1 += -8
  19: r2 = 8
  20: call probe_read_kernel
  21: r3 = *(u64 *)(r10 -8)
  22: r3 += 2476
  23: r1 = r10
  24: r1 += -8
  25: r2 = 4
  26: call probe_read_kernel
  27: r0 = *(u32 *)(r10 -8)
  28: r0 <<= 32
  29: r0 s>>= 32
  30: *(u64 *)(r7 +24) = r0
  31: *(u64 *)(r10 -8) = 0
  32: call #35
  33: r3 = r0
  34: r3 += 280
  35: r1 = r10
  36: r1 += -8
  37: r2 = 8
  38: call probe_read_kernel
  39: r0 = *(u64 *)(r10 -8)
  40: *(u64 *)(r7 +32) = r0
  41: r1 = *(u64 *)(r10 -16)
  42: r1 |= 1
  43: *(u64 *)(r10 -16) = r1
  44: r1 = *(u64 *)(r10 -16)
  45: if r1 == 0 goto 81
  46: r1 = *(u64 *)(r10 -16)
  47: *(u64 *)(r7 +16) = r1
  48: *(u32 *)(r7 +0) = 0
  49: *(u32 *)(r7 +4) = r9
  50: call get_smp_processor_id
  51: *(u32 *)(r7 +8) = r0
  52: r1 = map[ringbuf]
  54: r2 = 0
  55: call ringbuf_query
  56: r4 = 1
  57: r1 = r0
  58: r1 += 48
  59: if r1 < 1048576 goto 64
  60: r0 >>= 18
  61: r1 >>= 18
  62: if r0 == r1 goto 64
  63: r4 = 2
  64: r1 = map[ringbuf]
  66: r2 = r7
  67: r2 += 0
  68: r3 = 40
  69: call ringbuf_output
  70: if r0 != 0 goto 72
  71: goto 81
  72: *(u32 *)(r10 -8) = 0
  73: r1 = map[drops]
  75: r2 = r10
  76: r2 += -8
  77: call map_lookup_elem
  78: if r0 == 0 goto 81
  79: r1 = 1
  80: lock *(u64 *)(r0 +0) += r1
  81: r0 = 0
  82: exit
