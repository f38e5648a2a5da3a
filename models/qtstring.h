#pragma once

// toQString: the one conversion of the client core's UTF-8 text (std::string, std::string_view,
// interned strings) into a QString, for models/, widgets/ and ui/. Invalid UTF-8 becomes U+FFFD
// (QString::fromUtf8's rule), so hostile bytes in a label or an event never reach a view raw.
// Thread-safety: a pure function.

#include <QString>

#include <string_view>

namespace cubedesk::models {

inline QString toQString(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace cubedesk::models
