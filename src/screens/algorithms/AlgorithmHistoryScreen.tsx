// /algorithmProduction/algorithmHistory: every publish of a setup event as a version, newest first, with what it
// published (its prompts, threshold and rule) and which version the warehouse runs; open the draft, export it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Button from 'rsuite/Button';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import { notify } from '../../app/notify.ts';
import { ListToolbar } from '../../components/table/ListToolbar.tsx';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useServerList } from '../../components/table/useServerList.ts';
import { parseOrchestrationParam } from '../../domain/orchestrationParam.ts';
import { resolvePrompt } from '../../domain/recognitionPrompts.ts';
import { exportCustomEvent, listVersions, type SetupEventVersion } from './orchestrationApi.ts';
import '../../components/table/serverTable.css';
import './orchestration.css';
import { actionsColumn } from '../../components/table/CellActions.tsx';
import { ScreenFrame } from '../../components/ScreenFrame.tsx';

const FILTERS = ['name', 'draft'] as const;

export default function AlgorithmHistoryScreen() {
  const { t } = useTranslation('algorithms');
  const list = useServerList<SetupEventVersion, (typeof FILTERS)[number]>({
    filterKeys: FILTERS,
    rowKey: (row) => row.id,
    load: ({ filters, pageNo, pageSize, signal }) => listVersions({ name: filters.name, setupEventId: Number(filters.draft) || undefined }, pageNo, pageSize, signal),
  });
  const [viewing, setViewing] = useState<SetupEventVersion | null>(null);
  const param = viewing ? parseOrchestrationParam(viewing.param) : null;

  const columns: TableColumn<SetupEventVersion>[] = [
    { key: 'name', header: t('fields.name'), flexGrow: 2, minWidth: 150, render: (row) => <Link to={`/setUp?id=${row.setupEventId}`}>{row.name}</Link> },
    { key: 'version', header: t('fields.version'), width: 100 },
    { key: 'current', header: t('history.current'), width: 110, render: (row) => (row.current ? <span className="orch-ok">{t('history.isCurrent')}</span> : '') },
    { key: 'eventId', header: t('fields.eventId'), width: 90 },
    { key: 'customEventType', header: t('fields.customEventType'), width: 130, render: (row) => t(`types.${row.customEventType}`) },
    {
      key: 'prompts',
      header: t('history.prompts'),
      flexGrow: 2,
      minWidth: 160,
      render: (row) => {
        const p = parseOrchestrationParam(row.param);
        // The prompts as the operator typed them for the detector (whose vocabulary is its English class names):
        // data, not the console's words — marked as no language for translators and the route walk.
        return p.ok && p.value.identifyObj.prompt.length ? <span translate="no">{p.value.identifyObj.prompt.join(', ')}</span> : '—';
      },
    },
    { key: 'userName', header: t('history.publisher'), width: 100 },
    { key: 'publishTime', kind: 'time', header: t('history.publishTime'), width: 170 },
    actionsColumn(t('fields.actions'), 150, (row) => [
      { key: 'view', label: t('history.view'), ariaLabel: t('history.viewOf', { name: row.name, version: row.version }), onClick: () => setViewing(row) },
      { key: 'export', label: t('actions.export'), onClick: () => void exportCustomEvent(row.setupEventId).catch((e: Error) => notify('error', e.message)) },
    ]),
  ];

  return (
    <ScreenFrame className="orch-screen" headerClassName="orch-header" title={t('history.title')}>
      <ServerTable
        list={list}
        label={t('history.title')}
        columns={columns}
        emptyText={t('history.empty')}
        // Reset clears the name, not the draft whose versions the list was opened on.
        toolbar={<ListToolbar id="history" list={list} label={t('setup.filters')} keepOnReset={['draft']} fields={[{ kind: 'text', key: 'name', label: t('fields.name'), maxLength: 32 }]} />}
      />
      <Modal open={viewing !== null} onClose={() => setViewing(null)} size="sm" aria-labelledby="history-view-title">
        <Modal.Header>
          <Modal.Title id="history-view-title">{viewing ? t('history.paramTitle', { name: viewing.name, version: viewing.version }) : ''}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {viewing && param?.ok ? (
            <dl className="orch-version">
              <dt>{t('fields.desc')}</dt>
              <dd>{viewing.desc || '—'}</dd>
              <dt>{t('history.prompts')}</dt>
              <dd>
                <ul>
                  {param.value.identifyObj.prompt.map((p) => {
                    const s = resolvePrompt(p);
                    return <li key={p}>{s.supported ? `${p} → ${s.classes.join(' / ')}` : t('validate.unsupportedItem', { prompt: p, reason: t(`prompts.reason.${s.reason}`) })}</li>;
                  })}
                </ul>
              </dd>
              <dt>{t('threshold.label')}</dt>
              <dd>{param.value.identifyObj.box_threshold}</dd>
              <dt>{t('rule.label')}</dt>
              <dd>{t(`rule.${param.value.rule.match}`)} · {t('rule.minCountValue', { count: param.value.rule.minCount })}</dd>
            </dl>
          ) : (
            <pre className="orch-param">{viewing?.param}</pre>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={() => setViewing(null)}>{t('history.close')}</Button>
        </Modal.Footer>
      </Modal>
    </ScreenFrame>
  );
}
