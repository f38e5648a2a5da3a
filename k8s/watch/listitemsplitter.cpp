#include "k8s/watch/listitemsplitter.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// Bit i is set when block[i] is a quote, a backslash, or one of { } [ ].
std::uint64_t interestingMask(const char *block) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i lowerBit = _mm_set1_epi8(0x20);
    // '[' | 0x20 == '{' and ']' | 0x20 == '}': one compare covers brackets and braces.
    const __m128i open = _mm_set1_epi8('{');
    const __m128i close = _mm_set1_epi8('}');
    std::uint64_t mask = 0;
    for (std::ptrdiff_t i = 0; i < 4; ++i) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(block + 16 * i));
        const __m128i folded = _mm_or_si128(v, lowerBit);
        const __m128i hits =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                         _mm_or_si128(_mm_cmpeq_epi8(folded, open), _mm_cmpeq_epi8(folded, close)));
        mask |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(hits)))
                << (16 * i);
    }
    return mask;
#else
    std::uint64_t mask = 0;
    for (int i = 0; i < 64; ++i) {
        const char c = block[i];
        const char folded = static_cast<char>(c | 0x20);
        if (c == '"' || c == '\\' || folded == '{' || folded == '}')
            mask |= std::uint64_t(1) << i;
    }
    return mask;
#endif
}

} // namespace

void ListItemSplitter::reset() {
    m_state = State::Start;
    m_capture = Capture::None;
    m_inString = m_escape = false;
    m_keyIsItems = m_keyIsMetadata = m_keyIsKind = m_sawItems = false;
    m_depth = 0;
    m_offset = 0;
    m_itemCount = 0;
    m_key.clear();
    m_item.clear();
    m_captured.clear();
    m_error.clear();
    m_kind.clear();
    m_columns.clear();
    m_resourceVersion.clear();
    m_continue.clear();
    m_remaining.reset();
}

bool ListItemSplitter::fail(std::string_view what, std::size_t offset) {
    m_state = State::Error;
    m_error = "malformed list at byte " + std::to_string(offset) + ": ";
    m_error.append(what);
    m_item.clear();
    return false;
}

const char *ListItemSplitter::scanNested(const char *p, const char *end) {
    // One 64-byte block at a time: find the interesting bytes with a bit mask, then walk only
    // those, tracking string state (escapes skip the next byte) and bracket depth.
    char tail[64];
    while (p < end) {
        const std::size_t n = std::min<std::size_t>(64, static_cast<std::size_t>(end - p));
        const char *block = p;
        if (n < 64) {
            std::memcpy(tail, p, n);
            std::memset(tail + n, ' ', 64 - n);
            block = tail;
        }
        std::uint64_t mask = interestingMask(block);
        if (m_escape) {
            mask &= ~std::uint64_t(1);
            m_escape = false;
        }
        while (mask != 0) {
            const int i = __builtin_ctzll(mask);
            mask &= mask - 1;
            const char c = block[i];
            if (m_inString) {
                if (c == '"') {
                    m_inString = false;
                } else if (c == '\\') {
                    if (static_cast<std::size_t>(i) + 1 >= n)
                        m_escape = true;
                    else
                        mask &= ~(std::uint64_t(1) << (i + 1));
                }
            } else if (c == '"') {
                m_inString = true;
            } else if (c == '{' || c == '[') {
                ++m_depth;
            } else if (c == '}' || c == ']') {
                if (--m_depth == 0)
                    return p + i + 1;
            }
        }
        p += n;
    }
    return nullptr;
}

