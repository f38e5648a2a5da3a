#include "models/ansitext.h"

namespace cubedesk::models {

std::string AnsiText::strip(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (c != '\x1b') {
            out += c;
            continue;
        }
        if (i + 1 >= bytes.size())
            break;
        const char kind = bytes[i + 1];
        if (kind == '[') { // CSI: parameters and intermediates, then a final byte @ … ~
            std::size_t j = i + 2;
            while (j < bytes.size() && !(bytes[j] >= '@' && bytes[j] <= '~'))
                ++j;
            i = j;
        } else if (kind == ']') { // OSC: up to BEL or ESC backslash
            std::size_t j = i + 2;
            while (j < bytes.size() && bytes[j] != '\a' &&
                   !(bytes[j] == '\x1b' && j + 1 < bytes.size() && bytes[j + 1] == '\\'))
                ++j;
            i = (j < bytes.size() && bytes[j] == '\x1b') ? j + 1 : j;
        } else {
            i += 1; // a two-byte escape
        }
    }
    return out;
}

QString AnsiText::display(std::string_view bytes) {
    const std::string plain = strip(bytes);
    std::string_view text = plain;
    // A progress bar redrawn with carriage returns shows its last state.
    while (!text.empty() && text.back() == '\r')
        text.remove_suffix(1);
    if (const auto cr = text.find_last_of('\r'); cr != std::string_view::npos)
        text.remove_prefix(cr + 1);
    QString out = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    for (QChar &ch : out)
        if (ch.unicode() < 0x20 && ch != QLatin1Char('\t'))
            ch = QChar::ReplacementCharacter;
    return out;
}

} // namespace cubedesk::models
