<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>EmptyReason</name>
    <message>
        <source>No cluster is in scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check a cluster in the Clusters tree on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the first list from %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table fills as soon as the cluster answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A cluster in scope cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n clusters in scope cannot be read.</source>
        <translation>
            <numerusform>%n cluster in scope cannot be read.</numerusform>
            <numerusform>%n clusters in scope cannot be read.</numerusform>
        </translation>
    </message>
    <message>
        <source>Still connecting: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change or clear the filter above to see every row.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::BalanceAdvisor</name>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2 cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 at %2 (%3, %n node(s))</source>
        <translation>
            <numerusform>%1 at %2 (%3, %n node)</numerusform>
            <numerusform>%1 at %2 (%3, %n nodes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 has been pending %n min for insufficient resources in %2; the least-loaded %3 resource group is %4</source>
        <translation>
            <numerusform>%1 has been pending %n min for insufficient resources in %2; the least-loaded %3 resource group is %4</numerusform>
            <numerusform>%1 has been pending %n min for insufficient resources in %2; the least-loaded %3 resource group is %4</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: the busiest resource group is %2, more than 20 points above the least-loaded, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>but no node is labelled org=%1 explicitly: the platform would announce the move and change nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its least-loaded node %1 (%2) moves to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod fits there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pod does not fit there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After the move: %1 %2 → %3, %4 %5 → %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 · from %2 · for a pending pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 · from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 %3 → %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The platform&apos;s run would fail here and move nothing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No move: the resource groups are within the platform&apos;s 20-point rule and no pod has been pending over 5 minutes for resources elsewhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Next run: move %1 from %2 to %3 (%n move(s) previewed).</source>
        <translation>
            <numerusform>Next run: move %1 from %2 to %3 (%n move previewed).</numerusform>
            <numerusform>Next run: move %1 from %2 to %3 (%n moves previewed).</numerusform>
        </translation>
    </message>
    <message>
        <source>its least-loaded usable node %1 (%2) moves to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n GPU(s) at %2 % mean utilization over the last %3 (%4 GPU-hours wasted in 24 h): a donor if another group needs GPUs.</source>
        <translation>
            <numerusform>%1 holds %n GPU at %2 % mean utilization over the last %3 (%4 GPU-hours wasted in 24 h): a donor if another group needs GPUs.</numerusform>
            <numerusform>%1 holds %n GPUs at %2 % mean utilization over the last %3 (%4 GPU-hours wasted in 24 h): a donor if another group needs GPUs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ClusterConnection</name>
    <message>
        <source>CubeDesk runs read-only (--read-only): writes are disabled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not connected: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You may not change nodes on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cluster&apos;s RBAC does not allow patching nodes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ClusterListModel</name>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU requested (cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::CoreDnsEditor</name>
    <message>
        <source>The cluster was removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read kube-system/coredns on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kube-system/coredns on %1 has no Corefile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Corefile does not parse: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to save: the Corefile was not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the marked cells first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ConfigMap changed on the cluster meanwhile (409 Conflict): nothing was written. It was read again; save once more to apply your rows to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused the change: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit CoreDNS hosts and forwarders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. CoreDNS reloads the Corefile within its reload interval; restart it to apply now.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::DrainController</name>
    <message>
        <source>The cluster %1 is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) to evict</source>
        <translation>
            <numerusform>%n pod to evict</numerusform>
            <numerusform>%n pods to evict</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drain on %1: %2; %n pod(s) evicted</source>
        <translation>
            <numerusform>Drain on %1: %2; %n pod evicted</numerusform>
            <numerusform>Drain on %1: %2; %n pods evicted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed or timed out</source>
        <translation>
            <numerusform>, %n failed or timed out</numerusform>
            <numerusform>, %n failed or timed out</numerusform>
        </translation>
    </message>
    <message>
        <source>Uncordoned %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncordon failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evicting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked by budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would be evicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cordoning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evicting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The disruption budgets cannot be read (%1): the preview cannot say which will block.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::EventStreamFilter</name>
    <message>
        <source>unknown field &quot;%1&quot; (reason, kind, object, namespace, cluster, source)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::EventStreamModel</name>
    <message numerus="yes">
        <source>First seen %1, last seen %2, %n time(s)</source>
        <translation>
            <numerusform>First seen %1, last seen %2, once</numerusform>
            <numerusform>First seen %1, last seen %2, %n times</numerusform>
        </translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::Freshness</name>
    <message>
        <source>synced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale since %1, reconnecting in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forbidden: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auth error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not served: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data yet, retrying in %1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuAdvisorModel</name>
    <message>
        <source>Fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other GPU type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other resource group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cordoned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too few free GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too little CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too little memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: gpu-type is %2, not the type asked for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: in resource group %2, not the one asked for — move it to that group on the Resource groups board, or ask for %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reports no allocatable GPUs — check that the device plugin runs there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: NotReady — its 1 free GPU takes no pods until the kubelet reports Ready again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: NotReady — its %2 free GPUs take no pods until the kubelet reports Ready again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cordoned — uncordon it to use its 1 free GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cordoned — uncordon it to use its %2 free GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: its GPUs are HAMi vGPU slices, not whole GPUs — use a whole-GPU node for a gang.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: its GPUs are MIG instances, not whole GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: its GPUs are shared (%2, %3 replicas each): its nvidia.com/gpu units are replicas, not whole GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: its GPUs are shared (%2): its nvidia.com/gpu units are replicas, not whole GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: all %2 %3 are in use, needs %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: only %2 of %3 %4 free, needs %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 GPUs free but only %3 CPU cores free, fewer than asked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 GPUs free but only %3 of memory free, less than asked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: fits — %2 of %3 %4 free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; its topology lists %1 GPUs, fewer than the node offers, so it is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; topology unknown, NVLink and NUMA placement cannot be judged (publish the cubedesk.io/gpu-topology annotation or import the node&apos;s nvidia-smi topo -m).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; one GPU needs no interconnect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no NVLink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 NVLink island</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 NVLink islands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 NUMA node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 NUMA nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; best set %1 (%2): score %3 of %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; whichever they are, score %1 of %2 (e.g. %3: %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, but which ones is not visible to Kubernetes: score %1 guaranteed, up to %2 of %3; best if %4 are free (%5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; score up to %1 of %2 (too many GPUs to check every case); best if %3 are free (%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> NVLink is not known from a NodeResourceTopology; only NUMA counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Tainted %1: the pod needs a toleration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≤ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best GPU set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuDeviceModel</name>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not reporting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chart&apos;s field over the chosen range, %1 samples.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DCGM_FI_DEV_XID_ERRORS: the last XID error this GPU reported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuInventoryModel</name>
    <message>
        <source>whole GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time-slicing ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MPS ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HAMi vGPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 shares</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 MIG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cores %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n NVLink island(s)</source>
        <translation>
            <numerusform>%n NVLink island</numerusform>
            <numerusform>%n NVLink islands</numerusform>
        </translation>
    </message>
    <message>
        <source>no NVLink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NUMA only</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n NUMA node(s)</source>
        <translation>
            <numerusform>%n NUMA node</numerusform>
            <numerusform>%n NUMA nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from NodeResourceTopology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free whole GPUs a new pod can get now (the node is Ready and schedulable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG / vGPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XID %1 on GPU%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU%1 hot (%2 °C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU%1: %2 · %3 / %4 MiB · %5 · %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuMetricsMonitor</name>
    <message>
        <source>%1: looking for Prometheus…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: GPU metrics from Prometheus %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no Prometheus found (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a Prometheus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: Prometheus %2 refused: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: Prometheus %2 did not answer: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: Prometheus %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no Prometheus found yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: Prometheus %2 did not answer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuSummaryModel</name>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 NotReady)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free whole GPUs on Ready, schedulable nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requested / allocatable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NotReady GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared slices</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuTopologySources</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than 1 MiB: not an nvidia-smi topo -m output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an nvidia-smi topo -m output: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::IdleGpuReport</name>
    <message>
        <source>%1: reading 24 h of GPU utilization…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: 24 h of GPU utilization from Prometheus %2, computed %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::IdleGpuTableModel</name>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours held (24 h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours wasted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours held minus GPU-hours used (utilization × time) over the last 24 h.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::JobLogFeed</name>
    <message>
        <source>The cluster is not connected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pods of %1 %2 are in the cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 pods failed: %2</source>
        <translation>
            <numerusform>%n of %1 pods failed: %2</numerusform>
            <numerusform>%n of %1 pods failed: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::models::JobTableModel</name>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · over 2 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (the object says &quot;%2&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running for more than the platform&apos;s 2-day timeout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas (active/total)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::JobWriteController</name>
    <message>
        <source>%1 of %2 deletions failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 changes failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n job(s).</source>
        <translation>
            <numerusform>Deleted %n job.</numerusform>
            <numerusform>Deleted %n jobs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Suspended %n job(s).</source>
        <translation>
            <numerusform>Suspended %n job.</numerusform>
            <numerusform>Suspended %n jobs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Resumed %n job(s).</source>
        <translation>
            <numerusform>Resumed %n job.</numerusform>
            <numerusform>Resumed %n jobs.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not possible for this kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the cluster is gone</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::LogFeed</name>
    <message>
        <source>The cluster is not connected.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::NodeTableModel</name>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU (cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Internal IP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requested %1 of %2 %3 allocatable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use: %1 %2 (metrics-server, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use: not measured (the node has no metrics)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::NodeWriteController</name>
    <message numerus="yes">
        <source>cordon %n node(s)</source>
        <translation>
            <numerusform>cordon %n node</numerusform>
            <numerusform>cordon %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>uncordon %n node(s)</source>
        <translation>
            <numerusform>uncordon %n node</numerusform>
            <numerusform>uncordon %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>undo: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::NotificationModel</name>
    <message>
        <source>Node %1 is NotReady</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the node reports no Ready condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 %3/%4 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no pod of %2 is pending any more</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) pending over 5 minutes in %1</source>
        <translation>
            <numerusform>%n pod pending over 5 minutes in %1</numerusform>
            <numerusform>%n pods pending over 5 minutes in %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Node %1 moved to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 → %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graphics engine exception</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory page fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU stopped processing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double-bit ECC error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECC page retirement or row remapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fell off the bus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high single-bit ECC error rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ECC error (contained or uncontained)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XID %1 on %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: DCGM reports XID error %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: DCGM reports XID error %2 (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 runs hot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 °C in %3 readings in a row; a GPU this hot throttles its clocks.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ObjectActionController</name>
    <message>
        <source>Scale to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create from YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in namespace %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster&apos;s RBAC does not allow you to %1 %2 on %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The access review failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 — done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed on the cluster since you looked (409 Conflict): nothing was changed. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: could not read the CronJob: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cluster was removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: started a Job by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the Job was not created: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ObjectEditSession</name>
    <message>
        <source>new objects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster was removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s answer is not an object: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Edit one object: the text holds %n.</source>
        <translation>
            <numerusform>Edit one object: the text holds %n.</numerusform>
            <numerusform>Edit one object: the text holds %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>The YAML does not parse: fix it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has not told which resources it serves yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: %2 does not serve %3 in %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: %2 %3 needs a namespace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed on the cluster since you opened it (409 Conflict): nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused the dry run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run passed: the object would change by %1 added and %2 removed lines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Dry run passed: %n object(s) would be created.</source>
        <translation>
            <numerusform>Dry run passed: %n object would be created.</numerusform>
            <numerusform>Dry run passed: %n objects would be created.</numerusform>
        </translation>
    </message>
    <message>
        <source>Run a dry run of this text first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Created before it: %2; nothing after it was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Reading it again failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::OrgBoardModel</name>
    <message>
        <source>GPU type: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs requested: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU requested: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cordoned (SchedulingDisabled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share=false: kept out of balancing between resource groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposed: move %1 from %2 to %3 (run %4 of the balancing rule)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::OrgMoveController</name>
    <message>
        <source>auto-balance: move %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::PendingPodModel</name>
    <message numerus="yes">
        <source>%1 · %2 (%n pod(s))</source>
        <translation>
            <numerusform>%1 · %2 (%n pod)</numerusform>
            <numerusform>%1 · %2 (%n pods)</numerusform>
        </translation>
    </message>
    <message>
        <source>Pending since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU (cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduler message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::PendingPodReason</name>
    <message>
        <source>Insufficient %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selector mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untolerated taint %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cordoned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the scheduler</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n node(s))</source>
        <translation>
            <numerusform>%1 (%n node)</numerusform>
            <numerusform>%1 (%n nodes)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::models::QuotaTableModel</name>
    <message>
        <source>scopes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default request %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default limit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deserved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>guaranteed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource quota</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Volcano queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used / hard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::QuotaWriteController</name>
    <message>
        <source>Applied. The table shows the new values when the watch confirms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The quota changed on the server since this dialog opened; nothing was written. Close and open it again to edit the current values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ResourceCategories</name>
    <message>
        <source>Workloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Networking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Access control</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monitoring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom resources</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ResourceTableModel</name>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::RunningPodFilter</name>
    <message>
        <source>unknown field &quot;%1&quot; (cluster, project, org, namespace, pod, user, node, gpus, cpu)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; needs a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot;: only = and != compare text</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::RunningPodModel</name>
    <message>
        <source>%1/%2: Pending, scheduled on %3 — holds its resources, not running yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2: Running on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pod selects no resource group (no org in its node selector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group the pod selects: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pod requests no CPU; its limit is shown, as the platform&apos;s page does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cores requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pod requests no memory; its limit is shown, as the platform&apos;s page does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU (cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::TerminalSession</name>
    <message>
        <source>The connection to the cluster was reset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking whether you may open a terminal in %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster is not connected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not ask the cluster whether you may open a terminal: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You may not open a terminal in namespace %1: the cluster&apos;s RBAC does not allow %2 on pods/exec.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pod was deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command exited.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command exited with code %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection closed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::UsageMonitor</name>
    <message>
        <source>%1 has no metrics-server (metrics.k8s.io is not served).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused to list node metrics: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: node metrics could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::models::WriteAuditModel</name>
    <message>
        <source>drag and drop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applied suggestion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto-balance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::AboutDialog</name>
    <message>
        <source>The application framework: the modules Core, Gui, Widgets, Network, WebSockets, OpenGL, OpenGL Widgets and Svg. CubeDesk uses Qt under the LGPL-3.0, whose terms add to those of the GPL-3.0 (both texts below), and links it dynamically, so that it can be replaced.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The charts of the Overview pane. Its open-source edition is available under the GPL-3.0 only, not the LGPL: a program that links it is distributed, as a whole, under the terms of the GPL-3.0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP/1.1 and HTTP/2 connections to the clusters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS, certificates and keys.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading what the clusters send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading kubeconfig files and YAML.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The terminal emulation of the terminals.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the changes sent to the clusters, and the demo clusters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The simulated API server behind the demo clusters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About CubeDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One fast window over all your GPU and machine-learning Kubernetes clusters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built with Qt %1, running on Qt %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CubeDesk is free software, licensed under the Apache License 2.0. It uses the libraries below, each under its own licence: select one to read its notice and licence text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt Charts is available under the GNU GPL version 3 only, not the LGPL, so CubeDesk in binary form is distributed, as a whole, under the terms of the GPL-3.0, with its complete source code available from the CubeDesk project. CubeDesk&apos;s own code stays under Apache-2.0, which a GPL-3.0 work may include.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Components and their licences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Component</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Licence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notice and licence text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Third-party &amp;notices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Third-party notices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every library, its licence and where its source code is, as the packages install it (THIRD-PARTY-NOTICES.txt).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Licence: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source code: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used for: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The licence text %1 is missing from this build.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::BalanceBar</name>
    <message>
        <source>Suggest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preview what the platform&apos;s balancing rule (adjust_node_resource) would move, run by run, as ghost cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many successive runs of the rule to preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the first proposed node, with the same preview and undo as a drag and drop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto-balance every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the rule on this cluster periodically and apply its move without asking; every move is recorded in the audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balancing advisor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs to preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic balancing interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also name the resource groups whose GPUs sit idle (DCGM utilization from the cluster&apos;s Prometheus) as donors. Nothing moves because of it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::BoardPane</name>
    <message>
        <source>Add column…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag cards onto another resource group to move nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a resource group column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the resource group (the value of the org label):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid label value or the column exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one or more node cards first (Ctrl/Shift for many).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Move %n node(s) to resource group:</source>
        <translation>
            <numerusform>Move %n node to resource group:</numerusform>
            <numerusform>Move %n nodes to resource group:</numerusform>
        </translation>
    </message>
    <message>
        <source>Drain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cordon the selected nodes and evict their pods, after a preview of what it breaks.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ClusterTree</name>
    <message>
        <source>Clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconnect %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnect %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove this kubeconfig file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clusters in scope</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ClustersPane</name>
    <message>
        <source>Clusters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::CommandPalette</name>
    <message>
        <source>Go to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump to a node, resource group or pane…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::CoreDnsDialog</name>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart CoreDNS…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intranet DNS of %1 (CoreDNS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upstream DNS servers (space-separated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host names the cluster&apos;s pods resolve to internal addresses (image registries, package mirrors, model hubs), and domains whose names an internal DNS server answers. Kept in the Corefile of the ConfigMap kube-system/coredns; only the lines you change are rewritten.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Hosts&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Domain forwarders&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The Corefile change&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the change with a dry run, then write it (only if nobody changed the ConfigMap since it was read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A rollout restart of the Deployment kube-system/coredns, so the new Corefile is used at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading kube-system/coredns…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every other name is resolved through: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts, row %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forwarders, row %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::DeleteObjectDialog</name>
    <message>
        <source>Delete %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete &lt;b&gt;%1&lt;/b&gt; on cluster &lt;b&gt;%2&lt;/b&gt;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If it changed on the cluster since you looked, nothing is deleted (its uid and resourceVersion are preconditions).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Background: delete it now; the cluster then deletes what it owns (kubectl&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Foreground: delete what it owns first, then it (it stays visible, being deleted, until then)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orphan: delete only it; what it owns stays, without an owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it owns:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it owns (if anything):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::DrainDialog</name>
    <message>
        <source>Evict — its emptyDir data is lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evict — nothing recreates it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evict — its DaemonSet is gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evict (already terminating)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left: DaemonSet pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left: static pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs “Ignore DaemonSet pods”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs “Delete emptyDir data”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs “Force”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gang loses a member: the whole job fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gang loses a member: every replica restarts from the last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its pod restarts elsewhere from the last checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its only pod goes: the job fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Volcano applies the job&apos;s PodEvicted policy (usually: restart the job)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The driver goes: the application fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spark reschedules the executor&apos;s tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step fails (retried if its retryStrategy allows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignore DaemonSet pods (--ignore-daemonsets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete emptyDir data (--delete-emptydir-data)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Force: also pods without a controller (--force)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete instead of evicting: bypass disruption budgets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Healthy / needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods to evict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel drain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo: uncordon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Drain %n node(s) — %1</source>
        <translation>
            <numerusform>Drain %n node — %1</numerusform>
            <numerusform>Drain %n nodes — %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Drain %1 on %2: cordon, then evict their pods through the Eviction API, so that disruption budgets hold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reading the pods on %n node(s)…</source>
        <translation>
            <numerusform>Reading the pods on %n node…</numerusform>
            <numerusform>Reading the pods on %n nodes…</numerusform>
        </translation>
    </message>
    <message>
        <source>Options (kubectl drain&apos;s defaults)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each pod&apos;s own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grace period:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeout per node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes at a time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training jobs that lose replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disruption budgets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods, by what owns them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner / pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server checks the cordon and every eviction and keeps none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No further evictions; the nodes stay cordoned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read what the drain needs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) to evict</source>
        <translation>
            <numerusform>%n pod to evict</numerusform>
            <numerusform>%n pods to evict</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of running work at risk</source>
        <translation>
            <numerusform>%n GPU of running work at risk</numerusform>
            <numerusform>%n GPUs of running work at risk</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n training job(s) affected</source>
        <translation>
            <numerusform>%n training job affected</numerusform>
            <numerusform>%n training jobs affected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n budget(s) will block</source>
        <translation>
            <numerusform>%n budget will block</numerusform>
            <numerusform>%n budgets will block</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 cannot be drained with these options: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will block: its evictions wait and are retried every 5 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allows this drain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allows nothing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No controller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some pods need a choice first (see above).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes to %1 are not possible now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Dry run of the drain of %n node(s) — %1</source>
        <translation>
            <numerusform>Dry run of the drain of %n node — %1</numerusform>
            <numerusform>Dry run of the drain of %n nodes — %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Draining %n node(s) — %1</source>
        <translation>
            <numerusform>Draining %n node — %1</numerusform>
            <numerusform>Draining %n nodes — %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 gone, %2 in progress, %3 blocked by a budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The nodes stay cordoned; Undo uncordons them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n DaemonSet pod(s) — choose “Ignore DaemonSet pods”</source>
        <translation>
            <numerusform>%n DaemonSet pod — choose “Ignore DaemonSet pods”</numerusform>
            <numerusform>%n DaemonSet pods — choose “Ignore DaemonSet pods”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) with emptyDir data — choose “Delete emptyDir data”</source>
        <translation>
            <numerusform>%n pod with emptyDir data — choose “Delete emptyDir data”</numerusform>
            <numerusform>%n pods with emptyDir data — choose “Delete emptyDir data”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) without a controller — choose “Force”</source>
        <translation>
            <numerusform>%n pod without a controller — choose “Force”</numerusform>
            <numerusform>%n pods without a controller — choose “Force”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) whose DaemonSet is gone — choose “Force”</source>
        <translation>
            <numerusform>%n pod whose DaemonSet is gone — choose “Force”</numerusform>
            <numerusform>%n pods whose DaemonSet is gone — choose “Force”</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::GpuNodeMetricsPanel</name>
    <message>
        <source>Chart range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 6 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs of the selected node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a GPU node to see its GPUs&apos; metrics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · sampled %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chart: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU node selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No history: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus has no samples of this node in this range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power (W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature (°C)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::GpusPane</name>
    <message>
        <source>Filter GPU nodes: name, resource group, GPU type, sharing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the clusters&apos; NodeResourceTopology objects again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import topology file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep a saved `nvidia-smi topo -m` output of the selected node on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget imported file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a GPU node to see its topology.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU node selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU resources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods holding GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placement advisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show other types and groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU &amp;type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource &amp;group:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP&amp;U cores:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask for k GPUs: nodes are ranked by the topology score of the GPUs they can give (NVLink pair +100, same NUMA node +50, across NUMA nodes 0), and every verdict says why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 GPU nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is no longer a GPU node of the clusters shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown GPU type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No topology is known for %1: publish it with packaging/gpu-topology (the cubedesk.io/gpu-topology annotation), or import its nvidia-smi topo -m output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology from the node annotation cubedesk.io/gpu-topology.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology from a file imported on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NUMA zones from the node&apos;s NodeResourceTopology object, which reports no links.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NUMA %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free GPUs per NUMA node: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignored — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NodeResourceTopology objects could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highlighted: the advisor&apos;s best GPU set %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods holding GPUs (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 nodes fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU node of the clusters shown matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a GPU node first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import the nvidia-smi topo -m output of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text files (*.txt *.log);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import topology file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter GPU nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs by type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods on the selected GPU node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placement candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clusters in scope have no GPU nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A GPU node advertises a GPU resource (nvidia.com/gpu, amd.com/gpu, MIG slices) in its capacity; the cluster&apos;s device plugin sets it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle and waste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where each cluster&apos;s GPU metrics come from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::HelmReleasesDialog</name>
    <message>
        <source>Computed (with the chart&apos;s defaults)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Helm releases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by namespace, name or chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>App version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: Secret %2/%3 is not a release Helm can read: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the release Secrets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n release(s)</source>
        <translation>
            <numerusform>%1 of %n release</numerusform>
            <numerusform>%1 of %n releases</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::IdleGpusPanel</name>
    <message>
        <source>Idle below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle for at least</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: resource group, user, namespace, pod, node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the last day of GPU utilization again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU use per resource group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods holding idle GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for at least</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle GPUs are read from each cluster&apos;s Prometheus (DCGM utilization) while this tab is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter idle GPUs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::JobDetailPanel</name>
    <message>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests per replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This kind cannot be read by CubeDesk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;i&gt;This job is gone.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;i&gt;Select a job to see its replicas, pods and events.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; %2/%3 on %4 — &lt;span style=&quot;color:%5&quot;&gt;%6&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printer columns — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a pod to show its node; right-click or Ctrl+L for its logs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logs of all pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every replica&apos;s log in one view, interleaved by time, the leader first (Ctrl+Shift+L)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::JobsPane</name>
    <message>
        <source>Filter jobs: name, namespace, kind, phase, pipeline, user, run id (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active (pending, running, restarting)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running past the 2-day timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one or more jobs first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected jobs and their pods.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set spec.runPolicy.suspend: the operator stops the pods.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only running Kubeflow jobs with a runPolicy can be suspended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear spec.runPolicy.suspend.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the selected jobs is suspended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete %n job(s)? Their pods are deleted too; this cannot be undone.

%1</source>
        <translation>
            <numerusform>Delete %n job? Its pods are deleted too; this cannot be undone.

%1</numerusform>
            <numerusform>Delete %n jobs? Their pods are deleted too; this cannot be undone.

%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clusters in scope serve no job kinds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Jobs pane lists Kubeflow training jobs, Volcano, Spark and Argo jobs and other CRDs with a lifecycle; none of them is installed in these clusters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No jobs to show under “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose “%1” in Show to see every job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clusters in scope have no jobs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs appear here as soon as one is submitted.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::LabelEditorDialog</name>
    <message>
        <source>Labels of node %1. Click × to remove, type key=value and Enter to add or change, or use a preset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Labels of %n selected nodes. Labels that differ between them show as (mixed) and stay as they are unless you edit them.</source>
        <translation>
            <numerusform>Labels of %n selected node. Labels that differ between them show as (mixed) and stay as they are unless you edit them.</numerusform>
            <numerusform>Labels of %n selected nodes. Labels that differ between them show as (mixed) and stay as they are unless you edit them.</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes changed meanwhile — review again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node / label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review changes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(gone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Apply to %n node(s)</source>
        <translation>
            <numerusform>Apply to %n node</numerusform>
            <numerusform>Apply to %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>blocked: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>nothing to change on %n node(s)</source>
        <translation>
            <numerusform>nothing to change on %n node</numerusform>
            <numerusform>nothing to change on %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) change</source>
        <translation>
            <numerusform>%n node changes</numerusform>
            <numerusform>%n nodes change</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n already as asked</source>
        <translation>
            <numerusform>; %n already as asked</numerusform>
            <numerusform>; %n already as asked</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::LogPanel</name>
    <message>
        <source>Previous run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timestamps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump to end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The container whose log is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log of the container&apos;s previous run (after a restart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search (Enter: next, Shift+Enter: previous)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search with a regular expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the selected lines (all lines when none is selected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the lines shown to a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (init)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (ephemeral)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read pod %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>following</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reconnecting (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 older lines dropped (limit %2 lines)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · %n match(es)</source>
        <translation>
            <numerusform> · %n match</numerusform>
            <numerusform> · %n matches</numerusform>
        </translation>
    </message>
    <message>
        <source>Save log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log files (*.log *.txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Saved %n line(s) to %1</source>
        <translation>
            <numerusform>Saved %n line to %1</numerusform>
            <numerusform>Saved %n lines to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> k lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many lines this view keeps; older lines are dropped and counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> from %n pod(s)</source>
        <translation>
            <numerusform> from %n pod</numerusform>
            <numerusform> from %n pods</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy the selected log lines</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::LogsDock</name>
    <message>
        <source>Logs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::MainWindow</name>
    <message>
        <source>CubeDesk — demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CubeDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quotas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying: %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the move is confirmed by the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubeconfig problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some kubeconfig entries could not be used; the other contexts still work:

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add kubeconfig…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a kubeconfig file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to… (command palette)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reconnect all clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit &amp;labels…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cordon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Uncordon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Move to resource group…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo last change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About CubeDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove kubeconfig</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is the only kubeconfig file; add another one first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 clusters live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CubeDesk runs read-only (--read-only): writes are disabled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cluster connected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pane: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>move %n node(s) to %1</source>
        <translation>
            <numerusform>move %n node to %1</numerusform>
            <numerusform>move %n nodes to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one or more nodes in the Nodes pane first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Cordon %n node(s)? New pods will not be scheduled there.</source>
        <translation>
            <numerusform>Cordon %n node? New pods will not be scheduled there.</numerusform>
            <numerusform>Cordon %n nodes? New pods will not be scheduled there.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Uncordon %n node(s)?</source>
        <translation>
            <numerusform>Uncordon %n node?</numerusform>
            <numerusform>Uncordon %n nodes?</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 — done on %n node(s).</source>
        <translation>
            <numerusform>%1: %2 — done on %n node.</numerusform>
            <numerusform>%1: %2 — done on %n nodes.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 changed on the cluster since you looked (409 Conflict). Nothing was overwritten. This is the change on their current labels:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some changes failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 — %3 of %4 failed. Nothing else was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>labels on %n node(s) of %1</source>
        <translation>
            <numerusform>labels on %n node of %1</numerusform>
            <numerusform>labels on %n nodes of %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Filter this pane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job: %1 %2/%3 — %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending and events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kubeconfig file is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loaded kubeconfig files hold no contexts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cluster is in scope: check one in the Clusters tree on the left, or add another kubeconfig.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo clusters could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another window over the same clusters, with its own scope and pane (no second connection).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 › %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic balancing runs in CubeDesk&apos;s first window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Drain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the nodes to drain first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain nodes of one cluster at a time: the selection spans %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncordon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo of a drain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit &amp;taints…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the nodes whose taints to edit first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the taints of one cluster&apos;s nodes at a time: the selection spans %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>done on %n node(s)</source>
        <translation>
            <numerusform>done on %n node</numerusform>
            <numerusform>done on %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n terminal(s)</source>
        <translation>
            <numerusform>%n terminal</numerusform>
            <numerusform>%n terminals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n log view(s)</source>
        <translation>
            <numerusform>%n log view</numerusform>
            <numerusform>%n log views</numerusform>
        </translation>
    </message>
    <message>
        <source>a drain in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic balancing of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the undo of “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle GPUs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle GPUs: no resource group leaves its GPUs idle (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resources</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::MovePreviewDialog</name>
    <message>
        <source>Move nodes to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Move %n node(s) on %1 to resource group &lt;i&gt;%2&lt;/i&gt;</source>
        <translation>
            <numerusform>Move %n node on %1 to resource group &lt;i&gt;%2&lt;/i&gt;</numerusform>
            <numerusform>Move %n nodes on %1 to resource group &lt;i&gt;%2&lt;/i&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From → to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods that stay on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cordoned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> and %n more</numerusform>
            <numerusform> and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>already in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running pods keep running where they are: Kubernetes does not evict pods when a node&apos;s labels change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending pods of %1 that would fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still pending after the move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply: patch org=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes · CPU %2 / %3 · GPU %4 / %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::NodeDetailPanel</name>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Org</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the node: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a node to see its details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is gone from the cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roles:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Internal IP:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocatable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right-click a pod or press Ctrl+L for its logs.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::NodesPane</name>
    <message>
        <source>Filter nodes: gpu=true,org in (speech,vision) or any text (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit labels…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cordon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncordon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a valid label selector: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clusters in scope have no nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes appear here as soon as they register with the API server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cordon the selected nodes and evict their pods, after a preview of what it breaks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taints…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::NotificationPanel</name>
    <message>
        <source>Go to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending pods, NotReady nodes, failed jobs, GPU faults and moves; also shown as desktop notifications.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending pods, NotReady nodes, failed jobs, GPU faults and moves. No system tray: notifications appear only here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::OrgColumnWidget</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not ready</source>
        <translation>
            <numerusform>%n not ready</numerusform>
            <numerusform>%n not ready</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU %1 · GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pending pod(s)</source>
        <translation>
            <numerusform>%n pending pod</numerusform>
            <numerusform>%n pending pods</numerusform>
        </translation>
    </message>
    <message>
        <source>no pending pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new column: drop nodes here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource group %1: requested / allocatable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes of resource group %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::OverviewPane</name>
    <message>
        <source>GPUs by type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPUs in scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU by resource group (cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No nodes in scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory by resource group (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs by resource group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter pods: org=vision, user=alice, gpus&gt;0 or any text (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Running resources&lt;/b&gt; — pods holding CPU, memory or GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a valid filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 pods, loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no gpu-type)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;%3 of %4 nodes ready · %5 pods hold resources · %6 pending&lt;br&gt;CPU %7 / %8 cores · memory %9 / %10 GiB · GPUs %11 / %12</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs by type: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 of %3 GPUs requested, on %n node(s)</source>
        <translation>
            <numerusform>%1: %2 of %3 GPUs requested, on %n node</numerusform>
            <numerusform>%1: %2 of %3 GPUs requested, on %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>GPU nodes without a gpu-type label</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n cluster(s)&lt;/b&gt; · %1 of %2 nodes ready · %3 pods hold resources · %4 pending · CPU &lt;b&gt;%5&lt;/b&gt; / %6 cores (%7) · memory &lt;b&gt;%8&lt;/b&gt; / %9 GiB (%10) · GPUs &lt;b&gt;%11&lt;/b&gt; / %12 (%13)</source>
        <translation>
            <numerusform>&lt;b&gt;%n cluster&lt;/b&gt; · %1 of %2 nodes ready · %3 pods hold resources · %4 pending · CPU &lt;b&gt;%5&lt;/b&gt; / %6 cores (%7) · memory &lt;b&gt;%8&lt;/b&gt; / %9 GiB (%10) · GPUs &lt;b&gt;%11&lt;/b&gt; / %12 (%13)</numerusform>
            <numerusform>&lt;b&gt;%n clusters&lt;/b&gt; · %1 of %2 nodes ready · %3 pods hold resources · %4 pending · CPU &lt;b&gt;%5&lt;/b&gt; / %6 cores (%7) · memory &lt;b&gt;%8&lt;/b&gt; / %9 GiB (%10) · GPUs &lt;b&gt;%11&lt;/b&gt; / %12 (%13)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 nodes ready
%3 pods · %4 pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter running pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running pods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in use: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1 cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs %1 busy of %2 reporting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use now: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::PendingPane</name>
    <message>
        <source>All events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter events: reason=FailedScheduling, kind=Node, object=Pod/name or any text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Events&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a valid filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Pending longer than 5 minutes&lt;/b&gt; — none: every pod was scheduled within 5 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Pending longer than 5 minutes&lt;/b&gt; — %n pod(s), by cluster and resource group, with the scheduler&apos;s reason</source>
        <translation>
            <numerusform>&lt;b&gt;Pending longer than 5 minutes&lt;/b&gt; — %n pod, by cluster and resource group, with the scheduler&apos;s reason</numerusform>
            <numerusform>&lt;b&gt;Pending longer than 5 minutes&lt;/b&gt; — %n pods, by cluster and resource group, with the scheduler&apos;s reason</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pods pending longer than 5 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is pending.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every pod in the clusters in scope was scheduled within 5 minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No events in the clusters in scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The API server keeps events for an hour by default; new ones appear here as they happen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No events to show under “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose “%1” to see every event.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::PodActionMenu</name>
    <message>
        <source>Show logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open terminal</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::PreferencesDialog</name>
    <message>
        <source>Use the desktop&apos;s font</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask before closing a connected terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show notifications on the desktop too (system tray)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show timestamps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrap long lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The desktop&apos;s language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> pt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comfortable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> thousand lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Font:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Font &amp;size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table &amp;density:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Overview refreshes every:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logs and terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keep in a log panel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal &amp;command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal f&amp;ont:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal font si&amp;ze:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The windows reopen in a new language at once, with their layouts; you are asked first when that would close terminals, log views or a drain.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::PrometheusDialog</name>
    <message>
        <source>Prometheus for GPU metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CubeDesk reads DCGM GPU metrics from each cluster&apos;s Prometheus. Leave a field empty to look for the well-known installs (monitoring/prometheus-k8s:9090, prometheus-operated, the Helm charts&apos; services), or name a service as namespace/name:port — asked through the API server with your kubeconfig&apos;s credentials, which needs get on services/proxy — or an http(s) URL, asked directly and without the cluster&apos;s credentials.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>look for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is neither namespace/name:port nor an http(s) URL.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::QuotaEditDialog</name>
    <message>
        <source>Edit quota %1/%2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a resource name here to add it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear a hard value to remove the resource from the quota.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change to apply:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a quantity (examples: 500m, 4, 16Gi, 1.5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new resource</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a value without a resource name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no change)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::QuotasPane</name>
    <message>
        <source>Filter: namespace, name, resource (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit hard values…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change this quota&apos;s hard values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a resource-quota line first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter quotas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quotas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clusters in scope have no quotas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lines appear for every ResourceQuota, LimitRange, Volcano queue and resource group; none is defined in these clusters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No quotas to show under “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose “%1” to see every line.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ResourceActionMenu</name>
    <message>
        <source>Edit YAML…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart (rollout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 was not sent.
%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas of %1 on %2 (now %3):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart %1 on %2? Its pods are replaced as its rollout strategy says (kubectl rollout restart).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a Job from %1 on %2 now, outside its schedule?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit DNS hosts and forwarders…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ResourceBrowserPane</name>
    <message>
        <source>Wide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All namespaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this namespace (asked of the servers); empty: all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label selector, e.g. app=web,tier!=cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the columns kubectl shows with -o wide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Objects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not watching: the pane was hidden.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a resource type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every type the clusters serve is listed on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation>
            <numerusform>%n object</numerusform>
            <numerusform>%n objects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n object(s)</source>
        <translation>
            <numerusform>%1 of %n object</numerusform>
            <numerusform>%1 of %n objects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>live on %n cluster(s)</source>
        <translation>
            <numerusform>live on %n cluster</numerusform>
            <numerusform>live on %n clusters</numerusform>
        </translation>
    </message>
    <message>
        <source>listing (%1 of %2 clusters live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clusters are sending their objects.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No object matches the filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the filter to see all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No objects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the clusters in scope has one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try all namespaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label selector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create from YAML…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write new objects as YAML, dry-run them, then create them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Helm releases…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Helm releases of the clusters in scope (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ResourceDetailPanel</name>
    <message>
        <source>Last seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Related</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an object to see its YAML, events and related objects.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2/%3 on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the object: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2/%3 ready, on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Related (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reveal a value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show one of the Secret&apos;s values in clear (it is never logged or saved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide all values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduler policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduler policy (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: keys, action or pane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll back a page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll forward a page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::TaintEditorDialog</name>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Taints of %n node(s) — %1</source>
        <translation>
            <numerusform>Taints of %n node — %1</numerusform>
            <numerusform>Taints of %n nodes — %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>all %n node(s)</source>
        <translation>
            <numerusform>all %n node</numerusform>
            <numerusform>all %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taints now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add or change a taint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effect:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes (double-click to drop one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changes, node by node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changes on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>taints %1 on %n node(s)</source>
        <translation>
            <numerusform>taints %1 on %n node</numerusform>
            <numerusform>taints %1 on %n nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::TerminalDock</name>
    <message>
        <source>Terminals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (ended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is still running. Close the terminal and end it?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::TerminalPanel</name>
    <message>
        <source>Reconnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The container to run the command in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command to run: sh, bash, or any command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the command again (Enter in an ended terminal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Font…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The terminal&apos;s font (monospace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the pod&apos;s containers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the pod: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a command to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pod has no container.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal font</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::WelcomePage</name>
    <message>
        <source>Try the demo clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Welcome to CubeDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CubeDesk is one fast window over all your GPU and machine-learning Kubernetes clusters: nodes and resource groups, training jobs, quotas, GPUs, logs and terminals. It reads the clusters of your kubeconfig files and keeps them live.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add kubeconfig…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two simulated clusters inside CubeDesk, with GPU nodes, training jobs and live changes. Nothing leaves this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or drop a kubeconfig file on this window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::WindowSet</name>
    <message>
        <source>Change the language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CubeDesk reopens its windows in the new language. That ends: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reopen now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the next start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::WriteAuditView</name>
    <message>
        <source>Audit of cluster writes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::YamlEditorDialog</name>
    <message>
        <source>Rebase my edit on theirs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start again from theirs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create from YAML on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New objects on &lt;b&gt;%1&lt;/b&gt; — one or more YAML documents, separated by &lt;code&gt;---&lt;/code&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No changes yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a dry run: the server validates the objects and shows them as it would store them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a dry run: the server applies your edit without storing it, and what would change — defaults and admission changes included — shows here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The object changed on the cluster after you opened it. Nothing was overwritten. Rebase applies your changes to the server&apos;s version; overlapping changes must be made by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You started from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server has now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop your edit and edit the server&apos;s version (yours stays in the right column to copy from)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the edit with dryRun=All: validated and admitted by the server, not stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create the objects, in order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the object, if nobody changed it since you opened it (its resourceVersion)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your changes and theirs touch the same lines: edit the text by hand (theirs is in the middle column), then dry-run again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebased on the server&apos;s version: dry-run it again before applying.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Editing the server&apos;s version; your edit is in the Conflict tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Valid YAML: %n object(s)</source>
        <translation>
            <numerusform>Valid YAML: %n object</numerusform>
            <numerusform>Valid YAML: %n objects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::DiffView</name>
    <message>
        <source>No changes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::GpuTopologyMatrix</name>
    <message numerus="yes">
        <source>NVLink, %n bonded link(s)</source>
        <translation>
            <numerusform>NVLink, %n bonded link</numerusform>
            <numerusform>NVLink, %n bonded links</numerusform>
        </translation>
    </message>
    <message>
        <source>PCIe, at most one bridge (PIX)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe, several bridges, not through the CPU (PXB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe through the host bridge (PHB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe between host bridges of one NUMA node (NODE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe and the CPU interconnect between NUMA nodes (SYS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the device itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No topology is known for this node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU affinity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NUMA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU NUMA ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink (NV#)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe switch (PIX, PXB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Through the CPU (PHB, NODE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Across NUMA nodes (SYS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not reported (NodeResourceTopology)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink island</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 % utilization now (DCGM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagonal: GPU utilization now (darker is busier)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::LabelChip</name>
    <message>
        <source>Click to change the value of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the label %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1=(mixed)</source>
        <comment>label whose value differs between the selected nodes</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::LabelChipsEditor</name>
    <message>
        <source>No labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key=value, Enter to add or change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presets:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The label key is empty: write it as key=value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the label as key=value (the value may be empty).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::NodeCardDelegate</name>
    <message>
        <source>NotReady</source>
        <comment>node condition</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cordoned</source>
        <comment>node is unschedulable</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share=false</source>
        <comment>node label that keeps it out of balancing</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moving…</source>
        <comment>node move awaiting confirmation</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU type: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share=false: kept out of balancing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moving: waiting for the cluster to confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>proposed</source>
        <comment>a node move the balancing advisor suggests</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::OverviewBarChart</name>
    <message>
        <source>Requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≥80%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≥95%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in use</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
