// cubedesk-bench-terminal-parse: how fast does an exec session's terminal take output?
//
//   cubedesk-bench-terminal-parse [MB] [ROWS] [COLS]        (defaults: 200 MB on a 24×80 screen)
//
// Feeds MB megabytes of typical output through models::TerminalScreen::write in 64 KiB chunks,
// as the WebSocket delivers it: half `yes`-like plain lines, half a colourful `ls --color` mix
// (SGR per name, bold, 256 colours and true colour, a few CJK names), with CRLF line ends as a
// pty sends them, so every line scrolls a full screen into the 10,000-line scrollback. Events
// are processed every 16 chunks, as the GUI thread would between socket reads, so the coalesced
// changed() is part of the cost. Prints, per half and in total, MB/s and the median, p99 and
// maximum time of one write() call. Then the same bytes through libvterm's parser and state
// alone, with callbacks that do nothing: the floor any terminal built on libvterm pays, as the
// peer (TerminalScreen's own grid and scrollback cost the difference). Not a test; build it
// optimised and without sanitizers.

#include "models/terminal/terminalscreen.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <vterm.h>

using cubedesk::models::TerminalScreen;

namespace {

constexpr qsizetype Chunk = qsizetype{64} * 1024;

QByteArray yesLike(qsizetype bytes) {
    QByteArray out;
    out.reserve(bytes + 256);
    for (int i = 0; out.size() < bytes; ++i) {
        if (i % 4 == 3)
            out += "y\r\n";
        else
            out += "2024-05-01T12:00:" + QByteArray::number(i % 60).rightJustified(2, '0') +
                   "Z INFO worker-" + QByteArray::number(i % 17) + " processed batch " +
                   QByteArray::number(i) + " in 12 ms\r\n";
    }
    out.truncate(bytes);
    return out;
}

QByteArray lsColor(qsizetype bytes) {
    static const char *const names[] = {"bin",       "etc",        "run.sh", "data.csv",
                                        "logs",      "报告.txt",   "lib64",  "model.pt",
                                        "README.md", "checkpoints"};
    static const char *const colours[] = {"01;34",          "01;34", "01;32", "0",
                                          "01;34",          "0",     "01;36", "38;5;208",
                                          "38;2;255;200;0", "01;34"};
    QByteArray out;
    out.reserve(bytes + 256);
    for (int i = 0; out.size() < bytes; ++i) {
        for (int n = 0; n < 6; ++n) {
            const int k = (i * 7 + n) % 10;
            out += "\x1b[";
            out += colours[k];
            out += "m";
            out += names[k];
            out += "\x1b[0m  ";
        }
        out += "\r\n";
        if (i % 25 == 0)
            out += "\x1b[1;32mroot@web-7d9f\x1b[0m:\x1b[1;34m/srv\x1b[0m# ls --color\r\n";
    }
    out.truncate(bytes);
    return out;
}

struct Result {
    double seconds = 0;
    std::vector<double> writeMicros;
};

Result feed(TerminalScreen &screen, const QByteArray &data) {
    Result r;
    r.writeMicros.reserve(std::size_t(data.size() / Chunk + 1));
    const auto start = std::chrono::steady_clock::now();
    int n = 0;
    for (qsizetype pos = 0; pos < data.size(); pos += Chunk) {
        const QByteArrayView chunk(data.constData() + pos, std::min(Chunk, data.size() - pos));
        const auto t0 = std::chrono::steady_clock::now();
        screen.write(chunk);
        const auto t1 = std::chrono::steady_clock::now();
        r.writeMicros.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        if (++n % 16 == 0)
            QCoreApplication::processEvents();
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

void print(const char *name, qsizetype bytes, Result r) {
    std::sort(r.writeMicros.begin(), r.writeMicros.end());
    const auto at = [&](double q) {
        return r.writeMicros[std::min(r.writeMicros.size() - 1,
                                      std::size_t(q * double(r.writeMicros.size())))];
    };
    std::printf("%-10s %7.1f MB  %8.1f MB/s  write(64 KiB): median %8.1f us  p99 %8.1f us  "
                "max %8.1f us\n",
                name, double(bytes) / 1e6, double(bytes) / 1e6 / r.seconds, at(0.5), at(0.99),
                r.writeMicros.back());
}

/// Seconds libvterm's state layer takes for `bytes` of `pattern`, its callbacks doing nothing.
double libvtermFloor(const QByteArray &pattern, qsizetype bytes, int rows, int cols) {
    static constexpr VTermStateCallbacks nothing{
        .putglyph = [](VTermGlyphInfo *, VTermPos, void *) { return 1; },
        .movecursor = [](VTermPos, VTermPos, int, void *) { return 1; },
        .scrollrect = [](VTermRect, int, int, void *) { return 1; },
        .moverect = [](VTermRect, VTermRect, void *) { return 1; },
        .erase = [](VTermRect, int, void *) { return 1; },
        .initpen = nullptr,
        .setpenattr = [](VTermAttr, VTermValue *, void *) { return 1; },
        .settermprop = [](VTermProp, VTermValue *, void *) { return 1; },
        .bell = nullptr,
        .resize = nullptr,
        .setlineinfo = nullptr,
    };
    VTerm *vt = vterm_new(rows, cols);
    vterm_set_utf8(vt, 1);
    VTermState *state = vterm_obtain_state(vt);
    vterm_state_set_callbacks(state, &nothing, nullptr);
    vterm_state_reset(state, 1);
    const auto start = std::chrono::steady_clock::now();
    for (qsizetype done = 0; done < bytes;) {
        for (qsizetype pos = 0; pos < pattern.size() && done < bytes; pos += Chunk) {
            const qsizetype n = std::min({Chunk, pattern.size() - pos, bytes - done});
            vterm_input_write(vt, pattern.constData() + pos, std::size_t(n));
            done += n;
        }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    vterm_free(vt);
    return seconds;
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    const double megabytes = argc > 1 ? std::strtod(argv[1], nullptr) : 200.0;
    const int rows = argc > 2 ? int(std::strtol(argv[2], nullptr, 10)) : 24;
    const int cols = argc > 3 ? int(std::strtol(argv[3], nullptr, 10)) : 80;
    const qsizetype half = qsizetype(megabytes * 1e6 / 2);
    // Patterns of 8 MB, fed repeatedly, so generating them does not dominate.
    const QByteArray plain = yesLike(std::min<qsizetype>(half, 8 << 20));
    const QByteArray colour = lsColor(std::min<qsizetype>(half, 8 << 20));

    TerminalScreen screen(rows, cols);
    std::printf("TerminalScreen %dx%d, scrollback limit %d, %.0f MB in 64 KiB writes\n", rows, cols,
                screen.scrollbackLimit(), megabytes);
    Result total;
    auto run = [&](const char *name, const QByteArray &pattern) {
        Result all;
        for (qsizetype done = 0; done < half; done += pattern.size()) {
            const QByteArray piece =
                done + pattern.size() <= half ? pattern : pattern.left(half - done);
            Result r = feed(screen, piece);
            all.seconds += r.seconds;
            all.writeMicros.insert(all.writeMicros.end(), r.writeMicros.begin(),
                                   r.writeMicros.end());
        }
        print(name, half, all);
        total.seconds += all.seconds;
        total.writeMicros.insert(total.writeMicros.end(), all.writeMicros.begin(),
                                 all.writeMicros.end());
    };
    run("yes-like", plain);
    run("ls-color", colour);
    print("total", 2 * half, total);
    std::printf("scrollback lines %d (pushed %lld)\n", screen.scrollbackLines(),
                static_cast<long long>(screen.scrollbackPosition()));
    const double floor =
        libvtermFloor(plain, half, rows, cols) + libvtermFloor(colour, half, rows, cols);
    std::printf(
        "libvterm state alone (no-op callbacks): %.1f MB/s; TerminalScreen: %.0f %% of it\n",
        double(2 * half) / 1e6 / floor, 100.0 * floor / total.seconds);
    return 0;
}
