// SPDX-License-Identifier: MIT
// KitJvm.java: the known Java program of scripts-runtimes.sh (jvmevents.d):
// prints its pid on stderr, waits until the file named by its argument
// exists (the tracer has attached), then asks for 3 garbage collections and
// starts and joins 4 threads named kit-worker-0..3.
public class KitJvm {
    public static void main(String[] args) throws Exception {
        java.io.File go = new java.io.File(args[0]);
        System.err.println("pid=" + ProcessHandle.current().pid());
        while (!go.exists())
            Thread.sleep(20);
        for (int i = 0; i < 3; i++)
            System.gc();
        Thread[] workers = new Thread[4];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Thread(() -> { }, "kit-worker-" + i);
            workers[i].start();
        }
        for (Thread w : workers)
            w.join();
    }
}
