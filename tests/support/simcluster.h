#pragma once

// SimCluster: an in-process demo simulator and a ClusterSession on it as its admin, watching
// only namespaces — what the session tests of streams and table watches start from (their
// caches are not what they test). The test fails when the simulator does not start.
// Thread-safety: the test's thread; the session runs its own.

#include "k8s/session/clustersession.h"
#include "k8s/sim/simulator.h"
#include "tests/support/fixedcredential.h"

#include <gtest/gtest.h>
#include <memory>
#include <string>

namespace cubedesk::test {

struct SimCluster {
    std::unique_ptr<sim::Simulator> sim;
    std::unique_ptr<k8s::ClusterSession> session;

    /// The demo cluster with `faults` (cubedesk-sim --faults syntax), its session started.
    static std::unique_ptr<SimCluster> start(const std::string &faults = {}) {
        auto c = std::make_unique<SimCluster>();
        sim::SimulatorOptions o;
        o.scenario = "demo";
        o.faults = faults;
        c->sim = std::make_unique<sim::Simulator>(o);
        if (auto error = c->sim->start()) {
            ADD_FAILURE() << "the simulator did not start: " << *error;
            return c;
        }
        k8s::ClusterSession::Options so;
        so.name = "sim";
        so.transport.server = c->sim->url();
        so.transport.caPem = c->sim->tls()->caCertificatePem();
        so.transport.credential = fixedToken(c->sim->adminToken());
        so.resources = {k8s::ResourceDescriptor::namespaces()};
        c->session = std::make_unique<k8s::ClusterSession>(std::move(so));
        c->session->start();
        return c;
    }
};

} // namespace cubedesk::test
