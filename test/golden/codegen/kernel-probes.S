; clause 0: proc:::exec
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 175 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 173
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
  24: if r1 != 59 goto 173
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
  45: if r0 == 4242 goto 173
  46: r9 = 4
  47: *(u32 *)(r10 -8) = 0
  48: r1 = map[zero]
  50: r2 = r10
  51: r2 += -8
  52: call map_lookup_elem
  53: if r0 == 0 goto 173
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
  71: if r0 != 5151 goto 173
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
  86: r1 = *(u8 *)(r0 +0)
  87: if r1 != 0 goto 96
  88: r1 = *(u8 *)(r0 +255)
  89: if r1 == 255 goto 91
  90: goto 96
  91: *(u64 *)(r7 +40) = 0
  92: *(u64 *)(r7 +24) = 1
  93: *(u64 *)(r7 +32) = 1
  94: *(u64 *)(r7 +56) = 89
  95: goto 149
  96: r1 = r7
  97: r1 += 24
  98: r3 = r0
  99: r2 = 256
 100: call probe_read_kernel
 101: r0 = *(u64 *)(r7 +296)
 102: *(u64 *)(r10 -72) = r0
 103: r0 = 0
 104: r1 = r0
 105: r0 = *(u64 *)(r10 -72)
 106: if r0 != r1 goto 109
 107: r0 = 0
 108: goto 110
 109: r0 = 1
 110: r0 <<= 32
 111: r0 s>>= 32
 112: *(u64 *)(r7 +280) = r0
 113: r1 = 1
 114: *(u64 *)(r7 +16) = r1
 115: *(u32 *)(r7 +0) = 0
 116: *(u32 *)(r7 +4) = r9
 117: call get_smp_processor_id
 118: *(u32 *)(r7 +8) = r0
 119: r1 = map[ringbuf]
 121: r2 = 0
 122: call ringbuf_query
 123: r4 = 1
 124: r1 = r0
 125: r1 += 296
 126: if r1 < 1048576 goto 131
 127: r0 >>= 18
 128: r1 >>= 18
 129: if r0 == r1 goto 131
 130: r4 = 2
 131: r1 = map[ringbuf]
 133: r2 = r7
 134: r2 += 0
 135: r3 = 288
 136: call ringbuf_output
 137: if r0 != 0 goto 139
 138: goto 148
 139: *(u32 *)(r10 -8) = 0
 140: r1 = map[drops]
 142: r2 = r10
 143: r2 += -8
 144: call map_lookup_elem
 145: if r0 == 0 goto 148
 146: r1 = 1
 147: lock *(u64 *)(r0 +0) += r1
 148: goto 173
 149: *(u32 *)(r7 +0) = -1
 150: *(u32 *)(r7 +4) = r9
 151: call get_smp_processor_id
 152: *(u32 *)(r7 +8) = r0
 153: *(u32 *)(r7 +12) = 0
 154: *(u64 *)(r7 +16) = 0
 155: *(u64 *)(r7 +48) = 0
 156: r1 = map[ringbuf]
 158: r2 = r7
 159: r2 += 0
 160: r3 = 64
 161: r4 = 0
 162: call ringbuf_output
 163: if r0 == 0 goto 173
 164: *(u32 *)(r10 -8) = 3
 165: r1 = map[drops]
 167: r2 = r10
 168: r2 += -8
 169: call map_lookup_elem
 170: if r0 == 0 goto 173
 171: r1 = 1
 172: lock *(u64 *)(r0 +0) += r1
 173: r0 = 0
 174: exit

