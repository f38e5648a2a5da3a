#pragma once

#include "k8s/cube/dumprow.h"

#include <QString>

#include <vector>

/// How the headless commands print rows (docs/command-line.md): `json` — an indented array of
/// flat objects — or `tsv` — a header line, then one line per row, tabs and newlines inside a
/// value turned into spaces. Writes to stdout. Main thread.
class DumpPrinter final {
public:
    static void print(const std::vector<cubedesk::k8s::DumpRow> &rows, const QString &format);
};
