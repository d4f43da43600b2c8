export function OverviewPanel() {
  return <div />;
}
