// The published version's package (classifier, report, manifest: importable elsewhere) or its portable ONNX model,
// saved from the wizard's last step without going to the versions screen.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import { exportOnnx, exportVersion, listVersions } from './versionsApi.ts';

export function WizardExport({ algorithmId, modelId }: { algorithmId: number; modelId: number }) {
  const { t } = useTranslation('training');
  const [running, setRunning] = useState<'package' | 'onnx' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (kind: 'package' | 'onnx') => {
    setRunning(kind);
    setFailure(null);
    try {
      const version = (await listVersions(algorithmId)).list.find((v) => v.modelId === modelId);
      if (!version) throw new Error(t('exportWizard.noVersion'));
      await (kind === 'onnx' ? exportOnnx(version) : exportVersion(version));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(null);
    }
  };
  return (
    <div className="train-actions">
      <Button loading={running === 'package'} disabled={running !== null} onClick={() => run('package')}>
        {t('versions.export')}
      </Button>
      <Button loading={running === 'onnx'} disabled={running !== null} onClick={() => run('onnx')}>
        {t('versions.exportOnnx')}
      </Button>
      {failure ? (
        <p role="alert" className="train-problem">
          {t('versions.failed', { error: failure })}
        </p>
      ) : null}
    </div>
  );
}
