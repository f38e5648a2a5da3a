#include "k8s/cube/gputopologyresolver.h"

#include "k8s/cube/gputopologyparser.h"

namespace cubedesk::k8s {

namespace {

std::optional<GpuTopology> parsed(std::string_view text, GpuTopology::Source source,
                                  const char *what, std::vector<std::string> &problems) {
    if (text.empty())
        return std::nullopt;
    auto result = GpuTopologyParser::parse(text, source);
    if (!result.ok()) {
        problems.push_back(std::string(what) + ": " + result.errors.front().toString());
        return std::nullopt;
    }
    return std::move(result.topology);
}

} // namespace

GpuTopologyResolver::Resolved GpuTopologyResolver::resolve(std::string_view annotation,
                                                           const GpuTopology *nrt,
                                                           std::string_view imported) {
    Resolved r;
    auto matrix = parsed(annotation, GpuTopology::Source::Annotation,
                         "annotation cubedesk.io/gpu-topology", r.problems);
    if (!matrix)
        matrix = parsed(imported, GpuTopology::Source::ImportedFile, "imported file", r.problems);
    if (matrix) {
        if (nrt && !nrt->zoneFree().empty())
            matrix->setZoneFree(nrt->zoneFree());
        r.topology = std::move(matrix);
    } else if (nrt) {
        r.topology = *nrt;
    }
    return r;
}

} // namespace cubedesk::k8s
