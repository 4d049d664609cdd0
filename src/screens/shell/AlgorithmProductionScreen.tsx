// /algorithmProduction (§2): a page of its own (no side menu) with its three sections — fine-grained training,
// algorithm orchestration, the algorithm warehouse — as tabs, and the way back to the console. Without a section,
// the landing: the operator's algorithms and where each stands (ProductionLanding).
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useOutlet } from 'react-router';
import { mainPagePath } from '../../app/guards.ts';
import { selectMenu, useSession } from '../../app/session.tsx';
import { routeTable } from '../../app/routeIndex.ts';
import { ProductionLanding } from '../training/ProductionLanding.tsx';
import './shellScreens.css';

const sections = routeTable().find((entry) => entry.id === 'algorithmProduction')?.children ?? [];

export default function AlgorithmProductionScreen() {
  const { t } = useTranslation('shell');
  const menu = useSession(selectMenu);
  const outlet = useOutlet();
  return (
    <div className="production-frame">
      <header className="production-header">
        <p className="production-brand">{t('routes.algorithmProduction')}</p>
        <nav aria-label={t('algorithmProduction.sections')}>
          <ul className="production-tabs">
            {sections.map((section) => (
              <li key={section.id}>
                <NavLink to={section.path}>{t(`routes.${section.titleKey}`)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link className="production-back" to={mainPagePath(menu)}>
          {t('algorithmProduction.backToConsole')}
        </Link>
      </header>
      {outlet ?? (
        <section className="screen" aria-labelledby="production-title">
          <h1 id="production-title">{t('routes.algorithmProduction')}</h1>
          <ProductionLanding />
        </section>
      )}
    </div>
  );
}
