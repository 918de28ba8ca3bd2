import { StatusPanel } from "../../components/status-panel.tsx";

export type NotAvailableProps = {
  /** What the page will be, e.g. "Blogs". */
  feature: string;
  /** The route pattern, shown as the panel address. */
  path: string;
  description: string;
};

/** A designed "not yet available" panel for routes whose capability is not built yet. */
export function NotAvailablePage({ feature, path, description }: NotAvailableProps) {
  return (
    <StatusPanel
      kind="placeholder"
      address={`neonlab://${path.replace(/^\//, "")}`}
      code="> MODULE OFFLINE"
      title={`${feature} is not available yet`}
      actions={[
        { to: "/courses", label: "Browse courses", primary: true },
        { to: "/", label: "Back to home" },
      ]}
    >
      <p>{description}</p>
      <p>This part of NeonLab is still being wired into the grid. Everything you learn meanwhile counts toward it.</p>
    </StatusPanel>
  );
}
