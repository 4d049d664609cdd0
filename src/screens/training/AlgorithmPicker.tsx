// The warehouse's algorithms (published setup events), with their samples and last training: pick one to train.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { Link } from 'react-router';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { LoadLine } from './LoadLine.tsx';
import { listWarehouse } from './trainingApi.ts';

export function AlgorithmPicker() {
  const { t } = useTranslation('training');
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const page = useLoaded((signal) => listWarehouse(query, 1, 100, signal), { list: [], total: 0, pageNo: 1, pageSize: 100 }, query);
  return (
    <div className="train-picker">
      <p>{t('picker.intro')}</p>
      <form
        className="train-picker-search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(name.trim());
        }}
      >
        <label>
          {t('picker.search')} <input value={name} maxLength={32} onChange={(event) => setName(event.target.value)} />
        </label>
        <Button type="submit">{t('picker.find')}</Button>
      </form>
      <LoadLine loaded={page} />
      {page.status === 'ready' && page.data.list.length === 0 ? (
        <p>
          {t('picker.empty')} <Link to="/algorithmicSetup">{t('picker.toSetup')}</Link>
        </p>
      ) : null}
      {page.data.list.length > 0 ? (
        <table className="train-table">
          <caption>{t('picker.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('picker.name')}</th>
              <th scope="col">{t('picker.version')}</th>
              <th scope="col">{t('counts.positive')}</th>
              <th scope="col">{t('counts.negative')}</th>
              <th scope="col">{t('counts.unclassified')}</th>
              <th scope="col">{t('picker.lastTraining')}</th>
              <th scope="col">{t('picker.action')}</th>
            </tr>
          </thead>
          <tbody>
            {page.data.list.map((algorithm) => (
              <tr key={algorithm.id}>
                <td>{algorithm.name}</td>
                <td>{algorithm.version}</td>
                <td>{algorithm.positiveCount}</td>
                <td>{algorithm.negativeCount}</td>
                <td>{algorithm.unclassifiedCount}</td>
                <td>{algorithm.trainState === null ? t('picker.never') : t(`runState.${algorithm.trainState}`)}</td>
                <td>
                  <Link to={`?algorithmId=${algorithm.id}`}>{t('picker.open')}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
