; clause 0: BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 77 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 75
   8: r7 = r0
   9: r9 = 1
  10: r0 = 0
  11: *(u32 *)(r7 +12) = 0
  12: *(u64 *)(r10 -8) = 0
  13: call #35
  14: r3 = r0
  15: r3 += 2496
  16: r1 = r10
  17: r1 += -8
  18: r2 = 8
  19: call probe_read_kernel
  20: r3 = *(u64 *)(r10 -8)
  21: r3 += 2476
  22: r1 = r10
  23: r1 += -8
  24: r2 = 4
  25: call probe_read_kernel
  26: r0 = *(u32 *)(r10 -8)
  27: r0 <<= 32
  28: r0 s>>= 32
  29: *(u64 *)(r7 +24) = r0
  30: *(u64 *)(r10 -8) = 0
  31: call #35
  32: r3 = r0
  33: r3 += 280
  34: r1 = r10
  35: r1 += -8
  36: r2 = 8
  37: call probe_read_kernel
  38: r0 = *(u64 *)(r10 -8)
  39: *(u64 *)(r7 +32) = r0
  40: r1 = 1
  41: *(u64 *)(r7 +16) = r1
  42: *(u32 *)(r7 +0) = 0
  43: *(u32 *)(r7 +4) = r9
  44: call get_smp_processor_id
  45: *(u32 *)(r7 +8) = r0
  46: r1 = map[ringbuf]
  48: r2 = 0
  49: call ringbuf_query
  50: r4 = 1
  51: r1 = r0
  52: r1 += 48
  53: if r1 < 1048576 goto 58
  54: r0 >>= 18
  55: r1 >>= 18
  56: if r0 == r1 goto 58
  57: r4 = 2
  58: r1 = map[ringbuf]
  60: r2 = r7
  61: r2 += 0
  62: r3 = 40
  63: call ringbuf_output
  64: if r0 != 0 goto 66
  65: goto 75
  66: *(u32 *)(r10 -8) = 0
  67: r1 = map[drops]
  69: r2 = r10
  70: r2 += -8
  71: call map_lookup_elem
  72: if r0 == 0 goto 75
  73: r1 = 1
  74: lock *(u64 *)(r0 +0) += r1
  75: r0 = 0
  76: exit
