// Temporary: the system-administration screen MenuConfig is being built in this change set.
export default function MenuConfigScreen() {
  return null;
}
