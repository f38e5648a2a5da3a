#include "widgets/gputopologymatrix.h"

#include "widgets/usagebarpainter.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace cubedesk::widgets {

using Class = k8s::GpuTopology::BandwidthClass;
using Topology = k8s::GpuTopology;

namespace {

constexpr int kMargin = 8;
constexpr int kCellWidth = 44;
constexpr int kCellHeight = 26;
constexpr int kGap = 2;        ///< between cells
constexpr int kBand = 4;       ///< NUMA band left of the row names
constexpr int kColumnGap = 10; ///< matrix → affinity columns
constexpr int kSwatch = 14;

QString describe(const Topology::Link &link) {
    switch (link.type) {
    case Topology::LinkType::NVLink:
        return GpuTopologyMatrix::tr("NVLink, %n bonded link(s)", "", link.nvlinks);
    case Topology::LinkType::Pix:
        return GpuTopologyMatrix::tr("PCIe, at most one bridge (PIX)");
    case Topology::LinkType::Pxb:
        return GpuTopologyMatrix::tr("PCIe, several bridges, not through the CPU (PXB)");
    case Topology::LinkType::Phb:
        return GpuTopologyMatrix::tr("PCIe through the host bridge (PHB)");
    case Topology::LinkType::Node:
        return GpuTopologyMatrix::tr("PCIe between host bridges of one NUMA node (NODE)");
    case Topology::LinkType::Sys:
        return GpuTopologyMatrix::tr("PCIe and the CPU interconnect between NUMA nodes (SYS)");
    case Topology::LinkType::Self:
        return GpuTopologyMatrix::tr("the device itself");
    case Topology::LinkType::Unknown:
        break;
    }
    return GpuTopologyMatrix::tr("not reported");
}

// The colours as this palette shows them. Light palettes keep the fixed colours of the
// classColor() / islandColor() / numaColor() family. On dark ones the deep island and NUMA hues
// are lifted until they stand out from the window (3:1), and the pale "not reported" grey becomes
// a dark one (its "?" switches to light text through textColorOn()). Bandwidth fills carry their
// own text colour and stay as they are.
QColor markShade(const QColor &color, const QPalette &palette) {
    return UsageBarPainter::isDark(palette)
               ? UsageBarPainter::legibleOn(color, palette.color(QPalette::Window),
                                            UsageBarPainter::MarkContrast)
               : color;
}

QColor classShade(Class c, const QPalette &palette) {
    if (c == Class::Unknown && UsageBarPainter::isDark(palette))
        return UsageBarPainter::mix(palette.color(QPalette::Base), palette.color(QPalette::Text),
                                    0.2);
    return GpuTopologyMatrix::classColor(c);
}

} // namespace

GpuTopologyMatrix::GpuTopologyMatrix(QWidget *parent)
    : QWidget(parent)
    , m_placeholder(tr("No topology is known for this node.")) {
    setObjectName(QStringLiteral("gpuTopologyMatrix"));
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    relayout();
}

QColor GpuTopologyMatrix::classColor(Class c) {
    // Each fill carries its link text at 4.5:1 or more in textColorOn()'s colour: near-black on
    // the green and the amber, white on the blue and the red.
    switch (c) {
    case Class::NVLink:
        return QColor(0x2e, 0x9e, 0x6a);
    case Class::PcieSwitch:
        return QColor(0x2f, 0x74, 0xb5);
    case Class::HostBridge:
        return QColor(0xe8, 0xa3, 0x2c);
    case Class::CrossNuma:
        return QColor(0xdc, 0x35, 0x45);
    case Class::Self:
        return QColor(0x8a, 0x93, 0x9b);
    case Class::Unknown:
        break;
    }
    return QColor(0xd6, 0xda, 0xde);
}

QColor GpuTopologyMatrix::islandColor(int island) {
    static const QColor colors[] = {QColor(0x0b, 0x4f, 0x36), QColor(0x6a, 0x1b, 0x9a),
                                    QColor(0x0d, 0x47, 0xa1), QColor(0xbf, 0x36, 0x0c)};
    return colors[static_cast<std::size_t>(island) % std::size(colors)];
}

QColor GpuTopologyMatrix::highlightColor() {
    return QColor(0xff, 0xd5, 0x4f);
}

