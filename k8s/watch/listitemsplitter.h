#pragma once

// ListItemSplitter: splits the body of a Kubernetes LIST response
//   {"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"N","continue":"...",
//    "remainingItemCount":M},"items":[{...},{...}]}
// — or of a server-side Table, whose items are its "rows" and whose "columnDefinitions" are
// captured — into its items while the bytes arrive, in chunks cut anywhere (docs/cache.md,
// docs/performance.md): each item's complete JSON text is handed to the callback as soon as its
// closing brace arrives. Top-level members may come in any order (metadata before or after
// items); strings may hold braces, brackets, quotes and escapes.
//
// Memory: the whole body is never buffered. An item that lies entirely inside one chunk is
// passed as a view into that chunk; only an item cut by a chunk boundary is copied, into one
// reusable buffer that keeps its capacity across items, pages and reset(), and never beyond
// kMaxItemBytes. The list metadata
// object (small) is captured and parsed when it ends.
//
// Validation: the list skeleton is checked (object, "items" an array of objects or null,
// balanced brackets, nothing after the closing brace but whitespace); item contents are only
// scanned for strings and nesting, their full validation is the decoder's job. On malformed input
// feed()/finish() return false and error() says what and at which byte offset; the splitter then
// ignores further input until reset().
//
// Speed: item bytes are scanned 64 at a time for quotes, backslashes and brackets with SSE2
// bit masks (a portable scalar mask elsewhere); see tests/k8s/objects/bench_decoders.cpp.
//
// Threads: not thread-safe; one splitter per response, on the session thread. The view passed
// to the callback is valid only during the call.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class ListItemSplitter final {
public:
    using ItemCallback = std::function<void(std::string_view item)>;
    /// An item longer than this fails the list (the API server stores objects of at most a few
    /// MiB; more is a body that is not a Kubernetes list, and would only grow memory).
    static constexpr std::size_t kMaxItemBytes = std::size_t{64} << 20;

    /// `itemsMember`: the member holding the items — "items" for a LIST, "rows" for a Table.
    explicit ListItemSplitter(std::string itemsMember = "items")
        : m_itemsMember(std::move(itemsMember)) {}

    /// Consumes the next chunk of the body, calling `onItem` for each item completed in it.
    /// Returns false when the input is malformed (now or earlier).
    bool feed(std::string_view chunk, const ItemCallback &onItem);
    /// Declares the end of the body; false unless a complete list object was seen.
    bool finish();
    /// Forgets everything except the buffer capacity, for the next response.
    void reset();

    /// True once the top-level object has closed.
    bool complete() const { return m_state == State::Done; }
    bool failed() const { return m_state == State::Error; }
    const std::string &error() const { return m_error; }

    std::size_t itemCount() const { return m_itemCount; }
    /// Top-level "kind" ("PodList"; "Status" when the server answered with an error body).
    const std::string &kind() const { return m_kind; }
    /// metadata.resourceVersion, metadata.continue and metadata.remainingItemCount, known once
    /// the metadata object has been read (at the latest when complete()).
    const std::string &resourceVersion() const { return m_resourceVersion; }
    const std::string &continueToken() const { return m_continue; }
    std::optional<std::int64_t> remainingItemCount() const { return m_remaining; }
    /// A Table's columnDefinitions array as JSON text, once read; "" when absent or null.
    const std::string &columnDefinitions() const { return m_columns; }

    /// Bytes currently held for a partial item, and the buffer's capacity (for tests).
    std::size_t bufferedBytes() const { return m_item.size(); }
    std::size_t bufferCapacity() const { return m_item.capacity(); }

private:
    enum class State : std::uint8_t {
        Start,          ///< before the top-level '{'
        KeyOrEnd,       ///< after '{': a key or '}'
        Key,            ///< inside a top-level key string
        Colon,          ///< after a key
        Value,          ///< before a top-level value
        CommaOrEnd,     ///< after a top-level value
        KeyStart,       ///< after ',': a key
        ItemOrEnd,      ///< after "items":[
        ItemCommaOrEnd, ///< after an item
        ItemStart,      ///< after ',' in items
        InItem,         ///< inside an item object
        Nested,         ///< inside another object/array value (metadata or skipped)
        Scalar,         ///< inside a non-string scalar value
        String,         ///< inside a top-level string value
        Done,
        Error,
    };
    enum class Capture : std::uint8_t { None, Metadata, Kind, Columns };

    bool fail(std::string_view what, std::size_t offset);
    /// Scans nested JSON from p; returns the position after the bracket that closes depth 1,
    /// or nullptr when the chunk ended first.
    const char *scanNested(const char *p, const char *end);
    bool parseMetadata();

    std::string m_itemsMember;
    State m_state = State::Start;
    Capture m_capture = Capture::None;
    bool m_inString = false;
    bool m_escape = false;
    bool m_keyIsItems = false;
    bool m_keyIsMetadata = false;
    bool m_keyIsKind = false;
    bool m_sawItems = false;
    std::uint32_t m_depth = 0;
    std::size_t m_offset = 0; ///< body offset of the current chunk's first byte
    std::size_t m_itemCount = 0;
    std::string m_key;
    std::string m_item;     ///< the partial item cut by a chunk boundary
    std::string m_captured; ///< metadata object / kind string being captured
    std::string m_error;
    std::string m_kind;
    std::string m_columns;
    std::string m_resourceVersion;
    std::string m_continue;
    std::optional<std::int64_t> m_remaining;
};

} // namespace cubedesk::k8s
