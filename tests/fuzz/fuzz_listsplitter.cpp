// ListItemSplitter with random chunking, checked against a DOM parse of the same bytes: when the
// whole body is a valid list object, the splitter must accept it and hand out exactly the DOM's
// items, byte for byte after minifying, with the same resourceVersion and continue token.
#include "k8s/watch/listitemsplitter.h"
#include "tests/fuzz/fuzzinput.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <simdjson.h>

using namespace cubedesk::k8s;

namespace {

std::string minified(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::element e;
    if (parser.parse(json.data(), json.size(), true).get(e) != simdjson::SUCCESS)
        return "<invalid>";
    return simdjson::minify(e);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    cubedesk::fuzz::FuzzInput in(data, size);
    const std::uint8_t seed = in.byte();
    const std::string body(in.rest());
    std::vector<std::string> items;
    ListItemSplitter splitter;
    std::size_t offset = 0;
    std::uint32_t state = seed * 2654435761u + 1;
    bool ok = true;
    while (ok && offset < body.size()) {
        state = state * 1103515245u + 12345u;
        const std::size_t chunk = 1 + (state >> 16) % 97;
        const std::string_view piece = std::string_view(body).substr(offset, chunk);
        offset += piece.size();
        ok = splitter.feed(piece, [&](std::string_view item) { items.emplace_back(item); });
    }
    ok = ok && splitter.finish();

    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(body).get(doc) != simdjson::SUCCESS || !doc.is_object())
        return 0;
    simdjson::dom::array array;
    if (doc["items"].get(array) != simdjson::SUCCESS)
        return 0;
    for (simdjson::dom::element item : array)
        if (!item.is_object())
            return 0; // the splitter rejects non-object items; the DOM need not
    // Duplicate top-level keys: the DOM keeps the first, the splitter may see both.
    simdjson::dom::object top;
    if (doc.get(top) != simdjson::SUCCESS)
        return 0;
    std::size_t itemsKeys = 0;
    for (auto field : top)
        itemsKeys += field.key == "items" ? 1 : 0;
    if (itemsKeys != 1)
        return 0;
    if (!ok)
        std::abort(); // a valid list was refused
    if (items.size() != array.size())
        std::abort();
    std::string_view rv;
    if (doc.at_pointer("/metadata/resourceVersion").get(rv) == simdjson::SUCCESS &&
        splitter.resourceVersion() != rv)
        std::abort();
    std::string_view token;
    if (doc.at_pointer("/metadata/continue").get(token) == simdjson::SUCCESS &&
        splitter.continueToken() != token)
        std::abort();
    std::size_t i = 0;
    for (simdjson::dom::element item : array)
        if (minified(items[i++]) != std::string(simdjson::minify(item)))
            std::abort();
    return 0;
}
