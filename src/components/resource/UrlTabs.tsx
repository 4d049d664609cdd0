// Tabs whose choice lives in the URL (?tab=, so a reload or a shared link lands on it, and Back returns): arrow
// keys move between tabs (roving tab index), the first tab is the one without a parameter.
import type { KeyboardEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import './resource.css';

export interface TabSpec {
  key: string;
  label: string;
}

export function useUrlTab(keys: readonly string[], param = 'tab'): [string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const tab = keys.find((key) => key === asked) ?? keys[0];
  const choose = (next: string) =>
    setParams(
      (current) => {
        // Another tab's list filters and page do not apply here.
        const copy = new URLSearchParams();
        for (const [key, value] of current) if (key === 'typeIds' || key === 'convertId') copy.set(key, value);
        if (next !== keys[0]) copy.set(param, next);
        return copy;
      },
      { replace: true },
    );
  return [tab, choose];
}

export function UrlTabs({ id, tabs, label, children }: { id: string; tabs: readonly TabSpec[]; label: string; children(tab: string): ReactNode }) {
  const [tab, choose] = useUrlTab(tabs.map((spec) => spec.key));
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = tabs.findIndex((spec) => spec.key === tab);
    const next = tabs[(index + step + tabs.length) % tabs.length].key;
    choose(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className="resource-tabs" onKeyDown={onKey}>
        {tabs.map((spec) => (
          <button
            key={spec.key}
            id={`${id}-tab-${spec.key}`}
            type="button"
            role="tab"
            aria-selected={tab === spec.key}
            aria-controls={`${id}-panel`}
            tabIndex={tab === spec.key ? 0 : -1}
            className={tab === spec.key ? 'resource-tab active' : 'resource-tab'}
            onClick={() => choose(spec.key)}
          >
            {spec.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {children(tab)}
      </div>
    </>
  );
}
