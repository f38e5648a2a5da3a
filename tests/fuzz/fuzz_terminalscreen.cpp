// The terminal screen fed a remote program's output (TerminalScreen::write): any bytes, split
// anywhere, interleaved with resizes, keep the grid consistent — the cursor on the screen, every
// cell readable with a width of 0, 1 or 2 (a right half only after a wide left half), the
// scrollback within its limit — and never make libvterm crash or hang (ASan, the fuzzer's
// timeout). The input: a byte choosing the first size, then chunks, each a length byte and an
// op byte (resize, or write that many bytes).
#include "models/terminal/terminalscreen.h"
#include "tests/fuzz/fuzzinput.h"

#include <QCoreApplication>

#include <cstdint>
#include <cstdlib>

using cubedesk::models::TerminalScreen;

namespace {

void check(const TerminalScreen &screen) {
    const QPoint cursor = screen.cursor();
    if (cursor.x() < 0 || cursor.x() >= screen.columns() || cursor.y() < 0 ||
        cursor.y() >= screen.rows())
        std::abort();
    if (screen.scrollbackLines() > screen.scrollbackLimit())
        std::abort();
    for (int row = -std::min(screen.scrollbackLines(), 3); row < screen.rows(); ++row) {
        const auto cells = screen.line(row);
        if (int(cells.size()) != screen.columns())
            std::abort();
        for (std::size_t col = 0; col < cells.size(); ++col) {
            const int width = cells[col].width;
            if (width < 0 || width > 2)
                std::abort();
            if (width == 0 && (col == 0 || cells[col - 1].width != 2))
                std::abort();
            if (width == 2 && row >= 0 && (col + 1 >= cells.size() || cells[col + 1].width != 0))
                std::abort();
        }
    }
    (void)screen.text(QPoint(0, -screen.scrollbackLines()),
                      QPoint(screen.columns() - 1, screen.rows() - 1));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    static int argc = 1;
    static char name[] = "fuzz-terminalscreen";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv); // TerminalScreen's change timer needs one
    cubedesk::fuzz::FuzzInput in(data, size);
    const std::uint8_t shape = in.byte();
    TerminalScreen screen(1 + shape % 30, 1 + (shape / 30) % 90);
    screen.setScrollbackLimit(50);
    while (!in.empty()) {
        const std::uint8_t length = in.byte();
        const std::uint8_t op = in.byte();
        if (op % 16 == 0) {
            screen.resize(1 + length % 40, 1 + op / 16 * 7 % 100);
        } else {
            const std::string_view bytes = in.take(length);
            screen.write(QByteArrayView(bytes.data(), qsizetype(bytes.size())));
        }
        check(screen);
    }
    QCoreApplication::processEvents(); // the coalesced changed()
    return 0;
}
