#include "tests/architecture/layerrules.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

namespace cubedesk::test {

namespace fs = std::filesystem;

namespace {

const std::set<std::string> kClientCore = {"k8s/api",     "k8s/config",  "k8s/net",
                                           "k8s/watch",   "k8s/objects", "k8s/write",
                                           "k8s/session", "k8s/exec",    "k8s/cube"};

std::set<std::string> withClientCore(std::set<std::string> folders) {
    folders.insert(kClientCore.begin(), kClientCore.end());
    return folders;
}

/// The third-party library an angle-bracket include belongs to, or "" (the C++ or C library,
/// the operating system).
std::string thirdPartyOf(const std::string &header) {
    static const std::vector<std::pair<std::string, std::string>> prefixes = {
        {"simdjson.h", "simdjson"},
        {"yaml-cpp/", "yaml-cpp"},
        {"nlohmann/", "nlohmann-json"},
        {"httplib.h", "cpp-httplib"},
        {"openssl/", "openssl"},
        {"curl/", "libcurl"},
        {"gtest/", "googletest"},
        {"gmock/", "googletest"},
        {"vterm.h", "libvterm"},
        {"dtl/", "dtl"},
        {"zlib.h", "zlib"},
        {"zconf.h", "zlib"},
    };
    for (const auto &[prefix, library] : prefixes)
        if (header.rfind(prefix, 0) == 0)
            return library;
    return {};
}

bool allowedFolder(const std::set<std::string> &mayInclude, const std::string &folder) {
    return std::any_of(mayInclude.begin(), mayInclude.end(), [&](const std::string &allowed) {
        return folder == allowed ||
               (folder.size() > allowed.size() && folder.rfind(allowed, 0) == 0 &&
                folder[allowed.size()] == '/');
    });
}

std::string join(const std::set<std::string> &items) {
    std::string out;
    for (const auto &item : items)
        out += (out.empty() ? "" : ", ") + item;
    return out.empty() ? "nothing" : out;
}

} // namespace

std::string LayerViolation::toString() const {
    return file + ':' + std::to_string(line) + ": #include " + include + ": " + why;
}

std::vector<LayerRule> repositoryLayerRules() {
    return {
        {"k8s/api", {"k8s/api"}, {}, {"simdjson", "yaml-cpp", "dtl", "zlib"}},
        {"k8s/config", {"k8s/config", "k8s/api"}, {"QtCore"}, {"yaml-cpp", "openssl"}},
        {"k8s/net", {"k8s/net", "k8s/api"}, {"QtCore"}, {"libcurl", "openssl"}},
        {"k8s/watch", {"k8s/watch"}, {}, {"simdjson"}},
        {"k8s/objects", {"k8s/objects", "k8s/api"}, {}, {"simdjson"}},
        {"k8s/write", {"k8s/write", "k8s/api", "k8s/objects"}, {}, {"nlohmann-json", "simdjson"}},
        {"k8s/session",
         {"k8s/session", "k8s/api", "k8s/config", "k8s/net", "k8s/watch", "k8s/objects",
          "k8s/write"},
         {"QtCore"},
         {"simdjson"}},
        {"k8s/exec",
         {"k8s/exec", "k8s/api", "k8s/net"},
         {"QtCore", "QtNetwork", "QtWebSockets"},
         {}},
        {"k8s/cube",
         {"k8s/cube", "k8s/api", "k8s/objects", "k8s/write"},
         {"QtCore"},
         {"nlohmann-json", "simdjson", "yaml-cpp"}},
        {"k8s/sim",
         {"k8s/sim", "k8s/api"},
         {},
         {"nlohmann-json", "cpp-httplib", "openssl", "yaml-cpp", "zlib"}},
        {"models", withClientCore({"models"}), {"QtCore", "QtGui", "QtConcurrent"}, {"libvterm"}},
        {"widgets",
         {"k8s/api", "k8s/objects", "k8s/cube", "models", "widgets"},
         {"QtCore", "QtGui", "QtWidgets", "QtCharts", "QtSvg"},
         {}},
        // ui/ shows what models/ prepared: it sends no request (k8s/write, k8s/session are
        // reached through models' controllers) and parses no JSON. QtDBus only asks the desktop
        // portal for the colour scheme (ui/desktopcolorscheme.cpp).
        {"ui",
         {"k8s/api", "k8s/objects", "k8s/cube", "models", "widgets", "ui"},
         {"QtCore", "QtGui", "QtWidgets", "QtSvg", "QtDBus"},
         {},
         {"QJsonDocument", "QJsonObject", "QJsonArray", "QJsonValue", "QJsonParseError",
          "QtCore/QJsonDocument", "QtCore/QJsonObject", "QtCore/QJsonArray"},
         "ui/ parses no JSON: models/ hands it prepared values"},
        {"app",
         withClientCore({"k8s/sim", "models", "widgets", "ui", "app"}),
         {"QtCore", "QtGui", "QtWidgets", "QtSvg"},
         {"simdjson", "yaml-cpp", "nlohmann-json", "openssl", "libcurl"}},
    };
}

LayerChecker::LayerChecker(std::vector<LayerRule> rules, fs::path qtIncludeRoot)
    : m_rules(std::move(rules))
    , m_qtRoot(std::move(qtIncludeRoot)) {
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(m_qtRoot, ec)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_directory() && name.rfind("Qt", 0) == 0)
            m_qtModules.push_back(name);
    }
    std::sort(m_qtModules.begin(), m_qtModules.end());
}

