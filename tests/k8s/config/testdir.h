#pragma once

// TestDir: a temporary folder (removed with its contents at the end of the test) with writers
// for kubeconfigs, PEM files and executable plugin scripts. Owned by one test; one thread.

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

namespace cubedesk::k8s::test {

class TestDir final {
public:
    TestDir();
    QString path() const { return m_dir.path(); }
    QString filePath(const QString &relative) const;
    /// Writes `content` to `relative` (creating folders); returns the absolute path.
    QString write(const QString &relative, const QByteArray &content) const;
    /// Writes an executable script (mode 0755).
    QString writeScript(const QString &relative, const QByteArray &content) const;
    /// The file's bytes; empty when it cannot be read.
    QByteArray read(const QString &relative) const;

private:
    QTemporaryDir m_dir;
};

} // namespace cubedesk::k8s::test
