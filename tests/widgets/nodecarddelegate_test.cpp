#include "models/modelroles.h"
#include "models/nodecard.h"
#include "testsupport.h"
#include "widgets/nodecarddelegate.h"
#include "widgets/usagebarpainter.h"

#include <QListView>
#include <QStandardItemModel>
#include <QTest>

using cubedesk::models::NodeCard;
using cubedesk::models::Usage;
using cubedesk::widgets::NodeCardDelegate;
namespace tests = cubedesk::tests;

namespace {

NodeCard card(const QString &name) {
    NodeCard c;
    c.name = name;
    c.gpuType = QStringLiteral("A100");
    c.gpus = Usage{6, 8, QStringLiteral("6 / 8")};
    c.cpu = Usage{41.5, 96, QStringLiteral("41.5 / 96")};
    c.ready = true;
    return c;
}

struct Board {
    std::unique_ptr<QStandardItemModel> model;
    std::unique_ptr<QListView> view;
    QImage image;
    QRect item(int row) const { return view->visualRect(model->index(row, 0)); }
    QImage cardImage(int row) const { return image.copy(NodeCardDelegate::cardRect(item(row))); }
};

// The cards in a QListView in ListMode with uniform item sizes, grabbed into an image.
Board render(const QList<NodeCard> &cards, const QPalette *palette = nullptr, int selectRow = -1) {
    Board b;
    b.model = std::make_unique<QStandardItemModel>();
    for (const NodeCard &c : cards) {
        auto *item = new QStandardItem;
        item->setData(QVariant::fromValue(c), cubedesk::models::CardRole);
        b.model->appendRow(item);
    }
    b.view = std::make_unique<QListView>();
    if (palette)
        b.view->setPalette(*palette);
    b.view->setViewMode(QListView::ListMode);
    b.view->setUniformItemSizes(true);
    b.view->setItemDelegate(new NodeCardDelegate(b.view.get()));
    b.view->setModel(b.model.get());
    b.view->setFrameShape(QFrame::NoFrame);
    if (selectRow >= 0)
        b.view->selectionModel()->select(b.model->index(selectRow, 0),
                                         QItemSelectionModel::ClearAndSelect);
    b.view->resize(260, 80 * int(cards.size()) + 8);
    b.view->show();
    if (!QTest::qWaitForWindowExposed(b.view.get()))
        qWarning("list view not exposed");
    b.image = b.view->viewport()->grab().toImage();
    return b;
}

int differingPixels(const QImage &a, const QImage &b, const QRect &area) {
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
            if (a.pixel(x, y) != b.pixel(x, y))
                ++count;
        }
    }
    return count;
}

bool isRed(QColor c) {
    return tests::isSignal(c, 345, 12);
}
bool isGreen(QColor c) {
    return tests::isSignal(c, 100, 150);
}
bool isGrey(QColor c) {
    const QColor hsv = c.toHsv();
    return hsv.hsvSaturationF() < 0.12f && hsv.valueF() > 0.45f && hsv.valueF() < 0.66f;
}

class NodeCardDelegateTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void uniformCardSize() {
        NodeCard longName = card(QStringLiteral("a-very-long-node-name-that-cannot-fit-on-a-card"));
        const Board b = render({card(QStringLiteral("n1")), longName});
        const QSize size = b.item(0).size();
        QCOMPARE(b.item(1).size(), size);
        // About 224 x 68 px of card.
        const QRect box = NodeCardDelegate::cardRect(b.item(0));
        QVERIFY2(box.width() >= 210 && box.width() <= 260,
                 qPrintable(QString::number(box.width())));
        QVERIFY2(box.height() >= 56 && box.height() <= 84,
                 qPrintable(QString::number(box.height())));
    }

    void readyDotShowsTheNodeState() {
        NodeCard ready = card(QStringLiteral("ready-node"));
        NodeCard notReady = card(QStringLiteral("broken-node"));
        notReady.ready = false;
        NodeCard cordoned = card(QStringLiteral("drained-node"));
        cordoned.schedulable = false;
        const Board b = render({ready, notReady, cordoned});
        tests::saveSnapshot(b.image, QStringLiteral("nodecard-states"));

        // The dot sits in the card's top-left corner.
        auto dotArea = [&](int row) {
            const QRect box = NodeCardDelegate::cardRect(b.item(row));
            return QRect(box.left(), box.top(), 22, 26);
        };
        QVERIFY(tests::countPixels(b.image, dotArea(0), isGreen) >= 20);
        QCOMPARE(tests::countPixels(b.image, dotArea(0), isRed), 0);
        QVERIFY(tests::countPixels(b.image, dotArea(1), isRed) >= 20);
        QCOMPARE(tests::countPixels(b.image, dotArea(1), isGreen), 0);
        QVERIFY(tests::countPixels(b.image, dotArea(2), isGrey) >= 20);
        QCOMPARE(tests::countPixels(b.image, dotArea(2), isGreen), 0);
        QCOMPARE(tests::countPixels(b.image, dotArea(2), isRed), 0);

        // "NotReady" is written in red on the card's top line; a ready card has no red there.
        auto topLine = [&](int row) {
            const QRect box = NodeCardDelegate::cardRect(b.item(row));
            return QRect(box.left() + 22, box.top(), box.width() - 22, 24);
        };
        QVERIFY(tests::countPixels(b.image, topLine(1), isRed) >= 10);
        QCOMPARE(tests::countPixels(b.image, topLine(0), isRed), 0);
    }

    void shareFalseMarkerIsVisible() {
        NodeCard shared = card(QStringLiteral("gpu-node-01"));
        NodeCard kept = shared;
        kept.shareable = false;
        const Board b = render({shared, kept});
        const QImage a = b.cardImage(0);
        const QImage k = b.cardImage(1);
        QCOMPARE(a.size(), k.size());
        // The marker is on the top line, right side; the bars below are the same.
        const QRect markerArea(a.width() / 2, 0, a.width() / 2, 24);
        const QRect barsArea(0, 28, a.width(), a.height() - 28);
        const int markerPixels = differingPixels(a, k, markerArea);
        QVERIFY2(markerPixels >= 40, qPrintable(QString::number(markerPixels)));
        QCOMPARE(differingPixels(a, k, barsArea), 0);
        const QColor marker = NodeCardDelegate::shareMarkerColor();
        QVERIFY(tests::countPixels(k, markerArea, [&](QColor c) {
                    return tests::colorDistance(c, marker) <= 30;
                }) >= 15);
        QCOMPARE(
            tests::countPixels(a, markerArea,
                               [&](QColor c) { return tests::colorDistance(c, marker) <= 30; }),
            0);
    }

    void pendingMoveDashesTheOutline() {
        NodeCard still = card(QStringLiteral("gpu-node-02"));
        NodeCard moving = still;
        moving.pendingMove = true;
        const Board b = render({still, moving});
        // Walk the top edge between the rounded corners: dashes alternate highlight and
        // background; the plain outline is one grey run.
        auto runs = [](const QImage &img) {
            int count = 0;
            bool previous = false;
            for (int x = 12; x < img.width() - 12; ++x) {
                const QColor c = img.pixelColor(x, 0);
                const bool dash = c.blue() - c.red() > 40;
                if (dash && !previous)
                    ++count;
                previous = dash;
            }
            return count;
        };
        QCOMPARE(runs(b.cardImage(0)), 0);
        QVERIFY2(runs(b.cardImage(1)) >= 5, qPrintable(QString::number(runs(b.cardImage(1)))));
    }

    void selectionIsHighlighted() {
        const NodeCard c = card(QStringLiteral("gpu-node-03"));
        const Board b = render({c, c}, nullptr, 1);
        // The window may be active or not: either group's highlight counts.
        const QColor active = b.view->palette().color(QPalette::Active, QPalette::Highlight);
        const QColor inactive = b.view->palette().color(QPalette::Inactive, QPalette::Highlight);
        auto outline = [&](int row) {
            const QImage img = b.cardImage(row);
            return tests::countPixels(img, QRect(10, 0, img.width() - 20, 2), [&](QColor px) {
                return tests::colorDistance(px, active) <= 30 ||
                       tests::colorDistance(px, inactive) <= 30;
            });
        };
        QCOMPARE(outline(0), 0);
        QVERIFY(outline(1) >= 100);
    }

    void fallsBackWithoutCard() {
        QStandardItemModel model;
        model.appendRow(new QStandardItem(QStringLiteral("org: 算法组")));
        NodeCardDelegate delegate;
        QStyleOptionViewItem option;
        option.font = QFont();
        option.fontMetrics = QFontMetrics(option.font);
        // Not a card: the default delegate's size, not the card's.
        QVERIFY(delegate.sizeHint(option, model.index(0, 0)).height() < 40);
    }

    void screenshotsLightDarkAndChinese() {
        NodeCard a = card(QStringLiteral("gpu-a100-node-017"));
        NodeCard b = card(QStringLiteral("训练节点-算法组-甲01"));
        b.gpuType = QStringLiteral("昇腾910B");
        b.gpus = Usage{7, 8, QStringLiteral("7 / 8")};
        b.cpu = Usage{80, 96, QStringLiteral("80 / 96")};
        NodeCard c = card(QStringLiteral("10.12.3.41"));
        c.ready = false;
        c.shareable = false;
        c.gpus = Usage{8, 8, QStringLiteral("8 / 8")};
        NodeCard d = card(QStringLiteral("cpu-node-xeon-003"));
        d.gpuType.clear();
        d.gpus = Usage{};
        d.schedulable = false;
        d.pendingMove = true;
        NodeCard e = card(QStringLiteral("gpu-t4-node-120"));
        e.gpuType = QStringLiteral("T4");
        e.gpus = Usage{1, 4, QStringLiteral("1 / 4")};
        e.shareable = false;
        e.pendingMove = true;
        const QList<NodeCard> cards{a, b, c, d, e};
        const Board light = render(cards, nullptr, 0);
        QVERIFY(!tests::saveSnapshot(light.image, QStringLiteral("nodecard-light")).isEmpty());
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x20, 0x22, 0x26));
        dark.setColor(QPalette::Base, QColor(0x1b, 0x1d, 0x21));
        dark.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xd8));
        dark.setColor(QPalette::HighlightedText, Qt::white);
        const Board night = render(cards, &dark, 1);
        QVERIFY(!tests::saveSnapshot(night.image, QStringLiteral("nodecard-dark")).isEmpty());
    }
};

} // namespace

CUBEDESK_WIDGETS_TEST(NodeCardDelegateTest)
#include "nodecarddelegate_test.moc"
