// "Export dataset": the algorithm's classified images as zips in the upload layout (<name>/positive, <name>/negative),
// so they can be taken elsewhere or uploaded again. A dataset larger than one upload takes comes in parts: the
// button then opens a menu of them, each with its counts.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import Dropdown from 'rsuite/Dropdown';
import 'rsuite/Dropdown/styles/index.css';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { type DatasetExportPlan, exportDatasetPart, planDatasetExport } from './versionsApi.ts';

type Part = DatasetExportPlan['parts'][number];

/** `refresh` changes when the algorithm's images may have changed (the plan is asked for again). */
export function DatasetExportButton({ algorithmId, refresh = 0, onError }: { algorithmId: number; refresh?: number; onError: (message: string) => void }) {
  const { t } = useTranslation('training');
  const plan = useLoaded<DatasetExportPlan | null>((signal) => planDatasetExport(algorithmId, signal), null, `${algorithmId}-${refresh}`);
  const [saving, setSaving] = useState<number | null>(null);
  const parts = plan.data?.parts ?? [];
  const save = async (part: Part) => {
    setSaving(part.part);
    try {
      await exportDatasetPart(algorithmId, part);
    } catch (error) {
      onError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(null);
    }
  };
  const partLabel = (part: Part) => t('datasetExport.part', { part: part.part, fileName: part.fileName, positive: part.positive, negative: part.negative });
  if (parts.length <= 1) {
    const [only] = parts;
    return (
      <Button size="sm" disabled={!only || saving !== null} loading={saving !== null} title={only ? partLabel(only) : t('datasetExport.empty')} onClick={() => only && save(only)}>
        {t('datasetExport.button')}
      </Button>
    );
  }
  return (
    <Dropdown title={t('datasetExport.buttonParts', { count: parts.length })} size="sm" disabled={saving !== null}>
      {parts.map((part) => (
        <Dropdown.Item key={part.part} onSelect={() => save(part)}>
          {partLabel(part)}
        </Dropdown.Item>
      ))}
    </Dropdown>
  );
}
