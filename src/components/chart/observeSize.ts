// Calls `onResize` when `element` changes size — but not when it has no size: a screen being left (its container
// detached before its effects are cleaned up) or hidden reports 0 × 0, and laying a chart out in no room fails
// (ECharts' geo component throws on it: the box map did, when left right after opening).
export function observeSize(element: HTMLElement, onResize: () => void): ResizeObserver | null {
  if (typeof ResizeObserver !== 'function') return null;
  const observer = new ResizeObserver((entries) => {
    const rect = entries[entries.length - 1]?.contentRect;
    if (!element.isConnected || !rect || rect.width === 0 || rect.height === 0) return;
    onResize();
  });
  observer.observe(element);
  return observer;
}
