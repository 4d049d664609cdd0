// A validation's answer: each image with its score and the decision against the model's threshold, in the shared
// table (sorting by score or decision, a pager past 10 images).
import { useTranslation } from 'react-i18next';
import { ServerTable, type TableColumn } from '../../components/table/ServerTable.tsx';
import { useLocalList } from '../../components/table/useLocalList.ts';
import type { ValidationResult } from './trainingApi.ts';

type ValidatedFile = ValidationResult['files'][number];

export function ValidationTable({ result }: { result: ValidationResult }) {
  const { t } = useTranslation('training');
  const list = useLocalList({ rows: result.files, status: 'ready', rowKey: (file: ValidatedFile) => file.url, defaultPageSize: 10 });
  const caption = t('validate.caption', { threshold: result.threshold?.toFixed(2) ?? '—' });
  const columns: TableColumn<ValidatedFile>[] = [
    {
      key: 'fileName',
      header: t('validate.image'),
      flexGrow: 1,
      minWidth: 220,
      sortable: true,
      render: (file) => (
        <span className="train-validated-image">
          <img src={file.url} alt={file.fileName} width={96} height={72} loading="lazy" /> {file.fileName}
        </span>
      ),
    },
    { key: 'score', header: t('validate.score'), width: 100, align: 'right', sortable: true, render: (file) => (typeof file.score === 'number' ? file.score.toFixed(3) : '—') },
    { key: 'triggered', header: t('validate.decision'), width: 140, sortable: true, render: (file) => (file.triggered ? t('validate.triggered') : t('validate.notTriggered')) },
  ];
  return (
    <div className="train-table-block" data-testid="validation">
      <h3 className="train-table-title">{caption}</h3>
      <ServerTable list={list} label={caption} columns={columns} />
    </div>
  );
}
