# The README's two commands: `make demo` and `make test`. Both set up what is missing first.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
DEMO_DIR := $(CURDIR)/build/demo-run
FUZZ_SECONDS ?= 300

.PHONY: deps demo demo-sim test fuzz build release package format tidy clean

deps:
	@bash cmake/setup-deps.sh

release: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS)

# The window on two in-process simulated clusters, dev and dev1 (demo scenario, light churn),
# reached through the real kubeconfig, TLS and HTTP client. LANG_ARG=--lang=zh_CN for Chinese.
demo: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS) --target cubedesk
	build/release/bin/cubedesk --demo $(LANG_ARG)

# The simulator alone, for kubectl and --dump experiments.
demo-sim: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS) --target cubedesk-sim
	@mkdir -p $(DEMO_DIR)
	@echo "export KUBECONFIG=$(DEMO_DIR)/kubeconfig once it says 'listening'; Ctrl+C stops it."
	build/release/bin/cubedesk-sim --scenario demo --listen 127.0.0.1:0 --churn 2 --prometheus \
		--prometheus-history 24 \
		--write-kubeconfig $(DEMO_DIR)/kubeconfig

# Every test (ASan + UBSan; each fuzz target replays its seeds and every input a fuzzer ever
# found wrong), then the threaded tests under ThreadSanitizer. Fuzzing itself is `make fuzz`:
# its clang build would add a quarter to a fresh machine's test run (docs/reliability.md).
test: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j$(JOBS)
	ctest --preset asan -j$(JOBS)
	cmake --preset tsan >/dev/null
	cmake --build --preset tsan -j$(JOBS)
	ctest --preset tsan

# Fuzzes every target for FUZZ_SECONDS each (the corpus grows in build/fuzz/fuzz-corpus; copy an
# input that failed into tests/fuzz/regressions/<target>/ so that the test command replays it).
fuzz: deps
	cmake --preset fuzz -DCUBEDESK_FUZZ_SECONDS=$(FUZZ_SECONDS) >/dev/null
	cmake --build --preset fuzz -j$(JOBS)
	ctest --preset fuzz -j$(JOBS)

# Linux packages of the release build into build/release/packages/: DEB (Depends from
# dpkg-shlibdeps), RPM (when rpmbuild exists; setup-deps installs it) and TGZ. Windows and macOS
# packages come from .github/workflows/packages.yml.
package: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS) --target cubedesk
	@gens="DEB;TGZ"; \
	if command -v rpmbuild >/dev/null 2>&1; then gens="$$gens;RPM"; \
	else echo "make package: rpmbuild not found (Debian package rpm): no RPM this time"; fi; \
	cd build/release && cpack -G "$$gens"
	@cd build/release/packages && ls -l cubedesk*

build: deps
	cmake --preset dev >/dev/null
	cmake --build --preset dev -j$(JOBS)

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

tidy: build
	git ls-files '*.cpp' | grep -v '^tests/' | xargs clang-tidy -p build/dev --quiet

clean:
	rm -rf build
