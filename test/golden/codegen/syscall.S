; clause 0: syscall::openat:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 142 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 140
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 140
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 140
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: r0 = 0
  27: r1 = *(u8 *)(r8 +56)
  28: if r1 == 0 goto 100
  29: if r1 == 3 goto 43
  30: if r1 == 2 goto 33
  31: r0 = *(u64 *)(r8 +72)
  32: goto 87
  33: r3 = *(u16 *)(r8 +60)
  34: r3 &= 504
  35: *(u64 *)(r10 -8) = 0
  36: r1 = r10
  37: r1 += -8
  38: r2 = 8
  39: r3 += r6
  40: call probe_read_kernel
  41: r0 = *(u64 *)(r10 -8)
  42: goto 87
  43: r0 = 0
  44: *(u64 *)(r10 -56) = r0
  45: r1 = *(u8 *)(r8 +59)
  46: r1 &= 1
  47: if r1 == 0 goto 58
  48: r3 = *(u16 *)(r8 +60)
  49: r3 &= 504
  50: *(u64 *)(r10 -8) = 0
  51: r1 = r10
  52: r1 += -8
  53: r2 = 8
  54: r3 += r6
  55: call probe_read_kernel
  56: r0 = *(u64 *)(r10 -8)
  57: *(u64 *)(r10 -56) = r0
  58: r1 = *(u8 *)(r8 +59)
  59: r1 &= 2
  60: if r1 == 0 goto 76
  61: r3 = *(u16 *)(r8 +62)
  62: r3 &= 504
  63: *(u64 *)(r10 -8) = 0
  64: r1 = r10
  65: r1 += -8
  66: r2 = 8
  67: r3 += r6
  68: call probe_read_kernel
  69: r0 = *(u64 *)(r10 -8)
  70: r1 = *(u8 *)(r8 +64)
  71: r1 &= 3
  72: r0 <<= r1
  73: r1 = *(u64 *)(r10 -56)
  74: r1 += r0
  75: *(u64 *)(r10 -56) = r1
  76: r3 = *(u64 *)(r10 -56)
  77: r1 = *(u64 *)(r8 +72)
  78: r3 += r1
  79: *(u64 *)(r10 -8) = 0
  80: r1 = r10
  81: r1 += -8
  82: r2 = *(u8 *)(r8 +57)
  83: if r2 == 0 goto 100
  84: if r2 > 8 goto 100
  85: call probe_read_user
  86: r0 = *(u64 *)(r10 -8)
  87: r2 = *(u8 *)(r8 +57)
  88: r2 &= 15
  89: r2 <<= 3
  90: r3 = 64
  91: r3 -= r2
  92: r3 &= 63
  93: r0 <<= r3
  94: r1 = *(u8 *)(r8 +58)
  95: if r1 != 0 goto 98
  96: r0 >>= r3
  97: goto 101
  98: r0 s>>= r3
  99: goto 101
 100: r0 = 0
 101: *(u64 *)(r7 +80) = r0
 102: *(u32 *)(r7 +12) = 0
 103: r0 = *(u64 *)(r7 +80)
 104: *(u64 *)(r7 +24) = r0
 105: r1 = 1
 106: *(u64 *)(r7 +16) = r1
 107: *(u32 *)(r7 +0) = 0
 108: *(u32 *)(r7 +4) = r9
 109: call get_smp_processor_id
 110: *(u32 *)(r7 +8) = r0
 111: r1 = map[ringbuf]
 113: r2 = 0
 114: call ringbuf_query
 115: r4 = 1
 116: r1 = r0
 117: r1 += 40
 118: if r1 < 1048576 goto 123
 119: r0 >>= 18
 120: r1 >>= 18
 121: if r0 == r1 goto 123
 122: r4 = 2
 123: r1 = map[ringbuf]
 125: r2 = r7
 126: r2 += 0
 127: r3 = 32
 128: call ringbuf_output
 129: if r0 != 0 goto 131
 130: goto 140
 131: *(u32 *)(r10 -8) = 0
 132: r1 = map[drops]
 134: r2 = r10
 135: r2 += -8
 136: call map_lookup_elem
 137: if r0 == 0 goto 140
 138: r1 = 1
 139: lock *(u64 *)(r0 +0) += r1
 140: r0 = 0
 141: exit

; clause 1: syscall::openat:return
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 91 insns
   0: r6 = r1
   1: *(u64 *)(r10 -64) = r6
   2: r6 = *(u64 *)(r6 +0)
   3: r1 = r10
   4: r1 += -56
   5: r2 = 8
   6: r3 = r6
   7: r3 += 120
   8: call probe_read_kernel
   9: if r0 != 0 goto 89
  10: call get_current_pid_tgid
  11: r0 >>= 32
  12: if r0 == 4242 goto 89
  13: r1 = *(u64 *)(r10 -56)
  14: *(u32 *)(r10 -8) = r1
  15: r1 = map[syscall_sites]
  17: r2 = r10
  18: r2 += -8
  19: call map_lookup_elem
  20: if r0 == 0 goto 89
  21: r8 = r0
  22: r9 = *(u32 *)(r8 +0)
  23: r0 = 0
  24: r0 = 0
  25: *(u64 *)(r10 -8) = 0
  26: r1 = r10
  27: r1 += -8
  28: r2 = 8
  29: r3 = r6
  30: r3 += 80
  31: call probe_read_kernel
  32: r0 = *(u64 *)(r10 -8)
  33: if r0 s>= 0 goto 37
  34: if r0 s< -4095 goto 37
  35: r0 = -r0
  36: goto 38
  37: r0 = 0
  38: if r0 == 0 goto 89
  39: r0 = 0
  40: *(u64 *)(r10 -8) = 0
  41: r1 = r10
  42: r1 += -8
  43: r2 = 8
  44: r3 = r6
  45: r3 += 80
  46: call probe_read_kernel
  47: r0 = *(u64 *)(r10 -8)
  48: if r0 s>= 0 goto 52
  49: if r0 s< -4095 goto 52
  50: r0 = -r0
  51: goto 53
  52: r0 = 0
  53: *(u64 *)(r10 -512) = r0
  54: r0 = r10
  55: r0 += -512
  56: r2 = r0
  57: r1 = map[agg:@errs]
  59: call map_lookup_elem
  60: if r0 != 0 goto 87
  61: *(u64 *)(r10 -72) = 1
  62: r3 = r10
  63: r3 += -72
  64: r1 = map[agg:@errs]
  66: r2 = r10
  67: r2 += -512
  68: r4 = 1
  69: call map_update_elem
  70: if r0 == 0 goto 89
  71: r1 = map[agg:@errs]
  73: r2 = r10
  74: r2 += -512
  75: call map_lookup_elem
  76: if r0 != 0 goto 87
  77: *(u32 *)(r10 -8) = 2
  78: r1 = map[drops]
  80: r2 = r10
  81: r2 += -8
  82: call map_lookup_elem
  83: if r0 == 0 goto 86
  84: r1 = 1
  85: lock *(u64 *)(r0 +0) += r1
  86: goto 89
  87: r1 = 1
  88: lock *(u64 *)(r0 +0) += r1
  89: r0 = 0
  90: exit
