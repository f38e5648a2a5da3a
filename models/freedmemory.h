#pragma once
// FreedMemory: hands the heap freed by a burst back to the system, off the GUI thread — after a
// cluster's first sync (its transient buffers) and after a pane releases a big model (the
// Overview's running-pods table). The process otherwise keeps freed memory for the steady
// state's churn (k8s::ProcessResources::keepFreedMemory); at 150,000 pods a trim takes ~9 ms.
//
// Threads: call from any thread; the trim runs on a QThreadPool::globalInstance() thread.

namespace cubedesk::models {

class FreedMemory final {
public:
    FreedMemory() = delete;
    /// Starts one trim (k8s::ProcessResources::returnFreedMemory) on a pool thread.
    static void returnInBackground();
};

} // namespace cubedesk::models
