; clause 0: syscall::read:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 110 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 108
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 108
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 108
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: r0 = 0
  27: *(u64 *)(r10 -16) = 0
  28: call ktime_get_ns
  29: *(u64 *)(r10 -72) = r0
  30: call get_current_pid_tgid
  31: w0 = w0
  32: *(u64 *)(r7 +160) = r0
  33: r0 = r7
  34: r0 += 160
  35: r1 = *(u64 *)(r10 -72)
  36: *(u64 *)(r10 -56) = r1
  37: r3 = *(u64 *)(r10 -56)
  38: if r3 != 0 goto 55
  39: r1 = map[var:self->ts]
  41: r2 = r7
  42: r2 += 160
  43: call map_delete_elem
  44: if r0 != 0 goto 108
  45: *(u32 *)(r10 -8) = 0
  46: r1 = map[dynvar]
  48: r2 = r10
  49: r2 += -8
  50: call map_lookup_elem
  51: if r0 == 0 goto 108
  52: r1 = -80
  53: lock *(u64 *)(r0 +0) += r1
  54: goto 108
  55: r1 = map[var:self->ts]
  57: r2 = r7
  58: r2 += 160
  59: call map_lookup_elem
  60: if r0 != 0 goto 96
  61: *(u32 *)(r10 -8) = 0
  62: r1 = map[dynvar]
  64: r2 = r10
  65: r2 += -8
  66: call map_lookup_elem
  67: if r0 == 0 goto 99
  68: r1 = 80
  69: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
  70: r1 += 80
  71: r2 = 0x100000 ll
  73: if r1 <= r2 goto 77
  74: r1 = -80
  75: lock *(u64 *)(r0 +0) += r1
  76: goto 99
  77: r1 = map[var:self->ts]
  79: r2 = r7
  80: r2 += 160
  81: r3 = r10
  82: r3 += -56
  83: r4 = 1
  84: call map_update_elem
  85: if r0 == 0 goto 108
  86: *(u32 *)(r10 -8) = 0
  87: r1 = map[dynvar]
  89: r2 = r10
  90: r2 += -8
  91: call map_lookup_elem
  92: if r0 == 0 goto 99
  93: r1 = -80
  94: lock *(u64 *)(r0 +0) += r1
  95: goto 99
  96: r1 = *(u64 *)(r10 -56)
  97: *(u64 *)(r0 +0) = r1
  98: goto 108
  99: *(u32 *)(r10 -8) = 1
 100: r1 = map[drops]
 102: r2 = r10
 103: r2 += -8
 104: call map_lookup_elem
 105: if r0 == 0 goto 108
 106: r1 = 1
 107: lock *(u64 *)(r0 +0) += r1
 108: r0 = 0
 109: exit

