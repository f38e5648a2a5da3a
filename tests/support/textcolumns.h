#pragma once

// textColumns: the whitespace-separated words of each non-empty line of `text`, as a test reads
// a table a command printed (kubectl get, kubectl top). Header-only; any thread.

#include <sstream>
#include <string>
#include <vector>

namespace cubedesk::test {

inline std::vector<std::vector<std::string>> textColumns(const std::string &text) {
    std::vector<std::vector<std::string>> out;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::vector<std::string> row;
        std::string word;
        while (words >> word)
            row.push_back(word);
        if (!row.empty())
            out.push_back(std::move(row));
    }
    return out;
}

} // namespace cubedesk::test
