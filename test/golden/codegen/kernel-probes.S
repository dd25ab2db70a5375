; clause 0: proc:::exec
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 140 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 138
   8: r7 = r0
   9: r1 = 0
  10: *(u64 *)(r7 +296) = r1
  11: *(u64 *)(r7 +304) = r1
  12: *(u64 *)(r7 +312) = r1
  13: *(u64 *)(r7 +320) = r1
  14: *(u64 *)(r7 +328) = r1
  15: *(u64 *)(r7 +336) = r1
  16: *(u64 *)(r7 +344) = r1
  17: *(u64 *)(r7 +352) = r1
  18: *(u64 *)(r7 +360) = r1
  19: *(u64 *)(r7 +368) = r1
  20: *(u64 *)(r7 +376) = r1
  21: *(u64 *)(r7 +384) = r1
  22: r1 = *(u64 *)(r6 +8)
  23: if r1 == 322 goto 34
  24: if r1 != 59 goto 138
  25: r3 = *(u64 *)(r6 +0)
  26: r3 += 112
  27: *(u64 *)(r10 -8) = 0
  28: r1 = r10
  29: r1 += -8
  30: r2 = 8
  31: call probe_read_kernel
  32: r0 = *(u64 *)(r10 -8)
  33: goto 42
  34: r3 = *(u64 *)(r6 +0)
  35: r3 += 104
  36: *(u64 *)(r10 -8) = 0
  37: r1 = r10
  38: r1 += -8
  39: r2 = 8
  40: call probe_read_kernel
  41: r0 = *(u64 *)(r10 -8)
  42: *(u64 *)(r7 +296) = r0
  43: call get_current_pid_tgid
  44: r0 >>= 32
  45: if r0 == 4242 goto 138
  46: r9 = 4
  47: *(u32 *)(r10 -8) = 0
  48: r1 = map[zero]
  50: r2 = r10
  51: r2 += -8
  52: call map_lookup_elem
  53: if r0 == 0 goto 138
  54: *(u64 *)(r10 -48) = r0
  55: r0 = 0
  56: *(u64 *)(r10 -8) = 0
  57: call #35
  58: r3 = r0
  59: r3 += 2496
  60: r1 = r10
  61: r1 += -8
  62: r2 = 8
  63: call probe_read_kernel
  64: r3 = *(u64 *)(r10 -8)
  65: r3 += 2476
  66: r1 = r10
  67: r1 += -8
  68: r2 = 4
  69: call probe_read_kernel
  70: r0 = *(u32 *)(r10 -8)
  71: if r0 != 5151 goto 138
  72: *(u32 *)(r7 +12) = 0
  73: r1 = r7
  74: r1 += 408
  75: r2 = 256
  76: r3 = *(u64 *)(r10 -48)
  77: call probe_read_kernel
  78: r0 = r7
  79: r0 += 408
  80: *(u64 *)(r10 -56) = r0
  81: r1 = r0
  82: r2 = 256
  83: r3 = *(u64 *)(r7 +296)
  84: call probe_read_user_str
  85: r0 = *(u64 *)(r10 -56)
  86: r1 = r7
  87: r1 += 24
  88: r3 = r0
  89: r2 = 256
  90: call probe_read_kernel
  91: r0 = *(u64 *)(r7 +296)
  92: *(u64 *)(r10 -72) = r0
  93: r0 = 0
  94: r1 = r0
  95: r0 = *(u64 *)(r10 -72)
  96: if r0 != r1 goto 99
  97: r0 = 0
  98: goto 100
  99: r0 = 1
 100: r0 <<= 32
 101: r0 s>>= 32
 102: *(u64 *)(r7 +280) = r0
 103: r1 = 1
 104: *(u64 *)(r7 +16) = r1
 105: *(u32 *)(r7 +0) = 0
 106: *(u32 *)(r7 +4) = r9
 107: call get_smp_processor_id
 108: *(u32 *)(r7 +8) = r0
 109: r1 = map[ringbuf]
 111: r2 = 0
 112: call ringbuf_query
 113: r4 = 1
 114: r1 = r0
 115: r1 += 296
 116: if r1 < 1048576 goto 121
 117: r0 >>= 18
 118: r1 >>= 18
 119: if r0 == r1 goto 121
 120: r4 = 2
 121: r1 = map[ringbuf]
 123: r2 = r7
 124: r2 += 0
 125: r3 = 288
 126: call ringbuf_output
 127: if r0 != 0 goto 129
 128: goto 138
 129: *(u32 *)(r10 -8) = 0
 130: r1 = map[drops]
 132: r2 = r10
 133: r2 += -8
 134: call map_lookup_elem
 135: if r0 == 0 goto 138
 136: r1 = 1
 137: lock *(u64 *)(r0 +0) += r1
 138: r0 = 0
 139: exit