; clause 1: proc:::exec-success
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 166 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 164
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
  50: if r0 == 4242 goto 164
  51: r9 = 5
  52: *(u32 *)(r10 -8) = 0
  53: r1 = map[zero]
  55: r2 = r10
  56: r2 += -8
  57: call map_lookup_elem
  58: if r0 == 0 goto 164
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
  85: goto 140
  86: r0 = *(u64 *)(r10 -56)
  87: r1 = *(u8 *)(r0 +0)
  88: if r1 != 0 goto 97
  89: r1 = *(u8 *)(r0 +255)
  90: if r1 == 255 goto 92
  91: goto 97
  92: *(u64 *)(r7 +40) = 0
  93: *(u64 *)(r7 +24) = 1
  94: *(u64 *)(r7 +32) = 1
  95: *(u64 *)(r7 +56) = 90
  96: goto 140
  97: r1 = r7
  98: r1 += 24
  99: r3 = r0
 100: r2 = 256
 101: call probe_read_kernel
 102: r0 = *(u64 *)(r7 +304)
 103: *(u64 *)(r7 +280) = r0
 104: r1 = 1
 105: *(u64 *)(r7 +16) = r1
 106: *(u32 *)(r7 +0) = 1
 107: *(u32 *)(r7 +4) = r9
 108: call get_smp_processor_id
 109: *(u32 *)(r7 +8) = r0
 110: r1 = map[ringbuf]
 112: r2 = 0
 113: call ringbuf_query
 114: r4 = 1
 115: r1 = r0
 116: r1 += 296
 117: if r1 < 1048576 goto 122
 118: r0 >>= 18
 119: r1 >>= 18
 120: if r0 == r1 goto 122
 121: r4 = 2
 122: r1 = map[ringbuf]
 124: r2 = r7
 125: r2 += 0
 126: r3 = 288
 127: call ringbuf_output
 128: if r0 != 0 goto 130
 129: goto 139
 130: *(u32 *)(r10 -8) = 0
 131: r1 = map[drops]
 133: r2 = r10
 134: r2 += -8
 135: call map_lookup_elem
 136: if r0 == 0 goto 139
 137: r1 = 1
 138: lock *(u64 *)(r0 +0) += r1
 139: goto 164
 140: *(u32 *)(r7 +0) = -1
 141: *(u32 *)(r7 +4) = r9
 142: call get_smp_processor_id
 143: *(u32 *)(r7 +8) = r0
 144: *(u32 *)(r7 +12) = 0
 145: *(u64 *)(r7 +16) = 0
 146: *(u64 *)(r7 +48) = 1
 147: r1 = map[ringbuf]
 149: r2 = r7
 150: r2 += 0
 151: r3 = 64
 152: r4 = 0
 153: call ringbuf_output
 154: if r0 == 0 goto 164
 155: *(u32 *)(r10 -8) = 3
 156: r1 = map[drops]
 158: r2 = r10
 159: r2 += -8
 160: call map_lookup_elem
 161: if r0 == 0 goto 164
 162: r1 = 1
 163: lock *(u64 *)(r0 +0) += r1
 164: r0 = 0
 165: exit

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
; dt_c3: raw_tracepoint (type 17), expected attach type 0, flags 0, 95 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 93
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
  41: if r0 != r1 goto 93
  42: r1 = 0
  43: *(u64 *)(r7 +304) = r1
  44: r1 = *(u64 *)(r6 +8)
  45: *(u64 *)(r7 +312) = r1
  46: call get_current_pid_tgid
  47: r0 >>= 32
  48: if r0 == 4242 goto 93
  49: r9 = 7
  50: r0 = 0
  51: *(u32 *)(r7 +12) = 0
  52: r0 = *(u64 *)(r7 +296)
  53: r0 <<= 32
  54: r0 s>>= 32
  55: r0 <<= 32
  56: r0 s>>= 32
  57: *(u64 *)(r7 +24) = r0
  58: r1 = 1
  59: *(u64 *)(r7 +16) = r1
  60: *(u32 *)(r7 +0) = 3
  61: *(u32 *)(r7 +4) = r9
  62: call get_smp_processor_id
  63: *(u32 *)(r7 +8) = r0
  64: r1 = map[ringbuf]
  66: r2 = 0
  67: call ringbuf_query
  68: r4 = 1
  69: r1 = r0
  70: r1 += 40
  71: if r1 < 1048576 goto 76
  72: r0 >>= 18
  73: r1 >>= 18
  74: if r0 == r1 goto 76
  75: r4 = 2
  76: r1 = map[ringbuf]
  78: r2 = r7
  79: r2 += 0
  80: r3 = 32
  81: call ringbuf_output
  82: if r0 != 0 goto 84
  83: goto 93
  84: *(u32 *)(r10 -8) = 0
  85: r1 = map[drops]
  87: r2 = r10
  88: r2 += -8
  89: call map_lookup_elem
  90: if r0 == 0 goto 93
  91: r1 = 1
  92: lock *(u64 *)(r0 +0) += r1
  93: r0 = 0
  94: exit

