# cubedesk_options: the INTERFACE target every CubeDesk target links. It carries the language
# standard, the warning set and the Qt macros of the house style (docs/architecture.md).
option(CUBEDESK_WERROR "Treat compiler warnings as errors" OFF)
option(CUBEDESK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)

add_library(cubedesk_options INTERFACE)
target_compile_features(cubedesk_options INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)
target_compile_options(cubedesk_options INTERFACE -Wall -Wextra -Wpedantic)
if(CUBEDESK_WERROR)
    target_compile_options(cubedesk_options INTERFACE -Werror)
endif()
target_compile_definitions(cubedesk_options INTERFACE
    QT_NO_CAST_FROM_ASCII QT_NO_KEYWORDS QT_USE_QSTRINGBUILDER
    CUBEDESK_VERSION="${PROJECT_VERSION}")

if(CUBEDESK_SANITIZE)
    set(_san -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_compile_options(cubedesk_options INTERFACE ${_san})
    target_link_options(cubedesk_options INTERFACE ${_san})
    # GCC 12 reports false maybe-uninitialized warnings inside libstdc++ (std::regex, std::function)
    # once ASan instruments the code; they are not ours and would break -Werror.
    target_compile_options(cubedesk_options INTERFACE -Wno-maybe-uninitialized)
endif()
