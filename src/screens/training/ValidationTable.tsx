// A validation's answer: each image with its score and the decision against the model's threshold.
import { useTranslation } from 'react-i18next';
import type { ValidationResult } from './trainingApi.ts';

export function ValidationTable({ result }: { result: ValidationResult }) {
  const { t } = useTranslation('training');
  return (
    <table className="train-table" data-testid="validation">
      <caption>{t('validate.caption', { threshold: result.threshold?.toFixed(2) ?? '—' })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('validate.image')}</th>
          <th scope="col">{t('validate.score')}</th>
          <th scope="col">{t('validate.decision')}</th>
        </tr>
      </thead>
      <tbody>
        {result.files.map((file) => (
          <tr key={file.url}>
            <td>
              <img src={file.url} alt={file.fileName} width={96} height={72} loading="lazy" /> {file.fileName}
            </td>
            <td>{typeof file.score === 'number' ? file.score.toFixed(3) : '—'}</td>
            <td>{file.triggered ? t('validate.triggered') : t('validate.notTriggered')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
