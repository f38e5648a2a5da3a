<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>EmptyReason</name>
    <message>
        <source>No cluster is in scope.</source>
        <translation>范围内没有集群。</translation>
    </message>
    <message>
        <source>Check a cluster in the Clusters tree on the left.</source>
        <translation>在左侧的集群树中勾选一个集群。</translation>
    </message>
    <message>
        <source>Waiting for the first list from %1…</source>
        <translation>正在等待 %1 的首次列表…</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>The table fills as soon as the cluster answers.</source>
        <translation>集群一有回应，表格即会填满。</translation>
    </message>
    <message>
        <source>A cluster in scope cannot be read.</source>
        <translation>范围内有一个集群无法读取。</translation>
    </message>
    <message numerus="yes">
        <source>%n clusters in scope cannot be read.</source>
        <translation>
            <numerusform>范围内有 %n 个集群无法读取。</numerusform>
        </translation>
    </message>
    <message>
        <source>Still connecting: %1</source>
        <translation>仍在连接：%1</translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation>没有与“%1”匹配的内容。</translation>
    </message>
    <message>
        <source>Change or clear the filter above to see every row.</source>
        <translation>修改或清除上方的过滤条件以查看所有行。</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::BalanceAdvisor</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1/%2 cores</source>
        <translation>%1/%2 核</translation>
    </message>
    <message>
        <source>%1/%2 GPUs</source>
        <translation>%1/%2 卡</translation>
    </message>
    <message numerus="yes">
        <source>%1 at %2 (%3, %n node(s))</source>
        <translation>
            <numerusform>%1 为 %2（%3，%n 个节点）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 has been pending %n min for insufficient resources in %2; the least-loaded %3 resource group is %4</source>
        <translation>
            <numerusform>%1 因资源不足已在 %2 中待调度 %n 分钟；%3 负载最低的资源组是 %4</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: the busiest resource group is %2, more than 20 points above the least-loaded, %3</source>
        <translation>%1：最繁忙的资源组是 %2，比负载最低的 %3 高出 20 个百分点以上</translation>
    </message>
    <message>
        <source>but no node is labelled org=%1 explicitly: the platform would announce the move and change nothing</source>
        <translation>但没有节点显式带有标签 org=%1：平台会发出调整通知，却不改变任何节点</translation>
    </message>
    <message>
        <source>its least-loaded node %1 (%2) moves to %3</source>
        <translation>其负载最低的节点 %1（%2）移到 %3</translation>
    </message>
    <message>
        <source>the pod fits there</source>
        <translation>该 Pod 可以调度到该节点</translation>
    </message>
    <message>
        <source>the pod does not fit there</source>
        <translation>该节点放不下该 Pod</translation>
    </message>
    <message>
        <source>After the move: %1 %2 → %3, %4 %5 → %6.</source>
        <translation>移动后：%1 %2 → %3，%4 %5 → %6。</translation>
    </message>
    <message>
        <source>run %1 · from %2 · for a pending pod</source>
        <translation>第 %1 轮 · 来自 %2 · 为待调度 Pod</translation>
    </message>
    <message>
        <source>run %1 · from %2</source>
        <translation>第 %1 轮 · 来自 %2</translation>
    </message>
    <message>
        <source>%1: %2 %3 → %4</source>
        <translation>%1：%2 %3 → %4</translation>
    </message>
    <message>
        <source>The platform&apos;s run would fail here and move nothing: %1</source>
        <translation>平台的本轮任务会在此失败，不移动任何节点：%1</translation>
    </message>
    <message>
        <source>No move: the resource groups are within the platform&apos;s 20-point rule and no pod has been pending over 5 minutes for resources elsewhere.</source>
        <translation>无需移动：各资源组的差距都在平台的 20 个百分点规则之内，也没有其他资源组的 Pod 因资源不足待调度超过 5 分钟。</translation>
    </message>
    <message numerus="yes">
        <source>Next run: move %1 from %2 to %3 (%n move(s) previewed).</source>
        <translation>
            <numerusform>下一轮：把 %1 从 %2 移到 %3（已预览 %n 次移动）。</numerusform>
        </translation>
    </message>
    <message>
        <source>its least-loaded usable node %1 (%2) moves to %3</source>
        <translation>其负载最低的可用节点 %1（%2）移到 %3</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n GPU(s) at %2 % mean utilization over the last %3 (%4 GPU-hours wasted in 24 h): a donor if another group needs GPUs.</source>
        <translation>
            <numerusform>%1 持有 %n 张 GPU，最近 %3 平均利用率 %2 %（24 小时浪费 %4 GPU 小时）：其他资源组需要 GPU 时可让出。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ClusterConnection</name>
    <message>
        <source>CubeDesk runs read-only (--read-only): writes are disabled.</source>
        <translation>CubeDesk 以只读模式运行（--read-only）：已禁用写操作。</translation>
    </message>
    <message>
        <source>%1 is not connected: %2</source>
        <translation>%1 未连接：%2</translation>
    </message>
    <message>
        <source>You may not change nodes on %1: %2</source>
        <translation>无权修改 %1 上的节点：%2</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>the cluster&apos;s RBAC does not allow patching nodes</source>
        <translation>集群的 RBAC 不允许修改（patch）节点</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ClusterListModel</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据状态</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Nodes ready</source>
        <translation>就绪节点</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod 数</translation>
    </message>
    <message>
        <source>CPU requested (cores)</source>
        <translation>已申请 CPU（核）</translation>
    </message>
    <message>
        <source>Memory requested</source>
        <translation>已申请内存</translation>
    </message>
    <message>
        <source>GPUs requested</source>
        <translation>已申请 GPU</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>最近错误</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::CoreDnsEditor</name>
    <message>
        <source>The cluster was removed.</source>
        <translation>集群已被移除。</translation>
    </message>
    <message>
        <source>Could not read kube-system/coredns on %1: %2</source>
        <translation>无法读取 %1 上的 kube-system/coredns：%2</translation>
    </message>
    <message>
        <source>kube-system/coredns on %1 has no Corefile.</source>
        <translation>%1 上的 kube-system/coredns 没有 Corefile。</translation>
    </message>
    <message>
        <source>The Corefile does not parse: %1</source>
        <translation>Corefile 无法解析：%1</translation>
    </message>
    <message>
        <source>Nothing to save: the Corefile was not read.</source>
        <translation>没有可保存的内容：尚未读取 Corefile。</translation>
    </message>
    <message>
        <source>Fix the marked cells first.</source>
        <translation>请先修正标记的单元格。</translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation>没有变化。</translation>
    </message>
    <message>
        <source>The ConfigMap changed on the cluster meanwhile (409 Conflict): nothing was written. It was read again; save once more to apply your rows to it.</source>
        <translation>ConfigMap 在此期间已在集群上被修改（409 冲突）：未写入任何内容。已重新读取；请再次保存，把您的行应用到新版本上。</translation>
    </message>
    <message>
        <source>The server refused the change: %1</source>
        <translation>服务器拒绝了修改：%1</translation>
    </message>
    <message>
        <source>Edit CoreDNS hosts and forwarders</source>
        <translation>编辑 CoreDNS 主机与转发</translation>
    </message>
    <message>
        <source>Saved. CoreDNS reloads the Corefile within its reload interval; restart it to apply now.</source>
        <translation>已保存。CoreDNS 会在其 reload 间隔内重新加载 Corefile；如需立即生效请重启它。</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::DrainController</name>
    <message>
        <source>The cluster %1 is gone.</source>
        <translation>集群 %1 已不存在。</translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) to evict</source>
        <translation>
            <numerusform>%n 个 Pod 待驱逐</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Drain on %1: %2; %n pod(s) evicted</source>
        <translation>
            <numerusform>%1 上的排空：%2；已驱逐 %n 个 Pod</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed or timed out</source>
        <translation>
            <numerusform>，%n 个失败或超时</numerusform>
        </translation>
    </message>
    <message>
        <source>Uncordoned %1.</source>
        <translation>已解除封锁 %1。</translation>
    </message>
    <message>
        <source>Uncordon failed: %1</source>
        <translation>解除封锁失败：%1</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Evicting</source>
        <translation>驱逐中</translation>
    </message>
    <message>
        <source>Blocked by budget</source>
        <translation>被预算阻止</translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation>重试中</translation>
    </message>
    <message>
        <source>Terminating</source>
        <translation>终止中</translation>
    </message>
    <message>
        <source>Gone</source>
        <translation>已移除</translation>
    </message>
    <message>
        <source>Would be evicted</source>
        <translation>将被驱逐</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Needs a choice</source>
        <translation>需要选择</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>cordoning</source>
        <translation>封锁中</translation>
    </message>
    <message>
        <source>evicting</source>
        <translation>驱逐中</translation>
    </message>
    <message>
        <source>drained</source>
        <translation>已排空</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>The disruption budgets cannot be read (%1): the preview cannot say which will block.</source>
        <translation>无法读取中断预算（%1）：预览无法判断哪些预算会阻止驱逐。</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::EventStreamFilter</name>
    <message>
        <source>unknown field &quot;%1&quot; (reason, kind, object, namespace, cluster, source)</source>
        <translation>未知字段“%1”（可用：reason、kind、object、namespace、cluster、source）</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::EventStreamModel</name>
    <message numerus="yes">
        <source>First seen %1, last seen %2, %n time(s)</source>
        <translation>
            <numerusform>首次发生 %1，最近发生 %2，共 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>最近发生</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::Freshness</name>
    <message>
        <source>synced</source>
        <translation>已同步</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>连接中…</translation>
    </message>
    <message>
        <source>stale since %1</source>
        <translation>自 %1 起过期</translation>
    </message>
    <message>
        <source>stale since %1, reconnecting in %2 s</source>
        <translation>自 %1 起过期，%2 秒后重连</translation>
    </message>
    <message>
        <source>forbidden: %1</source>
        <translation>禁止访问：%1</translation>
    </message>
    <message>
        <source>auth error: %1</source>
        <translation>认证错误：%1</translation>
    </message>
    <message>
        <source>not served: %1</source>
        <translation>服务端未提供：%1</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>no data yet</source>
        <translation>尚无数据</translation>
    </message>
    <message>
        <source>no data yet, retrying in %1 s</source>
        <translation>尚无数据，%1 秒后重试</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuAdvisorModel</name>
    <message>
        <source>Fits</source>
        <translation>可放置</translation>
    </message>
    <message>
        <source>Other GPU type</source>
        <translation>GPU 型号不符</translation>
    </message>
    <message>
        <source>Other resource group</source>
        <translation>资源组不符</translation>
    </message>
    <message>
        <source>No GPUs</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>Cordoned</source>
        <translation>已封锁</translation>
    </message>
    <message>
        <source>Shared GPUs</source>
        <translation>共享 GPU</translation>
    </message>
    <message>
        <source>Too few free GPUs</source>
        <translation>空闲 GPU 不足</translation>
    </message>
    <message>
        <source>Too little CPU</source>
        <translation>CPU 不足</translation>
    </message>
    <message>
        <source>Too little memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPU</translation>
    </message>
    <message>
        <source>%1: gpu-type is %2, not the type asked for.</source>
        <translation>%1：GPU 型号（gpu-type）为 %2，不是所需型号。</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>%1: in resource group %2, not the one asked for — move it to that group on the Resource groups board, or ask for %2.</source>
        <translation>%1：属于资源组 %2，不是所需的资源组——可在“资源组”看板上把它移到所需资源组，或改为选择 %2。</translation>
    </message>
    <message>
        <source>%1: reports no allocatable GPUs — check that the device plugin runs there.</source>
        <translation>%1：没有可分配的 GPU——请检查该节点上的设备插件是否在运行。</translation>
    </message>
    <message>
        <source>%1: NotReady — its 1 free GPU takes no pods until the kubelet reports Ready again.</source>
        <translation>%1：未就绪——在 kubelet 重新报告就绪之前，它的 1 个空闲 GPU 不接收 Pod。</translation>
    </message>
    <message>
        <source>%1: NotReady — its %2 free GPUs take no pods until the kubelet reports Ready again.</source>
        <translation>%1：未就绪——在 kubelet 重新报告就绪之前，它的 %2 个空闲 GPU 不接收 Pod。</translation>
    </message>
    <message>
        <source>%1: cordoned — uncordon it to use its 1 free GPU.</source>
        <translation>%1：已封锁——解除封锁后才能使用它的 1 个空闲 GPU。</translation>
    </message>
    <message>
        <source>%1: cordoned — uncordon it to use its %2 free GPUs.</source>
        <translation>%1：已封锁——解除封锁后才能使用它的 %2 个空闲 GPU。</translation>
    </message>
    <message>
        <source>%1: its GPUs are HAMi vGPU slices, not whole GPUs — use a whole-GPU node for a gang.</source>
        <translation>%1：它的 GPU 是 HAMi vGPU 切片，不是整卡——成组任务请使用整卡节点。</translation>
    </message>
    <message>
        <source>%1: its GPUs are MIG instances, not whole GPUs.</source>
        <translation>%1：它的 GPU 是 MIG 实例，不是整卡。</translation>
    </message>
    <message>
        <source>%1: its GPUs are shared (%2, %3 replicas each): its nvidia.com/gpu units are replicas, not whole GPUs.</source>
        <translation>%1：它的 GPU 是共享的（%2，每卡 %3 份）：其 nvidia.com/gpu 数量是共享份数，不是整卡。</translation>
    </message>
    <message>
        <source>%1: its GPUs are shared (%2): its nvidia.com/gpu units are replicas, not whole GPUs.</source>
        <translation>%1：它的 GPU 是共享的（%2）：其 nvidia.com/gpu 数量是共享份数，不是整卡。</translation>
    </message>
    <message>
        <source>%1: all %2 %3 are in use, needs %4.</source>
        <translation>%1：全部 %2 个 %3 都在使用中，需要 %4 个。</translation>
    </message>
    <message>
        <source>%1: only %2 of %3 %4 free, needs %5.</source>
        <translation>%1：%3 个 %4 中只有 %2 个空闲，需要 %5 个。</translation>
    </message>
    <message>
        <source>%1: %2 GPUs free but only %3 CPU cores free, fewer than asked.</source>
        <translation>%1：有 %2 个空闲 GPU，但只有 %3 个空闲 CPU 核，少于所需。</translation>
    </message>
    <message>
        <source>%1: %2 GPUs free but only %3 of memory free, less than asked.</source>
        <translation>%1：有 %2 个空闲 GPU，但空闲内存只有 %3，少于所需。</translation>
    </message>
    <message>
        <source>%1: fits — %2 of %3 %4 free</source>
        <translation>%1：可放置——%3 个 %4 中有 %2 个空闲</translation>
    </message>
    <message>
        <source>; its topology lists %1 GPUs, fewer than the node offers, so it is ignored</source>
        <translation>；其拓扑只列出 %1 个 GPU，少于节点提供的数量，因此被忽略</translation>
    </message>
    <message>
        <source>; topology unknown, NVLink and NUMA placement cannot be judged (publish the cubedesk.io/gpu-topology annotation or import the node&apos;s nvidia-smi topo -m).</source>
        <translation>；拓扑未知，无法判断 NVLink 与 NUMA 布局（请发布 cubedesk.io/gpu-topology 注解，或导入该节点的 nvidia-smi topo -m 输出）。</translation>
    </message>
    <message>
        <source>; one GPU needs no interconnect.</source>
        <translation>；单个 GPU 不需要互联。</translation>
    </message>
    <message>
        <source>no NVLink</source>
        <translation>无 NVLink</translation>
    </message>
    <message>
        <source>1 NVLink island</source>
        <translation>1 个 NVLink 岛</translation>
    </message>
    <message>
        <source>%1 NVLink islands</source>
        <translation>%1 个 NVLink 岛</translation>
    </message>
    <message>
        <source>1 NUMA node</source>
        <translation>1 个 NUMA 节点</translation>
    </message>
    <message>
        <source>%1 NUMA nodes</source>
        <translation>%1 个 NUMA 节点</translation>
    </message>
    <message>
        <source>; best set %1 (%2): score %3 of %4.</source>
        <translation>；最佳组合 %1（%2）：得分 %3 / %4。</translation>
    </message>
    <message>
        <source>; whichever they are, score %1 of %2 (e.g. %3: %4).</source>
        <translation>；无论空闲的是哪几块，得分均为 %1 / %2（例如 %3：%4）。</translation>
    </message>
    <message>
        <source>, but which ones is not visible to Kubernetes: score %1 guaranteed, up to %2 of %3; best if %4 are free (%5).</source>
        <translation>，但 Kubernetes 看不到具体是哪几块：保证得分 %1，最高 %2 / %3；若 %4 空闲则最佳（%5）。</translation>
    </message>
    <message>
        <source>; score up to %1 of %2 (too many GPUs to check every case); best if %3 are free (%4).</source>
        <translation>；得分最高 %1 / %2（GPU 太多，无法逐一检查所有情况）；若 %3 空闲则最佳（%4）。</translation>
    </message>
    <message>
        <source> NVLink is not known from a NodeResourceTopology; only NUMA counts.</source>
        <translation>NodeResourceTopology 不提供 NVLink 信息，只计算 NUMA。</translation>
    </message>
    <message>
        <source> Tainted %1: the pod needs a toleration.</source>
        <translation>有污点 %1：Pod 需要相应的容忍。</translation>
    </message>
    <message>
        <source>≤ %1</source>
        <translation>≤ %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Free GPUs</source>
        <translation>空闲 GPU</translation>
    </message>
    <message>
        <source>Topology score</source>
        <translation>拓扑得分</translation>
    </message>
    <message>
        <source>Best GPU set</source>
        <translation>最佳 GPU 组合</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuDeviceModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 / %2 MiB</source>
        <translation>%1 / %2 MiB</translation>
    </message>
    <message>
        <source>not reporting</source>
        <translation>未上报</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>The chart&apos;s field over the chosen range, %1 samples.</source>
        <translation>图表所选指标在所选时间范围内的走势，%1 个采样点。</translation>
    </message>
    <message>
        <source>DCGM_FI_DEV_XID_ERRORS: the last XID error this GPU reported.</source>
        <translation>DCGM_FI_DEV_XID_ERRORS：这张 GPU 最近一次上报的 XID 错误。</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Trend</source>
        <translation>走势</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>显存已用</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>健康</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuInventoryModel</name>
    <message>
        <source>whole GPUs</source>
        <translation>整卡</translation>
    </message>
    <message>
        <source>time-slicing ×%1</source>
        <translation>时间片 ×%1</translation>
    </message>
    <message>
        <source>MPS ×%1</source>
        <translation>MPS ×%1</translation>
    </message>
    <message>
        <source>MIG %1</source>
        <translation>MIG %1</translation>
    </message>
    <message>
        <source>HAMi vGPU</source>
        <translation>HAMi vGPU</translation>
    </message>
    <message>
        <source>%1 / %2 shares</source>
        <translation>%1 / %2 份</translation>
    </message>
    <message>
        <source>%1 / %2 MIG</source>
        <translation>%1 / %2 MIG</translation>
    </message>
    <message>
        <source>cores %1 %</source>
        <translation>算力 %1 %</translation>
    </message>
    <message>
        <source>memory %1 / %2</source>
        <translation>显存 %1 / %2</translation>
    </message>
    <message numerus="yes">
        <source>%n NVLink island(s)</source>
        <translation>
            <numerusform>%n 个 NVLink 岛</numerusform>
        </translation>
    </message>
    <message>
        <source>no NVLink</source>
        <translation>无 NVLink</translation>
    </message>
    <message>
        <source>NUMA only</source>
        <translation>仅 NUMA</translation>
    </message>
    <message numerus="yes">
        <source>%n NUMA node(s)</source>
        <translation>
            <numerusform>%n 个 NUMA 节点</numerusform>
        </translation>
    </message>
    <message>
        <source>imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>from NodeResourceTopology</source>
        <translation>来自 NodeResourceTopology</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法解析</translation>
    </message>
    <message>
        <source>Free whole GPUs a new pod can get now (the node is Ready and schedulable).</source>
        <translation>新 Pod 现在可以获得的空闲整卡（节点就绪且可调度）。</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation>资源组</translation>
    </message>
    <message>
        <source>GPU type</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>Sharing</source>
        <translation>共享方式</translation>
    </message>
    <message>
        <source>GPUs requested</source>
        <translation>已申请 GPU</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>MIG / vGPU</source>
        <translation>MIG / vGPU</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>XID %1 on GPU%2</source>
        <translation>GPU%2 出现 XID %1</translation>
    </message>
    <message>
        <source>GPU%1 hot (%2 °C)</source>
        <translation>GPU%1 过热（%2 °C）</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>GPU%1: %2 · %3 / %4 MiB · %5 · %6</source>
        <translation>GPU%1：%2 · %3 / %4 MiB · %5 · %6</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>GPU utilization</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>健康状态</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuMetricsMonitor</name>
    <message>
        <source>%1: looking for Prometheus…</source>
        <translation>%1：正在查找 Prometheus…</translation>
    </message>
    <message>
        <source>%1: GPU metrics from Prometheus %2</source>
        <translation>%1：GPU 指标来自 Prometheus %2</translation>
    </message>
    <message>
        <source>%1: no Prometheus found (%2)</source>
        <translation>%1：未找到 Prometheus（%2）</translation>
    </message>
    <message>
        <source>not a Prometheus</source>
        <translation>不是 Prometheus</translation>
    </message>
    <message>
        <source>%1: Prometheus %2 refused: %3</source>
        <translation>%1：Prometheus %2 拒绝访问：%3</translation>
    </message>
    <message>
        <source>%1: Prometheus %2 did not answer: %3</source>
        <translation>%1：Prometheus %2 无应答：%3</translation>
    </message>
    <message>
        <source>%1: Prometheus %2: %3</source>
        <translation>%1：Prometheus %2：%3</translation>
    </message>
    <message>
        <source>%1: no Prometheus found yet</source>
        <translation>%1：尚未找到 Prometheus</translation>
    </message>
    <message>
        <source>%1: Prometheus %2 did not answer</source>
        <translation>%1：Prometheus %2 无应答</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuSummaryModel</name>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>%1 (%2 NotReady)</source>
        <translation>%1（%2 个未就绪）</translation>
    </message>
    <message>
        <source>Free whole GPUs on Ready, schedulable nodes.</source>
        <translation>就绪且可调度节点上的空闲整卡。</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation>资源组</translation>
    </message>
    <message>
        <source>GPU nodes</source>
        <translation>GPU 节点</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Requested / allocatable</source>
        <translation>已申请 / 可分配</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>MIG instances</source>
        <translation>MIG 实例</translation>
    </message>
    <message>
        <source>NotReady GPUs</source>
        <translation>未就绪 GPU</translation>
    </message>
    <message>
        <source>Shared slices</source>
        <translation>共享份数</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::GpuTopologySources</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is larger than 1 MiB: not an nvidia-smi topo -m output.</source>
        <translation>%1 大于 1 MiB：不是 nvidia-smi topo -m 的输出。</translation>
    </message>
    <message>
        <source>%1 is not an nvidia-smi topo -m output: %2</source>
        <translation>%1 不是 nvidia-smi topo -m 的输出：%2</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::IdleGpuReport</name>
    <message>
        <source>%1: reading 24 h of GPU utilization…</source>
        <translation>%1：正在读取 24 小时的 GPU 利用率…</translation>
    </message>
    <message>
        <source>%1: 24 h of GPU utilization from Prometheus %2, computed %3</source>
        <translation>%1：24 小时 GPU 利用率来自 Prometheus %2，计算于 %3</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::IdleGpuTableModel</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation>资源组</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Idle for</source>
        <translation>已闲置</translation>
    </message>
    <message>
        <source>Mean utilization</source>
        <translation>平均利用率</translation>
    </message>
    <message>
        <source>Peak utilization</source>
        <translation>峰值利用率</translation>
    </message>
    <message>
        <source>GPUs held</source>
        <translation>持有 GPU</translation>
    </message>
    <message>
        <source>Idle pods</source>
        <translation>闲置 Pod</translation>
    </message>
    <message>
        <source>GPU-hours held (24 h)</source>
        <translation>持有 GPU 小时（24 小时）</translation>
    </message>
    <message>
        <source>GPU-hours used</source>
        <translation>使用 GPU 小时</translation>
    </message>
    <message>
        <source>GPU-hours wasted</source>
        <translation>浪费 GPU 小时</translation>
    </message>
    <message>
        <source>GPU-hours held minus GPU-hours used (utilization × time) over the last 24 h.</source>
        <translation>最近 24 小时内持有的 GPU 小时减去实际使用的 GPU 小时（利用率 × 时间）。</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::JobLogFeed</name>
    <message>
        <source>The cluster is not connected.</source>
        <translation>集群未连接。</translation>
    </message>
    <message>
        <source>No pods of %1 %2 are in the cache.</source>
        <translation>缓存中没有 %1 %2 的 Pod。</translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 pods failed: %2</source>
        <translation>
            <numerusform>%1 个 Pod 中有 %n 个失败：%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::models::JobTableModel</name>
    <message>
        <source>Pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>已创建</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Restarting</source>
        <translation>重启中</translation>
    </message>
    <message>
        <source>Suspended</source>
        <translation>已挂起</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>已成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>已失败</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 · over 2 days</source>
        <translation>%1 · 超过 2 天</translation>
    </message>
    <message>
        <source>%1 (the object says &quot;%2&quot;)</source>
        <translation>%1（对象状态为“%2”）</translation>
    </message>
    <message>
        <source>Running for more than the platform&apos;s 2-day timeout.</source>
        <translation>运行时间已超过平台的 2 天超时限制。</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Replicas (active/total)</source>
        <translation>副本（运行/总数）</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Run ID</source>
        <translation>运行 ID</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>存在时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>运行时长</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>结束时间</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::JobWriteController</name>
    <message>
        <source>%1 of %2 deletions failed: %3</source>
        <translation>%2 个删除中有 %1 个失败：%3</translation>
    </message>
    <message>
        <source>%1 of %2 changes failed: %3</source>
        <translation>%2 个修改中有 %1 个失败：%3</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n job(s).</source>
        <translation>
            <numerusform>已删除 %n 个任务。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Suspended %n job(s).</source>
        <translation>
            <numerusform>已挂起 %n 个任务。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Resumed %n job(s).</source>
        <translation>
            <numerusform>已恢复 %n 个任务。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not possible for this kind</source>
        <translation>%1：此类型不支持该操作</translation>
    </message>
    <message>
        <source>%1: the cluster is gone</source>
        <translation>%1：集群已不存在</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::LogFeed</name>
    <message>
        <source>The cluster is not connected.</source>
        <translation>集群未连接。</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::NodeTableModel</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Roles</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation>资源组</translation>
    </message>
    <message>
        <source>GPU type</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU (cores)</source>
        <translation>CPU（核）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod 数</translation>
    </message>
    <message>
        <source>Taints</source>
        <translation>污点</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>存在时长</translation>
    </message>
    <message>
        <source>Internal IP</source>
        <translation>内部 IP</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>核</translation>
    </message>
    <message>
        <source>Requested %1 of %2 %3 allocatable</source>
        <translation>已申请 %1，可分配 %2 %3</translation>
    </message>
    <message>
        <source>In use: %1 %2 (metrics-server, %3)</source>
        <translation>实际使用：%1 %2（metrics-server，%3）</translation>
    </message>
    <message>
        <source>In use: not measured (the node has no metrics)</source>
        <translation>实际使用：未测得（该节点没有指标）</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::NodeWriteController</name>
    <message numerus="yes">
        <source>cordon %n node(s)</source>
        <translation>
            <numerusform>封锁 %n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>uncordon %n node(s)</source>
        <translation>
            <numerusform>解除封锁 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>undo: %1</source>
        <translation>撤销：%1</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::NotificationModel</name>
    <message>
        <source>Node %1 is NotReady</source>
        <translation>节点 %1 未就绪</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>the node reports no Ready condition</source>
        <translation>节点没有上报 Ready 状态</translation>
    </message>
    <message>
        <source>Job %1 failed</source>
        <translation>任务 %1 失败</translation>
    </message>
    <message>
        <source>%1: %2 %3/%4 failed</source>
        <translation>%1：%2 %3/%4 失败</translation>
    </message>
    <message>
        <source>%1: no pod of %2 is pending any more</source>
        <translation>%1：%2 已没有待调度的 Pod</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>另有 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) pending over 5 minutes in %1</source>
        <translation>
            <numerusform>%1 中有 %n 个 Pod 待调度超过 5 分钟</numerusform>
        </translation>
    </message>
    <message>
        <source>Node %1 moved to %2</source>
        <translation>节点 %1 已移到 %2</translation>
    </message>
    <message>
        <source>%1: %2 → %3 (%4)</source>
        <translation>%1：%2 → %3（%4）</translation>
    </message>
    <message>
        <source>graphics engine exception</source>
        <translation>图形引擎异常</translation>
    </message>
    <message>
        <source>GPU memory page fault</source>
        <translation>GPU 显存页错误</translation>
    </message>
    <message>
        <source>GPU stopped processing</source>
        <translation>GPU 停止处理</translation>
    </message>
    <message>
        <source>double-bit ECC error</source>
        <translation>双比特 ECC 错误</translation>
    </message>
    <message>
        <source>ECC page retirement or row remapping</source>
        <translation>ECC 页退役或行重映射</translation>
    </message>
    <message>
        <source>NVLink error</source>
        <translation>NVLink 错误</translation>
    </message>
    <message>
        <source>fell off the bus</source>
        <translation>已从总线掉线</translation>
    </message>
    <message>
        <source>high single-bit ECC error rate</source>
        <translation>单比特 ECC 错误率过高</translation>
    </message>
    <message>
        <source>ECC error (contained or uncontained)</source>
        <translation>ECC 错误（已隔离或未隔离）</translation>
    </message>
    <message>
        <source>XID %1 on %2 of %3</source>
        <translation>%3 的 %2 出现 XID %1</translation>
    </message>
    <message>
        <source>%1: DCGM reports XID error %2.</source>
        <translation>%1：DCGM 报告 XID 错误 %2。</translation>
    </message>
    <message>
        <source>%1: DCGM reports XID error %2 (%3).</source>
        <translation>%1：DCGM 报告 XID 错误 %2（%3）。</translation>
    </message>
    <message>
        <source>%1 of %2 runs hot</source>
        <translation>%2 的 %1 温度过高</translation>
    </message>
    <message>
        <source>%1: %2 °C in %3 readings in a row; a GPU this hot throttles its clocks.</source>
        <translation>%1：连续 %3 次读数 %2 °C；这么热的 GPU 会降低时钟频率。</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ObjectActionController</name>
    <message>
        <source>Scale to %1</source>
        <translation>扩缩到 %1</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation>挂起</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Run now</source>
        <translation>立即运行</translation>
    </message>
    <message>
        <source>Delete (%1)</source>
        <translation>删除（%1）</translation>
    </message>
    <message>
        <source>Apply YAML</source>
        <translation>应用 YAML</translation>
    </message>
    <message>
        <source>Create from YAML</source>
        <translation>从 YAML 创建</translation>
    </message>
    <message>
        <source>%1 in namespace %2</source>
        <translation>%1 的命名空间 %2</translation>
    </message>
    <message>
        <source>The cluster&apos;s RBAC does not allow you to %1 %2 on %3.</source>
        <translation>集群的 RBAC 不允许您在 %3 上对 %2 执行 %1。</translation>
    </message>
    <message>
        <source>The access review failed: %1</source>
        <translation>权限检查失败：%1</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>%1: %2 — done.</source>
        <translation>%1：%2 —— 完成。</translation>
    </message>
    <message>
        <source>%1 changed on the cluster since you looked (409 Conflict): nothing was changed. %2</source>
        <translation>%1 在您查看之后已在集群上被修改（409 冲突）：未做任何更改。%2</translation>
    </message>
    <message>
        <source>%1: %2 failed: %3</source>
        <translation>%1：%2 失败：%3</translation>
    </message>
    <message>
        <source>%1: could not read the CronJob: %2</source>
        <translation>%1：无法读取 CronJob：%2</translation>
    </message>
    <message>
        <source>the cluster was removed</source>
        <translation>集群已被移除</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: started a Job by hand.</source>
        <translation>%1：已手动启动一个 Job。</translation>
    </message>
    <message>
        <source>%1: the Job was not created: %2</source>
        <translation>%1：Job 未创建：%2</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ObjectEditSession</name>
    <message>
        <source>new objects</source>
        <translation>新对象</translation>
    </message>
    <message>
        <source>The cluster was removed.</source>
        <translation>集群已被移除。</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>The server&apos;s answer is not an object: %1</source>
        <translation>服务器的应答不是对象：%1</translation>
    </message>
    <message numerus="yes">
        <source>Edit one object: the text holds %n.</source>
        <translation>
            <numerusform>一次只能编辑一个对象：文本中有 %n 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>The YAML does not parse: fix it first.</source>
        <translation>YAML 无法解析：请先修正。</translation>
    </message>
    <message>
        <source>%1 has not told which resources it serves yet.</source>
        <translation>%1 尚未告知它提供哪些资源。</translation>
    </message>
    <message>
        <source>Line %1: %2 does not serve %3 in %4.</source>
        <translation>第 %1 行：%2 不提供 %4 中的 %3。</translation>
    </message>
    <message>
        <source>Line %1: %2 %3 needs a namespace.</source>
        <translation>第 %1 行：%2 %3 需要命名空间。</translation>
    </message>
    <message>
        <source>%1 changed on the cluster since you opened it (409 Conflict): nothing was changed.</source>
        <translation>%1 在您打开之后已在集群上被修改（409 冲突）：未做任何更改。</translation>
    </message>
    <message>
        <source>The server refused the dry run: %1</source>
        <translation>服务器拒绝了试运行：%1</translation>
    </message>
    <message>
        <source>Dry run passed: the object would change by %1 added and %2 removed lines.</source>
        <translation>试运行通过：对象将变化，新增 %1 行、删除 %2 行。</translation>
    </message>
    <message numerus="yes">
        <source>Dry run passed: %n object(s) would be created.</source>
        <translation>
            <numerusform>试运行通过：将创建 %n 个对象。</numerusform>
        </translation>
    </message>
    <message>
        <source>Run a dry run of this text first.</source>
        <translation>请先对此文本进行试运行。</translation>
    </message>
    <message>
        <source>Created %1.</source>
        <translation>已创建 %1。</translation>
    </message>
    <message>
        <source>%1 Created before it: %2; nothing after it was sent.</source>
        <translation>%1 在它之前已创建：%2；其后的对象均未发送。</translation>
    </message>
    <message>
        <source>%1 Reading it again failed: %2</source>
        <translation>%1 重新读取失败：%2</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::OrgBoardModel</name>
    <message>
        <source>GPU type: %1</source>
        <translation>GPU 型号：%1</translation>
    </message>
    <message>
        <source>GPUs requested: %1</source>
        <translation>已申请 GPU：%1</translation>
    </message>
    <message>
        <source>CPU requested: %1</source>
        <translation>已申请 CPU：%1</translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>Cordoned (SchedulingDisabled)</source>
        <translation>已封锁（SchedulingDisabled）</translation>
    </message>
    <message>
        <source>share=false: kept out of balancing between resource groups</source>
        <translation>share=false：不参与资源组之间的算力均衡</translation>
    </message>
    <message>
        <source>Proposed: move %1 from %2 to %3 (run %4 of the balancing rule)</source>
        <translation>建议：把 %1 从 %2 移到 %3（均衡规则第 %4 轮）</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::OrgMoveController</name>
    <message>
        <source>auto-balance: move %1 to %2</source>
        <translation>自动均衡：把 %1 移到 %2</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::PendingPodModel</name>
    <message numerus="yes">
        <source>%1 · %2 (%n pod(s))</source>
        <translation>
            <numerusform>%1 · %2（%n 个 Pod）</numerusform>
        </translation>
    </message>
    <message>
        <source>Pending since %1</source>
        <translation>自 %1 起待调度</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>已等待</translation>
    </message>
    <message>
        <source>CPU (cores)</source>
        <translation>CPU（核）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Scheduler message</source>
        <translation>调度器消息</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::PendingPodReason</name>
    <message>
        <source>Insufficient %1</source>
        <translation>%1 不足</translation>
    </message>
    <message>
        <source>selector mismatch</source>
        <translation>节点选择器不匹配</translation>
    </message>
    <message>
        <source>untolerated taint %1</source>
        <translation>未容忍的污点 %1</translation>
    </message>
    <message>
        <source>cordoned</source>
        <translation>已封锁</translation>
    </message>
    <message>
        <source>too many pods</source>
        <translation>Pod 数已满</translation>
    </message>
    <message>
        <source>waiting for the scheduler</source>
        <translation>等待调度器</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n node(s))</source>
        <translation>
            <numerusform>%1（%n 个节点）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::models::QuotaTableModel</name>
    <message>
        <source>scopes: %1</source>
        <translation>作用域：%1</translation>
    </message>
    <message>
        <source>min %1</source>
        <translation>最小 %1</translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>最大 %1</translation>
    </message>
    <message>
        <source>default request %1</source>
        <translation>默认请求 %1</translation>
    </message>
    <message>
        <source>default limit %1</source>
        <translation>默认限制 %1</translation>
    </message>
    <message>
        <source>state %1</source>
        <translation>状态 %1</translation>
    </message>
    <message>
        <source>deserved %1</source>
        <translation>应得 %1</translation>
    </message>
    <message>
        <source>guaranteed %1</source>
        <translation>保障 %1</translation>
    </message>
    <message>
        <source>Resource quota</source>
        <translation>资源配额</translation>
    </message>
    <message>
        <source>Limit range</source>
        <translation>限制范围</translation>
    </message>
    <message>
        <source>Volcano queue</source>
        <translation>Volcano 队列</translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation>资源组</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation>%1（%2 %）</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Resource</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Used / hard</source>
        <translation>已用 / 上限</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::QuotaWriteController</name>
    <message>
        <source>Applied. The table shows the new values when the watch confirms.</source>
        <translation>已应用。监听确认后表格会显示新值。</translation>
    </message>
    <message>
        <source>The quota changed on the server since this dialog opened; nothing was written. Close and open it again to edit the current values.</source>
        <translation>打开此对话框后服务器上的配额已被修改，未写入任何内容。请关闭后重新打开以编辑当前值。</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ResourceCategories</name>
    <message>
        <source>Workloads</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Networking</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Access control</source>
        <translation>访问控制</translation>
    </message>
    <message>
        <source>Monitoring</source>
        <translation>监控</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Custom resources</source>
        <translation>自定义资源</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::ResourceTableModel</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>存在时间</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::RunningPodFilter</name>
    <message>
        <source>unknown field &quot;%1&quot; (cluster, project, org, namespace, pod, user, node, gpus, cpu)</source>
        <translation>未知字段“%1”（可用：cluster、project、org、namespace、pod、user、node、gpus、cpu）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; needs a number</source>
        <translation>“%1”需要一个数字</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: only = and != compare text</source>
        <translation>“%1”：文本只能用 = 和 != 比较</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::RunningPodModel</name>
    <message>
        <source>%1/%2: Pending, scheduled on %3 — holds its resources, not running yet</source>
        <translation>%1/%2：待启动，已调度到 %3——已占用资源，尚未运行</translation>
    </message>
    <message>
        <source>%1/%2: Running on %3</source>
        <translation>%1/%2：运行在 %3</translation>
    </message>
    <message>
        <source>The pod selects no resource group (no org in its node selector)</source>
        <translation>该 Pod 未选择资源组（节点选择器中没有 org）</translation>
    </message>
    <message>
        <source>Resource group the pod selects: %1</source>
        <translation>Pod 选择的资源组：%1</translation>
    </message>
    <message>
        <source>The pod requests no CPU; its limit is shown, as the platform&apos;s page does.</source>
        <translation>该 Pod 未申请 CPU；与平台页面一样，这里显示其上限（limit）。</translation>
    </message>
    <message>
        <source>%1 cores requested</source>
        <translation>已申请 %1 核</translation>
    </message>
    <message>
        <source>The pod requests no memory; its limit is shown, as the platform&apos;s page does.</source>
        <translation>该 Pod 未申请内存；与平台页面一样，这里显示其上限（limit）。</translation>
    </message>
    <message>
        <source>%1 requested</source>
        <translation>已申请 %1</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目组</translation>
    </message>
    <message>
        <source>Resource group</source>
        <translation>资源组</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>CPU (cores)</source>
        <translation>CPU（核）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>启动时间</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::TerminalSession</name>
    <message>
        <source>The connection to the cluster was reset.</source>
        <translation>与集群的连接已重置。</translation>
    </message>
    <message>
        <source>Closed.</source>
        <translation>已关闭。</translation>
    </message>
    <message>
        <source>Checking whether you may open a terminal in %1…</source>
        <translation>正在检查是否允许在 %1 中打开终端…</translation>
    </message>
    <message>
        <source>The cluster is not connected.</source>
        <translation>集群未连接。</translation>
    </message>
    <message>
        <source>Could not ask the cluster whether you may open a terminal: %1</source>
        <translation>无法向集群确认是否允许打开终端：%1</translation>
    </message>
    <message>
        <source>You may not open a terminal in namespace %1: the cluster&apos;s RBAC does not allow %2 on pods/exec.</source>
        <translation>不能在命名空间 %1 中打开终端：集群的 RBAC 不允许对 pods/exec 执行 %2。</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>The pod was deleted.</source>
        <translation>Pod 已被删除。</translation>
    </message>
    <message>
        <source>The command exited.</source>
        <translation>命令已退出。</translation>
    </message>
    <message>
        <source>The command exited with code %1.</source>
        <translation>命令已退出，退出码 %1。</translation>
    </message>
    <message>
        <source>The connection closed: %1</source>
        <translation>连接已关闭：%1</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::UsageMonitor</name>
    <message>
        <source>%1 has no metrics-server (metrics.k8s.io is not served).</source>
        <translation>%1 没有 metrics-server（未提供 metrics.k8s.io）。</translation>
    </message>
    <message>
        <source>%1 refused to list node metrics: %2</source>
        <translation>%1 拒绝列出节点指标：%2</translation>
    </message>
    <message>
        <source>%1: node metrics could not be read: %2</source>
        <translation>%1：无法读取节点指标：%2</translation>
    </message>