; clause 1: proc:::exec-success
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 156 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 154
   8: r7 = r0
   9: r1 = 0
  10: *(u64 *)(r7 +296) = r1
  11: *(u64 *)(r7 +304) = r1
  12: *(u64 *)(r7 +312) = r1
  13: *(u64 *)(r7 +320) = r1
  14: *(u64 *)(r7 +328) = r1
  15: *(u64 *)(r7 +336) = r1
  16: *(u64 *)(r7 +344) = r1
  17: *(u64 *)(r7 +352) = r1
  18: *(u64 *)(r7 +360) = r1
  19: *(u64 *)(r7 +368) = r1
  20: *(u64 *)(r7 +376) = r1
  21: *(u64 *)(r7 +384) = r1
  22: r3 = *(u64 *)(r6 +16)
  23: r3 += 200
  24: *(u64 *)(r10 -8) = 0
  25: r1 = r10
  26: r1 += -8
  27: r2 = 4
  28: call probe_read_kernel
  29: r0 = *(u32 *)(r10 -8)
  30: *(u64 *)(r7 +304) = r0
  31: r3 = *(u64 *)(r6 +16)
  32: r3 += 24
  33: *(u64 *)(r10 -8) = 0
  34: r1 = r10
  35: r1 += -8
  36: r2 = 8
  37: call probe_read_kernel
  38: r0 = *(u64 *)(r10 -8)
  39: r3 = r0
  40: r3 += 8
  41: *(u64 *)(r10 -8) = 0
  42: r1 = r10
  43: r1 += -8
  44: r2 = 8
  45: call probe_read_user
  46: r0 = *(u64 *)(r10 -8)
  47: *(u64 *)(r7 +296) = r0
  48: call get_current_pid_tgid
  49: r0 >>= 32
  50: if r0 == 4242 goto 154
  51: r9 = 5
  52: *(u32 *)(r10 -8) = 0
  53: r1 = map[zero]
  55: r2 = r10
  56: r2 += -8
  57: call map_lookup_elem
  58: if r0 == 0 goto 154
  59: *(u64 *)(r10 -48) = r0
  60: r0 = 0
  61: *(u32 *)(r7 +12) = 0
  62: r0 = *(u64 *)(r7 +296)
  63: *(u64 *)(r10 -72) = r0
  64: r1 = r7
  65: r1 += 408
  66: r2 = 256
  67: r3 = *(u64 *)(r10 -48)
  68: call probe_read_kernel
  69: r0 = r7
  70: r0 += 408
  71: *(u64 *)(r10 -56) = r0
  72: r2 = 256
  73: r3 = *(u64 *)(r10 -72)
  74: r0 = r3
  75: *(u64 *)(r10 -72) = r0
  76: r1 = *(u64 *)(r10 -56)
  77: call probe_read_user_str
  78: r1 = *(u64 *)(r10 -72)
  79: if r0 s< 0 goto 81
  80: goto 86
  81: *(u64 *)(r7 +40) = r1
  82: *(u64 *)(r7 +24) = 1
  83: *(u64 *)(r7 +32) = 1
  84: *(u64 *)(r7 +56) = 79
  85: goto 130
  86: r0 = *(u64 *)(r10 -56)
  87: r1 = r7
  88: r1 += 24
  89: r3 = r0
  90: r2 = 256
  91: call probe_read_kernel
  92: r0 = *(u64 *)(r7 +304)
  93: *(u64 *)(r7 +280) = r0
  94: r1 = 1
  95: *(u64 *)(r7 +16) = r1
  96: *(u32 *)(r7 +0) = 1
  97: *(u32 *)(r7 +4) = r9
  98: call get_smp_processor_id
  99: *(u32 *)(r7 +8) = r0
 100: r1 = map[ringbuf]
 102: r2 = 0
 103: call ringbuf_query
 104: r4 = 1
 105: r1 = r0
 106: r1 += 296
 107: if r1 < 1048576 goto 112
 108: r0 >>= 18
 109: r1 >>= 18
 110: if r0 == r1 goto 112
 111: r4 = 2
 112: r1 = map[ringbuf]
 114: r2 = r7
 115: r2 += 0
 116: r3 = 288
 117: call ringbuf_output
 118: if r0 != 0 goto 120
 119: goto 129
 120: *(u32 *)(r10 -8) = 0
 121: r1 = map[drops]
 123: r2 = r10
 124: r2 += -8
 125: call map_lookup_elem
 126: if r0 == 0 goto 129
 127: r1 = 1
 128: lock *(u64 *)(r0 +0) += r1
 129: goto 154
 130: *(u32 *)(r7 +0) = -1
 131: *(u32 *)(r7 +4) = r9
 132: call get_smp_processor_id
 133: *(u32 *)(r7 +8) = r0
 134: *(u32 *)(r7 +12) = 0
 135: *(u64 *)(r7 +16) = 0
 136: *(u64 *)(r7 +48) = 1
 137: r1 = map[ringbuf]
 139: r2 = r7
 140: r2 += 0
 141: r3 = 64
 142: r4 = 0
 143: call ringbuf_output
 144: if r0 == 0 goto 154
 145: *(u32 *)(r10 -8) = 3
 146: r1 = map[drops]
 148: r2 = r10
 149: r2 += -8
 150: call map_lookup_elem
 151: if r0 == 0 goto 154
 152: r1 = 1
 153: lock *(u64 *)(r0 +0) += r1
 154: r0 = 0
 155: exit