; clause 4: sched:::on-cpu
; dt_c4: raw_tracepoint (type 17), expected attach type 0, flags 0, 166 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 164
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
  40: r1 = *(u64 *)(r6 +16)
  41: *(u64 *)(r7 +312) = r1
  42: r9 = 8
  43: *(u32 *)(r10 -8) = 0
  44: r1 = map[zero]
  46: r2 = r10
  47: r2 += -8
  48: call map_lookup_elem
  49: if r0 == 0 goto 164
  50: *(u64 *)(r10 -48) = r0
  51: r0 = 0
  52: r0 = *(u64 *)(r7 +304)
  53: if r0 != 5151 goto 164
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
  79: r1 = *(u8 *)(r0 +0)
  80: if r1 != 0 goto 89
  81: r1 = *(u8 *)(r0 +255)
  82: if r1 == 255 goto 84
  83: goto 89
  84: *(u64 *)(r7 +40) = 0
  85: *(u64 *)(r7 +24) = 1
  86: *(u64 *)(r7 +32) = 1
  87: *(u64 *)(r7 +56) = 82
  88: goto 140
  89: r1 = r7
  90: r1 += 24
  91: r3 = r0
  92: r2 = 256
  93: call probe_read_kernel
  94: r0 = *(u64 *)(r7 +296)
  95: r0 <<= 32
  96: r0 s>>= 32
  97: *(u64 *)(r7 +280) = r0
  98: r0 = *(u64 *)(r7 +304)
  99: r0 <<= 32
 100: r0 s>>= 32
 101: r0 <<= 32
 102: r0 s>>= 32
 103: *(u64 *)(r7 +288) = r0
 104: r1 = 1
 105: *(u64 *)(r7 +16) = r1
 106: *(u32 *)(r7 +0) = 4
 107: *(u32 *)(r7 +4) = r9
 108: call get_smp_processor_id
 109: *(u32 *)(r7 +8) = r0
 110: r1 = map[ringbuf]
 112: r2 = 0
 113: call ringbuf_query
 114: r4 = 1
 115: r1 = r0
 116: r1 += 304
 117: if r1 < 1048576 goto 122
 118: r0 >>= 18
 119: r1 >>= 18
 120: if r0 == r1 goto 122
 121: r4 = 2
 122: r1 = map[ringbuf]
 124: r2 = r7
 125: r2 += 0
 126: r3 = 296
 127: call ringbuf_output
 128: if r0 != 0 goto 130
 129: goto 139
 130: *(u32 *)(r10 -8) = 0
 131: r1 = map[drops]
 133: r2 = r10
 134: r2 += -8
 135: call map_lookup_elem
 136: if r0 == 0 goto 139
 137: r1 = 1
 138: lock *(u64 *)(r0 +0) += r1
 139: goto 164
 140: *(u32 *)(r7 +0) = -1
 141: *(u32 *)(r7 +4) = r9
 142: call get_smp_processor_id
 143: *(u32 *)(r7 +8) = r0
 144: *(u32 *)(r7 +12) = 0
 145: *(u64 *)(r7 +16) = 0
 146: *(u64 *)(r7 +48) = 4
 147: r1 = map[ringbuf]
 149: r2 = r7
 150: r2 += 0
 151: r3 = 64
 152: r4 = 0
 153: call ringbuf_output
 154: if r0 == 0 goto 164
 155: *(u32 *)(r10 -8) = 3
 156: r1 = map[drops]
 158: r2 = r10
 159: r2 += -8
 160: call map_lookup_elem
 161: if r0 == 0 goto 164
 162: r1 = 1
 163: lock *(u64 *)(r0 +0) += r1
 164: r0 = 0
 165: exit

; clause 5: sched:::sleep
; dt_c5: raw_tracepoint (type 17), expected attach type 0, flags 0, 97 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 95
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
  40: r1 = *(u64 *)(r6 +16)
  41: *(u64 *)(r7 +312) = r1
  42: r1 = *(u64 *)(r6 +0)
  43: r1 &= 255
  44: if r1 != 0 goto 95
  45: r3 = *(u64 *)(r6 +8)
  46: r3 += 24
  47: *(u64 *)(r10 -8) = 0
  48: r1 = r10
  49: r1 += -8
  50: r2 = 4
  51: call probe_read_kernel
  52: r0 = *(u32 *)(r10 -8)
  53: if r0 == 0 goto 95
  54: r9 = 9
  55: r0 = 0
  56: r0 = *(u64 *)(r7 +296)
  57: r0 <<= 32
  58: r0 s>>= 32
  59: *(u64 *)(r10 -512) = r0
  60: r0 = r10
  61: r0 += -512
  62: r2 = r0
  63: r1 = map[agg:@]
  65: call map_lookup_elem
  66: if r0 != 0 goto 93
  67: *(u64 *)(r10 -72) = 1
  68: r3 = r10
  69: r3 += -72
  70: r1 = map[agg:@]
  72: r2 = r10
  73: r2 += -512
  74: r4 = 1
  75: call map_update_elem
  76: if r0 == 0 goto 95
  77: r1 = map[agg:@]
  79: r2 = r10
  80: r2 += -512
  81: call map_lookup_elem
  82: if r0 != 0 goto 93
  83: *(u32 *)(r10 -8) = 2
  84: r1 = map[drops]
  86: r2 = r10
  87: r2 += -8
  88: call map_lookup_elem
  89: if r0 == 0 goto 92
  90: r1 = 1
  91: lock *(u64 *)(r0 +0) += r1
  92: goto 95
  93: r1 = 1
  94: lock *(u64 *)(r0 +0) += r1
  95: r0 = 0
  96: exit
