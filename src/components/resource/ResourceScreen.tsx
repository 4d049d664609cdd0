// A route's screen made of declared resources: its heading (the menu's name for the route), then one resource's
// list, or several as tabs kept in the URL (only those the user may read are offered).
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { useScreenEntry } from '../../app/layouts/currentRoute.ts';
import { usePageTitle } from '../../app/layouts/pageTitle.ts';
import { ResourceTable } from './ResourceTable.tsx';
import type { AnyResource, Permission } from './types.ts';
import { UrlTabs } from './UrlTabs.tsx';
import './resource.css';

export interface ScreenPart {
  resource: AnyResource;
  /** Who may read it (the list operation's x-permission); absent: whoever opens the screen. */
  read?: Permission;
}

/** `fallbackTitle`: the heading outside the route table (tests); the first resource's label by default. */
export function ResourceScreen({ id, fallbackTitle, parts }: { id: string; fallbackTitle?: string; parts: readonly ScreenPart[] }) {
  const entry = useScreenEntry();
  const pageTitle = usePageTitle(entry);
  const holds = usePermission();
  const { t, i18n } = useTranslation();
  const shown = parts.filter((part) => part.read === undefined || holds(part.read));
  const labelOf = (resource: AnyResource) => String(i18n.getFixedT(null, resource.ns)(`${resource.prefix}.label` as never));
  const title = entry ? pageTitle : (fallbackTitle ?? labelOf(parts[0].resource));
  return (
    <section className="resource-screen" aria-labelledby={`${id}-title`}>
      <header>
        <h1 id={`${id}-title`}>{title}</h1>
      </header>
      {shown.length === 1 ? <ResourceTable resource={shown[0].resource} /> : null}
      {shown.length > 1 ? (
        <UrlTabs id={id} label={t('resource.tabs', { title })} tabs={shown.map((part) => ({ key: part.resource.id, label: labelOf(part.resource) }))}>
          {(tab) => {
            const part = shown.find((candidate) => candidate.resource.id === tab) ?? shown[0];
            return <ResourceTable key={part.resource.id} resource={part.resource} />;
          }}
        </UrlTabs>
      ) : null}
    </section>
  );
}
