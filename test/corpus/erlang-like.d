/*
 * Corpus file written for sdtkit (same shape as Erlang/OTP's
 * erlang_dtrace.d: one big provider, multi-line declarations,
 * javadoc blocks, many probes of 10 arguments, trailing pragmas).
 */

provider beamish {
    /**
     * Fired when a message is sent from one local process to another.
     *
     * @param sender the PID (string form) of the sender
     * @param receiver the PID (string form) of the receiver
     * @param size the size of the message being delivered (words)
     * @param token_label for the sender's sequential trace token
     * @param token_previous count for the sender's sequential trace token
     * @param token_current count for the sender's sequential trace token
     */
    probe message__send(char *sender, char *receiver, uint32_t size,
                        int token_label, int token_previous, int token_current);

    /**
     * Fired when a process is about to be scheduled.
     *
     * @param p the PID (string form) of the process
     * @param mfa the m:f/a of the function
     */
    probe process__scheduled(char *p, char *mfa);
    probe process__unscheduled(char *p);
    probe process__exit(char *p, char *reason);
    probe process__exit_signal(char *sender, char *receiver, char *reason);
    probe process__exit_signal__remote(char *sender, char *node_name,
                                       char *receiver, char *reason,
                                       int token_label, int token_previous,
                                       int token_current);

    /**
     * Garbage collection.
     *
     * @param p the PID (string form) of the process
     * @param need the number of words needed on the heap
     */
    probe gc_major__start(char *p, int need);
    probe gc_major__end(char *p, int reclaimed);
    probe gc_minor__start(char *p, int need);
    probe gc_minor__end(char *p, int reclaimed);

    /**
     * User-defined trace points, all with the same ten arguments.
     *
     * @param proc the PID (string form) of the process
     * @param user_tag the user tag of the process
     * @param i1 integer 1
     * @param i2 integer 2
     * @param i3 integer 3
     * @param i4 integer 4
     * @param s1 string 1
     * @param s2 string 2
     * @param s3 string 3
     * @param s4 string 4
     */
    probe user_trace__n0(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n1(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n2(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n3(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n4(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n5(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n6(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n7(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n8(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n9(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n10(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n11(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n12(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n13(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n14(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n15(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n16(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n17(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n18(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n19(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n20(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n21(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n22(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n23(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n24(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n25(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n26(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n27(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n28(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n29(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n30(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n31(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n32(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n33(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n34(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n35(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n36(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n37(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n38(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n39(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n40(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n41(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n42(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n43(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n44(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n45(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n46(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n47(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n48(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n49(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n50(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n51(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n52(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n53(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n54(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n55(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n56(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n57(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n58(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

    probe user_trace__n59(char *proc, char *user_tag,
                         int i1, int i2, int i3, int i4,
                         char *s1, char *s2, char *s3, char *s4);

};

#pragma D attributes Evolving/Evolving/Common provider beamish provider
#pragma D attributes Private/Private/Common provider beamish module
#pragma D attributes Private/Private/Common provider beamish function
#pragma D attributes Evolving/Evolving/Common provider beamish name
#pragma D attributes Evolving/Evolving/Common provider beamish args