bool ListItemSplitter::parseMetadata() {
    // The list metadata is a few hundred bytes at most, once per response: parse it properly
    // (escapes in the continue token included) with a throw-away on-demand parser.
    const std::size_t length = m_captured.size();
    m_captured.append(simdjson::SIMDJSON_PADDING, '\0');
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document doc;
    if (parser.iterate(m_captured.data(), length, m_captured.size()).get(doc) != simdjson::SUCCESS)
        return false;
    simdjson::ondemand::object object;
    if (doc.get_object().get(object) != simdjson::SUCCESS)
        return false;
    for (auto result : object) {
        simdjson::ondemand::field field;
        if (std::move(result).get(field) != simdjson::SUCCESS)
            return false;
        std::string_view key;
        if (field.unescaped_key().get(key) != simdjson::SUCCESS)
            return false;
        simdjson::ondemand::json_type type;
        if (field.value().type().get(type) != simdjson::SUCCESS)
            return false;
        if (type == simdjson::ondemand::json_type::null)
            continue;
        std::string_view text;
        if (key == "resourceVersion" || key == "continue") {
            if (field.value().get_string().get(text) != simdjson::SUCCESS)
                return false;
            (key == "continue" ? m_continue : m_resourceVersion).assign(text);
        } else if (key == "remainingItemCount") {
            std::int64_t n = 0;
            if (field.value().get_int64().get(n) != simdjson::SUCCESS)
                return false;
            m_remaining = n;
        }
    }
    return true;
}