; clause 2: proc:::exit
; dt_c2: raw_tracepoint (type 17), expected attach type 0, flags 0, 107 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 105
   8: r7 = r0
   9: r1 = 0
  10: *(u64 *)(r7 +296) = r1
  11: *(u64 *)(r7 +304) = r1
  12: *(u64 *)(r7 +312) = r1
  13: *(u64 *)(r7 +320) = r1
  14: *(u64 *)(r7 +328) = r1
  15: *(u64 *)(r7 +336) = r1
  16: *(u64 *)(r7 +344) = r1
  17: *(u64 *)(r7 +352) = r1
  18: *(u64 *)(r7 +360) = r1
  19: *(u64 *)(r7 +368) = r1
  20: *(u64 *)(r7 +376) = r1
  21: *(u64 *)(r7 +384) = r1
  22: call #35
  23: *(u64 *)(r10 -56) = r0
  24: r3 = r0
  25: r3 += 2928
  26: *(u64 *)(r10 -8) = 0
  27: r1 = r10
  28: r1 += -8
  29: r2 = 8
  30: call probe_read_kernel
  31: r0 = *(u64 *)(r10 -8)
  32: r3 = r0
  33: r3 += 4
  34: *(u64 *)(r10 -8) = 0
  35: r1 = r10
  36: r1 += -8
  37: r2 = 4
  38: call probe_read_kernel
  39: r0 = *(u32 *)(r10 -8)
  40: if r0 != 0 goto 105
  41: r3 = *(u64 *)(r10 -56)
  42: r3 += 2444
  43: *(u64 *)(r10 -8) = 0
  44: r1 = r10
  45: r1 += -8
  46: r2 = 4
  47: call probe_read_kernel
  48: r0 = *(u32 *)(r10 -8)
  49: r1 = r0
  50: r1 &= 127
  51: r2 = 1
  52: if r1 == 0 goto 57
  53: r2 = 2
  54: r0 &= 128
  55: if r0 == 0 goto 57
  56: r2 = 3
  57: *(u64 *)(r7 +296) = r2
  58: call get_current_pid_tgid
  59: r0 >>= 32
  60: if r0 == 4242 goto 105
  61: r9 = 6
  62: r0 = 0
  63: *(u32 *)(r7 +12) = 0
  64: r0 = *(u64 *)(r7 +296)
  65: r0 <<= 32
  66: r0 s>>= 32
  67: r0 <<= 32
  68: r0 s>>= 32
  69: *(u64 *)(r7 +24) = r0
  70: r1 = 1
  71: *(u64 *)(r7 +16) = r1
  72: *(u32 *)(r7 +0) = 2
  73: *(u32 *)(r7 +4) = r9
  74: call get_smp_processor_id
  75: *(u32 *)(r7 +8) = r0
  76: r1 = map[ringbuf]
  78: r2 = 0
  79: call ringbuf_query
  80: r4 = 1
  81: r1 = r0
  82: r1 += 40
  83: if r1 < 1048576 goto 88
  84: r0 >>= 18
  85: r1 >>= 18
  86: if r0 == r1 goto 88
  87: r4 = 2
  88: r1 = map[ringbuf]
  90: r2 = r7
  91: r2 += 0
  92: r3 = 32
  93: call ringbuf_output
  94: if r0 != 0 goto 96
  95: goto 105
  96: *(u32 *)(r10 -8) = 0
  97: r1 = map[drops]
  99: r2 = r10
 100: r2 += -8
 101: call map_lookup_elem
 102: if r0 == 0 goto 105
 103: r1 = 1
 104: lock *(u64 *)(r0 +0) += r1
 105: r0 = 0
 106: exit

