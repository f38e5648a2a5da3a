# The README's two commands: `make demo` and `make test`. Both set up what is missing first.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
DEMO_DIR := $(CURDIR)/build/demo-run

.PHONY: deps demo test build release format tidy clean

deps:
	@bash cmake/setup-deps.sh

release: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS)

# Until the window exists (issue 4), the demo is the simulator's demo scenario with light churn.
demo: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS) --target cubedesk-sim cubedesk
	@mkdir -p $(DEMO_DIR)
	@echo "CubeDesk demo cluster: once it says 'listening', in another terminal run"
	@echo "    export KUBECONFIG=$(DEMO_DIR)/kubeconfig"
	@echo "    kubectl get nodes -L org,gpu-type     # or: kubectl get pytorchjobs -A, kubectl get pods -A"
	@echo "    build/release/bin/cubedesk --dump orgs --kubeconfig $(DEMO_DIR)/kubeconfig"
	@echo "Stop it with Ctrl+C."
	build/release/bin/cubedesk-sim --scenario demo --listen 127.0.0.1:0 --churn 2 \
		--write-kubeconfig $(DEMO_DIR)/kubeconfig

test: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j$(JOBS)
	ctest --preset asan -j$(JOBS)

build: deps
	cmake --preset dev >/dev/null
	cmake --build --preset dev -j$(JOBS)

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

tidy: build
	git ls-files '*.cpp' | grep -v '^tests/' | xargs clang-tidy -p build/dev --quiet

clean:
	rm -rf build