bool ListItemSplitter::feed(std::string_view chunk, const ItemCallback &onItem) {
    if (m_state == State::Error)
        return false;
    const char *const begin = chunk.data();
    const char *const end = begin + chunk.size();
    const char *p = begin;
    auto offsetOf = [&](const char *at) { return m_offset + static_cast<std::size_t>(at - begin); };

    while (p < end) {
        switch (m_state) {
        case State::Start:
        case State::KeyOrEnd:
        case State::KeyStart:
        case State::Colon:
        case State::Value:
        case State::CommaOrEnd:
        case State::ItemOrEnd:
        case State::ItemCommaOrEnd:
        case State::ItemStart:
        case State::Done: {
            const char c = *p;
            if (isSpace(c)) {
                ++p;
                break;
            }
            const State state = m_state;
            if (state == State::Done) {
                return fail("content after the list object", offsetOf(p));
            } else if (state == State::Start) {
                if (c != '{')
                    return fail("expected '{'", offsetOf(p));
                m_state = State::KeyOrEnd;
            } else if (state == State::KeyOrEnd || state == State::KeyStart) {
                if (c == '}' && state == State::KeyOrEnd) {
                    m_state = State::Done;
                } else if (c == '"') {
                    m_key.clear();
                    m_state = State::Key;
                } else {
                    return fail("expected a member name", offsetOf(p));
                }
            } else if (state == State::Colon) {
                if (c != ':')
                    return fail("expected ':'", offsetOf(p));
                m_state = State::Value;
            } else if (state == State::Value) {
                m_keyIsItems = m_key == m_itemsMember;
                m_keyIsMetadata = m_key == "metadata";
                m_keyIsKind = m_key == "kind";
                if (m_keyIsItems && c == '[') {
                    if (m_sawItems)
                        return fail("duplicate items", offsetOf(p));
                    m_sawItems = true;
                    m_state = State::ItemOrEnd;
                } else if (c == '{' || c == '[') {
                    if (m_keyIsItems)
                        return fail("items is not an array", offsetOf(p));
                    m_capture = m_keyIsMetadata && c == '{'                ? Capture::Metadata
                                : m_key == "columnDefinitions" && c == '[' ? Capture::Columns
                                                                           : Capture::None;
                    m_captured.clear();
                    m_depth = 0;
                    m_inString = m_escape = false;
                    m_state = State::Nested;
                    continue; // scanNested counts this bracket
                } else if (c == '"') {
                    if (m_keyIsItems || m_keyIsMetadata)
                        return fail("items/metadata is a string", offsetOf(p));
                    m_capture = m_keyIsKind ? Capture::Kind : Capture::None;
                    m_captured.clear();
                    m_escape = false;
                    m_state = State::String;
                } else {
                    m_captured.clear();
                    m_captured.push_back(c);
                    m_state = State::Scalar;
                }
            } else if (state == State::CommaOrEnd) {
                if (c == ',')
                    m_state = State::KeyStart;
                else if (c == '}')
                    m_state = State::Done;
                else
                    return fail("expected ',' or '}'", offsetOf(p));
            } else if (state == State::ItemOrEnd || state == State::ItemStart) {
                if (c == ']' && state == State::ItemOrEnd) {
                    m_state = State::CommaOrEnd;
                } else if (c == '{') {
                    m_depth = 0;
                    m_inString = m_escape = false;
                    m_item.clear();
                    m_state = State::InItem;
                    continue; // scanNested counts this brace
                } else {
                    return fail("expected an item object", offsetOf(p));
                }
            } else if (state == State::ItemCommaOrEnd) {
                if (c == ',')
                    m_state = State::ItemStart;
                else if (c == ']')
                    m_state = State::CommaOrEnd;
                else
                    return fail("expected ',' or ']' after an item", offsetOf(p));
            }
            ++p;
            break;
        }
        case State::Key: {
            // Top-level member names are short ASCII; keep at most 24 bytes (enough to tell
            // "items", "rows", "metadata", "kind" and "columnDefinitions" from anything else).
            while (p < end) {
                const char c = *p++;
                if (m_escape) {
                    m_escape = false;
                    m_key.push_back('\\');
                    continue;
                }
                if (c == '\\') {
                    m_escape = true;
                } else if (c == '"') {
                    m_state = State::Colon;
                    break;
                } else if (m_key.size() < 24) {
                    m_key.push_back(c);
                }
            }
            break;
        }
        case State::String: {
            while (p < end) {
                const char c = *p++;
                if (m_escape) {
                    m_escape = false;
                } else if (c == '\\') {
                    m_escape = true;
                } else if (c == '"') {
                    if (m_capture == Capture::Kind)
                        m_kind = m_captured;
                    m_capture = Capture::None;
                    m_state = State::CommaOrEnd;
                    break;
                }
                if (m_capture == Capture::Kind && m_captured.size() < 256)
                    m_captured.push_back(c);
            }
            break;
        }
        case State::Scalar: {
            while (p < end) {
                const char c = *p;
                if (isSpace(c) || c == ',' || c == '}') {
                    // null, true, false or a number: nothing of ours is a scalar except a null
                    // items or metadata.
                    const bool literal =
                        m_captured == "null" || m_captured == "true" || m_captured == "false" ||
                        (!m_captured.empty() &&
                         (m_captured[0] == '-' || (m_captured[0] >= '0' && m_captured[0] <= '9')));
                    if (!literal)
                        return fail("invalid value", offsetOf(p));
                    if ((m_keyIsItems || m_keyIsMetadata) && m_captured != "null")
                        return fail("items/metadata is not a container", offsetOf(p));
                    m_state = State::CommaOrEnd;
                    break;
                }
                if (m_captured.size() > 64)
                    return fail("invalid value", offsetOf(p));
                m_captured.push_back(c);
                ++p;
            }
            break;
        }
        case State::InItem: {
            const char *start = p;
            const char *stop = scanNested(p, end);
            if (!stop) {
                if (m_item.size() + static_cast<std::size_t>(end - start) > kMaxItemBytes)
                    return fail("an item larger than " + std::to_string(kMaxItemBytes >> 20) +
                                    " MiB",
                                offsetOf(start));
                m_item.append(start, end);
                p = end;
                break;
            }
            ++m_itemCount;
            if (m_item.empty()) {
                onItem(std::string_view(start, static_cast<std::size_t>(stop - start)));
            } else {
                m_item.append(start, stop);
                onItem(m_item);
                m_item.clear();
            }
            m_state = State::ItemCommaOrEnd;
            p = stop;
            break;
        }
        case State::Nested: {
            const char *start = p;
            const char *stop = scanNested(p, end);
            if (m_capture == Capture::Metadata || m_capture == Capture::Columns) {
                m_captured.append(start, stop ? stop : end);
                if (m_captured.size() > (1u << 20))
                    return fail(m_capture == Capture::Metadata
                                    ? "list metadata larger than 1 MiB"
                                    : "Table column definitions larger than 1 MiB",
                                offsetOf(p));
            }
            if (!stop) {
                p = end;
                break;
            }
            if (m_capture == Capture::Metadata && !parseMetadata())
                return fail("invalid list metadata", offsetOf(stop));
            if (m_capture == Capture::Columns)
                m_columns.swap(m_captured);
            m_capture = Capture::None;
            m_state = State::CommaOrEnd;
            p = stop;
            break;
        }
        case State::Error:
            return false;
        }
    }
    m_offset += chunk.size();
    return true;
}

bool ListItemSplitter::finish() {
    if (m_state == State::Error)
        return false;
    if (m_state != State::Done)
        return fail("truncated list", m_offset);
    return true;
}

} // namespace cubedesk::k8s
