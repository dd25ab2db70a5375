; clause 0: syscall::read:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 188 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 186
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 186
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 186
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: r0 = 0
  27: r1 = *(u8 *)(r8 +8)
  28: if r1 == 0 goto 100
  29: if r1 == 3 goto 43
  30: if r1 == 2 goto 33
  31: r0 = *(u64 *)(r8 +24)
  32: goto 87
  33: r3 = *(u16 *)(r8 +12)
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
  45: r1 = *(u8 *)(r8 +11)
  46: r1 &= 1
  47: if r1 == 0 goto 58
  48: r3 = *(u16 *)(r8 +12)
  49: r3 &= 504
  50: *(u64 *)(r10 -8) = 0
  51: r1 = r10
  52: r1 += -8
  53: r2 = 8
  54: r3 += r6
  55: call probe_read_kernel
  56: r0 = *(u64 *)(r10 -8)
  57: *(u64 *)(r10 -56) = r0
  58: r1 = *(u8 *)(r8 +11)
  59: r1 &= 2
  60: if r1 == 0 goto 76
  61: r3 = *(u16 *)(r8 +14)
  62: r3 &= 504
  63: *(u64 *)(r10 -8) = 0
  64: r1 = r10
  65: r1 += -8
  66: r2 = 8
  67: r3 += r6
  68: call probe_read_kernel
  69: r0 = *(u64 *)(r10 -8)
  70: r1 = *(u8 *)(r8 +16)
  71: r1 &= 3
  72: r0 <<= r1
  73: r1 = *(u64 *)(r10 -56)
  74: r1 += r0
  75: *(u64 *)(r10 -56) = r1
  76: r3 = *(u64 *)(r10 -56)
  77: r1 = *(u64 *)(r8 +24)
  78: r3 += r1
  79: *(u64 *)(r10 -8) = 0
  80: r1 = r10
  81: r1 += -8
  82: r2 = *(u8 *)(r8 +9)
  83: if r2 == 0 goto 100
  84: if r2 > 8 goto 100
  85: call probe_read_user
  86: r0 = *(u64 *)(r10 -8)
  87: r2 = *(u8 *)(r8 +9)
  88: r2 &= 15
  89: r2 <<= 3
  90: r3 = 64
  91: r3 -= r2
  92: r3 &= 63
  93: r0 <<= r3
  94: r1 = *(u8 *)(r8 +10)
  95: if r1 != 0 goto 98
  96: r0 >>= r3
  97: goto 101
  98: r0 s>>= r3
  99: goto 101
 100: r0 = 0
 101: *(u64 *)(r7 +64) = r0
 102: call ktime_get_ns
 103: *(u64 *)(r10 -72) = r0
 104: r0 = *(u64 *)(r7 +64)
 105: *(u64 *)(r10 -80) = r0
 106: call get_current_pid_tgid
 107: w0 = w0
 108: *(u64 *)(r7 +160) = r0
 109: r0 = *(u64 *)(r10 -80)
 110: *(u64 *)(r7 +168) = r0
 111: r0 = r7
 112: r0 += 160
 113: r1 = *(u64 *)(r10 -72)
 114: *(u64 *)(r10 -56) = r1
 115: r3 = *(u64 *)(r10 -56)
 116: if r3 != 0 goto 133
 117: r1 = map[var:self->ts]
 119: r2 = r7
 120: r2 += 160
 121: call map_delete_elem
 122: if r0 != 0 goto 186
 123: *(u32 *)(r10 -8) = 0
 124: r1 = map[dynvar]
 126: r2 = r10
 127: r2 += -8
 128: call map_lookup_elem
 129: if r0 == 0 goto 186
 130: r1 = -16
 131: lock *(u64 *)(r0 +0) += r1
 132: goto 186
 133: r1 = map[var:self->ts]
 135: r2 = r7
 136: r2 += 160
 137: call map_lookup_elem
 138: if r0 != 0 goto 174
 139: *(u32 *)(r10 -8) = 0
 140: r1 = map[dynvar]
 142: r2 = r10
 143: r2 += -8
 144: call map_lookup_elem
 145: if r0 == 0 goto 177
 146: r1 = 16
 147: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 148: r1 += 16
 149: r2 = 0x100000 ll
 151: if r1 <= r2 goto 155
 152: r1 = -16
 153: lock *(u64 *)(r0 +0) += r1
 154: goto 177
 155: r1 = map[var:self->ts]
 157: r2 = r7
 158: r2 += 160
 159: r3 = r10
 160: r3 += -56
 161: r4 = 1
 162: call map_update_elem
 163: if r0 == 0 goto 186
 164: *(u32 *)(r10 -8) = 0
 165: r1 = map[dynvar]
 167: r2 = r10
 168: r2 += -8
 169: call map_lookup_elem
 170: if r0 == 0 goto 177
 171: r1 = -16
 172: lock *(u64 *)(r0 +0) += r1
 173: goto 177
 174: r1 = *(u64 *)(r10 -56)
 175: *(u64 *)(r0 +0) = r1
 176: goto 186
 177: *(u32 *)(r10 -8) = 1
 178: r1 = map[drops]
 180: r2 = r10
 181: r2 += -8
 182: call map_lookup_elem
 183: if r0 == 0 goto 186
 184: r1 = 1
 185: lock *(u64 *)(r0 +0) += r1
 186: r0 = 0
 187: exit

