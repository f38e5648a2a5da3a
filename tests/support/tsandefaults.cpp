// ThreadSanitizer's defaults for the tsan preset's test programs (linked into each of them when
// CUBEDESK_TSAN is on): TSan asks the program itself, so they hold however a test is started —
// ctest, by hand, or under a debugger.
//
// Suppressions may only name libraries that are not built with TSan; a report in CubeDesk's own
// code is a bug to fix, never a line to add here.

extern "C" {

const char *__tsan_default_options() {
    // die_after_fork=0: QProcess (exec credential plugins) forks a threaded program; the child
    // only execs, which TSan would otherwise refuse.
    return "halt_on_error=1:second_deadlock_stack=1:die_after_fork=0";
}

const char *__tsan_default_suppressions() {
    // Debian's cpp-httplib is a shared library built without TSan: the simulator's server
    // threads write response chunks through a buffer of its own that TSan cannot see
    // synchronised.
    // QtTest's watchdog thread ends through Qt's own futex-based wait, which TSan cannot see:
    // it reports the watchdog's condition variable and the watchdog itself freed by
    // QTest::qRun after the thread's last use. Qt is not built with frame pointers, so qRun
    // appears in a stack only when it is the direct caller — never under a test function.
    return "race:httplib::\n"
           "called_from_lib:libcpp-httplib.so\n"
           "race:QWaitCondition::~QWaitCondition\n"
           "race:QTest::qRun\n";
}

} // extern "C"
