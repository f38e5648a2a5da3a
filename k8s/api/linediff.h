#pragma once
// LineDiff: line diffs and three-way merges of texts (the YAML editor: the edit against the live
// object, the live object against a dry run's result, and the rebase of an edit onto what the
// server has after a 409 Conflict), computed by dtl (a maintained diff library: Wu's O(NP)
// algorithm; Debian libdtl-dev), not by code of our own.
//
// Texts are split at '\n' (a final newline does not make an empty last line). Pure functions;
// any thread. Bounded: texts of more than kMaxLines lines are compared as wholes (one change),
// so a pathological input cannot take quadratic time.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class LineDiff final {
public:
    LineDiff() = delete;

    static constexpr std::size_t kMaxLines = 200000;

    enum class Op { Same, Removed, Added };
    struct Line {
        Op op = Op::Same;
        std::string text;
        int oldLine = 0; ///< 1-based line in the old text (0 for Added)
        int newLine = 0; ///< 1-based line in the new text (0 for Removed)
    };
    /// Every line of `before` and `after`, in order, each Same, Removed or Added.
    static std::vector<Line> diff(std::string_view before, std::string_view after);
    /// Only the changes with `context` lines around them; an empty vector when the texts are
    /// equal. A gap between two hunks is a Line of op Same and empty text with both numbers 0.
    static std::vector<Line> hunks(std::string_view before, std::string_view after,
                                   std::size_t context = 3);
    /// How many lines were added and removed.
    struct Counts {
        std::size_t added = 0;
        std::size_t removed = 0;
    };
    static Counts count(const std::vector<Line> &lines);

    /// The changes from `base` to `mine` and from `base` to `theirs`, both applied (diff3):
    /// ok with the merged text, or !ok when they touch the same lines differently.
    struct Merge {
        bool ok = false;
        std::string text;
    };
    static Merge merge3(std::string_view base, std::string_view mine, std::string_view theirs);

    static std::vector<std::string> splitLines(std::string_view text);
};

} // namespace cubedesk::k8s
