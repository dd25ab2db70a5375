; clause 0: dtrace:::BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 78 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 76
   8: r7 = r0
   9: r9 = 1
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[strconst]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 76
  17: *(u64 *)(r10 -32) = r0
  18: r0 = 0
  19: *(u64 *)(r10 -16) = 0
  20: *(u32 *)(r7 +12) = 0
  21: r0 = 42
  22: r0 <<= 32
  23: r0 s>>= 32
  24: *(u64 *)(r7 +24) = r0
  25: r0 = *(u64 *)(r10 -32)
  26: r0 += 0
  27: r1 = r7
  28: r1 += 32
  29: r3 = r0
  30: r2 = 256
  31: call probe_read_kernel
  32: r0 = 42
  33: r0 <<= 32
  34: r0 s>>= 32
  35: *(u64 *)(r7 +288) = r0
  36: r1 = *(u64 *)(r10 -16)
  37: r1 |= 1
  38: *(u64 *)(r10 -16) = r1
  39: r1 = *(u64 *)(r10 -16)
  40: if r1 == 0 goto 76
  41: r1 = *(u64 *)(r10 -16)
  42: *(u64 *)(r7 +16) = r1
  43: *(u32 *)(r7 +0) = 0
  44: *(u32 *)(r7 +4) = r9
  45: call get_smp_processor_id
  46: *(u32 *)(r7 +8) = r0
  47: r1 = map[ringbuf]
  49: r2 = 0
  50: call ringbuf_query
  51: r4 = 1
  52: r1 = r0
  53: r1 += 304
  54: if r1 < 1048576 goto 59
  55: r0 >>= 18
  56: r1 >>= 18
  57: if r0 == r1 goto 59
  58: r4 = 2
  59: r1 = map[ringbuf]
  61: r2 = r7
  62: r2 += 0
  63: r3 = 296
  64: call ringbuf_output
  65: if r0 != 0 goto 67
  66: goto 76
  67: *(u32 *)(r10 -8) = 0
  68: r1 = map[drops]
  70: r2 = r10
  71: r2 += -8
  72: call map_lookup_elem
  73: if r0 == 0 goto 76
  74: r1 = 1
  75: lock *(u64 *)(r0 +0) += r1
  76: r0 = 0
  77: exit
