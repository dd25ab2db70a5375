; clause 0: dtrace:::BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 107 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 105
   8: r7 = r0
   9: r9 = 1
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[strconst]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 105
  17: *(u64 *)(r10 -32) = r0
  18: r0 = 0
  19: *(u32 *)(r7 +12) = 0
  20: r0 = 42
  21: r0 <<= 32
  22: r0 s>>= 32
  23: *(u64 *)(r7 +24) = r0
  24: r0 = *(u64 *)(r10 -32)
  25: r0 += 0
  26: r1 = *(u8 *)(r0 +0)
  27: if r1 != 0 goto 36
  28: r1 = *(u8 *)(r0 +255)
  29: if r1 == 255 goto 31
  30: goto 36
  31: *(u64 *)(r7 +40) = 0
  32: *(u64 *)(r7 +24) = 1
  33: *(u64 *)(r7 +32) = 1
  34: *(u64 *)(r7 +56) = 29
  35: goto 81
  36: r1 = r7
  37: r1 += 32
  38: r3 = r0
  39: r2 = 256
  40: call probe_read_kernel
  41: r0 = 42
  42: r0 <<= 32
  43: r0 s>>= 32
  44: *(u64 *)(r7 +288) = r0
  45: r1 = 1
  46: *(u64 *)(r7 +16) = r1
  47: *(u32 *)(r7 +0) = 0
  48: *(u32 *)(r7 +4) = r9
  49: call get_smp_processor_id
  50: *(u32 *)(r7 +8) = r0
  51: r1 = map[ringbuf]
  53: r2 = 0
  54: call ringbuf_query
  55: r4 = 1
  56: r1 = r0
  57: r1 += 304
  58: if r1 < 1048576 goto 63
  59: r0 >>= 18
  60: r1 >>= 18
  61: if r0 == r1 goto 63
  62: r4 = 2
  63: r1 = map[ringbuf]
  65: r2 = r7
  66: r2 += 0
  67: r3 = 296
  68: call ringbuf_output
  69: if r0 != 0 goto 71
  70: goto 80
  71: *(u32 *)(r10 -8) = 0
  72: r1 = map[drops]
  74: r2 = r10
  75: r2 += -8
  76: call map_lookup_elem
  77: if r0 == 0 goto 80
  78: r1 = 1
  79: lock *(u64 *)(r0 +0) += r1
  80: goto 105
  81: *(u32 *)(r7 +0) = -1
  82: *(u32 *)(r7 +4) = r9
  83: call get_smp_processor_id
  84: *(u32 *)(r7 +8) = r0
  85: *(u32 *)(r7 +12) = 0
  86: *(u64 *)(r7 +16) = 0
  87: *(u64 *)(r7 +48) = 0
  88: r1 = map[ringbuf]
  90: r2 = r7
  91: r2 += 0
  92: r3 = 64
  93: r4 = 0
  94: call ringbuf_output
  95: if r0 == 0 goto 105
  96: *(u32 *)(r10 -8) = 3
  97: r1 = map[drops]
  99: r2 = r10
 100: r2 += -8
 101: call map_lookup_elem
 102: if r0 == 0 goto 105
 103: r1 = 1
 104: lock *(u64 *)(r0 +0) += r1
 105: r0 = 0
 106: exit
