// Temporary: the system-administration screen DeptConfig is being built in this change set.
export default function DeptConfigScreen() {
  return null;
}