</context>
<context>
    <name>cubedesk::models::WriteAuditModel</name>
    <message>
        <source>drag and drop</source>
        <translation>拖放</translation>
    </message>
    <message>
        <source>applied suggestion</source>
        <translation>采纳建议</translation>
    </message>
    <message>
        <source>auto-balance</source>
        <translation>自动均衡</translation>
    </message>
    <message>
        <source>sent…</source>
        <translation>已发送…</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>From</source>
        <translation>原资源组</translation>
    </message>
    <message>
        <source>To</source>
        <translation>目标资源组</translation>
    </message>
    <message>
        <source>How</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>对象</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::AboutDialog</name>
    <message>
        <source>The application framework: the modules Core, Gui, Widgets, Network, WebSockets, OpenGL, OpenGL Widgets and Svg. CubeDesk uses Qt under the LGPL-3.0, whose terms add to those of the GPL-3.0 (both texts below), and links it dynamically, so that it can be replaced.</source>
        <translation>应用程序框架：Core、Gui、Widgets、Network、WebSockets、OpenGL、OpenGL Widgets 和 Svg 模块。CubeDesk 依据 LGPL-3.0 使用 Qt（其条款是对 GPL-3.0 的补充，两份文本见下），并以动态方式链接，因此可以替换。</translation>
    </message>
    <message>
        <source>The charts of the Overview pane. Its open-source edition is available under the GPL-3.0 only, not the LGPL: a program that links it is distributed, as a whole, under the terms of the GPL-3.0.</source>
        <translation>“整体资源”窗格的图表。其开源版本仅以 GPL-3.0 提供，而非 LGPL：链接它的程序作为整体依据 GPL-3.0 的条款发布。</translation>
    </message>
    <message>
        <source>HTTP/1.1 and HTTP/2 connections to the clusters.</source>
        <translation>与集群之间的 HTTP/1.1 和 HTTP/2 连接。</translation>
    </message>
    <message>
        <source>TLS, certificates and keys.</source>
        <translation>TLS、证书和密钥。</translation>
    </message>
    <message>
        <source>Reading what the clusters send.</source>
        <translation>读取集群发送的内容。</translation>
    </message>
    <message>
        <source>Reading kubeconfig files and YAML.</source>
        <translation>读取 kubeconfig 文件和 YAML。</translation>
    </message>
    <message>
        <source>The terminal emulation of the terminals.</source>
        <translation>终端的终端仿真。</translation>
    </message>
    <message>
        <source>Writing the changes sent to the clusters, and the demo clusters.</source>
        <translation>写入发往集群的更改，以及演示集群。</translation>
    </message>
    <message>
        <source>The simulated API server behind the demo clusters.</source>
        <translation>演示集群背后的模拟 API 服务器。</translation>
    </message>
    <message>
        <source>About CubeDesk</source>
        <translation>关于 CubeDesk</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>版本 %1</translation>
    </message>
    <message>
        <source>One fast window over all your GPU and machine-learning Kubernetes clusters.</source>
        <translation>一个快速的窗口，纵览您所有的 GPU 与机器学习 Kubernetes 集群。</translation>
    </message>
    <message>
        <source>Built with Qt %1, running on Qt %2.</source>
        <translation>基于 Qt %1 构建，运行于 Qt %2。</translation>
    </message>
    <message>
        <source>CubeDesk is free software, licensed under the Apache License 2.0. It uses the libraries below, each under its own licence: select one to read its notice and licence text.</source>
        <translation>CubeDesk 是自由软件，依据 Apache License 2.0 授权。它使用下列库，各自遵循其自己的许可证：选择一项以阅读其声明和许可证文本。</translation>
    </message>
    <message>
        <source>Qt Charts is available under the GNU GPL version 3 only, not the LGPL, so CubeDesk in binary form is distributed, as a whole, under the terms of the GPL-3.0, with its complete source code available from the CubeDesk project. CubeDesk&apos;s own code stays under Apache-2.0, which a GPL-3.0 work may include.</source>
        <translation>Qt Charts 仅以 GNU GPL 第 3 版提供，而非 LGPL，因此二进制形式的 CubeDesk 作为整体依据 GPL-3.0 的条款发布，其完整源代码可从 CubeDesk 项目获得。CubeDesk 自身的代码仍采用 Apache-2.0，GPL-3.0 作品可以包含它。</translation>
    </message>
    <message>
        <source>Components and their licences</source>
        <translation>组件及其许可证</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>This program.</source>
        <translation>本程序。</translation>
    </message>
    <message>
        <source>Notice and licence text</source>
        <translation>声明和许可证文本</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Third-party &amp;notices</source>
        <translation>第三方声明(&amp;N)</translation>
    </message>
    <message>
        <source>Third-party notices</source>
        <translation>第三方声明</translation>
    </message>
    <message>
        <source>Every library, its licence and where its source code is, as the packages install it (THIRD-PARTY-NOTICES.txt).</source>
        <translation>每个库、其许可证以及其源代码所在之处，与软件包安装的内容相同（THIRD-PARTY-NOTICES.txt）。</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>About Qt</source>
        <translation>关于 Qt</translation>
    </message>
    <message>
        <source>Licence: %1</source>
        <translation>许可证：%1</translation>
    </message>
    <message>
        <source>Source code: %1</source>
        <translation>源代码：%1</translation>
    </message>
    <message>
        <source>Used for: %1</source>
        <translation>用途：%1</translation>
    </message>
    <message>
        <source>The licence text %1 is missing from this build.</source>
        <translation>此构建中缺少许可证文本 %1。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::BalanceBar</name>
    <message>
        <source>Suggest</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Preview what the platform&apos;s balancing rule (adjust_node_resource) would move, run by run, as ghost cards</source>
        <translation>以虚影卡片逐轮预览平台的均衡规则（adjust_node_resource）会移动哪些节点</translation>
    </message>
    <message>
        <source>runs: </source>
        <translation>轮数：</translation>
    </message>
    <message>
        <source>How many successive runs of the rule to preview</source>
        <translation>预览规则连续运行的轮数</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Move the first proposed node, with the same preview and undo as a drag and drop</source>
        <translation>移动第一个建议的节点，与拖放一样有预览和撤销</translation>
    </message>
    <message>
        <source>Auto-balance every</source>
        <translation>自动均衡，间隔</translation>
    </message>
    <message>
        <source>Run the rule on this cluster periodically and apply its move without asking; every move is recorded in the audit</source>
        <translation>定期在此集群上运行该规则并直接执行其移动，不再询问；每次移动都记入审计</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Audit…</source>
        <translation>审计…</translation>
    </message>
    <message>
        <source>Balancing advisor:</source>
        <translation>均衡建议：</translation>
    </message>
    <message>
        <source>Runs to preview</source>
        <translation>预览的轮数</translation>
    </message>
    <message>
        <source>Automatic balancing interval</source>
        <translation>自动均衡间隔</translation>
    </message>
    <message>
        <source>GPU utilization</source>
        <translation>GPU 利用率</translation>
    </message>
    <message>
        <source>Also name the resource groups whose GPUs sit idle (DCGM utilization from the cluster&apos;s Prometheus) as donors. Nothing moves because of it.</source>
        <translation>同时列出 GPU 闲置的资源组（来自集群 Prometheus 的 DCGM 利用率），作为可让出方。不会因此移动任何节点。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::BoardPane</name>
    <message>
        <source>Add column…</source>
        <translation>添加列…</translation>
    </message>
    <message>
        <source>Move to…</source>
        <translation>移动到…</translation>
    </message>
    <message>
        <source>Undo move</source>
        <translation>撤销移动</translation>
    </message>
    <message>
        <source>Cluster:</source>
        <translation>集群：</translation>
    </message>
    <message>
        <source>Drag cards onto another resource group to move nodes.</source>
        <translation>将节点卡片拖到另一个资源组即可移动节点。</translation>
    </message>
    <message>
        <source>Undo: %1</source>
        <translation>撤销：%1</translation>
    </message>
    <message>
        <source>Add a resource group column</source>
        <translation>添加资源组列</translation>
    </message>
    <message>
        <source>Name of the resource group (the value of the org label):</source>
        <translation>资源组名称（org 标签的值）：</translation>
    </message>
    <message>
        <source>Add column</source>
        <translation>添加列</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid label value or the column exists.</source>
        <translation>“%1”不是有效的标签值，或该列已存在。</translation>
    </message>
    <message>
        <source>Select one or more node cards first (Ctrl/Shift for many).</source>
        <translation>请先选择一个或多个节点卡片（按住 Ctrl/Shift 可多选）。</translation>
    </message>
    <message numerus="yes">
        <source>Move %n node(s) to resource group:</source>
        <translation>
            <numerusform>将 %n 个节点移动到资源组：</numerusform>
        </translation>
    </message>
    <message>
        <source>Drain…</source>
        <translation>排空…</translation>
    </message>
    <message>
        <source>Cordon the selected nodes and evict their pods, after a preview of what it breaks.</source>
        <translation>先预览影响，再封锁所选节点并驱逐其上的 Pod。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ClusterTree</name>
    <message>
        <source>Clusters</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据状态</translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation>已断开</translation>
    </message>
    <message>
        <source>Show only %1</source>
        <translation>仅显示 %1</translation>
    </message>
    <message>
        <source>Reconnect %1</source>
        <translation>重新连接 %1</translation>
    </message>
    <message>
        <source>Disconnect %1</source>
        <translation>断开 %1</translation>
    </message>
    <message>
        <source>Connect %1</source>
        <translation>连接 %1</translation>
    </message>
    <message>
        <source>Remove this kubeconfig file</source>
        <translation>移除此 kubeconfig 文件</translation>
    </message>
    <message>
        <source>Show all clusters</source>
        <translation>显示所有集群</translation>
    </message>
    <message>
        <source>Clusters in scope</source>
        <translation>范围内的集群</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ClustersPane</name>
    <message>
        <source>Clusters</source>
        <translation>集群</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::CommandPalette</name>
    <message>
        <source>Go to…</source>
        <translation>转到…</translation>
    </message>
    <message>
        <source>Jump to a node, resource group or pane…</source>
        <translation>跳转到节点、资源组或面板…</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::CoreDnsDialog</name>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Restart CoreDNS…</source>
        <translation>重启 CoreDNS…</translation>
    </message>
    <message>
        <source>Intranet DNS of %1 (CoreDNS)</source>
        <translation>%1 的内网 DNS（CoreDNS）</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Host name</source>
        <translation>主机名</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>域名</translation>
    </message>
    <message>
        <source>Upstream DNS servers (space-separated)</source>
        <translation>上游 DNS 服务器（以空格分隔）</translation>
    </message>
    <message>
        <source>Host names the cluster&apos;s pods resolve to internal addresses (image registries, package mirrors, model hubs), and domains whose names an internal DNS server answers. Kept in the Corefile of the ConfigMap kube-system/coredns; only the lines you change are rewritten.</source>
        <translation>集群内 Pod 解析到内网地址的主机名（镜像仓库、软件源、模型库），以及由内网 DNS 服务器解析的域名。保存在 ConfigMap kube-system/coredns 的 Corefile 中；只改写您修改的行。</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加%1</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>&lt;b&gt;Hosts&lt;/b&gt;</source>
        <translation>&lt;b&gt;主机&lt;/b&gt;</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>&lt;b&gt;Domain forwarders&lt;/b&gt;</source>
        <translation>&lt;b&gt;域名转发&lt;/b&gt;</translation>
    </message>
    <message>
        <source>domain</source>
        <translation>域名</translation>
    </message>
    <message>
        <source>&lt;b&gt;The Corefile change&lt;/b&gt;</source>
        <translation>&lt;b&gt;Corefile 的变化&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>无修改。</translation>
    </message>
    <message>
        <source>Check the change with a dry run, then write it (only if nobody changed the ConfigMap since it was read)</source>
        <translation>先以试运行检查修改，然后写入（仅当读取之后无人修改过该 ConfigMap）</translation>
    </message>
    <message>
        <source>A rollout restart of the Deployment kube-system/coredns, so the new Corefile is used at once</source>
        <translation>滚动重启 Deployment kube-system/coredns，使新的 Corefile 立即生效</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>Reading kube-system/coredns…</source>
        <translation>正在读取 kube-system/coredns…</translation>
    </message>
    <message>
        <source>Every other name is resolved through: %1</source>
        <translation>其他名称均通过以下方式解析：%1</translation>
    </message>
    <message>
        <source>Hosts, row %1: %2</source>
        <translation>主机，第 %1 行：%2</translation>
    </message>
    <message>
        <source>Forwarders, row %1: %2</source>
        <translation>转发，第 %1 行：%2</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::DeleteObjectDialog</name>
    <message>
        <source>Delete %1</source>
        <translation>删除 %1</translation>
    </message>
    <message>
        <source>Delete &lt;b&gt;%1&lt;/b&gt; on cluster &lt;b&gt;%2&lt;/b&gt;?</source>
        <translation>删除集群 &lt;b&gt;%2&lt;/b&gt; 上的 &lt;b&gt;%1&lt;/b&gt;？</translation>
    </message>
    <message>
        <source>If it changed on the cluster since you looked, nothing is deleted (its uid and resourceVersion are preconditions).</source>
        <translation>如果它在您查看之后已在集群上被修改，则不会删除任何内容（其 uid 和 resourceVersion 是前提条件）。</translation>
    </message>
    <message>
        <source>Background: delete it now; the cluster then deletes what it owns (kubectl&apos;s default)</source>
        <translation>后台（Background）：立即删除它；集群随后删除它拥有的对象（kubectl 的默认方式）</translation>
    </message>
    <message>
        <source>Foreground: delete what it owns first, then it (it stays visible, being deleted, until then)</source>
        <translation>前台（Foreground）：先删除它拥有的对象，再删除它（在此之前它以“删除中”状态可见）</translation>
    </message>
    <message>
        <source>Orphan: delete only it; what it owns stays, without an owner</source>
        <translation>孤立（Orphan）：只删除它；它拥有的对象保留，不再有属主</translation>
    </message>
    <message>
        <source>What it owns:</source>
        <translation>它拥有的对象：</translation>
    </message>
    <message>
        <source>What it owns (if anything):</source>
        <translation>它拥有的对象（如有）：</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::DrainDialog</name>
    <message>
        <source>Evict — its emptyDir data is lost</source>
        <translation>驱逐 — 其 emptyDir 数据将丢失</translation>
    </message>
    <message>
        <source>Evict — nothing recreates it</source>
        <translation>驱逐 — 不会被重建</translation>
    </message>
    <message>
        <source>Evict — its DaemonSet is gone</source>
        <translation>驱逐 — 其 DaemonSet 已不存在</translation>
    </message>
    <message>
        <source>Evict (already terminating)</source>
        <translation>驱逐（已在终止中）</translation>
    </message>
    <message>
        <source>Evict</source>
        <translation>驱逐</translation>
    </message>
    <message>
        <source>Left: DaemonSet pod</source>
        <translation>保留：DaemonSet 的 Pod</translation>
    </message>
    <message>
        <source>Left: static pod</source>
        <translation>保留：静态 Pod</translation>
    </message>
    <message>
        <source>Needs “Ignore DaemonSet pods”</source>
        <translation>需要勾选“忽略 DaemonSet 的 Pod”</translation>
    </message>
    <message>
        <source>Needs “Delete emptyDir data”</source>
        <translation>需要勾选“删除 emptyDir 数据”</translation>
    </message>
    <message>
        <source>Needs “Force”</source>
        <translation>需要勾选“强制”</translation>
    </message>
    <message>
        <source>The gang loses a member: the whole job fails</source>
        <translation>成组任务失去一个成员：整个任务失败</translation>
    </message>
    <message>
        <source>The gang loses a member: every replica restarts from the last checkpoint</source>
        <translation>成组任务失去一个成员：所有副本从最近的检查点重启</translation>
    </message>
    <message>
        <source>Its pod restarts elsewhere from the last checkpoint</source>
        <translation>其 Pod 在别处从最近的检查点重启</translation>
    </message>
    <message>
        <source>Its only pod goes: the job fails</source>
        <translation>唯一的 Pod 被移除：任务失败</translation>
    </message>
    <message>
        <source>Volcano applies the job&apos;s PodEvicted policy (usually: restart the job)</source>
        <translation>Volcano 执行任务的 PodEvicted 策略（通常为重启任务）</translation>
    </message>
    <message>
        <source>The driver goes: the application fails</source>
        <translation>Driver 被移除：应用失败</translation>
    </message>
    <message>
        <source>Spark reschedules the executor&apos;s tasks</source>
        <translation>Spark 会重新调度该 Executor 的任务</translation>
    </message>
    <message>
        <source>The step fails (retried if its retryStrategy allows)</source>
        <translation>该步骤失败（若 retryStrategy 允许则重试）</translation>
    </message>
    <message>
        <source>Ignore DaemonSet pods (--ignore-daemonsets)</source>
        <translation>忽略 DaemonSet 的 Pod（--ignore-daemonsets）</translation>
    </message>
    <message>
        <source>Delete emptyDir data (--delete-emptydir-data)</source>
        <translation>删除 emptyDir 数据（--delete-emptydir-data）</translation>
    </message>
    <message>
        <source>Force: also pods without a controller (--force)</source>
        <translation>强制：也驱逐没有控制器的 Pod（--force）</translation>
    </message>
    <message>
        <source>Delete instead of evicting: bypass disruption budgets</source>
        <translation>直接删除而不驱逐：绕过中断预算</translation>
    </message>
    <message>
        <source>Training job</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>Replicas here</source>
        <translation>此处副本</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>What happens</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Allowed now</source>
        <translation>当前允许</translation>
    </message>
    <message>
        <source>Healthy / needed</source>
        <translation>健康 / 需要</translation>
    </message>
    <message>
        <source>Pods to evict</source>
        <translation>待驱逐 Pod</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判断</translation>
    </message>
    <message>
        <source>Drain</source>
        <translation>排空</translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Cancel drain</source>
        <translation>取消排空</translation>
    </message>
    <message>
        <source>Undo: uncordon</source>
        <translation>撤销：解除封锁</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message numerus="yes">
        <source>Drain %n node(s) — %1</source>
        <translation>
            <numerusform>排空 %n 个节点 — %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Drain %1 on %2: cordon, then evict their pods through the Eviction API, so that disruption budgets hold.</source>
        <translation>排空 %2 上的 %1：先封锁，再通过 Eviction API 驱逐其上的 Pod，使中断预算（PDB）得到遵守。</translation>
    </message>
    <message numerus="yes">
        <source>Reading the pods on %n node(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个节点上的 Pod…</numerusform>
        </translation>
    </message>
    <message>
        <source>Options (kubectl drain&apos;s defaults)</source>
        <translation>选项（默认与 kubectl drain 相同）</translation>
    </message>
    <message>
        <source>each pod&apos;s own</source>
        <translation>各 Pod 自身的设置</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Grace period:</source>
        <translation>宽限期：</translation>
    </message>
    <message>
        <source>Timeout per node:</source>
        <translation>每个节点的超时：</translation>
    </message>
    <message>
        <source>Nodes at a time:</source>
        <translation>同时排空的节点数：</translation>
    </message>
    <message>
        <source>Training jobs that lose replicas</source>
        <translation>将失去副本的训练任务</translation>
    </message>
    <message>
        <source>Disruption budgets</source>
        <translation>中断预算</translation>
    </message>
    <message>
        <source>Pods, by what owns them</source>
        <translation>Pod（按所属对象分组）</translation>
    </message>
    <message>
        <source>Owner / pod</source>
        <translation>所属对象 / Pod</translation>
    </message>
    <message>
        <source>The server checks the cordon and every eviction and keeps none.</source>
        <translation>由服务器检查封锁和每次驱逐，但不保留任何更改。</translation>
    </message>
    <message>
        <source>No further evictions; the nodes stay cordoned.</source>
        <translation>不再发起驱逐；节点保持封锁。</translation>
    </message>
    <message>
        <source>Cannot read what the drain needs: %1</source>
        <translation>无法读取排空所需的信息：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) to evict</source>
        <translation>
            <numerusform>%n 个 Pod 待驱逐</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of running work at risk</source>
        <translation>
            <numerusform>%n 块 GPU 上运行中的工作受影响</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU 小时</translation>
    </message>
    <message numerus="yes">
        <source>%n training job(s) affected</source>
        <translation>
            <numerusform>%n 个训练任务受影响</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n budget(s) will block</source>
        <translation>
            <numerusform>%n 个预算将阻止驱逐</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 cannot be drained with these options: %2</source>
        <translation>使用当前选项无法排空 %1：%2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Will block: its evictions wait and are retried every 5 s</source>
        <translation>将阻止：驱逐会等待，每 5 秒重试</translation>
    </message>
    <message>
        <source>Allows this drain</source>
        <translation>允许本次排空</translation>
    </message>
    <message>
        <source>Allows nothing: %1</source>
        <translation>不允许任何中断：%1</translation>
    </message>
    <message>
        <source>No controller</source>
        <translation>无控制器</translation>
    </message>
    <message>
        <source>Some pods need a choice first (see above).</source>
        <translation>部分 Pod 需要先做出选择（见上方）。</translation>
    </message>
    <message>
        <source>Writes to %1 are not possible now.</source>
        <translation>目前无法写入 %1。</translation>
    </message>
    <message numerus="yes">
        <source>Dry run of the drain of %n node(s) — %1</source>
        <translation>
            <numerusform>试运行排空 %n 个节点 — %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Draining %n node(s) — %1</source>
        <translation>
            <numerusform>正在排空 %n 个节点 — %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 gone, %2 in progress, %3 blocked by a budget.</source>
        <translation>已移除 %1，进行中 %2，被预算阻止 %3。</translation>
    </message>
    <message>
        <source>The nodes stay cordoned; Undo uncordons them.</source>
        <translation>节点保持封锁；点击撤销可解除封锁。</translation>
    </message>
    <message numerus="yes">
        <source>%n DaemonSet pod(s) — choose “Ignore DaemonSet pods”</source>
        <translation>
            <numerusform>%n 个 DaemonSet 的 Pod — 请勾选“忽略 DaemonSet 的 Pod”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) with emptyDir data — choose “Delete emptyDir data”</source>
        <translation>
            <numerusform>%n 个带 emptyDir 数据的 Pod — 请勾选“删除 emptyDir 数据”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) without a controller — choose “Force”</source>
        <translation>
            <numerusform>%n 个没有控制器的 Pod — 请勾选“强制”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s) whose DaemonSet is gone — choose “Force”</source>
        <translation>
            <numerusform>%n 个所属 DaemonSet 已不存在的 Pod — 请勾选“强制”</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::GpuNodeMetricsPanel</name>
    <message>
        <source>Chart range</source>
        <translation>图表时间范围</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>最近 1 小时</translation>
    </message>
    <message>
        <source>Last 6 hours</source>
        <translation>最近 6 小时</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>最近 24 小时</translation>
    </message>
    <message>
        <source>Chart field</source>
        <translation>图表指标</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>显存已用</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>GPUs of the selected node</source>
        <translation>所选节点的 GPU</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <source>Select a GPU node to see its GPUs&apos; metrics.</source>
        <translation>选择一个 GPU 节点以查看其 GPU 指标。</translation>
    </message>
    <message>
        <source> · sampled %1</source>
        <translation> · 采样于 %1</translation>
    </message>
    <message>
        <source>chart: %1</source>
        <translation>图表：%1</translation>
    </message>
    <message>
        <source>No GPU node selected.</source>
        <translation>未选择 GPU 节点。</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <source>No history: %1</source>
        <translation>无历史数据：%1</translation>
    </message>
    <message>
        <source>Prometheus has no samples of this node in this range.</source>
        <translation>Prometheus 在此时间范围内没有该节点的采样。</translation>
    </message>
    <message>
        <source>Utilization (%)</source>
        <translation>利用率（%）</translation>
    </message>
    <message>
        <source>Memory used (MiB)</source>
        <translation>显存已用（MiB）</translation>
    </message>
    <message>
        <source>Power (W)</source>
        <translation>功耗（W）</translation>
    </message>
    <message>
        <source>Temperature (°C)</source>
        <translation>温度（°C）</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::GpusPane</name>
    <message>
        <source>Filter GPU nodes: name, resource group, GPU type, sharing</source>
        <translation>筛选 GPU 节点：名称、资源组、GPU 型号、共享方式</translation>
    </message>
    <message>
        <source>Refresh topology</source>
        <translation>刷新拓扑</translation>
    </message>
    <message>
        <source>Read the clusters&apos; NodeResourceTopology objects again.</source>
        <translation>重新读取集群的 NodeResourceTopology 对象。</translation>
    </message>
    <message>
        <source>Import topology file…</source>
        <translation>导入拓扑文件…</translation>
    </message>
    <message>
        <source>Keep a saved `nvidia-smi topo -m` output of the selected node on this computer.</source>
        <translation>在本机保存所选节点的 `nvidia-smi topo -m` 输出。</translation>
    </message>
    <message>
        <source>Forget imported file</source>
        <translation>删除导入的文件</translation>
    </message>
    <message>
        <source>Select a GPU node to see its topology.</source>
        <translation>选择一个 GPU 节点以查看其拓扑。</translation>
    </message>
    <message>
        <source>No GPU node selected.</source>
        <translation>未选择 GPU 节点。</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>GPU resources</source>
        <translation>GPU 资源</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Pods holding GPUs</source>
        <translation>占用 GPU 的 Pod</translation>
    </message>
    <message>
        <source>Placement advisor</source>
        <translation>放置建议</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>Show other types and groups</source>
        <translation>显示其他型号和资源组</translation>
    </message>
    <message>
        <source>Rank nodes</source>
        <translation>排序节点</translation>
    </message>
    <message>
        <source>&amp;GPUs:</source>
        <translation>GPU 数(&amp;G)：</translation>
    </message>
    <message>
        <source>GPU &amp;type:</source>
        <translation>GPU 型号(&amp;T)：</translation>
    </message>
    <message>
        <source>Resource &amp;group:</source>
        <translation>资源组(&amp;O)：</translation>
    </message>
    <message>
        <source>CP&amp;U cores:</source>
        <translation>CPU 核数(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Memory:</source>
        <translation>内存(&amp;M)：</translation>
    </message>
    <message>
        <source>Ask for k GPUs: nodes are ranked by the topology score of the GPUs they can give (NVLink pair +100, same NUMA node +50, across NUMA nodes 0), and every verdict says why.</source>
        <translation>输入所需的 GPU 数 k：节点按其可提供的 GPU 的拓扑得分排序（NVLink 互联的每对 +100，同一 NUMA 节点 +50，跨 NUMA 节点 0），每个结论都说明原因。</translation>
    </message>
    <message>
        <source>%1 of %2 GPU nodes</source>
        <translation>%1 / %2 个 GPU 节点</translation>
    </message>
    <message>
        <source>%1 is no longer a GPU node of the clusters shown.</source>
        <translation>%1 已不再是所显示集群中的 GPU 节点。</translation>
    </message>
    <message>
        <source>unknown GPU type</source>
        <translation>未知 GPU 型号</translation>
    </message>
    <message>
        <source>No topology is known for %1: publish it with packaging/gpu-topology (the cubedesk.io/gpu-topology annotation), or import its nvidia-smi topo -m output.</source>
        <translation>尚不知道 %1 的拓扑：请用 packaging/gpu-topology 发布（cubedesk.io/gpu-topology 注解），或导入它的 nvidia-smi topo -m 输出。</translation>
    </message>
    <message>
        <source>Topology from the node annotation cubedesk.io/gpu-topology.</source>
        <translation>拓扑来自节点注解 cubedesk.io/gpu-topology。</translation>
    </message>
    <message>
        <source>Topology from a file imported on this computer.</source>
        <translation>拓扑来自本机导入的文件。</translation>
    </message>
    <message>
        <source>NUMA zones from the node&apos;s NodeResourceTopology object, which reports no links.</source>
        <translation>NUMA 区域来自节点的 NodeResourceTopology 对象，该对象不报告互联链路。</translation>
    </message>
    <message>
        <source>NUMA %1: %2</source>
        <translation>NUMA %1：%2</translation>
    </message>
    <message>
        <source>Free GPUs per NUMA node: %1.</source>
        <translation>各 NUMA 节点的空闲 GPU：%1。</translation>
    </message>
    <message>
        <source>Ignored — %1</source>
        <translation>已忽略——%1</translation>
    </message>
    <message>
        <source>NodeResourceTopology objects could not be read: %1</source>
        <translation>无法读取 NodeResourceTopology 对象：%1</translation>
    </message>
    <message>
        <source>Highlighted: the advisor&apos;s best GPU set %1.</source>
        <translation>高亮显示：放置建议给出的最佳 GPU 组合 %1。</translation>
    </message>
    <message>
        <source>Pods holding GPUs (%1)</source>
        <translation>占用 GPU 的 Pod（%1）</translation>
    </message>
    <message>
        <source>%1 of %2 nodes fit</source>
        <translation>%2 个节点中 %1 个可放置</translation>
    </message>
    <message>
        <source>No GPU node of the clusters shown matches.</source>
        <translation>所显示的集群中没有匹配的 GPU 节点。</translation>
    </message>
    <message>
        <source>Select a GPU node first.</source>
        <translation>请先选择一个 GPU 节点。</translation>
    </message>
    <message>
        <source>Import the nvidia-smi topo -m output of %1</source>
        <translation>导入 %1 的 nvidia-smi topo -m 输出</translation>
    </message>
    <message>
        <source>Text files (*.txt *.log);;All files (*)</source>
        <translation>文本文件 (*.txt *.log);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import topology file</source>
        <translation>导入拓扑文件</translation>
    </message>
    <message>
        <source>Filter GPU nodes</source>
        <translation>过滤 GPU 节点</translation>
    </message>
    <message>
        <source>GPUs by type</source>
        <translation>按类型统计的 GPU</translation>
    </message>
    <message>
        <source>GPU nodes</source>
        <translation>GPU 节点</translation>
    </message>
    <message>
        <source>Pods on the selected GPU node</source>
        <translation>所选 GPU 节点上的 Pod</translation>
    </message>
    <message>
        <source>Placement candidates</source>
        <translation>候选放置位置</translation>
    </message>
    <message>
        <source>The clusters in scope have no GPU nodes.</source>
        <translation>范围内的集群没有 GPU 节点。</translation>
    </message>
    <message>
        <source>A GPU node advertises a GPU resource (nvidia.com/gpu, amd.com/gpu, MIG slices) in its capacity; the cluster&apos;s device plugin sets it.</source>
        <translation>GPU 节点会在其容量中声明 GPU 资源（nvidia.com/gpu、amd.com/gpu、MIG 切片）；由集群的设备插件设置。</translation>
    </message>
    <message>
        <source>Idle and waste</source>
        <translation>闲置与浪费</translation>
    </message>
    <message>
        <source>Prometheus…</source>
        <translation>Prometheus…</translation>
    </message>
    <message>
        <source>Where each cluster&apos;s GPU metrics come from.</source>
        <translation>每个集群的 GPU 指标从哪里读取。</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::HelmReleasesDialog</name>
    <message>
        <source>Computed (with the chart&apos;s defaults)</source>
        <translation>计算后的值（含 Chart 默认值）</translation>
    </message>
    <message>
        <source>Helm releases</source>
        <translation>Helm 发布</translation>
    </message>
    <message>
        <source>Filter by namespace, name or chart</source>
        <translation>按命名空间、名称或 Chart 过滤</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Chart</translation>
    </message>
    <message>
        <source>App version</source>
        <translation>应用版本</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Values</translation>
    </message>
    <message>
        <source>Manifest</source>
        <translation>清单</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明文字</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: Secret %2/%3 is not a release Helm can read: %4</source>
        <translation>%1：Secret %2/%3 不是 Helm 可读取的发布：%4</translation>
    </message>
    <message>
        <source>Reading the release Secrets…</source>
        <translation>正在读取发布 Secret…</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n release(s)</source>
        <translation>
            <numerusform>%1 / %n 个发布</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::IdleGpusPanel</name>
    <message>
        <source>Idle below</source>
        <translation>利用率低于</translation>
    </message>
    <message>
        <source>Idle for at least</source>
        <translation>闲置至少</translation>
    </message>
    <message>
        <source>Filter: resource group, user, namespace, pod, node</source>
        <translation>筛选：资源组、用户、命名空间、Pod、节点</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Read the last day of GPU utilization again.</source>
        <translation>重新读取最近一天的 GPU 利用率。</translation>
    </message>
    <message>
        <source>GPU use per resource group</source>
        <translation>各资源组的 GPU 使用</translation>
    </message>
    <message>
        <source>Pods holding idle GPUs</source>
        <translation>持有闲置 GPU 的 Pod</translation>
    </message>
    <message>
        <source>for at least</source>
        <translation>持续至少</translation>
    </message>
    <message>
        <source>Idle GPUs are read from each cluster&apos;s Prometheus (DCGM utilization) while this tab is shown.</source>
        <translation>显示此标签页时，从每个集群的 Prometheus（DCGM 利用率）读取闲置 GPU。</translation>
    </message>
    <message>
        <source>Filter idle GPUs</source>
        <translation>筛选闲置 GPU</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::JobDetailPanel</name>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Requests per replica</source>
        <translation>每副本请求</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Why pending</source>
        <translation>等待原因</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>最近发生</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <source>This kind cannot be read by CubeDesk.</source>
        <translation>CubeDesk 无法读取此类型。</translation>
    </message>
    <message>
        <source>Could not read the job: %1</source>
        <translation>无法读取任务：%1</translation>
    </message>
    <message>
        <source>Not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>&lt;i&gt;This job is gone.&lt;/i&gt;</source>
        <translation>&lt;i&gt;此任务已不存在。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;Select a job to see its replicas, pods and events.&lt;/i&gt;</source>
        <translation>&lt;i&gt;选择一个任务以查看其副本、Pod 和事件。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; %2/%3 on %4 — &lt;span style=&quot;color:%5&quot;&gt;%6&lt;/span&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; %2/%3（集群 %4）— &lt;span style=&quot;color:%5&quot;&gt;%6&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Printer columns — %1</source>
        <translation>打印列 — %1</translation>
    </message>
    <message>
        <source>Double-click a pod to show its node; right-click or Ctrl+L for its logs.</source>
        <translation>双击 Pod 显示其节点；右键或按 Ctrl+L 查看其日志。</translation>
    </message>
    <message>
        <source>Logs of all pods</source>
        <translation>全部 Pod 的日志</translation>
    </message>
    <message>
        <source>Every replica&apos;s log in one view, interleaved by time, the leader first (Ctrl+Shift+L)</source>
        <translation>所有副本的日志合在一个视图中，按时间交错排列，主副本在前（Ctrl+Shift+L）</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::JobsPane</name>
    <message>
        <source>Filter jobs: name, namespace, kind, phase, pipeline, user, run id (Ctrl+F)</source>
        <translation>筛选任务：名称、命名空间、类型、状态、流水线、用户、运行 ID（Ctrl+F）</translation>
    </message>
    <message>
        <source>All jobs</source>
        <translation>全部任务</translation>
    </message>
    <message>
        <source>Active (pending, running, restarting)</source>
        <translation>活动中（等待、运行、重启）</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>已失败</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>Running past the 2-day timeout</source>
        <translation>运行超过 2 天超时</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation>挂起</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>%1 of %2 jobs</source>
        <translation>%1 / %2 个任务</translation>
    </message>
    <message>
        <source>Select one or more jobs first.</source>
        <translation>请先选择一个或多个任务。</translation>
    </message>
    <message>
        <source>Delete the selected jobs and their pods.</source>
        <translation>删除所选任务及其 Pod。</translation>
    </message>
    <message>
        <source>Set spec.runPolicy.suspend: the operator stops the pods.</source>
        <translation>设置 spec.runPolicy.suspend：operator 会停止其 Pod。</translation>
    </message>
    <message>
        <source>Only running Kubeflow jobs with a runPolicy can be suspended.</source>
        <translation>只有带 runPolicy 且正在运行的 Kubeflow 任务可以挂起。</translation>
    </message>
    <message>
        <source>Clear spec.runPolicy.suspend.</source>
        <translation>清除 spec.runPolicy.suspend。</translation>
    </message>
    <message>
        <source>None of the selected jobs is suspended.</source>
        <translation>所选任务均未挂起。</translation>
    </message>
    <message>
        <source>Delete jobs</source>
        <translation>删除任务</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n job(s)? Their pods are deleted too; this cannot be undone.

%1</source>
        <translation>
            <numerusform>删除 %n 个任务？其 Pod 也会被删除，且无法撤销。

%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter jobs</source>
        <translation>过滤任务</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>The clusters in scope serve no job kinds.</source>
        <translation>范围内的集群未提供任何任务类型。</translation>
    </message>
    <message>
        <source>The Jobs pane lists Kubeflow training jobs, Volcano, Spark and Argo jobs and other CRDs with a lifecycle; none of them is installed in these clusters.</source>
        <translation>“任务”窗格列出 Kubeflow 训练任务、Volcano、Spark 和 Argo 任务以及其他带生命周期的 CRD；这些集群中均未安装。</translation>
    </message>
    <message>
        <source>No jobs to show under “%1”.</source>
        <translation>“%1”下没有可显示的任务。</translation>
    </message>
    <message>
        <source>Choose “%1” in Show to see every job.</source>
        <translation>在“显示”中选择“%1”以查看所有任务。</translation>
    </message>
    <message>
        <source>The clusters in scope have no jobs.</source>
        <translation>范围内的集群没有任务。</translation>
    </message>
    <message>
        <source>Jobs appear here as soon as one is submitted.</source>
        <translation>一旦有任务提交，就会出现在这里。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::LabelEditorDialog</name>
    <message>
        <source>Labels of node %1. Click × to remove, type key=value and Enter to add or change, or use a preset.</source>
        <translation>节点 %1 的标签。点击 × 删除；输入 key=value 并按 Enter 添加或修改；也可使用预设。</translation>
    </message>
    <message numerus="yes">
        <source>Labels of %n selected nodes. Labels that differ between them show as (mixed) and stay as they are unless you edit them.</source>
        <translation>
            <numerusform>所选 %n 个节点的标签。各节点取值不同的标签显示为 (不一致)，除非您修改，否则保持原样。</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit labels</source>
        <translation>编辑标签</translation>
    </message>
    <message>
        <source>Nodes changed meanwhile — review again</source>
        <translation>节点在此期间已发生变化 — 请重新检查</translation>
    </message>
    <message>
        <source>Key: %1</source>
        <translation>键：%1</translation>
    </message>
    <message>
        <source>Value: %1</source>
        <translation>值：%1</translation>
    </message>
    <message>
        <source>Node / label</source>
        <translation>节点 / 标签</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>修改前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>修改后</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <source>Review changes…</source>
        <translation>检查更改…</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>(gone)</source>
        <translation>(已不存在)</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation>(已删除)</translation>
    </message>
    <message numerus="yes">
        <source>Apply to %n node(s)</source>
        <translation>
            <numerusform>应用到 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>blocked: %1</source>
        <translation>已阻止：%1</translation>
    </message>
    <message numerus="yes">
        <source>nothing to change on %n node(s)</source>
        <translation>
            <numerusform>%n 个节点无需更改</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) change</source>
        <translation>
            <numerusform>%n 个节点将更改</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n already as asked</source>
        <translation>
            <numerusform>；%n 个节点已符合</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::LogPanel</name>
    <message>
        <source>Previous run</source>
        <translation>上一次运行</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>跟随</translation>
    </message>
    <message>
        <source>Timestamps</source>
        <translation>时间戳</translation>
    </message>
    <message>
        <source>Wrap</source>
        <translation>自动换行</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>Jump to end</source>
        <translation>跳到末尾</translation>
    </message>
    <message>
        <source>The container whose log is shown</source>
        <translation>显示日志的容器</translation>
    </message>
    <message>
        <source>The log of the container&apos;s previous run (after a restart)</source>
        <translation>容器上一次运行的日志（重启之后）</translation>
    </message>
    <message>
        <source>Search (Enter: next, Shift+Enter: previous)</source>
        <translation>搜索（回车：下一个，Shift+回车：上一个）</translation>
    </message>
    <message>
        <source>Search with a regular expression</source>
        <translation>使用正则表达式搜索</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the selected lines (all lines when none is selected)</source>
        <translation>复制选中的行（未选中时复制全部）</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save the lines shown to a file</source>
        <translation>将显示的行保存到文件</translation>
    </message>
    <message>
        <source>Container:</source>
        <translation>容器：</translation>
    </message>
    <message>
        <source> (init)</source>
        <translation>（初始化）</translation>
    </message>
    <message>
        <source> (ephemeral)</source>
        <translation>（临时）</translation>
    </message>
    <message>
        <source>Cannot read pod %1: %2</source>
        <translation>无法读取 Pod %1：%2</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>连接中</translation>
    </message>
    <message>
        <source>following</source>
        <translation>跟随中</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>读取中</translation>
    </message>
    <message>
        <source>reconnecting (%1): %2</source>
        <translation>重新连接中（%1）：%2</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>已完整</translation>
    </message>
    <message>
        <source>ended: %1</source>
        <translation>已结束：%1</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>%1 lines</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source> · %1 older lines dropped (limit %2 lines)</source>
        <translation> · 已丢弃 %1 行旧日志（上限 %2 行）</translation>
    </message>
    <message numerus="yes">
        <source> · %n match(es)</source>
        <translation>
            <numerusform> · %n 处匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>Save log</source>
        <translation>保存日志</translation>
    </message>
    <message>
        <source>Log files (*.log *.txt)</source>
        <translation>日志文件 (*.log *.txt)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n line(s) to %1</source>
        <translation>
            <numerusform>已将 %n 行保存到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep </source>
        <translation>保留 </translation>
    </message>
    <message>
        <source> k lines</source>
        <translation> 千行</translation>
    </message>
    <message>
        <source>How many lines this view keeps; older lines are dropped and counted</source>
        <translation>此视图保留的行数；更早的行会被丢弃并计数</translation>
    </message>
    <message numerus="yes">
        <source> from %n pod(s)</source>
        <translation>
            <numerusform>，来自 %n 个 Pod</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy the selected log lines</source>
        <translation>复制选中的日志行</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::LogsDock</name>
    <message>
        <source>Logs</source>
        <translation>日志</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::MainWindow</name>
    <message>
        <source>CubeDesk — demo</source>
        <translation>CubeDesk — 演示</translation>
    </message>
    <message>
        <source>CubeDesk</source>
        <translation>CubeDesk</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Resource groups</source>
        <translation>资源组</translation>
    </message>
    <message>
        <source>Quotas</source>
        <translation>配额</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Applying: %1…</source>
        <translation>正在应用：%1…</translation>
    </message>
    <message>
        <source>%1: the move is confirmed by the cluster.</source>
        <translation>%1：集群已确认此次移动。</translation>
    </message>
    <message>
        <source>Kubeconfig problems</source>
        <translation>kubeconfig 问题</translation>
    </message>
    <message>
        <source>Some kubeconfig entries could not be used; the other contexts still work:

%1</source>
        <translation>部分 kubeconfig 条目无法使用；其他上下文仍可正常使用：

%1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Add kubeconfig…</source>
        <translation>添加 kubeconfig(&amp;A)…</translation>
    </message>
    <message>
        <source>Add a kubeconfig file</source>
        <translation>添加 kubeconfig 文件</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Go to… (command palette)</source>
        <translation>转到…（命令面板）</translation>
    </message>
    <message>
        <source>&amp;Reconnect all clusters</source>
        <translation>重新连接所有集群(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Nodes</source>
        <translation>节点(&amp;N)</translation>
    </message>
    <message>
        <source>Edit &amp;labels…</source>
        <translation>编辑标签(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Cordon</source>
        <translation>封锁(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Uncordon</source>
        <translation>解除封锁(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Move to resource group…</source>
        <translation>移动到资源组(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Undo last change</source>
        <translation>撤销上次更改(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About CubeDesk</source>
        <translation>关于 CubeDesk(&amp;A)</translation>
    </message>
    <message>
        <source>Remove kubeconfig</source>
        <translation>移除 kubeconfig</translation>
    </message>
    <message>
        <source>This is the only kubeconfig file; add another one first.</source>
        <translation>这是唯一的 kubeconfig 文件，请先添加另一个。</translation>
    </message>
    <message>
        <source>%1 of %2 clusters live</source>
        <translation>%1 / %2 个集群在线</translation>
    </message>
    <message>
        <source> · read-only</source>
        <translation> · 只读</translation>
    </message>
    <message>
        <source>CubeDesk runs read-only (--read-only): writes are disabled.</source>
        <translation>CubeDesk 以只读模式运行（--read-only）：已禁用写操作。</translation>
    </message>
    <message>
        <source>No cluster connected.</source>
        <translation>未连接任何集群。</translation>
    </message>
    <message>
        <source>Pane: %1</source>
        <translation>面板：%1</translation>
    </message>
    <message>
        <source>Resource group: %1 — %2</source>
        <translation>资源组：%1 — %2</translation>
    </message>
    <message>
        <source>Node: %1 — %2</source>
        <translation>节点：%1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>move %n node(s) to %1</source>
        <translation>
            <numerusform>将 %n 个节点移动到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Edit labels</source>
        <translation>编辑标签</translation>
    </message>
    <message>
        <source>Select one or more nodes in the Nodes pane first.</source>
        <translation>请先在“节点”面板中选择一个或多个节点。</translation>
    </message>
    <message numerus="yes">
        <source>Cordon %n node(s)? New pods will not be scheduled there.</source>
        <translation>
            <numerusform>封锁 %n 个节点？新的 Pod 将不会再调度到这些节点上。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Uncordon %n node(s)?</source>
        <translation>
            <numerusform>解除封锁 %n 个节点？</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 — done on %n node(s).</source>
        <translation>
            <numerusform>%1：%2 — 已在 %n 个节点上完成。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 changed on the cluster since you looked (409 Conflict). Nothing was overwritten. This is the change on their current labels:
%2</source>
        <translation>自您查看之后，%1 已在集群上被修改（409 Conflict）。没有覆盖任何内容。以下是基于其当前标签的变更：
%2</translation>
    </message>
    <message>
        <source>Some changes failed</source>
        <translation>部分更改失败</translation>
    </message>
    <message>
        <source>%1: %2 — %3 of %4 failed. Nothing else was changed.</source>
        <translation>%1：%2 — %4 个中有 %3 个失败。其他内容均未更改。</translation>
    </message>
    <message numerus="yes">
        <source>labels on %n node(s) of %1</source>
        <translation>
            <numerusform>%1 上 %n 个节点的标签</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Filter this pane</source>
        <translation>筛选当前面板(&amp;F)</translation>
    </message>
    <message>
        <source>Job: %1 %2/%3 — %4</source>
        <translation>任务：%1 %2/%3 — %4</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>整体资源</translation>
    </message>
    <message>
        <source>Pending and events</source>
        <translation>待调度与事件</translation>
    </message>
    <message>
        <source>No kubeconfig file is loaded.</source>
        <translation>尚未加载任何 kubeconfig 文件。</translation>
    </message>
    <message>
        <source>The loaded kubeconfig files hold no contexts.</source>
        <translation>已加载的 kubeconfig 文件中没有任何上下文。</translation>
    </message>
    <message>
        <source>No cluster is in scope: check one in the Clusters tree on the left, or add another kubeconfig.</source>
        <translation>当前范围内没有集群：请在左侧“集群”树中勾选一个，或添加另一个 kubeconfig。</translation>
    </message>
    <message>
        <source>Demo clusters</source>
        <translation>演示集群</translation>
    </message>
    <message>
        <source>The demo clusters could not start: %1</source>
        <translation>演示集群无法启动：%1</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Close window</source>
        <translation>关闭窗口(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation>窗口(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;New window</source>
        <translation>新建窗口(&amp;N)</translation>
    </message>
    <message>
        <source>Another window over the same clusters, with its own scope and pane (no second connection).</source>
        <translation>另一个窗口，面向相同的集群，拥有自己的范围和窗格（不建立第二个连接）。</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>%1 › %2</source>
        <translation>%1 › %2</translation>
    </message>
    <message>
        <source>Automatic balancing runs in CubeDesk&apos;s first window.</source>
        <translation>自动均衡在 CubeDesk 的第一个窗口中运行。</translation>
    </message>
    <message>
        <source>&amp;Drain…</source>
        <translation>排空(&amp;D)…</translation>
    </message>
    <message>
        <source>Select the nodes to drain first.</source>
        <translation>请先选择要排空的节点。</translation>
    </message>
    <message>
        <source>Drain</source>
        <translation>排空</translation>
    </message>
    <message>
        <source>Drain nodes of one cluster at a time: the selection spans %1.</source>
        <translation>每次只能排空一个集群的节点：当前选择涉及 %1。</translation>
    </message>
    <message>
        <source>Uncordon</source>
        <translation>解除封锁</translation>
    </message>
    <message>
        <source>Undo of a drain</source>
        <translation>撤销排空</translation>
    </message>
    <message>
        <source>Edit &amp;taints…</source>
        <translation>编辑污点(&amp;T)…</translation>
    </message>
    <message>
        <source>Select the nodes whose taints to edit first.</source>
        <translation>请先选择要编辑污点的节点。</translation>
    </message>
    <message>
        <source>Taints</source>
        <translation>污点</translation>
    </message>
    <message>
        <source>Edit the taints of one cluster&apos;s nodes at a time: the selection spans %1.</source>
        <translation>每次只能编辑一个集群中节点的污点：当前选择涉及 %1。</translation>
    </message>
    <message numerus="yes">
        <source>done on %n node(s)</source>
        <translation>
            <numerusform>已在 %n 个节点上完成</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 failed</source>
        <translation>%2 个中有 %1 个失败</translation>
    </message>
    <message numerus="yes">
        <source>%n terminal(s)</source>
        <translation>
            <numerusform>%n 个终端</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n log view(s)</source>
        <translation>
            <numerusform>%n 个日志视图</numerusform>
        </translation>
    </message>
    <message>
        <source>a drain in progress</source>
        <translation>一个进行中的排空</translation>
    </message>
    <message>
        <source>automatic balancing of %1</source>
        <translation>%1 的自动均衡</translation>
    </message>
    <message>
        <source>the undo of “%1”</source>
        <translation>“%1”的撤销</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>审计</translation>
    </message>
    <message>
        <source>Idle GPUs: %1</source>
        <translation>闲置 GPU：%1</translation>
    </message>
    <message>
        <source>Idle GPUs: no resource group leaves its GPUs idle (%1).</source>
        <translation>闲置 GPU：没有资源组让其 GPU 闲置（%1）。</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>资源</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::MovePreviewDialog</name>
    <message>
        <source>Move nodes to %1</source>
        <translation>将节点移动到 %1</translation>
    </message>
    <message numerus="yes">
        <source>Move %n node(s) on %1 to resource group &lt;i&gt;%2&lt;/i&gt;</source>
        <translation>
            <numerusform>将 %1 上的 %n 个节点移动到资源组 &lt;i&gt;%2&lt;/i&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>From → to</source>
        <translation>从 → 到</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Pods that stay on it</source>
        <translation>留在该节点上的 Pod</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>NotReady</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>cordoned</source>
        <translation>已封锁</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> 等另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>already in %1</source>
        <translation>已在 %1 中</translation>
    </message>
    <message>
        <source>Running pods keep running where they are: Kubernetes does not evict pods when a node&apos;s labels change.</source>
        <translation>运行中的 Pod 会继续留在原节点上运行：节点标签变化时，Kubernetes 不会驱逐 Pod。</translation>
    </message>
    <message>
        <source>Pending pods of %1 that would fit</source>
        <translation>%1 中可被容纳的待调度 Pod</translation>
    </message>
    <message>
        <source>Still pending after the move</source>
        <translation>移动后仍待调度</translation>
    </message>
    <message>
        <source>Resource groups</source>
        <translation>资源组</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Apply: patch org=%1</source>
        <translation>应用：patch org=%1</translation>
    </message>
    <message>
        <source>%1 nodes · CPU %2 / %3 · GPU %4 / %5</source>
        <translation>%1 个节点 · CPU %2 / %3 · GPU %4 / %5</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::NodeDetailPanel</name>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Org</source>
        <translation>资源组</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>最近出现</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <source>Could not read the node: %1</source>
        <translation>无法读取节点：%1</translation>
    </message>
    <message>
        <source>Not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Select a node to see its details</source>
        <translation>选择一个节点以查看详情</translation>
    </message>
    <message>
        <source>%1 is gone from the cluster</source>
        <translation>%1 已不在集群中</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <source>Resource group:</source>
        <translation>资源组：</translation>
    </message>
    <message>
        <source>Roles:</source>
        <translation>角色：</translation>
    </message>
    <message>
        <source>Internal IP:</source>
        <translation>内部 IP：</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>状况</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Resource</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Allocatable</source>
        <translation>可分配</translation>
    </message>
    <message>
        <source>Requested</source>
        <translation>已申请</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Taints</source>
        <translation>污点</translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>注解</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Right-click a pod or press Ctrl+L for its logs.</source>
        <translation>右键 Pod 或按 Ctrl+L 查看其日志。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::NodesPane</name>
    <message>
        <source>Filter nodes: gpu=true,org in (speech,vision) or any text (Ctrl+F)</source>
        <translation>筛选节点：gpu=true,org in (speech,vision) 或任意文本（Ctrl+F）</translation>
    </message>
    <message>
        <source>Edit labels…</source>
        <translation>编辑标签…</translation>
    </message>
    <message>
        <source>Cordon</source>
        <translation>封锁</translation>
    </message>
    <message>
        <source>Uncordon</source>
        <translation>解除封锁</translation>
    </message>
    <message>
        <source>Not a valid label selector: %1</source>
        <translation>不是有效的标签选择器：%1</translation>
    </message>
    <message>
        <source>%1 of %2 nodes</source>
        <translation>%1 / %2 个节点</translation>
    </message>
    <message>
        <source>Filter nodes</source>
        <translation>过滤节点</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>The clusters in scope have no nodes.</source>
        <translation>范围内的集群没有节点。</translation>
    </message>
    <message>
        <source>Nodes appear here as soon as they register with the API server.</source>
        <translation>节点一旦向 API 服务器注册，就会出现在这里。</translation>
    </message>
    <message>
        <source>Drain…</source>
        <translation>排空…</translation>
    </message>
    <message>
        <source>Cordon the selected nodes and evict their pods, after a preview of what it breaks.</source>
        <translation>先预览影响，再封锁所选节点并驱逐其上的 Pod。</translation>
    </message>
    <message>
        <source>Taints…</source>
        <translation>污点…</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::NotificationPanel</name>
    <message>
        <source>Go to</source>
        <translation>转到</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Pending pods, NotReady nodes, failed jobs, GPU faults and moves; also shown as desktop notifications.</source>
        <translation>待调度 Pod、未就绪节点、失败任务、GPU 故障和节点移动；同时以桌面通知显示。</translation>
    </message>
    <message>
        <source>Pending pods, NotReady nodes, failed jobs, GPU faults and moves. No system tray: notifications appear only here.</source>
        <translation>待调度 Pod、未就绪节点、失败任务、GPU 故障和节点移动。没有系统托盘：通知只显示在这里。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::OrgColumnWidget</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not ready</source>
        <translation>
            <numerusform>%n 个未就绪</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU %1 · GPU %2</source>
        <translation>CPU %1 · GPU %2</translation>
    </message>
    <message numerus="yes">
        <source>%n pending pod(s)</source>
        <translation>
            <numerusform>%n 个待调度 Pod</numerusform>
        </translation>
    </message>
    <message>
        <source>no pending pods</source>
        <translation>无待调度 Pod</translation>
    </message>
    <message>
        <source>new column: drop nodes here</source>
        <translation>新列：将节点拖放到此处</translation>
    </message>
    <message>
        <source>Resource group %1: requested / allocatable</source>
        <translation>资源组 %1：已申请 / 可分配</translation>
    </message>
    <message>
        <source>Nodes of resource group %1</source>
        <translation>资源组 %1 的节点</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::OverviewPane</name>
    <message>
        <source>GPUs by type</source>
        <translation>各型号 GPU</translation>
    </message>
    <message>
        <source>No GPUs in scope</source>
        <translation>所选集群中没有 GPU</translation>
    </message>
    <message>
        <source>CPU by resource group (cores)</source>
        <translation>各资源组 CPU（核）</translation>
    </message>
    <message>
        <source>No nodes in scope</source>
        <translation>所选集群中没有节点</translation>
    </message>
    <message>
        <source>Memory by resource group (GiB)</source>
        <translation>各资源组内存（GiB）</translation>
    </message>
    <message>
        <source>GPUs by resource group</source>
        <translation>各资源组 GPU</translation>
    </message>
    <message>
        <source>Filter pods: org=vision, user=alice, gpus&gt;0 or any text (Ctrl+F)</source>
        <translation>筛选 Pod：org=vision、user=alice、gpus&gt;0 或任意文本（Ctrl+F）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Running resources&lt;/b&gt; — pods holding CPU, memory or GPUs</source>
        <translation>&lt;b&gt;运行中资源列表&lt;/b&gt;——占用 CPU、内存或 GPU 的 Pod</translation>
    </message>
    <message>
        <source>Not a valid filter: %1</source>
        <translation>筛选条件无效：%1</translation>
    </message>
    <message>
        <source>%1 of %2 pods</source>
        <translation>%1 / %2 个 Pod</translation>
    </message>
    <message>
        <source>%1 of %2 pods, loading…</source>
        <translation>%1 / %2 个 Pod，加载中…</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>%1 / %2 cores</source>
        <translation>%1 / %2 核</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>%1 / %2 GiB</source>
        <translation>%1 / %2 GiB</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2 卡</translation>
    </message>
    <message>
        <source>(no gpu-type)</source>
        <translation>（无 gpu-type）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2&lt;br&gt;%3 of %4 nodes ready · %5 pods hold resources · %6 pending&lt;br&gt;CPU %7 / %8 cores · memory %9 / %10 GiB · GPUs %11 / %12</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;——%2&lt;br&gt;%4 个节点中 %3 个就绪 · %5 个 Pod 占用资源 · %6 个待调度&lt;br&gt;CPU %7 / %8 核 · 内存 %9 / %10 GiB · GPU %11 / %12 卡</translation>
    </message>
    <message>
        <source>GPUs by type: %1</source>
        <translation>各型号 GPU：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 of %3 GPUs requested, on %n node(s)</source>
        <translation>
            <numerusform>%1：%3 卡中已申请 %2 卡，分布在 %n 个节点上</numerusform>
        </translation>
    </message>
    <message>
        <source>GPU nodes without a gpu-type label</source>
        <translation>没有 gpu-type 标签的 GPU 节点</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n cluster(s)&lt;/b&gt; · %1 of %2 nodes ready · %3 pods hold resources · %4 pending · CPU &lt;b&gt;%5&lt;/b&gt; / %6 cores (%7) · memory &lt;b&gt;%8&lt;/b&gt; / %9 GiB (%10) · GPUs &lt;b&gt;%11&lt;/b&gt; / %12 (%13)</source>
        <translation>
            <numerusform>&lt;b&gt;%n 个集群&lt;/b&gt; · %2 个节点中 %1 个就绪 · %3 个 Pod 占用资源 · %4 个待调度 · CPU &lt;b&gt;%5&lt;/b&gt; / %6 核（%7）· 内存 &lt;b&gt;%8&lt;/b&gt; / %9 GiB（%10）· GPU &lt;b&gt;%11&lt;/b&gt; / %12 卡（%13）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 nodes ready
%3 pods · %4 pending</source>
        <translation>%2 个节点中 %1 个就绪
%3 个 Pod · %4 个待调度</translation>
    </message>
    <message>
        <source>Filter running pods</source>
        <translation>过滤运行中的 Pod</translation>
    </message>
    <message>
        <source>Running pods</source>
        <translation>运行中的 Pod</translation>
    </message>
    <message>
        <source>%1 cores</source>
        <translation>%1 核</translation>
    </message>
    <message>
        <source>%1 GPUs busy</source>
        <translation>%1 张 GPU 忙</translation>
    </message>
    <message>
        <source>in use: %1</source>
        <translation>使用中：%1</translation>
    </message>
    <message>
        <source>CPU %1 cores</source>
        <translation>CPU %1 核</translation>
    </message>
    <message>
        <source>memory %1 GiB</source>
        <translation>内存 %1 GiB</translation>
    </message>
    <message>
        <source>GPUs %1 busy of %2 reporting</source>
        <translation>GPU：上报的 %2 张中 %1 张忙</translation>
    </message>
    <message>
        <source>In use now: %1</source>
        <translation>当前使用：%1</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::PendingPane</name>
    <message>
        <source>All events</source>
        <translation>全部事件</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Filter events: reason=FailedScheduling, kind=Node, object=Pod/name or any text</source>
        <translation>筛选事件：reason=FailedScheduling、kind=Node、object=Pod/名称 或任意文本</translation>
    </message>
    <message>
        <source>&lt;b&gt;Events&lt;/b&gt;</source>
        <translation>&lt;b&gt;事件&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Not a valid filter: %1</source>
        <translation>筛选条件无效：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pending longer than 5 minutes&lt;/b&gt; — none: every pod was scheduled within 5 minutes</source>
        <translation>&lt;b&gt;待调度超过 5 分钟&lt;/b&gt;——无：所有 Pod 都在 5 分钟内完成调度</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Pending longer than 5 minutes&lt;/b&gt; — %n pod(s), by cluster and resource group, with the scheduler&apos;s reason</source>
        <translation>
            <numerusform>&lt;b&gt;待调度超过 5 分钟&lt;/b&gt;——%n 个 Pod，按集群和资源组分组，附调度器给出的原因</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 events</source>
        <translation>%1 / %2 条事件</translation>
    </message>
    <message>
        <source>Pods pending longer than 5 minutes</source>
        <translation>等待超过 5 分钟的 Pod</translation>
    </message>
    <message>
        <source>Filter events</source>
        <translation>过滤事件</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Nothing is pending.</source>
        <translation>没有等待中的 Pod。</translation>
    </message>
    <message>
        <source>Every pod in the clusters in scope was scheduled within 5 minutes.</source>
        <translation>范围内集群的每个 Pod 都在 5 分钟内完成了调度。</translation>
    </message>
    <message>
        <source>No events in the clusters in scope.</source>
        <translation>范围内的集群没有事件。</translation>
    </message>
    <message>
        <source>The API server keeps events for an hour by default; new ones appear here as they happen.</source>
        <translation>API 服务器默认保留事件一小时；新事件发生时会出现在这里。</translation>
    </message>
    <message>
        <source>No events to show under “%1”.</source>
        <translation>“%1”下没有可显示的事件。</translation>
    </message>
    <message>
        <source>Choose “%1” to see every event.</source>
        <translation>选择“%1”以查看所有事件。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::PodActionMenu</name>
    <message>
        <source>Show logs</source>
        <translation>查看日志</translation>
    </message>
    <message>
        <source>Open terminal</source>
        <translation>打开终端</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::PreferencesDialog</name>
    <message>
        <source>Use the desktop&apos;s font</source>
        <translation>使用桌面的字体</translation>
    </message>
    <message>
        <source>Ask before closing a connected terminal</source>
        <translation>关闭已连接的终端前询问</translation>
    </message>
    <message>
        <source>Show notifications on the desktop too (system tray)</source>
        <translation>同时在桌面上显示通知（系统托盘）</translation>
    </message>
    <message>
        <source>Show timestamps</source>
        <translation>显示时间戳</translation>
    </message>
    <message>
        <source>Wrap long lines</source>
        <translation>长行自动换行</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>The desktop&apos;s language</source>
        <translation>桌面的语言</translation>
    </message>
    <message>
        <source>Follow the desktop</source>
        <translation>跟随桌面</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> 磅</translation>
    </message>
    <message>
        <source>Comfortable</source>
        <translation>舒适</translation>
    </message>
    <message>
        <source>Compact</source>
        <translation>紧凑</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source> thousand lines</source>
        <translation> 千行</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Font:</source>
        <translation>字体(&amp;F)：</translation>
    </message>
    <message>
        <source>Font &amp;size:</source>
        <translation>字号(&amp;S)：</translation>
    </message>
    <message>
        <source>Table &amp;density:</source>
        <translation>表格密度(&amp;D)：</translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation>行为</translation>
    </message>
    <message>
        <source>&amp;Overview refreshes every:</source>
        <translation>“整体资源”刷新间隔(&amp;O)：</translation>
    </message>
    <message>
        <source>Logs and terminal</source>
        <translation>日志和终端</translation>
    </message>
    <message>
        <source>&amp;Keep in a log panel:</source>
        <translation>日志面板保留(&amp;K)：</translation>
    </message>
    <message>
        <source>Terminal &amp;command:</source>
        <translation>终端命令(&amp;C)：</translation>
    </message>
    <message>
        <source>Terminal f&amp;ont:</source>
        <translation>终端字体(&amp;O)：</translation>
    </message>
    <message>
        <source>Terminal font si&amp;ze:</source>
        <translation>终端字号(&amp;Z)：</translation>
    </message>
    <message>
        <source>Settings file: %1</source>
        <translation>设置文件：%1</translation>
    </message>
    <message>
        <source>The windows reopen in a new language at once, with their layouts; you are asked first when that would close terminals, log views or a drain.</source>
        <translation>更换语言后，窗口会立即以新语言重新打开并保留布局；若这会关闭终端、日志视图或排空操作，会先询问你。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::PrometheusDialog</name>
    <message>
        <source>Prometheus for GPU metrics</source>
        <translation>GPU 指标的 Prometheus</translation>
    </message>
    <message>
        <source>CubeDesk reads DCGM GPU metrics from each cluster&apos;s Prometheus. Leave a field empty to look for the well-known installs (monitoring/prometheus-k8s:9090, prometheus-operated, the Helm charts&apos; services), or name a service as namespace/name:port — asked through the API server with your kubeconfig&apos;s credentials, which needs get on services/proxy — or an http(s) URL, asked directly and without the cluster&apos;s credentials.</source>
        <translation>CubeDesk 从每个集群的 Prometheus 读取 DCGM GPU 指标。留空则查找常见的安装（monitoring/prometheus-k8s:9090、prometheus-operated、Helm chart 的服务）；也可以填写服务 namespace/name:port——通过 API server 以 kubeconfig 的凭据访问，需要 services/proxy 的 get 权限——或者填写 http(s) URL，直接访问，不携带集群凭据。</translation>
    </message>
    <message>
        <source>look for it</source>
        <translation>自动查找</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is neither namespace/name:port nor an http(s) URL.</source>
        <translation>%1：“%2”既不是 namespace/name:port，也不是 http(s) URL。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::QuotaEditDialog</name>
    <message>
        <source>Edit quota %1/%2 on %3</source>
        <translation>编辑配额 %1/%2（集群 %3）</translation>
    </message>
    <message>
        <source>Resource</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>已用</translation>
    </message>
    <message>
        <source>Type a resource name here to add it</source>
        <translation>在此输入资源名称以添加</translation>
    </message>
    <message>
        <source>Clear a hard value to remove the resource from the quota.</source>
        <translation>清空上限值即可从配额中移除该资源。</translation>
    </message>
    <message>
        <source>Change to apply:</source>
        <translation>将要应用的修改：</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a quantity (examples: 500m, 4, 16Gi, 1.5)</source>
        <translation>%1：“%2”不是有效的数量（例如 500m、4、16Gi、1.5）</translation>
    </message>
    <message>
        <source>new resource</source>
        <translation>新资源</translation>
    </message>
    <message>
        <source>a value without a resource name</source>
        <translation>有数值但没有资源名称</translation>
    </message>
    <message>
        <source>(no change)</source>
        <translation>（无修改）</translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation>正在应用…</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::QuotasPane</name>
    <message>
        <source>Filter: namespace, name, resource (Ctrl+F)</source>
        <translation>筛选：命名空间、名称、资源（Ctrl+F）</translation>
    </message>
    <message>
        <source>Everything</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Edit hard values…</source>
        <translation>编辑上限…</translation>
    </message>
    <message>
        <source>%1 of %2 lines</source>
        <translation>%1 / %2 行</translation>
    </message>
    <message>
        <source>Change this quota&apos;s hard values.</source>
        <translation>修改此配额的上限值。</translation>
    </message>
    <message>
        <source>Select a resource-quota line first.</source>
        <translation>请先选择一行资源配额。</translation>
    </message>
    <message>
        <source>Filter quotas</source>
        <translation>过滤配额</translation>
    </message>
    <message>
        <source>Quotas</source>
        <translation>配额</translation>
    </message>
    <message>
        <source>The clusters in scope have no quotas.</source>
        <translation>范围内的集群没有配额。</translation>
    </message>
    <message>
        <source>Lines appear for every ResourceQuota, LimitRange, Volcano queue and resource group; none is defined in these clusters.</source>
        <translation>每个 ResourceQuota、LimitRange、Volcano 队列和资源组各占一行；这些集群中均未定义。</translation>
    </message>
    <message>
        <source>No quotas to show under “%1”.</source>
        <translation>“%1”下没有可显示的配额。</translation>
    </message>
    <message>
        <source>Choose “%1” to see every line.</source>
        <translation>选择“%1”以查看所有行。</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ResourceActionMenu</name>
    <message>
        <source>Edit YAML…</source>
        <translation>编辑 YAML…</translation>
    </message>
    <message>
        <source>Scale…</source>
        <translation>扩缩…</translation>
    </message>
    <message>
        <source>Restart (rollout)</source>
        <translation>重启（滚动）</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Suspend</source>
        <translation>挂起</translation>
    </message>
    <message>
        <source>Run now</source>
        <translation>立即运行</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Not allowed</source>
        <translation>不允许</translation>
    </message>
    <message>
        <source>%1 on %2 was not sent.
%3</source>
        <translation>对 %2 的 %1 未发送。
%3</translation>
    </message>
    <message>
        <source>Scale %1</source>
        <translation>扩缩 %1</translation>
    </message>
    <message>
        <source>Replicas of %1 on %2 (now %3):</source>
        <translation>%2 上 %1 的副本数（当前 %3）：</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Restart %1</source>
        <translation>重启 %1</translation>
    </message>
    <message>
        <source>Restart %1 on %2? Its pods are replaced as its rollout strategy says (kubectl rollout restart).</source>
        <translation>重启 %2 上的 %1？其 Pod 将按滚动策略被替换（kubectl rollout restart）。</translation>
    </message>
    <message>
        <source>Run %1 now</source>
        <translation>立即运行 %1</translation>
    </message>
    <message>
        <source>Start a Job from %1 on %2 now, outside its schedule?</source>
        <translation>现在就在 %2 上从 %1 启动一个 Job（不按其计划）？</translation>
    </message>
    <message>
        <source>Edit DNS hosts and forwarders…</source>
        <translation>编辑 DNS 主机与转发…</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ResourceBrowserPane</name>
    <message>
        <source>Wide</source>
        <translation>宽列</translation>
    </message>
    <message>
        <source>Find a type</source>
        <translation>查找类型</translation>
    </message>
    <message>
        <source>Resource types</source>
        <translation>资源类型</translation>
    </message>
    <message>
        <source>All namespaces</source>
        <translation>所有命名空间</translation>
    </message>
    <message>
        <source>Only this namespace (asked of the servers); empty: all</source>
        <translation>仅此命名空间（由服务器筛选）；留空：全部</translation>
    </message>
    <message>
        <source>Label selector, e.g. app=web,tier!=cache</source>
        <translation>标签选择器，例如 app=web,tier!=cache</translation>
    </message>
    <message>
        <source>Filter rows</source>
        <translation>筛选行</translation>
    </message>
    <message>
        <source>Show the columns kubectl shows with -o wide</source>
        <translation>显示 kubectl -o wide 才显示的列</translation>
    </message>
    <message>
        <source>Namespace:</source>
        <translation>命名空间：</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Not watching: the pane was hidden.</source>
        <translation>未在监视：面板已隐藏。</translation>
    </message>
    <message>
        <source>Choose a resource type</source>
        <translation>请选择资源类型</translation>
    </message>
    <message>
        <source>Every type the clusters serve is listed on the left.</source>
        <translation>左侧列出了集群提供的所有类型。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation>
            <numerusform>%n 个对象</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n object(s)</source>
        <translation>
            <numerusform>%n 个对象中的 %1 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>live on %n cluster(s)</source>
        <translation>
            <numerusform>%n 个集群实时</numerusform>
        </translation>
    </message>
    <message>
        <source>listing (%1 of %2 clusters live)</source>
        <translation>正在列出（%2 个集群中 %1 个实时）</translation>
    </message>
    <message>
        <source>Listing…</source>
        <translation>正在列出…</translation>
    </message>
    <message>
        <source>The clusters are sending their objects.</source>
        <translation>集群正在发送对象。</translation>
    </message>
    <message>
        <source>No object matches the filter</source>
        <translation>没有对象符合筛选条件</translation>
    </message>
    <message>
        <source>Clear the filter to see all.</source>
        <translation>清除筛选即可查看全部。</translation>
    </message>
    <message>
        <source>No objects</source>
        <translation>没有对象</translation>
    </message>
    <message>
        <source>None of the clusters in scope has one.</source>
        <translation>范围内的集群都没有此类对象。</translation>
    </message>
    <message>
        <source>Try all namespaces.</source>
        <translation>试试所有命名空间。</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Label selector</source>
        <translation>标签选择器</translation>
    </message>
    <message>
        <source>Create from YAML…</source>
        <translation>从 YAML 创建…</translation>
    </message>
    <message>
        <source>Write new objects as YAML, dry-run them, then create them</source>
        <translation>以 YAML 编写新对象，先试运行，再创建</translation>
    </message>
    <message>
        <source>Helm releases…</source>
        <translation>Helm 发布…</translation>
    </message>
    <message>
        <source>The Helm releases of the clusters in scope (read-only)</source>
        <translation>范围内各集群的 Helm 发布（只读）</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ResourceDetailPanel</name>
    <message>
        <source>Last seen</source>
        <translation>最后出现</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Relation</source>
        <translation>关系</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Related</source>
        <translation>关联对象</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Show logs</source>
        <translation>查看日志</translation>
    </message>
    <message>
        <source>Go to node %1</source>
        <translation>转到节点 %1</translation>
    </message>
    <message>
        <source>Select an object to see its YAML, events and related objects.</source>
        <translation>选择一个对象以查看其 YAML、事件和关联对象。</translation>
    </message>
    <message>
        <source>%1 %2 on %3</source>
        <translation>%3 上的 %1 %2</translation>
    </message>
    <message>
        <source>%1 %2/%3 on %4</source>
        <translation>%4 上的 %1 %2/%3</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Could not read the object: %1</source>
        <translation>无法读取该对象：%1</translation>
    </message>
    <message>
        <source>Events (%1)</source>
        <translation>事件（%1）</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>属主</translation>
    </message>
    <message>
        <source>Owns</source>
        <translation>拥有</translation>
    </message>
    <message>
        <source>%1, %2/%3 ready, on %4</source>
        <translation>%1，%2/%3 就绪，位于 %4</translation>
    </message>
    <message>
        <source>no node</source>
        <translation>无节点</translation>
    </message>
    <message>
        <source>Related (%1)</source>
        <translation>关联对象（%1）</translation>
    </message>
    <message>
        <source>Reveal a value</source>
        <translation>显示一个值</translation>
    </message>
    <message>
        <source>Show one of the Secret&apos;s values in clear (it is never logged or saved)</source>
        <translation>以明文显示 Secret 的一个值（绝不会写入日志或保存）</translation>
    </message>
    <message>
        <source>Hide all values</source>
        <translation>隐藏所有值</translation>
    </message>
    <message>
        <source>Scheduler policy</source>
        <translation>调度策略</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Scheduler policy (%1)</source>
        <translation>调度策略（%1）</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Filter: keys, action or pane</source>
        <translation>过滤：按键、操作或窗格</translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation>过滤快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>终端</translation>
    </message>
    <message>
        <source>Copy the selection</source>
        <translation>复制所选内容</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>Scroll back a page</source>
        <translation>向上翻一页</translation>
    </message>
    <message>
        <source>Scroll forward a page</source>
        <translation>向下翻一页</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::TaintEditorDialog</name>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message numerus="yes">
        <source>Taints of %n node(s) — %1</source>
        <translation>
            <numerusform>%n 个节点的污点 — %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>效果</translation>
    </message>
    <message>
        <source>On</source>
        <translation>所在节点</translation>
    </message>
    <message numerus="yes">
        <source>all %n node(s)</source>
        <translation>
            <numerusform>全部 %n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Taints now</source>
        <translation>当前污点</translation>
    </message>
    <message>
        <source>Remove selected</source>
        <translation>移除所选</translation>
    </message>
    <message>
        <source>Add or change a taint</source>
        <translation>添加或修改污点</translation>
    </message>
    <message>
        <source>value (optional)</source>
        <translation>值（可选）</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>键：</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>值：</translation>
    </message>
    <message>
        <source>Effect:</source>
        <translation>效果：</translation>
    </message>
    <message>
        <source>Changes (double-click to drop one)</source>
        <translation>更改（双击可撤回一项）</translation>
    </message>
    <message>
        <source>What changes, node by node:</source>
        <translation>逐个节点的变化：</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>设置 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Nothing changes on %1.</source>
        <translation>%1 上没有变化。</translation>
    </message>
    <message>
        <source>%1 set</source>
        <translation>设置 %1</translation>
    </message>
    <message>
        <source>%1 removed</source>
        <translation>移除 %1</translation>
    </message>
    <message numerus="yes">
        <source>taints %1 on %n node(s)</source>
        <translation>
            <numerusform>%n 个节点上的污点：%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::TerminalDock</name>
    <message>
        <source>Terminals</source>
        <translation>终端</translation>
    </message>
    <message>
        <source>%1 (ended)</source>
        <translation>%1（已结束）</translation>
    </message>
    <message>
        <source>Close terminal</source>
        <translation>关闭终端</translation>
    </message>
    <message>
        <source>%1 is still running. Close the terminal and end it?</source>
        <translation>%1 仍在运行。关闭终端并结束它吗？</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::TerminalPanel</name>
    <message>
        <source>Reconnect</source>
        <translation>重新连接</translation>
    </message>
    <message>
        <source>The container to run the command in</source>
        <translation>运行命令的容器</translation>
    </message>
    <message>
        <source>The command to run: sh, bash, or any command line</source>
        <translation>要运行的命令：sh、bash 或任意命令行</translation>
    </message>
    <message>
        <source>Start the command again (Enter in an ended terminal)</source>
        <translation>重新运行命令（在已结束的终端中按回车）</translation>
    </message>
    <message>
        <source>Font…</source>
        <translation>字体…</translation>
    </message>
    <message>
        <source>The terminal&apos;s font (monospace)</source>
        <translation>终端字体（等宽）</translation>
    </message>
    <message>
        <source>Container:</source>
        <translation>容器：</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Reading the pod&apos;s containers…</source>
        <translation>正在读取 Pod 的容器…</translation>
    </message>
    <message>
        <source>Cannot read the pod: %1</source>
        <translation>无法读取 Pod：%1</translation>
    </message>
    <message>
        <source>Type a command to run.</source>
        <translation>请输入要运行的命令。</translation>
    </message>
    <message>
        <source>The pod has no container.</source>
        <translation>该 Pod 没有容器。</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>Terminal font</source>
        <translation>终端字体</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::WelcomePage</name>
    <message>
        <source>Try the demo clusters</source>
        <translation>试用演示集群</translation>
    </message>
    <message>
        <source>Welcome to CubeDesk</source>
        <translation>欢迎使用 CubeDesk</translation>
    </message>
    <message>
        <source>CubeDesk is one fast window over all your GPU and machine-learning Kubernetes clusters: nodes and resource groups, training jobs, quotas, GPUs, logs and terminals. It reads the clusters of your kubeconfig files and keeps them live.</source>
        <translation>CubeDesk 用一个快速的窗口管理您所有的 GPU 与机器学习 Kubernetes 集群：节点与资源组、训练任务、配额、GPU、日志和终端。它读取您 kubeconfig 文件中的集群，并保持实时更新。</translation>
    </message>
    <message>
        <source>Add kubeconfig…</source>
        <translation>添加 kubeconfig…</translation>
    </message>
    <message>
        <source>Two simulated clusters inside CubeDesk, with GPU nodes, training jobs and live changes. Nothing leaves this computer.</source>
        <translation>CubeDesk 内置的两个模拟集群，包含 GPU 节点、训练任务和实时变化。任何数据都不会离开本机。</translation>
    </message>
    <message>
        <source>Or drop a kubeconfig file on this window.</source>
        <translation>或将 kubeconfig 文件拖放到此窗口。</translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation>使用 %1</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::WindowSet</name>
    <message>
        <source>Change the language</source>
        <translation>切换语言</translation>
    </message>
    <message>
        <source>CubeDesk reopens its windows in the new language. That ends: %1.</source>
        <translation>CubeDesk 将以新语言重新打开窗口，这会结束：%1。</translation>
    </message>
    <message>
        <source>Reopen now</source>
        <translation>立即重新打开</translation>
    </message>
    <message>
        <source>At the next start</source>
        <translation>下次启动时</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::WriteAuditView</name>
    <message>
        <source>Audit of cluster writes</source>
        <translation>集群写操作审计</translation>
    </message>
</context>
<context>
    <name>cubedesk::ui::YamlEditorDialog</name>
    <message>
        <source>Rebase my edit on theirs</source>
        <translation>将我的修改变基到对方版本</translation>
    </message>
    <message>
        <source>Start again from theirs</source>
        <translation>从对方版本重新开始</translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>试运行</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Create from YAML on %1</source>
        <translation>在 %1 上从 YAML 创建</translation>
    </message>
    <message>
        <source>Edit %1 on %2</source>
        <translation>编辑 %2 上的 %1</translation>
    </message>
    <message>
        <source>New objects on &lt;b&gt;%1&lt;/b&gt; — one or more YAML documents, separated by &lt;code&gt;---&lt;/code&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 上的新对象 —— 一个或多个 YAML 文档，以 &lt;code&gt;---&lt;/code&gt; 分隔</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%2&lt;/b&gt; 上的 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>No changes yet.</source>
        <translation>尚无修改。</translation>
    </message>
    <message>
        <source>Run a dry run: the server validates the objects and shows them as it would store them.</source>
        <translation>请试运行：服务器会校验这些对象，并按其将要存储的样子显示。</translation>
    </message>
    <message>
        <source>Run a dry run: the server applies your edit without storing it, and what would change — defaults and admission changes included — shows here.</source>
        <translation>请试运行：服务器应用您的修改但不存储，将发生的变化（包括默认值和准入控制的修改）显示在这里。</translation>
    </message>
    <message>
        <source>The object changed on the cluster after you opened it. Nothing was overwritten. Rebase applies your changes to the server&apos;s version; overlapping changes must be made by hand.</source>
        <translation>您打开之后，该对象已在集群上被修改。没有覆盖任何内容。变基会把您的修改应用到服务器的版本上；重叠的修改需要手工处理。</translation>
    </message>
    <message>
        <source>You started from</source>
        <translation>您开始时的版本</translation>
    </message>
    <message>
        <source>The server has now</source>
        <translation>服务器当前的版本</translation>
    </message>
    <message>
        <source>Yours</source>
        <translation>您的版本</translation>
    </message>
    <message>
        <source>Drop your edit and edit the server&apos;s version (yours stays in the right column to copy from)</source>
        <translation>放弃您的修改，改为编辑服务器的版本（您的版本保留在右栏，可从中复制）</translation>
    </message>
    <message>
        <source>Your changes</source>
        <translation>您的修改</translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Send the edit with dryRun=All: validated and admitted by the server, not stored</source>
        <translation>以 dryRun=All 发送修改：由服务器校验和准入，但不存储</translation>
    </message>
    <message>
        <source>Create the objects, in order</source>
        <translation>按顺序创建这些对象</translation>
    </message>
    <message>
        <source>Replace the object, if nobody changed it since you opened it (its resourceVersion)</source>
        <translation>替换该对象（前提是您打开之后无人修改过它：其 resourceVersion）</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>Dry run…</source>
        <translation>正在试运行…</translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation>正在应用…</translation>
    </message>
    <message>
        <source>Your changes and theirs touch the same lines: edit the text by hand (theirs is in the middle column), then dry-run again.</source>
        <translation>您的修改与对方的修改涉及相同的行：请手工编辑文本（对方版本在中间一栏），然后重新试运行。</translation>
    </message>
    <message>
        <source>Rebased on the server&apos;s version: dry-run it again before applying.</source>
        <translation>已变基到服务器的版本：应用前请再次试运行。</translation>
    </message>
    <message>
        <source>Editing the server&apos;s version; your edit is in the Conflict tab.</source>
        <translation>正在编辑服务器的版本；您的修改在“冲突”页中。</translation>
    </message>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation>第 %1 行，第 %2 列：%3</translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message numerus="yes">
        <source>Valid YAML: %n object(s)</source>
        <translation>
            <numerusform>YAML 有效：%n 个对象</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::DiffView</name>
    <message>
        <source>No changes</source>
        <translation>无修改</translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::GpuTopologyMatrix</name>
    <message numerus="yes">
        <source>NVLink, %n bonded link(s)</source>
        <translation>
            <numerusform>NVLink，%n 条绑定链路</numerusform>
        </translation>
    </message>
    <message>
        <source>PCIe, at most one bridge (PIX)</source>
        <translation>PCIe，最多经过一个桥（PIX）</translation>
    </message>
    <message>
        <source>PCIe, several bridges, not through the CPU (PXB)</source>
        <translation>PCIe，经过多个桥，不经过 CPU（PXB）</translation>
    </message>
    <message>
        <source>PCIe through the host bridge (PHB)</source>
        <translation>PCIe，经过主桥（PHB）</translation>
    </message>
    <message>
        <source>PCIe between host bridges of one NUMA node (NODE)</source>
        <translation>PCIe，经过同一 NUMA 节点内主桥之间的互联（NODE）</translation>
    </message>
    <message>
        <source>PCIe and the CPU interconnect between NUMA nodes (SYS)</source>
        <translation>PCIe 加 NUMA 节点之间的 CPU 互联（SYS）</translation>
    </message>
    <message>
        <source>the device itself</source>
        <translation>设备本身</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>No topology is known for this node.</source>
        <translation>尚不知道此节点的拓扑。</translation>
    </message>
    <message>
        <source>CPU affinity</source>
        <translation>CPU 亲和性</translation>
    </message>
    <message>
        <source>NUMA</source>
        <translation>NUMA</translation>
    </message>
    <message>
        <source>GPU NUMA ID</source>
        <translation>GPU NUMA ID</translation>
    </message>
    <message>
        <source>NVLink (NV#)</source>
        <translation>NVLink（NV#）</translation>
    </message>
    <message>
        <source>PCIe switch (PIX, PXB)</source>
        <translation>PCIe 交换（PIX、PXB）</translation>
    </message>
    <message>
        <source>Through the CPU (PHB, NODE)</source>
        <translation>经过 CPU（PHB、NODE）</translation>
    </message>
    <message>
        <source>Across NUMA nodes (SYS)</source>
        <translation>跨 NUMA 节点（SYS）</translation>
    </message>
    <message>
        <source>Not reported (NodeResourceTopology)</source>
        <translation>未报告（NodeResourceTopology）</translation>
    </message>
    <message>
        <source>NVLink island</source>
        <translation>NVLink 岛</translation>
    </message>
    <message>
        <source>%1: %2 % utilization now (DCGM)</source>
        <translation>%1：当前利用率 %2 %（DCGM）</translation>
    </message>
    <message>
        <source>Diagonal: GPU utilization now (darker is busier)</source>
        <translation>对角线：GPU 当前利用率（越深越忙）</translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::LabelChip</name>
    <message>
        <source>Click to change the value of %1</source>
        <translation>点击修改 %1 的值</translation>
    </message>
    <message>
        <source>Remove the label %1</source>
        <translation>删除标签 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>删除 %1</translation>
    </message>
    <message>
        <source>%1=(mixed)</source>
        <comment>label whose value differs between the selected nodes</comment>
        <translation>%1=(不一致)</translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::LabelChipsEditor</name>
    <message>
        <source>No labels</source>
        <translation>无标签</translation>
    </message>
    <message>
        <source>key=value, Enter to add or change</source>
        <translation>key=value，按 Enter 添加或修改</translation>
    </message>
    <message>
        <source>New label</source>
        <translation>新标签</translation>
    </message>
    <message>
        <source>Presets:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>The label key is empty: write it as key=value.</source>
        <translation>标签键为空：请按 key=value 格式填写。</translation>
    </message>
    <message>
        <source>Write the label as key=value (the value may be empty).</source>
        <translation>请按 key=value 格式填写标签（值可以为空）。</translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::NodeCardDelegate</name>
    <message>
        <source>NotReady</source>
        <comment>node condition</comment>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>cordoned</source>
        <comment>node is unschedulable</comment>
        <translation>已封锁</translation>
    </message>
    <message>
        <source>share=false</source>
        <comment>node label that keeps it out of balancing</comment>
        <translation>share=false</translation>
    </message>
    <message>
        <source>moving…</source>
        <comment>node move awaiting confirmation</comment>
        <translation>移动中…</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>GPU type: %1</source>
        <translation>GPU 型号：%1</translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation>GPU：%1</translation>
    </message>
    <message>
        <source>CPU: %1</source>
        <translation>CPU：%1</translation>
    </message>
    <message>
        <source>share=false: kept out of balancing</source>
        <translation>share=false：不参与算力均衡</translation>
    </message>
    <message>
        <source>Moving: waiting for the cluster to confirm</source>
        <translation>移动中：等待集群确认</translation>
    </message>
    <message>
        <source>proposed</source>
        <comment>a node move the balancing advisor suggests</comment>
        <translation>建议</translation>
    </message>
</context>
<context>
    <name>cubedesk::widgets::OverviewBarChart</name>
    <message>
        <source>Requested</source>
        <translation>已申请</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>≥80%</source>
        <translation>≥80%</translation>
    </message>
    <message>
        <source>≥95%</source>
        <translation>≥95%</translation>
    </message>
    <message>
        <source>%1 in use</source>
        <translation>使用 %1</translation>
    </message>
</context>
</TS>
