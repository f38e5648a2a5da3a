# cubedesk_options: the INTERFACE target every CubeDesk target links. It carries the language
# standard, the warning set and the Qt macros of the house style (docs/architecture.md).
option(CUBEDESK_WERROR "Treat compiler warnings as errors" OFF)
option(CUBEDESK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(CUBEDESK_TSAN "Build with ThreadSanitizer (the tsan preset)" OFF)
option(CUBEDESK_FUZZ "Build only the libFuzzer targets of tests/fuzz (clang; the fuzz preset)" OFF)

add_library(cubedesk_options INTERFACE)
target_compile_features(cubedesk_options INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)
target_compile_options(cubedesk_options INTERFACE -Wall -Wextra -Wpedantic)
if(CUBEDESK_WERROR)
    target_compile_options(cubedesk_options INTERFACE -Werror)
endif()
# SIMDJSON_EXCEPTIONS=0: simdjson's throwing conversions (doc["x"] used as an element) do not
# compile, so every lookup's error is handled where it happens; a missing member in a document
# from a cluster can never end a thread through an exception.
target_compile_definitions(cubedesk_options INTERFACE
    QT_NO_CAST_FROM_ASCII QT_NO_KEYWORDS QT_USE_QSTRINGBUILDER SIMDJSON_EXCEPTIONS=0
    CUBEDESK_VERSION="${PROJECT_VERSION}")

if(CUBEDESK_SANITIZE)
    set(_san -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_compile_options(cubedesk_options INTERFACE ${_san})
    target_link_options(cubedesk_options INTERFACE ${_san})
    # GCC 12 reports false maybe-uninitialized warnings inside libstdc++ (std::regex, std::function)
    # once ASan instruments the code; they are not ours and would break -Werror.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        target_compile_options(cubedesk_options INTERFACE -Wno-maybe-uninitialized)
    endif()
endif()
if(CUBEDESK_FUZZ)
    # Coverage feedback for libFuzzer in every library; the fuzz executables add the driver.
    target_compile_options(cubedesk_options INTERFACE -fsanitize=fuzzer-no-link)
endif()
if(CUBEDESK_TSAN)
    target_compile_options(cubedesk_options INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
    target_link_options(cubedesk_options INTERFACE -fsanitize=thread)
endif()

# The sanitizer builds (the test command) link about ninety programs of ~300 MB each, mostly
# debug information: GNU ld takes ~9 s for one of them, LLVM's lld ~2 s (measured on
# test_ui_drain). setup-deps installs lld; any linker works when it is absent.
if(CUBEDESK_SANITIZE OR CUBEDESK_TSAN OR CUBEDESK_FUZZ)
    include(CheckLinkerFlag)
    check_linker_flag(CXX -fuse-ld=lld CUBEDESK_HAVE_LLD)
    if(CUBEDESK_HAVE_LLD)
        target_link_options(cubedesk_options INTERFACE -fuse-ld=lld)
    endif()
endif()
