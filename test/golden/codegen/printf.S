; clause 0: dtrace:::BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 72 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 70
   8: r7 = r0
   9: r9 = 1
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[strconst]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 70
  17: *(u64 *)(r10 -32) = r0
  18: r0 = 0
  19: *(u32 *)(r7 +12) = 0
  20: r0 = 42
  21: r0 <<= 32
  22: r0 s>>= 32
  23: *(u64 *)(r7 +24) = r0
  24: r0 = *(u64 *)(r10 -32)
  25: r0 += 0
  26: r1 = r7
  27: r1 += 32
  28: r3 = r0
  29: r2 = 256
  30: call probe_read_kernel
  31: r0 = 42
  32: r0 <<= 32
  33: r0 s>>= 32
  34: *(u64 *)(r7 +288) = r0
  35: r1 = 1
  36: *(u64 *)(r7 +16) = r1
  37: *(u32 *)(r7 +0) = 0
  38: *(u32 *)(r7 +4) = r9
  39: call get_smp_processor_id
  40: *(u32 *)(r7 +8) = r0
  41: r1 = map[ringbuf]
  43: r2 = 0
  44: call ringbuf_query
  45: r4 = 1
  46: r1 = r0
  47: r1 += 304
  48: if r1 < 1048576 goto 53
  49: r0 >>= 18
  50: r1 >>= 18
  51: if r0 == r1 goto 53
  52: r4 = 2
  53: r1 = map[ringbuf]
  55: r2 = r7
  56: r2 += 0
  57: r3 = 296
  58: call ringbuf_output
  59: if r0 != 0 goto 61
  60: goto 70
  61: *(u32 *)(r10 -8) = 0
  62: r1 = map[drops]
  64: r2 = r10
  65: r2 += -8
  66: call map_lookup_elem
  67: if r0 == 0 goto 70
  68: r1 = 1
  69: lock *(u64 *)(r0 +0) += r1
  70: r0 = 0
  71: exit
