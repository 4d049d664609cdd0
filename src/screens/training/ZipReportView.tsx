// The zip check's report: the layout problems, the counts, and each file that breaks a rule.
import { useTranslation } from 'react-i18next';
import type { ZipReport } from '../../domain/trainingZip.ts';
import { RefusalText } from './RefusalText.tsx';

export function ZipReportView({ report }: { report: ZipReport }) {
  const { t } = useTranslation('training');
  const bad = report.files.filter((f) => f.problems.length > 0);
  return (
    <div className="train-zip-report" data-testid="zip-report">
      <p role={report.ok ? 'status' : 'alert'} className={report.ok ? undefined : 'train-problem'}>
        {report.ok ? t('zip.ok', { positive: report.counts.positive, negative: report.counts.negative }) : t('zip.refused')}
      </p>
      {report.layout.length > 0 ? (
        <ul>
          {report.layout.map((problem) => (
            <li key={JSON.stringify(problem)} data-layout={problem.code}>
              {t(`zip.layout.${problem.code}`, problem)}
            </li>
          ))}
        </ul>
      ) : null}
      {report.refusal ? (
        <p>
          <RefusalText refusal={report.refusal} />
        </p>
      ) : null}
      {report.fewPerClass && report.ok ? <p>{t('zip.fewPerClass')}</p> : null}
      {bad.length > 0 ? (
        <table className="train-table">
          <caption>{t('zip.badFiles', { count: bad.length, total: report.files.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('zip.file')}</th>
              <th scope="col">{t('zip.size')}</th>
              <th scope="col">{t('zip.problems')}</th>
            </tr>
          </thead>
          <tbody>
            {bad.map((file) => (
              <tr key={file.path}>
                <td>{file.path}</td>
                <td>{t('zip.kb', { kb: (file.size / 1024).toFixed(1) })}</td>
                <td>{file.problems.map((p) => t(`problems.${p}`)).join(t('listSeparator'))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