std::string LayerChecker::qtModuleOf(const std::string &header) const {
    if (const auto slash = header.find('/'); slash != std::string::npos) {
        const std::string module = header.substr(0, slash);
        return std::binary_search(m_qtModules.begin(), m_qtModules.end(), module) ? module
                                                                                  : std::string();
    }
    if (header.empty() || (header[0] != 'Q' && header[0] != 'q'))
        return {};
    for (const std::string &module : m_qtModules) {
        std::error_code ec;
        if (fs::exists(m_qtRoot / module / header, ec))
            return module;
    }
    return {};
}

const LayerRule *LayerChecker::ruleFor(const std::string &file) const {
    const LayerRule *best = nullptr;
    for (const LayerRule &rule : m_rules) {
        const bool inside = file.size() > rule.folder.size() && file.rfind(rule.folder, 0) == 0 &&
                            file[rule.folder.size()] == '/';
        if (inside && (best == nullptr || rule.folder.size() > best->folder.size()))
            best = &rule;
    }
    return best;
}

std::vector<LayerViolation> LayerChecker::check(const std::string &file,
                                                const std::string &text) const {
    std::vector<LayerViolation> out;
    const LayerRule *rule = ruleFor(file);
    if (rule == nullptr)
        return out;
    static const std::regex include(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    while (std::getline(lines, line)) {
        ++number;
        if (line.size() > 500) // no include line is that long; keeps the regex cheap
            continue;
        std::smatch m;
        if (!std::regex_search(line, m, include))
            continue;
        const bool quoted = m[1] == "\"";
        const std::string header = m[2];
        const std::string written = quoted ? '"' + header + '"' : '<' + header + '>';
        auto report = [&](std::string why) {
            out.push_back({file, number, written, std::move(why)});
        };
        if (header.find("..") != std::string::npos) {
            report("climbs out of its folder; include by the path from the source root");
            continue;
        }
        if (quoted) {
            const auto slash = header.rfind('/');
            if (slash == std::string::npos)
                continue; // a file beside this one, or a moc output
            const std::string folder = header.substr(0, slash);
            if (!allowedFolder(rule->mayInclude, folder))
                report(rule->folder + " may include only " + join(rule->mayInclude) + ", not " +
                       folder);
            continue;
        }
        if (rule->forbidden.count(header)) {
            report(rule->forbiddenWhy);
            continue;
        }
        if (const std::string module = qtModuleOf(header); !module.empty()) {
            if (!rule->qtModules.count(module))
                report(rule->folder + " may use the Qt modules " + join(rule->qtModules) +
                       ", not " + module);
            continue;
        }
        if (const std::string library = thirdPartyOf(header); !library.empty()) {
            if (!rule->thirdParty.count(library))
                report(rule->folder + " declares the libraries " + join(rule->thirdParty) +
                       ", not " + library);
        }
    }
    return out;
}

std::vector<LayerViolation> LayerChecker::checkTree(const fs::path &sourceRoot,
                                                    int *filesChecked) const {
    std::vector<LayerViolation> out;
    std::vector<fs::path> files;
    for (const LayerRule &rule : m_rules) {
        const fs::path folder = sourceRoot / rule.folder;
        if (!fs::is_directory(folder))
            continue;
        for (const auto &entry : fs::recursive_directory_iterator(folder)) {
            const std::string ext = entry.path().extension().string();
            if (entry.is_regular_file() && (ext == ".h" || ext == ".cpp"))
                files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    files.erase(std::unique(files.begin(), files.end()), files.end());
    for (const fs::path &path : files) {
        std::ifstream in(path, std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
        const std::string relative = fs::relative(path, sourceRoot).generic_string();
        for (auto &v : check(relative, text))
            out.push_back(std::move(v));
    }
    if (filesChecked != nullptr)
        *filesChecked = static_cast<int>(files.size());
    return out;
}

} // namespace cubedesk::test
