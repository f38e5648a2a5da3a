// The watchdog behind cubedesk-bench-gui's responsiveness figures, in a real window under Xvfb:
// it must see a GUI stall that is there and must not invent one, and its frames must be real
// renders of the window. Lower bounds only — a slow machine cannot make these fail; the
// figures themselves come from the benchmark (README, Performance).

#include "ui/responsivenessprobe.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QTest>
#include <QThread>
#include <QTimer>

using cubedesk::ui::ResponsivenessProbe;

class ResponsivenessProbeTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void seesAnInjectedStall();
    void paintsTheWholeWindowEachFrame();
    void figuresArePercentiles();
    void ownUpdatesTimesOnlyTheWindowsOwnRepaints();
};

namespace {

void spin(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
    }
}

void runEventLoop(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QApplication::processEvents(QEventLoop::AllEvents, 10);
}

class CountingLabel : public QLabel {
public:
    using QLabel::QLabel;
    int paints = 0;

protected:
    void paintEvent(QPaintEvent *e) override {
        ++paints;
        QLabel::paintEvent(e);
    }
};

} // namespace

void ResponsivenessProbeTest::seesAnInjectedStall() {
    CountingLabel window(QStringLiteral("probe"));
    window.resize(300, 200);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ResponsivenessProbe probe(&window);
    probe.start();
    runEventLoop(150);
    // The GUI thread busy for 180 ms, as a slow batch would keep it.
    QTimer::singleShot(0, [] { spin(180); });
    runEventLoop(300);
    probe.stop();
    QVERIFY(probe.stalls(100) >= 1);
    QVERIFY2(probe.gaps().max >= 180, qPrintable(QString::number(probe.gaps().max)));
    // The frame that waited behind the stall shows it too.
    QVERIFY(probe.frameIntervals().max >= 180);
    // On the 60 Hz grid, the slots that passed during the stall are late frames; the first of
    // them waited about the whole stall.
    QVERIFY2(probe.lateFrames() >= 5, qPrintable(QString::number(probe.lateFrames())));
    QVERIFY2(probe.frameTimes().max >= 150, qPrintable(QString::number(probe.frameTimes().max)));
    QVERIFY(probe.frameTimes().count >= probe.frameIntervals().count);
    // Stalls are counted against the threshold asked for: never more above a higher one.
    QVERIFY(probe.stalls(1000) <= probe.stalls(100));
}

void ResponsivenessProbeTest::paintsTheWholeWindowEachFrame() {
    CountingLabel window(QStringLiteral("frames"));
    window.resize(300, 200);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ResponsivenessProbe probe(&window);
    const int before = window.paints;
    probe.start();
    runEventLoop(400);
    probe.stop();
    const auto paints = probe.paints();
    QVERIFY(paints.count >= 1);
    // Every recorded frame is a real, synchronous render of the window.
    QVERIFY(window.paints - before >= static_cast<int>(paints.count));
    QCOMPARE(probe.frameIntervals().count, paints.count);
}

void ResponsivenessProbeTest::figuresArePercentiles() {
    std::vector<double> samples;
    for (int i = 1; i <= 200; ++i)
        samples.push_back(i);
    const auto f = ResponsivenessProbe::figures(samples);
    QCOMPARE(f.count, std::size_t{200});
    QCOMPARE(f.median, 101.0);
    QCOMPARE(f.p99, 199.0);
    QCOMPARE(f.max, 200.0);
    QCOMPARE(ResponsivenessProbe::figures({}).count, std::size_t{0});
}

// OwnUpdates: no forced renders; the probe times the window's own update requests, so a quiet
// window records frames but no paints, and a change records the repaint it causes.
void ResponsivenessProbeTest::ownUpdatesTimesOnlyTheWindowsOwnRepaints() {
    CountingLabel window(QStringLiteral("quiet"));
    window.resize(300, 200);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    runEventLoop(100); // let the first exposure's paints pass
    ResponsivenessProbe probe(&window, ResponsivenessProbe::Mode::OwnUpdates);
    const int before = window.paints;
    probe.start();
    runEventLoop(250);
    QCOMPARE(window.paints, before);
    QCOMPARE(probe.paints().count, std::size_t{0});
    QVERIFY(probe.frameTimes().count >= 5);
    window.setText(QStringLiteral("changed"));
    runEventLoop(150);
    probe.stop();
    QVERIFY(window.paints > before);
    QVERIFY(probe.paints().count >= 1);
    QVERIFY(static_cast<int>(probe.paints().count) <= window.paints - before);
    // A stopped probe no longer times the window's repaints (and they still happen).
    const std::size_t recorded = probe.paints().count;
    const int painted = window.paints;
    window.setText(QStringLiteral("after"));
    runEventLoop(100);
    QVERIFY(window.paints > painted);
    QCOMPARE(probe.paints().count, recorded);
}

QTEST_MAIN(ResponsivenessProbeTest)
#include "responsivenessprobe_test.moc"
