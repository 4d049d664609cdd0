// A chart is resized only when its container has room: a container left (detached) or hidden reports 0 × 0, and
// ECharts' geo component threw laying the box map out in it (labelsFit.spec.ts caught the page error).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeSize } from '../../src/components/chart/observeSize.ts';

type Callback = (entries: { contentRect: { width: number; height: number } }[]) => void;

let report: Callback = () => {};
class FakeResizeObserver {
  constructor(callback: Callback) {
    report = callback;
  }
  observe() {}
  disconnect() {}
}

afterEach(() => vi.unstubAllGlobals());

describe('observeSize', () => {
  it('passes on a real size, and not a container without room or out of the document', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const element = { isConnected: true } as unknown as HTMLElement;
    const onResize = vi.fn();
    expect(observeSize(element, onResize)).not.toBeNull();
    report([{ contentRect: { width: 800, height: 600 } }]);
    expect(onResize).toHaveBeenCalledTimes(1);
    report([{ contentRect: { width: 0, height: 0 } }]); // hidden
    report([{ contentRect: { width: 800, height: 0 } }]);
    expect(onResize).toHaveBeenCalledTimes(1);
    (element as { isConnected: boolean }).isConnected = false; // the screen was left
    report([{ contentRect: { width: 800, height: 600 } }]);
    expect(onResize).toHaveBeenCalledTimes(1);
  });

  it('observes nothing where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    expect(observeSize({ isConnected: true } as unknown as HTMLElement, () => {})).toBeNull();
  });
});