; clause 3: proc:::create
; dt_c3: raw_tracepoint (type 17), expected attach type 0, flags 0, 93 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 91
   8: r7 = r0
   9: r1 = 0
  10: *(u64 *)(r7 +296) = r1
  11: *(u64 *)(r7 +304) = r1
  12: *(u64 *)(r7 +312) = r1
  13: *(u64 *)(r7 +320) = r1
  14: *(u64 *)(r7 +328) = r1
  15: *(u64 *)(r7 +336) = r1
  16: *(u64 *)(r7 +344) = r1
  17: *(u64 *)(r7 +352) = r1
  18: *(u64 *)(r7 +360) = r1
  19: *(u64 *)(r7 +368) = r1
  20: *(u64 *)(r7 +376) = r1
  21: *(u64 *)(r7 +384) = r1
  22: r3 = *(u64 *)(r6 +8)
  23: r3 += 2472
  24: *(u64 *)(r10 -8) = 0
  25: r1 = r10
  26: r1 += -8
  27: r2 = 4
  28: call probe_read_kernel
  29: r0 = *(u32 *)(r10 -8)
  30: *(u64 *)(r7 +296) = r0
  31: r3 = *(u64 *)(r6 +8)
  32: r3 += 2476
  33: *(u64 *)(r10 -8) = 0
  34: r1 = r10
  35: r1 += -8
  36: r2 = 4
  37: call probe_read_kernel
  38: r0 = *(u32 *)(r10 -8)
  39: *(u64 *)(r7 +304) = r0
  40: r1 = *(u64 *)(r7 +296)
  41: if r0 != r1 goto 91
  42: r1 = 0
  43: *(u64 *)(r7 +304) = r1
  44: call get_current_pid_tgid
  45: r0 >>= 32
  46: if r0 == 4242 goto 91
  47: r9 = 7
  48: r0 = 0
  49: *(u32 *)(r7 +12) = 0
  50: r0 = *(u64 *)(r7 +296)
  51: r0 <<= 32
  52: r0 s>>= 32
  53: r0 <<= 32
  54: r0 s>>= 32
  55: *(u64 *)(r7 +24) = r0
  56: r1 = 1
  57: *(u64 *)(r7 +16) = r1
  58: *(u32 *)(r7 +0) = 3
  59: *(u32 *)(r7 +4) = r9
  60: call get_smp_processor_id
  61: *(u32 *)(r7 +8) = r0
  62: r1 = map[ringbuf]
  64: r2 = 0
  65: call ringbuf_query
  66: r4 = 1
  67: r1 = r0
  68: r1 += 40
  69: if r1 < 1048576 goto 74
  70: r0 >>= 18
  71: r1 >>= 18
  72: if r0 == r1 goto 74
  73: r4 = 2
  74: r1 = map[ringbuf]
  76: r2 = r7
  77: r2 += 0
  78: r3 = 32
  79: call ringbuf_output
  80: if r0 != 0 goto 82
  81: goto 91
  82: *(u32 *)(r10 -8) = 0
  83: r1 = map[drops]
  85: r2 = r10
  86: r2 += -8
  87: call map_lookup_elem
  88: if r0 == 0 goto 91
  89: r1 = 1
  90: lock *(u64 *)(r0 +0) += r1
  91: r0 = 0
  92: exit