; clause 1: syscall::read:return
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 162 insns
   0: r6 = r1
   1: *(u64 *)(r10 -64) = r6
   2: r6 = *(u64 *)(r6 +0)
   3: r1 = r10
   4: r1 += -56
   5: r2 = 8
   6: r3 = r6
   7: r3 += 120
   8: call probe_read_kernel
   9: if r0 != 0 goto 160
  10: call get_current_pid_tgid
  11: r0 >>= 32
  12: if r0 == 4242 goto 160
  13: *(u32 *)(r10 -8) = 0
  14: r1 = map[scratch]
  16: r2 = r10
  17: r2 += -8
  18: call map_lookup_elem
  19: if r0 == 0 goto 160
  20: r7 = r0
  21: r1 = *(u64 *)(r10 -56)
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[syscall_sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 160
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: r0 = 0
  32: *(u64 *)(r10 -16) = 0
  33: call get_current_pid_tgid
  34: w0 = w0
  35: *(u64 *)(r7 +160) = r0
  36: r0 = r7
  37: r0 += 160
  38: r2 = r0
  39: r1 = map[var:self->ts]
  41: call map_lookup_elem
  42: if r0 != 0 goto 45
  43: r0 = 0
  44: goto 46
  45: r0 = *(u64 *)(r0 +0)
  46: if r0 == 0 goto 160
  47: call ktime_get_ns
  48: *(u64 *)(r10 -72) = r0
  49: call get_current_pid_tgid
  50: w0 = w0
  51: *(u64 *)(r7 +160) = r0
  52: r0 = r7
  53: r0 += 160
  54: r2 = r0
  55: r1 = map[var:self->ts]
  57: call map_lookup_elem
  58: if r0 != 0 goto 61
  59: r0 = 0
  60: goto 62
  61: r0 = *(u64 *)(r0 +0)
  62: r1 = r0
  63: r0 = *(u64 *)(r10 -72)
  64: r0 -= r1
  65: *(u64 *)(r10 -72) = r0
  66: r0 = 1
  67: *(u64 *)(r10 -80) = r0
  68: *(u32 *)(r10 -8) = 0
  69: r2 = r10
  70: r2 += -8
  71: r1 = map[agg:@lat]
  73: call map_lookup_elem
  74: if r0 == 0 goto 80
  75: *(u64 *)(r0 +16) = 1
  76: r1 = *(u64 *)(r10 -72)
  77: lock *(u64 *)(r0 +8) += r1
  78: r1 = 1
  79: lock *(u64 *)(r0 +0) += r1
  80: r0 = 0
  81: *(u64 *)(r10 -72) = r0
  82: call get_current_pid_tgid
  83: w0 = w0
  84: *(u64 *)(r7 +160) = r0
  85: r0 = r7
  86: r0 += 160
  87: r1 = *(u64 *)(r10 -72)
  88: *(u64 *)(r10 -56) = r1
  89: r3 = *(u64 *)(r10 -56)
  90: if r3 != 0 goto 107
  91: r1 = map[var:self->ts]
  93: r2 = r7
  94: r2 += 160
  95: call map_delete_elem
  96: if r0 != 0 goto 160
  97: *(u32 *)(r10 -8) = 0
  98: r1 = map[dynvar]
 100: r2 = r10
 101: r2 += -8
 102: call map_lookup_elem
 103: if r0 == 0 goto 160
 104: r1 = -80
 105: lock *(u64 *)(r0 +0) += r1
 106: goto 160
 107: r1 = map[var:self->ts]
 109: r2 = r7
 110: r2 += 160
 111: call map_lookup_elem
 112: if r0 != 0 goto 148
 113: *(u32 *)(r10 -8) = 0
 114: r1 = map[dynvar]
 116: r2 = r10
 117: r2 += -8
 118: call map_lookup_elem
 119: if r0 == 0 goto 151
 120: r1 = 80
 121: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 122: r1 += 80
 123: r2 = 0x100000 ll
 125: if r1 <= r2 goto 129
 126: r1 = -80
 127: lock *(u64 *)(r0 +0) += r1
 128: goto 151
 129: r1 = map[var:self->ts]
 131: r2 = r7
 132: r2 += 160
 133: r3 = r10
 134: r3 += -56
 135: r4 = 1
 136: call map_update_elem
 137: if r0 == 0 goto 160
 138: *(u32 *)(r10 -8) = 0
 139: r1 = map[dynvar]
 141: r2 = r10
 142: r2 += -8
 143: call map_lookup_elem
 144: if r0 == 0 goto 151
 145: r1 = -80
 146: lock *(u64 *)(r0 +0) += r1
 147: goto 151
 148: r1 = *(u64 *)(r10 -56)
 149: *(u64 *)(r0 +0) = r1
 150: goto 160
 151: *(u32 *)(r10 -8) = 1
 152: r1 = map[drops]
 154: r2 = r10
 155: r2 += -8
 156: call map_lookup_elem
 157: if r0 == 0 goto 160
 158: r1 = 1
 159: lock *(u64 *)(r0 +0) += r1
 160: r0 = 0
 161: exit
