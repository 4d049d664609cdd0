// Temporary: the system-administration screen UserConfig is being built in this change set.
export default function UserConfigScreen() {
  return null;
}
