#include "models/modelroles.h"
#include "models/usage.h"
#include "testsupport.h"
#include "widgets/usagebardelegate.h"
#include "widgets/usagebarpainter.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

using cubedesk::models::Usage;
using cubedesk::widgets::UsageBarDelegate;
using cubedesk::widgets::UsageBarPainter;
namespace tests = cubedesk::tests;

namespace {

// A one-column table whose rows hold `cells` (a Usage in UsageRole, or plain display text),
// painted by UsageBarDelegate and grabbed into an image.
struct Rendered {
    std::unique_ptr<QStandardItemModel> model;
    std::unique_ptr<QTableView> view;
    QImage image;
    QRect cell(int row) const { return view->visualRect(model->index(row, 0)); }
};

Rendered render(const QList<QVariant> &cells, const QPalette *palette = nullptr, int width = 300) {
    Rendered r;
    r.model = std::make_unique<QStandardItemModel>(int(cells.size()), 1);
    for (int row = 0; row < cells.size(); ++row) {
        auto *item = new QStandardItem;
        if (cells[row].metaType() == QMetaType::fromType<Usage>())
            item->setData(cells[row], cubedesk::models::UsageRole);
        else
            item->setData(cells[row], Qt::DisplayRole);
        r.model->setItem(row, 0, item);
    }
    r.view = std::make_unique<QTableView>();
    if (palette)
        r.view->setPalette(*palette);
    auto *delegate = new UsageBarDelegate(r.view.get());
    r.view->setItemDelegate(delegate);
    r.view->setModel(r.model.get());
    r.view->setSelectionMode(QAbstractItemView::NoSelection);
    r.view->setShowGrid(false);
    r.view->horizontalHeader()->hide();
    r.view->verticalHeader()->hide();
    QStyleOptionViewItem option;
    option.initFrom(r.view.get());
    const int rowHeight = delegate->sizeHint(option, QModelIndex()).height();
    r.view->verticalHeader()->setDefaultSectionSize(rowHeight);
    r.view->horizontalHeader()->setDefaultSectionSize(width);
    r.view->resize(width + 4, int(cells.size()) * rowHeight + 4);
    r.view->show();
    if (!QTest::qWaitForWindowExposed(r.view.get()))
        qWarning("table view not exposed");
    r.image = r.view->viewport()->grab().toImage();
    return r;
}

// Fill and track pixels along one scan line of the bar, 2 px below its top edge (clear of the
// text, which is vertically centred).
struct Scan {
    int fill = 0;
    int track = 0;
};

Scan scanBar(const Rendered &r, int row, const Usage &usage) {
    const QRect bar = UsageBarDelegate::barRect(r.cell(row));
    const QColor fill = UsageBarPainter::fillColor(usage.level());
    const QColor track = UsageBarPainter::trackColor(r.view->palette());
    Scan scan;
    const QRect line(bar.left(), bar.top() + 2, bar.width(), 1);
    scan.fill = tests::countPixels(r.image, line,
                                   [&](QColor c) { return tests::colorDistance(c, fill) <= 24; });
    scan.track = tests::countPixels(r.image, line,
                                    [&](QColor c) { return tests::colorDistance(c, track) <= 6; });
    return scan;
}

QColor fillSample(const Rendered &r, int row) {
    const QRect bar = UsageBarDelegate::barRect(r.cell(row));
    return r.image.pixelColor(bar.left() + 3, bar.top() + 2);
}

class UsageBarDelegateTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fillWidthMatchesRatio_data() {
        QTest::addColumn<double>("used");
        QTest::addColumn<double>("total");
        QTest::newRow("0 percent") << 0.0 << 8.0;
        QTest::newRow("12.5 percent") << 1.0 << 8.0;
        QTest::newRow("50 percent") << 32.0 << 64.0;
        QTest::newRow("85 percent") << 85.0 << 100.0;
        QTest::newRow("97 percent") << 97.0 << 100.0;
        QTest::newRow("100 percent") << 8.0 << 8.0;
        QTest::newRow("150 percent clipped") << 12.0 << 8.0;
        QTest::newRow("no total") << 3.0 << 0.0;
    }
    void fillWidthMatchesRatio() {
        QFETCH(double, used);
        QFETCH(double, total);
        const Usage usage{used, total, QStringLiteral("%1 / %2").arg(used).arg(total)};
        const Rendered r = render({QVariant::fromValue(usage)});
        const QRect bar = UsageBarDelegate::barRect(r.cell(0));
        QVERIFY(bar.width() > 200);
        const double ratio = std::clamp(usage.ratio(), 0.0, 1.0);
        const Scan scan = scanBar(r, 0, usage);
        QVERIFY2(std::abs(scan.fill - ratio * bar.width()) <= 2,
                 qPrintable(QStringLiteral("fill %1 px, expected %2 px of %3")
                                .arg(scan.fill)
                                .arg(ratio * bar.width())
                                .arg(bar.width())));
        // The rest of the bar is the neutral track (corners are anti-aliased: a little slack).
        QVERIFY2(std::abs(scan.fill + scan.track - bar.width()) <= 3,
                 qPrintable(QStringLiteral("fill %1 + track %2 of %3")
                                .arg(scan.fill)
                                .arg(scan.track)
                                .arg(bar.width())));
        // Nothing is painted outside the bar's ends.
        const QColor outside = r.image.pixelColor(bar.left() - 2, bar.top() + 2);
        QCOMPARE(outside, r.view->palette().color(QPalette::Base));
    }

