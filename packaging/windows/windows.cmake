# Windows: cubedesk.exe as a GUI program with its icon and version resource; Qt's deploy script
# (windeployqt: the Qt DLLs, platform, style and image plugins, Qt's translations, qt.conf) and
# every other DLL the program loads (libcurl, OpenSSL, yaml-cpp, the compiler's runtime) next to
# it in bin/; then an NSIS installer and a ZIP (`cpack -G WIX` makes an MSI from the same tree).
# Included from packaging/CMakeLists.txt; built by .github/workflows/packages.yml.

# A GUI program opens no console window. `cubedesk --dump` still writes to a pipe or a file
# (`cubedesk --dump nodes > nodes.json`, or `| Out-String` in PowerShell).
set_target_properties(cubedesk PROPERTIES WIN32_EXECUTABLE ON)
configure_file(windows/cubedesk.rc.in ${CMAKE_CURRENT_BINARY_DIR}/cubedesk.rc @ONLY)
target_sources(cubedesk PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/cubedesk.rc)

install(TARGETS cubedesk
    RUNTIME_DEPENDENCY_SET cubedesk_runtime
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Non-Qt DLLs are found where the compiler and Qt keep theirs (MSYS2's bin, vcpkg's bin) and on the
# prefix path; Windows' own DLLs stay out.
set(_dll_dirs "$<TARGET_FILE_DIR:Qt6::Core>")
get_filename_component(_compiler_dir "${CMAKE_CXX_COMPILER}" DIRECTORY)
list(APPEND _dll_dirs "${_compiler_dir}")
foreach(prefix IN LISTS CMAKE_PREFIX_PATH)
    list(APPEND _dll_dirs "${prefix}/bin")
endforeach()
install(RUNTIME_DEPENDENCY_SET cubedesk_runtime
    DESTINATION ${CMAKE_INSTALL_BINDIR}
    PRE_EXCLUDE_REGEXES "api-ms-.*" "ext-ms-.*"
    POST_EXCLUDE_REGEXES "[Ss][Yy][Ss][Tt][Ee][Mm]32[/\\\\]" "[Ss][Yy][Ss][Ww][Oo][Ww]64[/\\\\]"
    DIRECTORIES ${_dll_dirs})
cubedesk_install_qt_deploy_script()
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION .)
install(FILES ${CUBEDESK_LICENSE_FILE} DESTINATION . RENAME LICENSE.txt)
cubedesk_install_licenses(.)

set(_ico ${CUBEDESK_ICONS_DIR}/cubedesk.ico)
set(CPACK_GENERATOR NSIS ZIP)

# NSIS: per-machine install under Program Files\CubeDesk, Start menu and desktop shortcuts, an
# uninstaller, and the previous version removed first.
set(CPACK_NSIS_PACKAGE_NAME CubeDesk)
set(CPACK_NSIS_DISPLAY_NAME "CubeDesk ${PROJECT_VERSION}")
set(CPACK_NSIS_MUI_ICON ${_ico})
set(CPACK_NSIS_MUI_UNIICON ${_ico})
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\cubedesk.exe")
set(CPACK_NSIS_EXECUTABLES_DIRECTORY ${CMAKE_INSTALL_BINDIR})
set(CPACK_NSIS_MUI_FINISHPAGE_RUN cubedesk.exe)
set(CPACK_NSIS_URL_INFO_ABOUT ${PROJECT_HOMEPAGE_URL})
set(CPACK_NSIS_CONTACT "maintainers@cubedesk.invalid")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MANIFEST_DPI_AWARE ON)
set(CPACK_CREATE_DESKTOP_LINKS cubedesk)

# WiX (`cpack -G WIX`, WiX 3): the upgrade code never changes, so a new MSI replaces an old one.
set(CPACK_WIX_UPGRADE_GUID 1A04E993-7534-46EB-95F1-448CE2745CBB)
set(CPACK_WIX_PRODUCT_ICON ${_ico})
set(CPACK_WIX_PROGRAM_MENU_FOLDER CubeDesk)
set(CPACK_WIX_PROPERTY_ARPURLINFOABOUT ${PROJECT_HOMEPAGE_URL})
set(CPACK_WIX_PROPERTY_ARPCONTACT "maintainers@cubedesk.invalid")
