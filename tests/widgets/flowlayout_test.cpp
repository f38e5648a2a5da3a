#include "testsupport.h"
#include "widgets/flowlayout.h"

#include <QTest>
#include <QWidget>

using cubedesk::widgets::FlowLayout;

namespace {

class FlowLayoutTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void wrapsToTheWidth() {
        QWidget host;
        auto *layout = new FlowLayout(&host, 4, 4);
        QList<QWidget *> items;
        for (int i = 0; i < 5; ++i) {
            auto *item = new QWidget(&host);
            item->setFixedSize(50, 20);
            layout->addWidget(item);
            items << item;
        }
        // Two per line in 120 px (50 + 4 + 50 = 104; a third would end at 158): 3 lines.
        QCOMPARE(layout->heightForWidth(120), 3 * 20 + 2 * 4);
        QCOMPARE(layout->heightForWidth(400), 20);
        layout->setGeometry(QRect(0, 0, 120, 68));
        QCOMPARE(items[0]->geometry(), QRect(0, 0, 50, 20));
        QCOMPARE(items[1]->geometry(), QRect(54, 0, 50, 20));
        QCOMPARE(items[2]->geometry(), QRect(0, 24, 50, 20));
        QCOMPARE(items[4]->geometry(), QRect(0, 48, 50, 20));
    }

    void insertsAtAnIndexAndSkipsHiddenWidgets() {
        QWidget host;
        auto *layout = new FlowLayout(&host, 4, 4);
        auto *a = new QWidget(&host);
        auto *b = new QWidget(&host);
        auto *c = new QWidget(&host);
        for (QWidget *w : {a, b, c})
            w->setFixedSize(30, 10);
        layout->addWidget(a);
        layout->addWidget(b);
        layout->insertWidget(1, c);
        QCOMPARE(layout->count(), 3);
        QCOMPARE(layout->itemAt(1)->widget(), c);
        host.show();
        c->hide();
        layout->setGeometry(QRect(0, 0, 300, 10));
        QCOMPARE(b->geometry().topLeft(), QPoint(34, 0));
        delete layout->takeAt(0);
        QCOMPARE(layout->count(), 2);
    }
};

} // namespace

CUBEDESK_WIDGETS_TEST(FlowLayoutTest)
#include "flowlayout_test.moc"