    // The third mark: what is measured in use, a strip along the bar's bottom as long as its
    // share, in a darker shade of each part it lies on; none when nothing was measured.
    void measuredUseIsAStripAlongTheBottom() {
        Usage quiet{50, 100, QStringLiteral("50 / 100")};
        quiet.measured = 25; // inside the requested fill
        Usage busy{25, 100, QStringLiteral("25 / 100")};
        busy.measured = 75; // past the fill, over the track
        const Usage unmeasured{50, 100, QStringLiteral("50 / 100")};
        const Rendered r = render({QVariant::fromValue(quiet), QVariant::fromValue(busy),
                                   QVariant::fromValue(unmeasured)});
        const QPalette &palette = r.view->palette();
        const auto stripPixels = [&](int row, const Usage &usage) {
            const QRect bar = UsageBarDelegate::barRect(r.cell(row));
            const QRect line(bar.left(), bar.bottom() - 1, bar.width(), 1);
            const QColor onFill =
                UsageBarPainter::measuredColor(UsageBarPainter::fillColor(usage.level()), palette);
            const QColor onTrack =
                UsageBarPainter::measuredColor(UsageBarPainter::trackColor(palette), palette);
            const int fill = UsageBarPainter::fillWidth(bar, usage);
            return std::pair{
                tests::countPixels(r.image, QRect(line.left(), line.top(), fill, 1),
                                   [&](QColor c) { return tests::colorDistance(c, onFill) <= 24; }),
                tests::countPixels(
                    r.image, QRect(line.left() + fill, line.top(), bar.width() - fill, 1),
                    [&](QColor c) { return tests::colorDistance(c, onTrack) <= 24; })};
        };
        const int width = UsageBarDelegate::barRect(r.cell(0)).width();
        const auto [quietOnFill, quietOnTrack] = stripPixels(0, quiet);
        QVERIFY2(std::abs(quietOnFill - width / 4) <= 3, qPrintable(QString::number(quietOnFill)));
        QCOMPARE(quietOnTrack, 0);
        const auto [busyOnFill, busyOnTrack] = stripPixels(1, busy);
        QVERIFY2(std::abs(busyOnFill - width / 4) <= 3, qPrintable(QString::number(busyOnFill)));
        QVERIFY2(std::abs(busyOnTrack - width / 2) <= 3, qPrintable(QString::number(busyOnTrack)));
        const auto [noneOnFill, noneOnTrack] = stripPixels(2, unmeasured);
        QCOMPARE(noneOnFill + noneOnTrack, 0);
        QCOMPARE(UsageBarPainter::measuredWidth(QRect(0, 0, 200, 10), unmeasured), 0);
        Usage tiny = unmeasured;
        tiny.measured = 0.001; // something measured is never drawn as nothing
        QCOMPARE(UsageBarPainter::measuredWidth(QRect(0, 0, 200, 10), tiny), 1);
    }

    void colourFollowsLevel() {
        const Usage normal{50, 100, QStringLiteral("50 / 100")};
        const Usage warning{85, 100, QStringLiteral("85 / 100")};
        const Usage critical{97, 100, QStringLiteral("97 / 100")};
        const Rendered r = render({QVariant::fromValue(normal), QVariant::fromValue(warning),
                                   QVariant::fromValue(critical)});
        saveSnapshot(r, QStringLiteral("usagebar-levels"));
        const QColor calm = fillSample(r, 0);
        const QColor amber = fillSample(r, 1);
        const QColor red = fillSample(r, 2);
        QVERIFY2(tests::isSignal(calm, 90, 230), qPrintable(calm.name()));
        QVERIFY2(tests::isSignal(amber, 30, 50), qPrintable(amber.name()));
        QVERIFY2(tests::isSignal(red, 345, 12), qPrintable(red.name()));
        QVERIFY(!tests::isSignal(red, 30, 50));
        QVERIFY(!tests::isSignal(amber, 345, 12));
    }

