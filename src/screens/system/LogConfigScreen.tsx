// Temporary: the system-administration screen LogConfig is being built in this change set.
export default function LogConfigScreen() {
  return null;
}
