#pragma once

// AboutDialog: Help ▸ About CubeDesk. The name, the version (QCoreApplication::
// applicationVersion()), one line on what CubeDesk is, the Qt version it was built with and the
// one it runs on (qVersion()), and the licences: CubeDesk's own (Apache-2.0) and those of the
// libraries the program links or ships with — Qt under LGPL-3.0, Qt Charts under GPL-3.0 (with
// the note that a binary linking Qt Charts is distributed, as a whole, under GPL-3.0 terms),
// libcurl, OpenSSL, simdjson, yaml-cpp, libvterm, nlohmann/json, cpp-httplib. Selecting a row
// shows its copyright, licence, where its source is and the licence text, read-only; "Third-party
// notices" shows THIRD-PARTY-NOTICES.txt; "About Qt" opens QApplication::aboutQt(). The texts come
// from the :/licenses resource, compiled from resources/licenses/ — the same files every package
// installs (packaging/README.md).
//
// It only shows: nothing is written, nothing is fetched.
//
// Threads: GUI thread only. Owns its widgets; owned by its parent (MainWindow opens it modal with
// Qt::WA_DeleteOnClose).

#include <QDialog>
#include <QStringList>

class QPlainTextEdit;
class QTableWidget;

namespace cubedesk::ui {

class AboutDialog final : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);

    /// The third-party libraries listed, in their order (CubeDesk itself, the first row, is not
    /// one of them).
    QStringList libraryNames() const;

private:
    void showComponent(int row);
    void showNotices();

    QTableWidget *m_components;
    QPlainTextEdit *m_text;
};

} // namespace cubedesk::ui
