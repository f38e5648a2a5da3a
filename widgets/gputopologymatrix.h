#pragma once
// GpuTopologyMatrix: one node's GPU topology as `nvidia-smi topo -m` shows it, made readable —
// a square matrix of GPU–GPU and GPU–NIC links whose cells are coloured by bandwidth class
// (NVLink green, PCIe switch blue, host bridge amber, across NUMA nodes red; the link text —
// NV12, PXB, SYS — on each cell), each NVLink island outlined in a colour of its own, the
// CPU and NUMA affinity (and GPU NUMA ID where present) beside the GPU rows with a NUMA chip
// whose colour matches the band left of the row name, and a legend below. With utilization
// (setUtilization) each GPU's diagonal cell shows its current utilization, shaded by it. GPUs given
// to setHighlight() (the advisor's best set) have their names drawn on an accent background. A
// topology without links (from a NodeResourceTopology object) shows grey "?" cells and the NUMA
// columns; without a topology the widget shows the placeholder text.
//
// Everything is laid out once in setTopology() / setHighlight() and on font or palette changes
// (Layout); paintEvent() only paints the precomputed rectangles, colours and texts.
//
// Threads: GUI thread. Owns its copy of the topology and its layout; nothing else.

#include "k8s/cube/gputopology.h"

#include <QColor>
#include <QRect>
#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

namespace cubedesk::widgets {

class GpuTopologyMatrix final : public QWidget {
    Q_OBJECT
public:
    explicit GpuTopologyMatrix(QWidget *parent = nullptr);

    /// Shows `topology` (nullopt: the placeholder).
    void setTopology(const std::optional<k8s::GpuTopology> &topology);
    const std::optional<k8s::GpuTopology> &topology() const { return m_topology; }
    /// GPU indices to mark (empty: none).
    void setHighlight(const std::vector<int> &gpus);
    void setPlaceholderText(const QString &text);
    /// The GPUs' current utilization in percent, by GPU index (nullopt: not known); each GPU's
    /// own diagonal cell then shows it, shaded from the base colour (idle) to
    /// utilizationColor() (busy). Empty: the diagonal shows "X" as nvidia-smi does.
    void setUtilization(const std::vector<std::optional<double>> &byGpu);
    static QColor utilizationColor();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// The fill of a bandwidth class (the same in light and dark palettes).
    static QColor classColor(k8s::GpuTopology::BandwidthClass c);
    /// The outline colour of NVLink island `island`.
    static QColor islandColor(int island);
    static QColor highlightColor();
    static QColor numaColor(int numa);

    // Geometry, for tests and tooltips (widget coordinates; empty when not shown).
    QRect cellRect(int row, int column) const;
    QRect rowHeaderRect(int row) const;
    QRect legendSwatchRect(k8s::GpuTopology::BandwidthClass c) const;
    QRect matrixRect() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Cell {
        QRect rect;
        QColor fill;
        QColor text;
        QString label;
        QString tooltip;
    };
    struct Text {
        QRect rect;
        QString text;
        QColor color;
        QColor background; ///< invalid: none
        int flags = Qt::AlignCenter;
        bool bold = false;
    };
    struct Outline {
        QLine line;
        QColor color;
    };
    struct Swatch {
        QRect rect;
        QColor fill;
        bool outline = false;
        k8s::GpuTopology::BandwidthClass cls = k8s::GpuTopology::BandwidthClass::Unknown;
    };
    struct Layout {
        std::vector<Cell> cells; ///< row-major, n × n
        std::vector<Text> texts;
        std::vector<QRect> numaBands;
        std::vector<QColor> numaBandColors;
        std::vector<Outline> outlines;
        std::vector<Swatch> swatches;
        QRect matrix;
        QSize size;
        int devices = 0;
    };
    void relayout();

    std::optional<k8s::GpuTopology> m_topology;
    std::vector<int> m_highlight;
    std::vector<std::optional<double>> m_utilization;
    QString m_placeholder;
    Layout m_layout;
};

} // namespace cubedesk::widgets
