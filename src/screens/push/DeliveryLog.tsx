// The delivery log of one endpoint: the latest deliveries (alarms and tests) with their status, attempts, the
// receiver's answer and the last error; read again on demand (a test push shows up once the loop has sent it).
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { type PlugDelivery, type PlugIndustry, plugApi } from './pushApi.ts';

const COLUMNS = ['id', 'kind', 'alarmId', 'status', 'attempts', 'httpStatus', 'lastError', 'nextAttemptTime', 'deliveredTime', 'createTime'] as const;
const EMPTY: PlugDelivery[] = [];

export function DeliveryLog({ endpoint, round }: { endpoint: PlugIndustry | null; round: number }) {
  const { t } = useTranslation('push');
  const log = useLoaded(
    async (signal) => (endpoint ? (await plugApi.deliveries({ industryId: endpoint.id, pageSize: 50 }, signal)).list : EMPTY),
    EMPTY,
    `${endpoint?.id ?? 0}:${round}`,
  );
  if (!endpoint) return <p className="settings-hint">{t('deliveries.pick')}</p>;
  const cell = (row: PlugDelivery, key: (typeof COLUMNS)[number]) => {
    if (key === 'kind' || key === 'status') return t(`deliveries.enums.${key}.${row[key]}` as never);
    const value = row[key];
    return value === null || value === '' ? '–' : String(value);
  };
  return (
    <section className="settings-panel delivery-log" aria-labelledby="delivery-log-title">
      <h2 id="delivery-log-title">{t('deliveries.title', { name: endpoint.industryName })}</h2>
      <Button onClick={log.reload}>{t('deliveries.refresh')}</Button>
      {log.status === 'loading' && log.data.length === 0 ? <p role="status">{t('deliveries.loading')}</p> : null}
      {log.status === 'error' ? (
        <p role="alert" className="resource-failure">
          {t('deliveries.failed', { reason: log.error ?? '' })}
        </p>
      ) : null}
      {log.status === 'ready' && log.data.length === 0 ? <p>{t('deliveries.empty')}</p> : null}
      {log.data.length > 0 ? (
        <table className="delivery-table">
          <thead>
            <tr>
              {COLUMNS.map((key) => (
                <th key={key} scope="col">
                  {t(`deliveries.fields.${key}` as never)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {log.data.map((row) => (
              <tr key={row.id} data-status={row.status}>
                {COLUMNS.map((key) => (
                  <td key={key}>{cell(row, key)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