QColor GpuTopologyMatrix::numaColor(int numa) {
    static const QColor colors[] = {QColor(0x5c, 0x6b, 0xc0), QColor(0x26, 0xa6, 0x9a),
                                    QColor(0xab, 0x47, 0xbc), QColor(0x8d, 0x6e, 0x63)};
    return colors[static_cast<std::size_t>(std::max(numa, 0)) % std::size(colors)];
}

void GpuTopologyMatrix::setTopology(const std::optional<k8s::GpuTopology> &topology) {
    m_topology = topology;
    m_highlight.clear();
    relayout();
}

void GpuTopologyMatrix::setHighlight(const std::vector<int> &gpus) {
    if (gpus == m_highlight)
        return;
    m_highlight = gpus;
    relayout();
}

void GpuTopologyMatrix::setUtilization(const std::vector<std::optional<double>> &byGpu) {
    if (byGpu == m_utilization)
        return;
    m_utilization = byGpu;
    relayout();
}

QColor GpuTopologyMatrix::utilizationColor() {
    return {0x7b, 0x1f, 0xa2}; // violet: apart from every bandwidth class
}

void GpuTopologyMatrix::setPlaceholderText(const QString &text) {
    m_placeholder = text;
    relayout();
}

QSize GpuTopologyMatrix::sizeHint() const {
    return m_layout.size;
}

QSize GpuTopologyMatrix::minimumSizeHint() const {
    return m_layout.size;
}

QRect GpuTopologyMatrix::cellRect(int row, int column) const {
    const int n = m_layout.devices;
    if (row < 0 || column < 0 || row >= n || column >= n)
        return {};
    return m_layout.cells[static_cast<std::size_t>(row * n + column)].rect;
}

QRect GpuTopologyMatrix::rowHeaderRect(int row) const {
    // Row names are the first `devices` texts after the column names.
    const int n = m_layout.devices;
    if (row < 0 || row >= n || m_layout.texts.size() < static_cast<std::size_t>(2 * n))
        return {};
    return m_layout.texts[static_cast<std::size_t>(n + row)].rect;
}

QRect GpuTopologyMatrix::legendSwatchRect(Class c) const {
    for (const auto &s : m_layout.swatches)
        if (!s.outline && s.cls == c)
            return s.rect;
    return {};
}

QRect GpuTopologyMatrix::matrixRect() const {
    return m_layout.matrix;
}

