<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
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
        <source>This pane is not part of this version of CubeDesk yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training jobs</source>
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
        <source>No kubeconfig contexts found. Add a kubeconfig file with File → Add kubeconfig… or drop one on the window.</source>
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
        <source>&amp;Filter nodes</source>
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
        <source>About CubeDesk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;CubeDesk %1&lt;/b&gt;&lt;p&gt;One fast window over all your GPU and machine-learning Kubernetes clusters.&lt;/p&gt;</source>
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
</context>
</TS>
