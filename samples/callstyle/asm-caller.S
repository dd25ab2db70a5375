/*
 * asm-caller.S — a USDT probe fired from assembly.
 *
 * Call-style probes need nothing from the compiler: a probe is a call of
 * __dtrace_<provider>___<probe> with the arguments where the C calling
 * convention puts them (%rdi, %rsi, ...).  `dtrace -G -s asmprov.d
 * asm-caller.o` turns the call into a 5-byte no-op described by a standard
 * .note.stapsdt note, so gdb, perf, bpftrace and dtrace see asmprov:::hit
 * with its two arguments.  Any language that can call a C function fires
 * probes the same way.
 *
 *   int asm_hit (int code): fires asmprov:::hit(code, "from assembly"),
 *                           returns code + 1.
 */
	.text
	.globl	asm_hit
	.type	asm_hit, @function
asm_hit:
	push	%rbx
	mov	%edi, %ebx
	lea	message(%rip), %rsi		/* argument 2; argument 1 is in %edi */
	call	__dtrace_asmprov___hit
	lea	1(%rbx), %eax
	pop	%rbx
	ret
	.size	asm_hit, .-asm_hit

	.data
message:
	.asciz	"from assembly"

	.section .note.GNU-stack,"",@progbits