    void textIsReadableOverFillAndTrack() {
        // 50 %: the centred text straddles the fill's end, so both text colours must appear.
        const Usage usage{50, 100, QStringLiteral("WWWWWWWWWW 50 / 100 WWWWWWWWWW")};
        const Rendered r = render({QVariant::fromValue(usage)});
        const QRect bar = UsageBarDelegate::barRect(r.cell(0));
        const int half = UsageBarPainter::fillWidth(bar, usage);
        const QRect fillPart(bar.left(), bar.top(), half, bar.height());
        const QRect trackPart(bar.left() + half, bar.top(), bar.width() - half, bar.height());
        const QColor onFill =
            UsageBarPainter::textColorOn(UsageBarPainter::fillColor(usage.level()));
        const QColor onTrack = r.view->palette().color(QPalette::Text);
        QVERIFY(tests::countPixels(r.image, fillPart, [&](QColor c) {
                    return tests::colorDistance(c, onFill) <= 40;
                }) > 20);
        QVERIFY(tests::countPixels(r.image, trackPart, [&](QColor c) {
                    return tests::colorDistance(c, onTrack) <= 40;
                }) > 20);
    }

    void fallsBackWithoutUsage() {
        const Rendered r = render({QVariant(QStringLiteral("plain text"))});
        const QRect cell = r.cell(0);
        const QColor track = UsageBarPainter::trackColor(r.view->palette());
        const QColor text = r.view->palette().color(QPalette::Text);
        // The default delegate painted the text, and no bar.
        QVERIFY(tests::countPixels(r.image, cell, [&](QColor c) {
                    return tests::colorDistance(c, text) <= 40;
                }) > 20);
        const QRect bar = UsageBarDelegate::barRect(cell);
        QCOMPARE(tests::countPixels(r.image, QRect(bar.left(), bar.top() + 2, bar.width(), 1),
                                    [&](QColor c) { return tests::colorDistance(c, track) <= 6; }),
                 0);
    }

    void sizeHintIsTheSameForEveryRow() {
        QStandardItemModel model(2, 1);
        model.setData(model.index(0, 0), QVariant::fromValue(Usage{1, 2, QStringLiteral("1 / 2")}),
                      cubedesk::models::UsageRole);
        model.setData(model.index(1, 0), QStringLiteral("a much longer plain text cell"));
        UsageBarDelegate delegate;
        QStyleOptionViewItem option;
        option.fontMetrics = QFontMetrics(QFont());
        const QSize first = delegate.sizeHint(option, model.index(0, 0));
        QCOMPARE(delegate.sizeHint(option, model.index(1, 0)), first);
        QVERIFY(first.height() >= 22);
    }

    void screenshotsLightAndDark() {
        const QList<QVariant> cells = {
            QVariant::fromValue(Usage{3, 8, QStringLiteral("3 / 8 GPU")}),
            QVariant::fromValue(Usage{54.5, 64, QStringLiteral("54.5 / 64")}),
            QVariant::fromValue(Usage{7.8, 8, QStringLiteral("已用 7.8 / 8 卡")}),
            QVariant::fromValue(Usage{0, 0, QStringLiteral("–")}),
            QVariant(QStringLiteral("no usage: default painting")),
        };
        const Rendered light = render(cells);
        QVERIFY(!saveSnapshot(light, QStringLiteral("usagebar-light")).isEmpty());
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x20, 0x22, 0x26));
        dark.setColor(QPalette::Base, QColor(0x1b, 0x1d, 0x21));
        dark.setColor(QPalette::AlternateBase, QColor(0x24, 0x26, 0x2b));
        dark.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xd8));
        const Rendered night = render(cells, &dark);
        QVERIFY(!saveSnapshot(night, QStringLiteral("usagebar-dark")).isEmpty());
        // The dark track is lighter than the dark base, so the bar stays visible.
        QVERIFY(UsageBarPainter::trackColor(dark).lightness() >
                dark.color(QPalette::Base).lightness());
    }

private:
    static QString saveSnapshot(const Rendered &r, const QString &name) {
        return tests::saveSnapshot(r.image, name);
    }
};

} // namespace

CUBEDESK_WIDGETS_TEST(UsageBarDelegateTest)
#include "usagebardelegate_test.moc"
