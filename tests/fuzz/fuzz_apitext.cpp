// The API's small text grammars: quantities, label and field selectors; and a JSON document
// shown as YAML (YamlView).
#include "k8s/api/fieldselector.h"
#include "k8s/api/labelselector.h"
#include "k8s/api/quantity.h"
#include "k8s/api/yamlview.h"
#include "tests/fuzz/fuzzinput.h"

#include <cstdint>
#include <cstdlib>

using namespace cubedesk::k8s;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    cubedesk::fuzz::FuzzInput in(data, size);
    const std::uint8_t which = in.byte() % 4;
    const std::string_view text = in.rest();
    switch (which) {
    case 0:
        if (const auto q = Quantity::parse(text)) {
            // What we print must read back as the same amount.
            const auto again = Quantity::parse(q->toString());
            if (!again || !(*again == *q))
                std::abort();
        }
        break;
    case 1:
        if (auto s = LabelSelector::parse(text)) {
            // parse(toString()) gives an equal selector (labelselector.h).
            const auto again = LabelSelector::parse(s->toString());
            if (!again || !(*again == *s))
                std::abort();
        }
        break;
    case 2:
        (void)FieldSelector::parse(text);
        break;
    case 3:
        (void)YamlView::fromJson(std::string(text));
        break;
    }
    return 0;
}