void GpuTopologyMatrix::relayout() {
    Layout l;
    const QFontMetrics fm(font());
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetrics bold(boldFont);
    const QColor textColor = palette().color(QPalette::WindowText);
    const QColor muted = UsageBarPainter::mix(textColor, palette().color(QPalette::Window), 0.45);
    const QPalette &pal = palette();
    const QColor accent = highlightColor();
    const QColor onAccent = UsageBarPainter::textColorOn(accent);

    if (!m_topology || m_topology->deviceCount() == 0) {
        const QRect r(kMargin, kMargin, fm.horizontalAdvance(m_placeholder) + 2, fm.height() + 4);
        l.texts.push_back({r, m_placeholder, muted, {}, Qt::AlignLeft | Qt::AlignVCenter});
        l.size = QSize(r.right() + kMargin, r.bottom() + kMargin);
        m_layout = std::move(l);
        updateGeometry();
        update();
        return;
    }
    const Topology &t = *m_topology;
    const int n = static_cast<int>(t.deviceCount());
    l.devices = n;
    auto name = [&](int i) {
        return QString::fromStdString(t.device(static_cast<std::size_t>(i)).name);
    };

    int nameWidth = 0;
    for (int i = 0; i < n; ++i)
        nameWidth = std::max(nameWidth, bold.horizontalAdvance(name(i)));
    const int cellWidth = std::max(kCellWidth, nameWidth + 10);
    const int rowHeaderWidth = kBand + 6 + nameWidth + 10;
    const int left = kMargin + rowHeaderWidth;
    const int top = kMargin + kCellHeight;
    l.matrix = QRect(left, top, n * (cellWidth + kGap) - kGap, n * (kCellHeight + kGap) - kGap);

    // Column names, then row names (rowHeaderRect relies on this order).
    for (int c = 0; c < n; ++c) {
        const QRect r(left + c * (cellWidth + kGap), kMargin, cellWidth, kCellHeight - 4);
        const bool marked =
            std::find(m_highlight.begin(), m_highlight.end(), c) != m_highlight.end();
        l.texts.push_back({r, name(c), marked ? onAccent : textColor, marked ? accent : QColor(),
                           Qt::AlignCenter, true});
    }
    for (int row = 0; row < n; ++row) {
        const QRect r(kMargin + kBand + 4, top + row * (kCellHeight + kGap), nameWidth + 10,
                      kCellHeight);
        const bool marked =
            std::find(m_highlight.begin(), m_highlight.end(), row) != m_highlight.end();
        l.texts.push_back({r, name(row), marked ? onAccent : textColor, marked ? accent : QColor(),
                           Qt::AlignCenter, true});
        if (const auto &numa = t.device(static_cast<std::size_t>(row)).numa) {
            l.numaBands.push_back(QRect(kMargin, r.top() + 2, kBand, r.height() - 4));
            l.numaBandColors.push_back(markShade(numaColor(*numa), pal));
        }
    }

    // Cells.
    for (int row = 0; row < n; ++row)
        for (int c = 0; c < n; ++c) {
            const auto &link = t.link(static_cast<std::size_t>(row), static_cast<std::size_t>(c));
            Cell cell;
            cell.rect = QRect(left + c * (cellWidth + kGap), top + row * (kCellHeight + kGap),
                              cellWidth, kCellHeight);
            cell.fill = classShade(Topology::bandwidthClass(link.type), pal);
            if (link.type == Topology::LinkType::Self)
                cell.fill = UsageBarPainter::mix(palette().color(QPalette::Base),
                                                 classColor(Class::Self), 0.35);
            cell.label = link.type == Topology::LinkType::Self ? QStringLiteral("X")
                         : link.text.empty()                   ? QStringLiteral("?")
                                                               : QString::fromStdString(link.text);
            cell.tooltip = QStringLiteral("%1 ↔ %2: %3").arg(name(row), name(c), describe(link));
            if (row == c && row < static_cast<int>(t.gpuCount()) &&
                static_cast<std::size_t>(row) < m_utilization.size() &&
                m_utilization[static_cast<std::size_t>(row)]) {
                const double u =
                    std::clamp(*m_utilization[static_cast<std::size_t>(row)], 0.0, 100.0);
                cell.fill = UsageBarPainter::mix(palette().color(QPalette::Base),
                                                 utilizationColor(), 0.1 + 0.9 * u / 100.0);
                cell.label = QStringLiteral("%1%").arg(u, 0, 'f', 0);
                cell.tooltip =
                    tr("%1: %2 % utilization now (DCGM)").arg(name(row)).arg(u, 0, 'f', 0);
            }
            cell.text = UsageBarPainter::textColorOn(cell.fill);
            l.cells.push_back(std::move(cell));
        }

    // NVLink islands: the outline of the cells whose row and column GPU share an island.
    const int gpus = static_cast<int>(t.gpuCount());
    auto inIsland = [&](int row, int c, int island) {
        return row >= 0 && c >= 0 && row < gpus && c < gpus &&
               t.islandOf(static_cast<std::size_t>(row)) == island &&
               t.islandOf(static_cast<std::size_t>(c)) == island;
    };
    const int half = kGap / 2 + 1;
    for (int island = 0; island < static_cast<int>(t.islands().size()); ++island) {
        const QColor color = markShade(islandColor(island), pal);
        for (int row = 0; row < gpus; ++row)
            for (int c = 0; c < gpus; ++c) {
                if (!inIsland(row, c, island))
                    continue;
                const QRect r = l.cells[static_cast<std::size_t>(row * n + c)].rect.adjusted(
                    -half, -half, half - 1, half - 1);
                if (!inIsland(row - 1, c, island))
                    l.outlines.push_back({QLine(r.topLeft(), r.topRight()), color});
                if (!inIsland(row + 1, c, island))
                    l.outlines.push_back({QLine(r.bottomLeft(), r.bottomRight()), color});
                if (!inIsland(row, c - 1, island))
                    l.outlines.push_back({QLine(r.topLeft(), r.bottomLeft()), color});
                if (!inIsland(row, c + 1, island))
                    l.outlines.push_back({QLine(r.topRight(), r.bottomRight()), color});
            }
    }

    // Affinity columns: CPU affinity, NUMA (a chip), GPU NUMA ID when any GPU has one; NIC rows
    // show their legend name.
    bool gpuNumaIds = false;
    for (int g = 0; g < gpus; ++g)
        gpuNumaIds = gpuNumaIds || t.device(static_cast<std::size_t>(g)).gpuNumaId.has_value();
    const QString cpuTitle = tr("CPU affinity");
    const QString numaTitle = tr("NUMA");
    const QString gpuNumaTitle = tr("GPU NUMA ID");
    int cpuWidth = bold.horizontalAdvance(cpuTitle);
    for (int i = 0; i < n; ++i) {
        const auto &d = t.device(static_cast<std::size_t>(i));
        cpuWidth =
            std::max(cpuWidth,
                     fm.horizontalAdvance(QString::fromStdString(d.gpu ? d.cpuAffinity : d.alias)));
    }
    cpuWidth += 12;
    const int numaWidth = std::max(bold.horizontalAdvance(numaTitle) + 12, 44);
    const int gpuNumaWidth = gpuNumaIds ? bold.horizontalAdvance(gpuNumaTitle) + 12 : 0;
    const int colLeft = l.matrix.right() + kColumnGap;
    const QRect cpuHead(colLeft, kMargin, cpuWidth, kCellHeight - 4);
    const QRect numaHead(cpuHead.right() + 1, kMargin, numaWidth, kCellHeight - 4);
    const QRect gpuNumaHead(numaHead.right() + 1, kMargin, gpuNumaWidth, kCellHeight - 4);
    l.texts.push_back({cpuHead, cpuTitle, muted, {}, Qt::AlignLeft | Qt::AlignVCenter, true});
    l.texts.push_back({numaHead, numaTitle, muted, {}, Qt::AlignCenter, true});
    if (gpuNumaIds)
        l.texts.push_back({gpuNumaHead, gpuNumaTitle, muted, {}, Qt::AlignCenter, true});
    for (int row = 0; row < n; ++row) {
        const auto &d = t.device(static_cast<std::size_t>(row));
        const int y = top + row * (kCellHeight + kGap);
        const QString cpu = QString::fromStdString(d.gpu ? d.cpuAffinity : d.alias);
        l.texts.push_back({QRect(cpuHead.left(), y, cpuWidth, kCellHeight),
                           cpu.isEmpty() ? QStringLiteral("—") : cpu,
                           d.gpu ? textColor : muted,
                           {},
                           Qt::AlignLeft | Qt::AlignVCenter});
        if (d.numa) {
            const QString label = QString::number(*d.numa);
            const int w = std::max(fm.horizontalAdvance(label) + 14, 24);
            const QRect chip(numaHead.center().x() - w / 2, y + 5, w, kCellHeight - 10);
            const QColor fill = markShade(numaColor(*d.numa), pal);
            l.texts.push_back(
                {chip, label, UsageBarPainter::textColorOn(fill), fill, Qt::AlignCenter, true});
        } else if (d.gpu) {
            l.texts.push_back({QRect(numaHead.left(), y, numaWidth, kCellHeight),
                               QStringLiteral("—"),
                               muted,
                               {},
                               Qt::AlignCenter});
        }
        if (gpuNumaIds && d.gpu)
            l.texts.push_back({QRect(gpuNumaHead.left(), y, gpuNumaWidth, kCellHeight),
                               d.gpuNumaId ? QString::number(*d.gpuNumaId) : QStringLiteral("—"),
                               textColor,
                               {},
                               Qt::AlignCenter});
    }
    int right = (gpuNumaIds ? gpuNumaHead : numaHead).right();

    // Legend: one swatch per class present or always useful, then the island outline.
    int y = l.matrix.bottom() + 14;
    int x = kMargin;
    const int legendWidth = std::max(right - kMargin, 360);
    struct Entry {
        Class cls;
        QString text;
    };
    std::vector<Entry> entries = {{Class::NVLink, tr("NVLink (NV#)")},
                                  {Class::PcieSwitch, tr("PCIe switch (PIX, PXB)")},
                                  {Class::HostBridge, tr("Through the CPU (PHB, NODE)")},
                                  {Class::CrossNuma, tr("Across NUMA nodes (SYS)")}};
    if (!t.hasLinks())
        entries.push_back({Class::Unknown, tr("Not reported (NodeResourceTopology)")});
    auto place = [&](int width) {
        if (x > kMargin && x + width > kMargin + legendWidth) {
            x = kMargin;
            y += fm.height() + 8;
        }
        const QPoint at(x, y);
        x += width + 16;
        return at;
    };
    auto entry = [&](const QString &text, const QColor &fill, bool outline, Class cls) {
        const int w = kSwatch + 6 + fm.horizontalAdvance(text);
        const QPoint at = place(w);
        const QRect swatch(at.x(), at.y() + (fm.height() - kSwatch) / 2, kSwatch, kSwatch);
        l.swatches.push_back({swatch, fill, outline, cls});
        l.texts.push_back(
            {QRect(swatch.right() + 6, at.y(), fm.horizontalAdvance(text) + 2, fm.height()),
             text,
             textColor,
             {},
             Qt::AlignLeft | Qt::AlignVCenter});
        right = std::max(right, swatch.right() + 8 + fm.horizontalAdvance(text));
    };
    for (const auto &e : entries)
        entry(e.text, classShade(e.cls, pal), false, e.cls);
    if (std::any_of(m_utilization.begin(), m_utilization.end(), [](const auto &u) { return u; }))
        entry(tr("Diagonal: GPU utilization now (darker is busier)"),
              UsageBarPainter::mix(pal.color(QPalette::Base), utilizationColor(), 0.7), false,
              Class::Self);
    if (!t.islands().empty())
        entry(tr("NVLink island"), markShade(islandColor(0), pal), true, Class::Unknown);
    l.size = QSize(right + kMargin, y + fm.height() + kMargin);
    m_layout = std::move(l);
    updateGeometry();
    update();
}