; clause 1: syscall::read:return
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 171 insns
   0: r6 = r1
   1: *(u64 *)(r10 -64) = r6
   2: r6 = *(u64 *)(r6 +0)
   3: r1 = r10
   4: r1 += -56
   5: r2 = 8
   6: r3 = r6
   7: r3 += 120
   8: call probe_read_kernel
   9: if r0 != 0 goto 169
  10: call get_current_pid_tgid
  11: r0 >>= 32
  12: if r0 == 4242 goto 169
  13: *(u32 *)(r10 -8) = 0
  14: r1 = map[scratch]
  16: r2 = r10
  17: r2 += -8
  18: call map_lookup_elem
  19: if r0 == 0 goto 169
  20: r7 = r0
  21: r1 = *(u64 *)(r10 -56)
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[syscall_sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 169
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: r0 = 0
  32: r0 = 1
  33: *(u64 *)(r10 -72) = r0
  34: call get_current_pid_tgid
  35: w0 = w0
  36: *(u64 *)(r7 +160) = r0
  37: r0 = *(u64 *)(r10 -72)
  38: *(u64 *)(r7 +168) = r0
  39: r0 = r7
  40: r0 += 160
  41: r2 = r0
  42: r1 = map[var:self->ts]
  44: call map_lookup_elem
  45: if r0 != 0 goto 48
  46: r0 = 0
  47: goto 49
  48: r0 = *(u64 *)(r0 +0)
  49: if r0 == 0 goto 169
  50: call ktime_get_ns
  51: *(u64 *)(r10 -72) = r0
  52: r0 = 1
  53: *(u64 *)(r10 -80) = r0
  54: call get_current_pid_tgid
  55: w0 = w0
  56: *(u64 *)(r7 +160) = r0
  57: r0 = *(u64 *)(r10 -80)
  58: *(u64 *)(r7 +168) = r0
  59: r0 = r7
  60: r0 += 160
  61: r2 = r0
  62: r1 = map[var:self->ts]
  64: call map_lookup_elem
  65: if r0 != 0 goto 68
  66: r0 = 0
  67: goto 69
  68: r0 = *(u64 *)(r0 +0)
  69: r1 = r0
  70: r0 = *(u64 *)(r10 -72)
  71: r0 -= r1
  72: *(u64 *)(r10 -72) = r0
  73: *(u32 *)(r10 -8) = 0
  74: r2 = r10
  75: r2 += -8
  76: r1 = map[agg:@lat]
  78: call map_lookup_elem
  79: if r0 == 0 goto 85
  80: *(u64 *)(r0 +16) = 1
  81: r1 = *(u64 *)(r10 -72)
  82: lock *(u64 *)(r0 +8) += r1
  83: r1 = 1
  84: lock *(u64 *)(r0 +0) += r1
  85: r0 = 0
  86: *(u64 *)(r10 -72) = r0
  87: r0 = 1
  88: *(u64 *)(r10 -80) = r0
  89: call get_current_pid_tgid
  90: w0 = w0
  91: *(u64 *)(r7 +160) = r0
  92: r0 = *(u64 *)(r10 -80)
  93: *(u64 *)(r7 +168) = r0
  94: r0 = r7
  95: r0 += 160
  96: r1 = *(u64 *)(r10 -72)
  97: *(u64 *)(r10 -56) = r1
  98: r3 = *(u64 *)(r10 -56)
  99: if r3 != 0 goto 116
 100: r1 = map[var:self->ts]
 102: r2 = r7
 103: r2 += 160
 104: call map_delete_elem
 105: if r0 != 0 goto 169
 106: *(u32 *)(r10 -8) = 0
 107: r1 = map[dynvar]
 109: r2 = r10
 110: r2 += -8
 111: call map_lookup_elem
 112: if r0 == 0 goto 169
 113: r1 = -16
 114: lock *(u64 *)(r0 +0) += r1
 115: goto 169
 116: r1 = map[var:self->ts]
 118: r2 = r7
 119: r2 += 160
 120: call map_lookup_elem
 121: if r0 != 0 goto 157
 122: *(u32 *)(r10 -8) = 0
 123: r1 = map[dynvar]
 125: r2 = r10
 126: r2 += -8
 127: call map_lookup_elem
 128: if r0 == 0 goto 160
 129: r1 = 16
 130: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 131: r1 += 16
 132: r2 = 0x100000 ll
 134: if r1 <= r2 goto 138
 135: r1 = -16
 136: lock *(u64 *)(r0 +0) += r1
 137: goto 160
 138: r1 = map[var:self->ts]
 140: r2 = r7
 141: r2 += 160
 142: r3 = r10
 143: r3 += -56
 144: r4 = 1
 145: call map_update_elem
 146: if r0 == 0 goto 169
 147: *(u32 *)(r10 -8) = 0
 148: r1 = map[dynvar]
 150: r2 = r10
 151: r2 += -8
 152: call map_lookup_elem
 153: if r0 == 0 goto 160
 154: r1 = -16
 155: lock *(u64 *)(r0 +0) += r1
 156: goto 160
 157: r1 = *(u64 *)(r10 -56)
 158: *(u64 *)(r0 +0) = r1
 159: goto 169
 160: *(u32 *)(r10 -8) = 1
 161: r1 = map[drops]
 163: r2 = r10
 164: r2 += -8
 165: call map_lookup_elem
 166: if r0 == 0 goto 169
 167: r1 = 1
 168: lock *(u64 *)(r0 +0) += r1
 169: r0 = 0
 170: exit
