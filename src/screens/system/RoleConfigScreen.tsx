// Temporary: the system-administration screen RoleConfig is being built in this change set.
export default function RoleConfigScreen() {
  return null;
}