; clause 4: sched:::on-cpu
; dt_c4: raw_tracepoint (type 17), expected attach type 0, flags 0, 131 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 129
   8: r7 = r0
   9: r1 = 0
  10: *(u64 *)(r7 +296) = r1
  11: *(u64 *)(r7 +304) = r1
  12: *(u64 *)(r7 +312) = r1
  13: *(u64 *)(r7 +320) = r1
  14: *(u64 *)(r7 +328) = r1
  15: *(u64 *)(r7 +336) = r1
  16: *(u64 *)(r7 +344) = r1
  17: *(u64 *)(r7 +352) = r1
  18: *(u64 *)(r7 +360) = r1
  19: *(u64 *)(r7 +368) = r1
  20: *(u64 *)(r7 +376) = r1
  21: *(u64 *)(r7 +384) = r1
  22: r3 = *(u64 *)(r6 +16)
  23: r3 += 2472
  24: *(u64 *)(r10 -8) = 0
  25: r1 = r10
  26: r1 += -8
  27: r2 = 4
  28: call probe_read_kernel
  29: r0 = *(u32 *)(r10 -8)
  30: *(u64 *)(r7 +296) = r0
  31: r3 = *(u64 *)(r6 +16)
  32: r3 += 2476
  33: *(u64 *)(r10 -8) = 0
  34: r1 = r10
  35: r1 += -8
  36: r2 = 4
  37: call probe_read_kernel
  38: r0 = *(u32 *)(r10 -8)
  39: *(u64 *)(r7 +304) = r0
  40: r0 = *(u64 *)(r7 +304)
  41: if r0 == 4242 goto 129
  42: r9 = 8
  43: *(u32 *)(r10 -8) = 0
  44: r1 = map[zero]
  46: r2 = r10
  47: r2 += -8
  48: call map_lookup_elem
  49: if r0 == 0 goto 129
  50: *(u64 *)(r10 -48) = r0
  51: r0 = 0
  52: r0 = *(u64 *)(r7 +304)
  53: if r0 != 5151 goto 129
  54: *(u32 *)(r7 +12) = 0
  55: r3 = *(u64 *)(r6 +16)
  56: *(u64 *)(r10 -64) = r3
  57: r1 = r7
  58: r1 += 408
  59: r2 = 256
  60: r3 = *(u64 *)(r10 -48)
  61: call probe_read_kernel
  62: r0 = r7
  63: r0 += 408
  64: *(u64 *)(r10 -56) = r0
  65: r3 = *(u64 *)(r10 -64)
  66: r3 += 2512
  67: *(u64 *)(r10 -8) = 0
  68: r1 = r10
  69: r1 += -8
  70: r2 = 8
  71: call probe_read_kernel
  72: r0 = *(u64 *)(r10 -8)
  73: r3 = r0
  74: r3 += 3080
  75: r1 = *(u64 *)(r10 -56)
  76: r2 = 16
  77: call probe_read_kernel_str
  78: r0 = *(u64 *)(r10 -56)
  79: r1 = r7
  80: r1 += 24
  81: r3 = r0
  82: r2 = 256
  83: call probe_read_kernel
  84: r0 = *(u64 *)(r7 +296)
  85: r0 <<= 32
  86: r0 s>>= 32
  87: *(u64 *)(r7 +280) = r0
  88: r0 = *(u64 *)(r7 +304)
  89: r0 <<= 32
  90: r0 s>>= 32
  91: r0 <<= 32
  92: r0 s>>= 32
  93: *(u64 *)(r7 +288) = r0
  94: r1 = 1
  95: *(u64 *)(r7 +16) = r1
  96: *(u32 *)(r7 +0) = 4
  97: *(u32 *)(r7 +4) = r9
  98: call get_smp_processor_id
  99: *(u32 *)(r7 +8) = r0
 100: r1 = map[ringbuf]
 102: r2 = 0
 103: call ringbuf_query
 104: r4 = 1
 105: r1 = r0
 106: r1 += 304
 107: if r1 < 1048576 goto 112
 108: r0 >>= 18
 109: r1 >>= 18
 110: if r0 == r1 goto 112
 111: r4 = 2
 112: r1 = map[ringbuf]
 114: r2 = r7
 115: r2 += 0
 116: r3 = 296
 117: call ringbuf_output
 118: if r0 != 0 goto 120
 119: goto 129
 120: *(u32 *)(r10 -8) = 0
 121: r1 = map[drops]
 123: r2 = r10
 124: r2 += -8
 125: call map_lookup_elem
 126: if r0 == 0 goto 129
 127: r1 = 1
 128: lock *(u64 *)(r0 +0) += r1
 129: r0 = 0
 130: exit

