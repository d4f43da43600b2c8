export function SettingsPanel() {
  return <div />;
}
