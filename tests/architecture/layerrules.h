#pragma once

// The layer rules of docs/architecture.md as data, and a checker that reads a source file's
// #include lines and reports every include its folder may not make:
//   * a CubeDesk header of a folder the file's folder does not depend on (a layer above, or a
//     sibling that is not declared: k8s/objects may include k8s/api, not k8s/cube);
//   * a Qt header of a module the folder may not use (QtGui in k8s/, QtWidgets in models/,
//     QtCharts outside widgets/), found by looking the header up in Qt's include folders;
//   * a third-party library the folder does not declare (nlohmann-json outside k8s/write and
//     k8s/sim, cpp-httplib outside the simulator, GoogleTest anywhere);
//   * a header its folder must not use although the module is allowed (ui/ neither parses
//     JSON nor builds requests: no QJsonDocument there);
//   * a path that climbs out of its folder ("../session/x.h").
// The build enforces the CubeDesk edges too (each library sees only the headers of what it
// links); this check also covers the Qt modules and third-party libraries, which the compiler
// finds on the system include path whatever the target links.
// Thread-safety: pure functions and immutable data.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace cubedesk::test {

/// What the files of one folder may include.
struct LayerRule {
    std::string folder;                   ///< "k8s/cube", "models", "app"
    std::set<std::string> mayInclude;     ///< CubeDesk folders, itself included
    std::set<std::string> qtModules;      ///< "QtCore", "QtGui", …
    std::set<std::string> thirdParty;     ///< "simdjson", "yaml-cpp", "nlohmann-json", …
    std::set<std::string> forbidden = {}; ///< headers of allowed modules it must not use
    std::string forbiddenWhy = {};        ///< why, for the message
};

/// One include a file may not make.
struct LayerViolation {
    std::string file; ///< relative to the source root
    int line = 0;
    std::string include; ///< as written, with its quotes or brackets
    std::string why;

    std::string toString() const;
};

/// The rules of this repository: every production folder (k8s/*, models, widgets, ui, app).
std::vector<LayerRule> repositoryLayerRules();

class LayerChecker final {
public:
    /// `qtIncludeRoot` holds Qt's module folders (QtCore/, QtGui/, …).
    LayerChecker(std::vector<LayerRule> rules, std::filesystem::path qtIncludeRoot);

    /// The violations of one file's text. `file` is relative to the source root
    /// ("k8s/cube/quantity.cpp"); a file outside every rule's folder has none.
    std::vector<LayerViolation> check(const std::string &file, const std::string &text) const;

    /// Every .h and .cpp under the rules' folders in `sourceRoot`, checked.
    std::vector<LayerViolation> checkTree(const std::filesystem::path &sourceRoot,
                                          int *filesChecked = nullptr) const;

    /// The Qt module that holds `header` ("QWidget" → "QtWidgets", "QtCore/qstring.h" →
    /// "QtCore"), or "" when it is not a Qt header.
    std::string qtModuleOf(const std::string &header) const;

private:
    const LayerRule *ruleFor(const std::string &file) const;

    std::vector<LayerRule> m_rules;
    std::filesystem::path m_qtRoot;
    std::vector<std::string> m_qtModules; ///< the module folders found under m_qtRoot
};

} // namespace cubedesk::test
