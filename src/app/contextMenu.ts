// §2: right-click is disabled unless the runtime config allows it; inputs and text areas keep their menu
// (copy and paste).
function keepsMenu(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, [contenteditable="true"]') !== null;
}

export function installContextMenuRule(allowed: boolean): () => void {
  if (allowed) return () => {};
  const onContextMenu = (event: MouseEvent) => {
    if (!keepsMenu(event.target)) event.preventDefault();
  };
  document.addEventListener('contextmenu', onContextMenu);
  return () => document.removeEventListener('contextmenu', onContextMenu);
}
