; clause 0: syscall::write:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 88 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 86
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 86
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 86
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: r0 = 0
  27: r1 = *(u64 *)(r10 -64)
  28: r2 = r7
  29: r2 += 4528
  30: r3 = 16
  31: r4 = 0
  32: call get_stack
  33: if r0 s< 16 goto 38
  34: r1 = r7
  35: r1 += 4528
  36: r0 = *(u64 *)(r1 +8)
  37: goto 39
  38: r0 = 0
  39: *(u64 *)(r10 -512) = r0
  40: r1 = *(u64 *)(r10 -64)
  41: r2 = r7
  42: r2 += 4528
  43: r3 = 1016
  44: r4 = 0
  45: call get_stack
  46: if r0 s< 0 goto 49
  47: r0 >>= 3
  48: goto 50
  49: r0 = 0
  50: *(u64 *)(r10 -504) = r0
  51: r0 = r10
  52: r0 += -512
  53: r2 = r0
  54: r1 = map[agg:@]
  56: call map_lookup_elem
  57: if r0 != 0 goto 84
  58: *(u64 *)(r10 -72) = 1
  59: r3 = r10
  60: r3 += -72
  61: r1 = map[agg:@]
  63: r2 = r10
  64: r2 += -512
  65: r4 = 1
  66: call map_update_elem
  67: if r0 == 0 goto 86
  68: r1 = map[agg:@]
  70: r2 = r10
  71: r2 += -512
  72: call map_lookup_elem
  73: if r0 != 0 goto 84
  74: *(u32 *)(r10 -8) = 2
  75: r1 = map[drops]
  77: r2 = r10
  78: r2 += -8
  79: call map_lookup_elem
  80: if r0 == 0 goto 83
  81: r1 = 1
  82: lock *(u64 *)(r0 +0) += r1
  83: goto 86
  84: r1 = 1
  85: lock *(u64 *)(r0 +0) += r1
  86: r0 = 0
  87: exit

; clause 1: syscall::write:entry
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 89 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 87
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 87
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 87
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: r0 = 0
  27: r1 = *(u64 *)(r10 -64)
  28: r2 = r7
  29: r2 += 4528
  30: r3 = 1016
  31: r4 = 256
  32: call get_stack
  33: if r0 s< 0 goto 36
  34: r0 >>= 3
  35: goto 37
  36: r0 = 0
  37: if r0 <= 1 goto 87
  38: *(u32 *)(r7 +12) = 0
  39: r1 = *(u64 *)(r10 -64)
  40: r2 = r7
  41: r2 += 4528
  42: r3 = 16
  43: r4 = 256
  44: call get_stack
  45: if r0 s< 16 goto 50
  46: r1 = r7
  47: r1 += 4528
  48: r0 = *(u64 *)(r1 +8)
  49: goto 51
  50: r0 = 0
  51: *(u64 *)(r7 +24) = r0
  52: r1 = 1
  53: *(u64 *)(r7 +16) = r1
  54: *(u32 *)(r7 +0) = 1
  55: *(u32 *)(r7 +4) = r9
  56: call get_smp_processor_id
  57: *(u32 *)(r7 +8) = r0
  58: r1 = map[ringbuf]
  60: r2 = 0
  61: call ringbuf_query
  62: r4 = 1
  63: r1 = r0
  64: r1 += 40
  65: if r1 < 1048576 goto 70
  66: r0 >>= 18
  67: r1 >>= 18
  68: if r0 == r1 goto 70
  69: r4 = 2
  70: r1 = map[ringbuf]
  72: r2 = r7
  73: r2 += 0
  74: r3 = 32
  75: call ringbuf_output
  76: if r0 != 0 goto 78
  77: goto 87
  78: *(u32 *)(r10 -8) = 0
  79: r1 = map[drops]
  81: r2 = r10
  82: r2 += -8
  83: call map_lookup_elem
  84: if r0 == 0 goto 87
  85: r1 = 1
  86: lock *(u64 *)(r0 +0) += r1
  87: r0 = 0
  88: exit

; clause 2: profile-997
; dt_c2: kprobe (type 2), expected attach type 48, flags 0x10, 92 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 90
  11: *(u32 *)(r10 -8) = 0
  12: r1 = map[scratch]
  14: r2 = r10
  15: r2 += -8
  16: call map_lookup_elem
  17: if r0 == 0 goto 90
  18: r7 = r0
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 90
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: r0 = 0
  32: *(u32 *)(r7 +12) = 0
  33: call get_smp_processor_id
  34: r1 = r0
  35: r0 = 0
  36: if r1 < 2 goto 39
  37: if r1 > 3 goto 39
  38: r0 = 1
  39: r0 <<= 32
  40: r0 s>>= 32
  41: *(u64 *)(r7 +24) = r0
  42: call get_smp_processor_id
  43: r1 = r0
  44: r0 = 0
  45: if r1 < 1 goto 48
  46: if r1 > 2 goto 48
  47: r0 = 1
  48: r0 <<= 32
  49: r0 s>>= 32
  50: *(u64 *)(r7 +32) = r0
  51: r0 = 0
  52: r0 <<= 32
  53: r0 s>>= 32
  54: *(u64 *)(r7 +40) = r0
  55: r1 = 1
  56: *(u64 *)(r7 +16) = r1
  57: *(u32 *)(r7 +0) = 2
  58: *(u32 *)(r7 +4) = r9
  59: call get_smp_processor_id
  60: *(u32 *)(r7 +8) = r0
  61: r1 = map[ringbuf]
  63: r2 = 0
  64: call ringbuf_query
  65: r4 = 1
  66: r1 = r0
  67: r1 += 56
  68: if r1 < 1048576 goto 73
  69: r0 >>= 18
  70: r1 >>= 18
  71: if r0 == r1 goto 73
  72: r4 = 2
  73: r1 = map[ringbuf]
  75: r2 = r7
  76: r2 += 0
  77: r3 = 48
  78: call ringbuf_output
  79: if r0 != 0 goto 81
  80: goto 90
  81: *(u32 *)(r10 -8) = 0
  82: r1 = map[drops]
  84: r2 = r10
  85: r2 += -8
  86: call map_lookup_elem
  87: if r0 == 0 goto 90
  88: r1 = 1
  89: lock *(u64 *)(r0 +0) += r1
  90: r0 = 0
  91: exit
