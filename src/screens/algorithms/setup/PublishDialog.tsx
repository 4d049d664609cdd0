// Publish to the warehouse: the event type the catalogue files it under and, optionally, the new version (the
// server raises the last number when none is given).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/SelectPicker/styles/index.css';
import { FormModal } from '../../system/shared/FormModal.tsx';
import { type CatalogueEventType, listEventTypes } from '../orchestrationApi.ts';

export interface PublishDialogProps {
  open: boolean;
  busy: boolean;
  failure: string | null;
  publishedVersion: string | null;
  onClose(): void;
  onPublish(typeId: number, version: string | undefined): void;
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z._-]*$/;

export function PublishDialog({ open, busy, failure, publishedVersion, onClose, onPublish }: PublishDialogProps) {
  const { t } = useTranslation('algorithms');
  const [types, setTypes] = useState<CatalogueEventType[]>([]);
  const [typeId, setTypeId] = useState('2');
  const [version, setVersion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) void listEventTypes().then(setTypes);
  }, [open]);

  const submit = () => {
    const id = Number(typeId);
    if (!Number.isInteger(id) || id < 1) return setProblem(t('publish.typeIdBad'));
    if (version && (version.length > 32 || !VERSION.test(version))) return setProblem(t('publish.versionBad'));
    setProblem(null);
    onPublish(id, version || undefined);
  };

  return (
    <FormModal open={open} title={t('publish.title')} formId="publish-draft" busy={busy} failure={problem ?? failure} onClose={onClose} onSubmit={submit} submitLabel={t('publish.confirm')}>
      <div className="orch-field">
        <label htmlFor="publish-draft-type" id="publish-draft-type-label">
          {t('publish.typeId')}
        </label>
        {types.length ? (
          <SelectPicker
            id="publish-draft-type"
            aria-labelledby="publish-draft-type-label"
            block
            cleanable={false}
            searchable={types.length > 8}
            data={types.map((type) => ({ value: String(type.id), label: type.typeName }))}
            value={typeId}
            onChange={(value) => setTypeId(value ?? '')}
          />
        ) : (
          <input id="publish-draft-type" className="rs-input" inputMode="numeric" value={typeId} onChange={(e) => setTypeId(e.target.value)} />
        )}
      </div>
      <div className="orch-field">
        <label htmlFor="publish-draft-version">{t('publish.version')}</label>
        <input
          id="publish-draft-version"
          className="rs-input"
          value={version}
          placeholder={publishedVersion ? t('publish.versionNext', { current: publishedVersion }) : t('publish.versionFirst')}
          onChange={(e) => setVersion(e.target.value)}
        />
      </div>
    </FormModal>
  );
}