void GpuTopologyMatrix::paintEvent(QPaintEvent *) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const Layout &l = m_layout;
    for (std::size_t i = 0; i < l.numaBands.size(); ++i) {
        p.setPen(Qt::NoPen);
        p.setBrush(l.numaBandColors[i]);
        p.drawRoundedRect(QRectF(l.numaBands[i]), 1.5, 1.5);
    }
    const QFont normal = font();
    QFont boldFont = font();
    boldFont.setBold(true);
    p.setFont(boldFont);
    for (const Cell &c : l.cells) {
        p.setPen(Qt::NoPen);
        p.setBrush(c.fill);
        p.drawRoundedRect(QRectF(c.rect), 3, 3);
        p.setPen(c.text);
        p.drawText(c.rect, Qt::AlignCenter, c.label);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const Outline &o : l.outlines) {
        p.setPen(QPen(o.color, 2, Qt::SolidLine, Qt::SquareCap));
        p.drawLine(o.line);
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    for (const Swatch &s : l.swatches) {
        if (s.outline) {
            p.setPen(QPen(s.fill, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(s.rect).adjusted(1, 1, -1, -1));
        } else {
            p.setPen(Qt::NoPen);
            p.setBrush(s.fill);
            p.drawRoundedRect(QRectF(s.rect), 3, 3);
        }
    }
    for (const Text &t : l.texts) {
        if (t.background.isValid()) {
            p.setPen(Qt::NoPen);
            p.setBrush(t.background);
            p.drawRoundedRect(QRectF(t.rect).adjusted(1, 1, -1, -1), 4, 4);
        }
        p.setFont(t.bold ? boldFont : normal);
        p.setPen(t.color);
        p.drawText(t.rect, t.flags | Qt::TextSingleLine, t.text);
    }
}

void GpuTopologyMatrix::changeEvent(QEvent *event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange ||
        event->type() == QEvent::StyleChange)
        relayout();
    QWidget::changeEvent(event);
}

bool GpuTopologyMatrix::event(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        for (const Cell &c : m_layout.cells)
            if (c.rect.contains(help->pos())) {
                QToolTip::showText(help->globalPos(), c.tooltip, this, c.rect);
                return true;
            }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

} // namespace cubedesk::widgets
