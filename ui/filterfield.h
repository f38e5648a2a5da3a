#pragma once
// FilterField: how a pane's filter line edit says that its text does not parse — the text turns
// a red that reads on the line edit's Base in the current theme (a palette role, not a
// stylesheet, so the theme's palette still reaches the rest of the line edit, and it follows a
// theme change) and the tooltip says why. One implementation for every pane's filter.
//
// Threads: GUI thread. Stateless: the state lives on the line edit (a dynamic property).

#include <QString>

class QLineEdit;

namespace cubedesk::ui {

class FilterField final {
public:
    /// Follows palette changes of `field` (call once, when the pane builds it).
    static void watch(QLineEdit *field);
    /// `error` empty: the text parses (normal colours, no tooltip); else red text and the
    /// tooltip `error`.
    static void setError(QLineEdit *field, const QString &error);

private:
    static void colour(QLineEdit *field);
};

} // namespace cubedesk::ui
