// Temporary: the system-administration screen LogoConfig is being built in this change set.
export default function LogoConfigScreen() {
  return null;
}