; clause 5: sched:::sleep
; dt_c5: raw_tracepoint (type 17), expected attach type 0, flags 0, 98 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 96
   8: r7 = r0
   9: r1 = 0
  10: *(u64 *)(r7 +296) = r1
  11: *(u64 *)(r7 +304) = r1
  12: *(u64 *)(r7 +312) = r1
  13: *(u64 *)(r7 +320) = r1
  14: *(u64 *)(r7 +328) = r1
  15: *(u64 *)(r7 +336) = r1
  16: *(u64 *)(r7 +344) = r1
  17: *(u64 *)(r7 +352) = r1
  18: *(u64 *)(r7 +360) = r1
  19: *(u64 *)(r7 +368) = r1
  20: *(u64 *)(r7 +376) = r1
  21: *(u64 *)(r7 +384) = r1
  22: r3 = *(u64 *)(r6 +16)
  23: r3 += 2472
  24: *(u64 *)(r10 -8) = 0
  25: r1 = r10
  26: r1 += -8
  27: r2 = 4
  28: call probe_read_kernel
  29: r0 = *(u32 *)(r10 -8)
  30: *(u64 *)(r7 +296) = r0
  31: r3 = *(u64 *)(r6 +16)
  32: r3 += 2476
  33: *(u64 *)(r10 -8) = 0
  34: r1 = r10
  35: r1 += -8
  36: r2 = 4
  37: call probe_read_kernel
  38: r0 = *(u32 *)(r10 -8)
  39: *(u64 *)(r7 +304) = r0
  40: r1 = *(u64 *)(r6 +0)
  41: r1 &= 255
  42: if r1 != 0 goto 96
  43: r3 = *(u64 *)(r6 +8)
  44: r3 += 24
  45: *(u64 *)(r10 -8) = 0
  46: r1 = r10
  47: r1 += -8
  48: r2 = 4
  49: call probe_read_kernel
  50: r0 = *(u32 *)(r10 -8)
  51: if r0 == 0 goto 96
  52: call get_current_pid_tgid
  53: r0 >>= 32
  54: if r0 == 4242 goto 96
  55: r9 = 9
  56: r0 = 0
  57: r0 = *(u64 *)(r7 +296)
  58: r0 <<= 32
  59: r0 s>>= 32
  60: *(u64 *)(r10 -512) = r0
  61: r0 = r10
  62: r0 += -512
  63: r2 = r0
  64: r1 = map[agg:@]
  66: call map_lookup_elem
  67: if r0 != 0 goto 94
  68: *(u64 *)(r10 -72) = 1
  69: r3 = r10
  70: r3 += -72
  71: r1 = map[agg:@]
  73: r2 = r10
  74: r2 += -512
  75: r4 = 1
  76: call map_update_elem
  77: if r0 == 0 goto 96
  78: r1 = map[agg:@]
  80: r2 = r10
  81: r2 += -512
  82: call map_lookup_elem
  83: if r0 != 0 goto 94
  84: *(u32 *)(r10 -8) = 2
  85: r1 = map[drops]
  87: r2 = r10
  88: r2 += -8
  89: call map_lookup_elem
  90: if r0 == 0 goto 93
  91: r1 = 1
  92: lock *(u64 *)(r0 +0) += r1
  93: goto 96
  94: r1 = 1
  95: lock *(u64 *)(r0 +0) += r1
  96: r0 = 0
  97: exit
