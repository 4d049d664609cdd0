// §2: right-click is disabled unless configuration allows it — the runtime config (config.json `contextMenu`)
// or the system config (`contextMenuEnabled`, known once signed in); inputs and text areas keep their menu
// (copy and paste).
let runtimeAllowed = false;
let systemAllowed = false;
let removeListener: (() => void) | null = null;

function keepsMenu(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, [contenteditable="true"]') !== null;
}

export function contextMenuAllowed(): boolean {
  return runtimeAllowed || systemAllowed;
}

/** Installs the rule once (at boot) with the runtime config's setting; returns its removal. */
export function installContextMenuRule(allowed: boolean): () => void {
  runtimeAllowed = allowed;
  if (!removeListener) {
    const onContextMenu = (event: MouseEvent) => {
      if (!contextMenuAllowed() && !keepsMenu(event.target)) event.preventDefault();
    };
    document.addEventListener('contextmenu', onContextMenu);
    removeListener = () => {
      document.removeEventListener('contextmenu', onContextMenu);
      removeListener = null;
    };
  }
  return () => removeListener?.();
}

/** The system configuration's `contextMenuEnabled` (false again after signing out). */
export function setSystemContextMenu(enabled: boolean): void {
  systemAllowed = enabled;
}
