# Every third-party dependency is found here, once. cmake/setup-deps.sh installs them.
find_package(Threads REQUIRED)
find_package(OpenSSL 3 REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(yaml-cpp REQUIRED)
find_package(simdjson REQUIRED)
find_package(CURL REQUIRED)
find_package(PkgConfig REQUIRED)
# Debian ships cpp-httplib as a compiled library with OpenSSL support; pkg-config carries the
# matching compile definitions (CPPHTTPLIB_OPENSSL_SUPPORT ...), which must agree with the library.
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
# DBus is optional: Linux and BSD builds read the desktop's colour scheme from the XDG portal
# with it (ui/CMakeLists.txt); Windows and macOS builds do not need it.
find_package(Qt6 6.4 REQUIRED COMPONENTS Core Concurrent Network WebSockets Gui Widgets Charts Svg Test
    LinguistTools OPTIONAL_COMPONENTS DBus)
# dtl (header-only): the line diffs and three-way merges of the YAML editor (k8s/api LineDiff).
find_path(DTL_INCLUDE_DIR dtl/dtl.hpp REQUIRED)
add_library(dtl::dtl INTERFACE IMPORTED)
set_target_properties(dtl::dtl PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${DTL_INCLUDE_DIR}")
# libvterm: terminal emulation for the exec terminal (models/terminal).
pkg_check_modules(VTERM REQUIRED IMPORTED_TARGET vterm)
