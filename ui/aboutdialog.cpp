#include "ui/aboutdialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <array>
#include <iterator>

namespace cubedesk::ui {

namespace {

// What the dialog lists: CubeDesk first, then every library the program links or ships with.
// resources/licenses/THIRD-PARTY-NOTICES.txt says the same for the packages; tests/ui/about_test
// holds the two together. Names, copyright lines and licence identifiers are not translated.
struct Component {
    const char *name;
    const char *licence; // SPDX
    const char *copyright;
    const char *source;                // where its source code is; nullptr: this program
    const char *use;                   // QT_TRANSLATE_NOOP; nullptr: this program
    std::array<const char *, 2> files; // under :/licenses, nullptr-padded
};

constexpr Component kComponents[] = {
    {"CubeDesk",
     "Apache-2.0",
     "Copyright The CubeDesk developers",
     nullptr,
     nullptr,
     {"Apache-2.0.txt", nullptr}},
    {"Qt",
     "LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only",
     "Copyright (C) The Qt Company Ltd. and other contributors",
     "https://download.qt.io/archive/qt/",
     QT_TRANSLATE_NOOP("cubedesk::ui::AboutDialog",
                       "The application framework: the modules Core, Gui, Widgets, Network, "
                       "WebSockets, OpenGL, OpenGL Widgets and Svg. CubeDesk uses Qt under the "
                       "LGPL-3.0, whose terms add to those of the GPL-3.0 (both texts below), "
                       "and links it dynamically, so that it can be replaced."),
     {"LGPL-3.0.txt", "GPL-3.0.txt"}},
    {"Qt Charts",
     "GPL-3.0-only",
     "Copyright (C) The Qt Company Ltd.",
     "https://download.qt.io/archive/qt/",
     QT_TRANSLATE_NOOP("cubedesk::ui::AboutDialog",
                       "The charts of the Overview pane. Its open-source edition is available "
                       "under the GPL-3.0 only, not the LGPL: a program that links it is "
                       "distributed, as a whole, under the terms of the GPL-3.0."),
     {"GPL-3.0.txt", nullptr}},
    {"libcurl",
     "curl",
     "Copyright (c) 1996 - 2023, Daniel Stenberg, <daniel@haxx.se>, and many contributors",
     "https://curl.se/",
     QT_TRANSLATE_NOOP("cubedesk::ui::AboutDialog",
                       "HTTP/1.1 and HTTP/2 connections to the clusters."),
     {"curl.txt", nullptr}},
    {"OpenSSL",
     "Apache-2.0",
     "Copyright 1995-2020 The OpenSSL Project Authors; 1995-1998 Eric A. Young, Tim J. Hudson",
     "https://www.openssl.org/source/",
     QT_TRANSLATE_NOOP("cubedesk::ui::AboutDialog", "TLS, certificates and keys."),
     {"Apache-2.0.txt", nullptr}},
    {"simdjson",
     "Apache-2.0 (portions MIT, BSD-3-Clause)",
     "Copyright 2019-2020 Daniel Lemire, Geoff Langdale",
     "https://github.com/simdjson/simdjson",
     QT_TRANSLATE_NOOP("cubedesk::ui::AboutDialog", "Reading what the clusters send."),
     {"simdjson.txt", "Apache-2.0.txt"}},
    {"yaml-cpp",
     "MIT",
     "Copyright (c) 2008-2015 Jesse Beder",
     "https://github.com/jbeder/yaml-cpp",
     QT_TRANSLATE_NOOP("cubedesk::ui::AboutDialog", "Reading kubeconfig files and YAML."),
     {"yaml-cpp.txt", nullptr}},
    {"libvterm",
     "MIT",
     "Copyright (c) 2008 Paul Evans",
     "https://www.leonerd.org.uk/code/libvterm/",
     QT_TRANSLATE_NOOP("cubedesk::ui::AboutDialog", "The terminal emulation of the terminals."),
     {"libvterm.txt", nullptr}},
    {"nlohmann/json",
     "MIT",
     "Copyright (c) 2013-2022 Niels Lohmann",
     "https://github.com/nlohmann/json",
     QT_TRANSLATE_NOOP("cubedesk::ui::AboutDialog",
                       "Writing the changes sent to the clusters, and the demo clusters."),
     {"nlohmann-json.txt", nullptr}},
    {"cpp-httplib",
     "MIT",
     "Copyright (c) 2017 yhirose",
     "https://github.com/yhirose/cpp-httplib",
     QT_TRANSLATE_NOOP("cubedesk::ui::AboutDialog",
                       "The simulated API server behind the demo clusters."),
     {"cpp-httplib.txt", nullptr}},
};
constexpr int kComponentCount = int(std::size(kComponents));

QString resourceText(const char *file) {
    QFile f(QStringLiteral(":/licenses/") + QLatin1String(file));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return QString();
    return QString::fromUtf8(f.readAll());
}

QLabel *wrappedLabel(const QString &text, const char *objectName, QWidget *parent) {
    auto *label = new QLabel(text, parent);
    label->setObjectName(QLatin1String(objectName));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
    , m_components(new QTableWidget(kComponentCount, 2, this))
    , m_text(new QPlainTextEdit(this)) {
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About CubeDesk"));

    auto *icon = new QLabel(this);
    icon->setObjectName(QStringLiteral("aboutIcon"));
    const QIcon windowIcon = QApplication::windowIcon();
    if (!windowIcon.isNull())
        icon->setPixmap(windowIcon.pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);

    auto *name = new QLabel(QStringLiteral("CubeDesk"), this);
    name->setObjectName(QStringLiteral("aboutName"));
    QFont big = name->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    name->setFont(big);
    auto *version = wrappedLabel(tr("Version %1").arg(QCoreApplication::applicationVersion()),
                                 "aboutVersion", this);
    auto *description = wrappedLabel(tr("One fast window over all your GPU and machine-learning "
                                        "Kubernetes clusters."),
                                     "aboutDescription", this);
    auto *qt = wrappedLabel(tr("Built with Qt %1, running on Qt %2.")
                                .arg(QStringLiteral(QT_VERSION_STR), QLatin1String(qVersion())),
                            "aboutQtVersion", this);
    auto *licence = wrappedLabel(
        tr("CubeDesk is free software, licensed under the Apache License 2.0. It uses the "
           "libraries below, each under its own licence: select one to read its notice and "
           "licence text."),
        "aboutLicense", this);
    auto *gpl = wrappedLabel(
        tr("Qt Charts is available under the GNU GPL version 3 only, not the LGPL, so CubeDesk in "
           "binary form is distributed, as a whole, under the terms of the GPL-3.0, with its "
           "complete source code available from the CubeDesk project. CubeDesk's own code stays "
           "under Apache-2.0, which a GPL-3.0 work may include."),
        "aboutGplNote", this);

    m_components->setObjectName(QStringLiteral("aboutComponents"));
    m_components->setAccessibleName(tr("Components and their licences"));
    m_components->setHorizontalHeaderLabels({tr("Component"), tr("Licence")});
    m_components->verticalHeader()->hide();
    m_components->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_components->setSelectionMode(QAbstractItemView::SingleSelection);
    m_components->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_components->setWordWrap(false);
    m_components->setCornerButtonEnabled(false);
    for (int row = 0; row < kComponentCount; ++row) {
        const Component &c = kComponents[row];
        auto *nameItem = new QTableWidgetItem(QString::fromUtf8(c.name));
        auto *licenceItem = new QTableWidgetItem(QLatin1String(c.licence));
        const QString tip = c.use ? tr(c.use) : tr("This program.");
        nameItem->setToolTip(tip);
        licenceItem->setToolTip(QLatin1String(c.licence));
        m_components->setItem(row, 0, nameItem);
        m_components->setItem(row, 1, licenceItem);
    }
    m_components->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_components->horizontalHeader()->setStretchLastSection(true);

    m_text->setObjectName(QStringLiteral("aboutLicenseText"));
    m_text->setAccessibleName(tr("Notice and licence text"));
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("aboutSplitter"));
    split->setChildrenCollapsible(false);
    split->addWidget(m_components);
    split->addWidget(m_text);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->setObjectName(QStringLiteral("aboutButtons"));
    QPushButton *close = buttons->button(QDialogButtonBox::Close);
    close->setObjectName(QStringLiteral("aboutCloseButton"));
    close->setAccessibleName(tr("Close"));
    QPushButton *notices =
        buttons->addButton(tr("Third-party &notices"), QDialogButtonBox::ActionRole);
    notices->setObjectName(QStringLiteral("aboutNoticesButton"));
    notices->setAccessibleName(tr("Third-party notices"));
    notices->setToolTip(tr("Every library, its licence and where its source code is, as the "
                           "packages install it (THIRD-PARTY-NOTICES.txt)."));
    QPushButton *aboutQt = buttons->addButton(tr("About &Qt"), QDialogButtonBox::ActionRole);
    aboutQt->setObjectName(QStringLiteral("aboutQtButton"));
    aboutQt->setAccessibleName(tr("About Qt"));

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(notices, &QPushButton::clicked, this, &AboutDialog::showNotices);
    connect(aboutQt, &QPushButton::clicked, this, [] { QApplication::aboutQt(); });
    connect(m_components, &QTableWidget::currentCellChanged, this,
            [this](int row) { showComponent(row); });

    auto *heading = new QVBoxLayout;
    heading->addWidget(name);
    heading->addWidget(version);
    heading->addWidget(description);
    heading->addWidget(qt);
    auto *top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addSpacing(8);
    top->addLayout(heading, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addSpacing(8);
    layout->addWidget(licence);
    layout->addWidget(gpl);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);

    // The licence texts are wrapped at 80 columns: the text view is wide enough for them.
    const QFontMetrics fixed(m_text->font());
    const int textWidth = fixed.horizontalAdvance(QLatin1Char('M')) * 82 +
                          style()->pixelMetric(QStyle::PM_ScrollBarExtent) +
                          2 * m_text->frameWidth() + 8;
    const int tableWidth = fontMetrics().averageCharWidth() * 48;
    m_text->setMinimumWidth(textWidth);
    split->setSizes({tableWidth, textWidth});
    resize(tableWidth + textWidth + 48, fontMetrics().height() * 36);
    m_components->setCurrentCell(0, 0);
}

QStringList AboutDialog::libraryNames() const {
    QStringList names;
    for (int row = 1; row < m_components->rowCount(); ++row)
        names << m_components->item(row, 0)->text();
    return names;
}

void AboutDialog::showComponent(int row) {
    if (row < 0 || row >= kComponentCount)
        return;
    const Component &c = kComponents[row];
    QStringList lines{QString::fromUtf8(c.name), tr("Licence: %1").arg(QLatin1String(c.licence)),
                      QString::fromUtf8(c.copyright)};
    if (c.source)
        lines << tr("Source code: %1").arg(QLatin1String(c.source));
    if (c.use)
        lines << tr("Used for: %1").arg(tr(c.use));
    for (const char *file : c.files) {
        if (!file)
            continue;
        const QString text = resourceText(file);
        lines
            << QString() << QString(72, QLatin1Char('-')) << QString()
            << (text.isEmpty()
                    ? tr("The licence text %1 is missing from this build.").arg(QLatin1String(file))
                    : text);
    }
    m_text->setPlainText(lines.join(QLatin1Char('\n')));
}

void AboutDialog::showNotices() {
    // No row is current while the notices show; choosing a row again shows its text.
    m_components->setCurrentItem(nullptr);
    m_components->clearSelection();
    const QString text = resourceText("THIRD-PARTY-NOTICES.txt");
    m_text->setPlainText(text.isEmpty() ? tr("The licence text %1 is missing from this build.")
                                              .arg(QStringLiteral("THIRD-PARTY-NOTICES.txt"))
                                        : text);
}

} // namespace cubedesk::ui
