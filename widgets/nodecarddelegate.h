#pragma once
// NodeCardDelegate: paints a resource-group board card from the models::NodeCard of CardRole:
// a rounded card (about 224 x 68 px at the default font) with
//   row 1: a ready dot (green; red + "NotReady"; grey + "cordoned"), the node name in bold
//          (elided; the tooltip has it whole), a lock + "share=false" marker for nodes kept out
//          of balancing, and "moving…" while a move awaits the watch;
//   row 2: the gpu-type chip and the "GPU used/total" bar;
//   row 3: "CPU" and the CPU bar (both bars by UsageBarPainter, as in UsageBarDelegate).
// A pending move also dashes the outline; a selected card is tinted and outlined in the
// palette's highlight. Rows without a NodeCard are painted by QStyledItemDelegate.
// Ghost cards (rows with models::BalanceGhostRole: a move the balancing advisor proposes) have
// the same size: a dashed violet outline on a faint violet body, the node name with a
// "proposed" flag, then the ghost's headline (run, source org) and numbers (the target org's
// ratio before → after) instead of the bars.
//
// Thread: GUI thread. The delegate owns only cached fonts and translated words (built once, in
// the constructor and on the first paint with a new font); it paints precomputed data and looks
// nothing up. Every card has the same size (sizeHint), so QListView can use uniformItemSizes in
// ListMode or IconMode. Create a new delegate after a language change.

#include "models/balanceghost.h"
#include "models/nodecard.h"

#include <QFont>
#include <QStyledItemDelegate>

namespace cubedesk::widgets {

class NodeCardDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit NodeCardDelegate(QObject *parent = nullptr);

    /// Gap between the card and the edge of its item rectangle, on every side.
    static constexpr int Margin = 4;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    /// The card size (fixed per font) plus Margin on every side; the same for every row.
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    /// Shows the whole name, the state, the GPU type and both usages when the model has no
    /// tooltip of its own.
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

    /// The card inside an item rectangle.
    static QRect cardRect(const QRect &itemRect);
    /// The ready dot's colour: green (ready), red (NotReady, before cordoned), grey (cordoned).
    static QColor stateColor(const models::NodeCard &card);
    /// Colour of the share=false marker.
    static QColor shareMarkerColor();

private:
    void ensureFonts(const QFont &base) const;
    void paintCard(QPainter *painter, const QStyleOptionViewItem &option,
                   const models::NodeCard &card) const;
    void paintGhost(QPainter *painter, const QStyleOptionViewItem &option,
                    const models::BalanceGhost &ghost) const;

    // Fonts derived from the view's font, rebuilt only when that font changes.
    mutable QFont m_baseFont;
    mutable QFont m_nameFont;
    mutable QFont m_smallFont;
    mutable QFont m_chipFont;
    mutable QSize m_cardSize;
    mutable int m_nameHeight = 0;
    mutable int m_barHeight = 0;
    mutable bool m_fontsReady = false;

    // Words painted on cards, translated once.
    QString m_notReadyText;
    QString m_cordonedText;
    QString m_shareText;
    QString m_movingText;
    QString m_cpuText;
    QString m_gpuText;
    QString m_noGpuText;
    QString m_proposedText;
};

} // namespace cubedesk::widgets
