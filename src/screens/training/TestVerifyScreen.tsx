// /testVerify: validation on images — a trained algorithm's newest version scores up to 10 images (spec §5, refused
// here before anything is sent), each with its decision against the version's threshold — and on a video
// (VideoValidatePanel: frames sampled on the server, a timeline of scores, the frames over the threshold).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { PickedFile } from '../../components/upload/FileUploader.tsx';
import { useLoaded } from '../../components/data/useLoaded.ts';
import { validationRefusal } from '../../domain/trainingRules.ts';
import { PickerField } from './PickerField.tsx';
import { RefusalText } from './RefusalText.tsx';
import { listWarehouse, type ValidationResult, validateImages } from './trainingApi.ts';
import { filesOf, ValidationImages } from './ValidationImages.tsx';
import { ValidationTable } from './ValidationTable.tsx';
import { VideoValidatePanel } from './VideoValidatePanel.tsx';
import './training.css';

/** Algorithms whose last training made a version, with that version's model (carried by the warehouse rows). */
async function trainedModels(signal: AbortSignal) {
  const page = await listWarehouse('', 1, 100, signal);
  return page.list.flatMap((a) => (a.lastReport?.modelId ? [{ name: a.name, version: a.lastReport.version, modelId: a.lastReport.modelId }] : []));
}

export default function TestVerifyScreen() {
  const { t } = useTranslation('training');
  const models = useLoaded(trainedModels, [], '');
  const [modelId, setModelId] = useState<number | null>(null);
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const files = filesOf(picked);
  const [state, setState] = useState<{ busy: boolean; result: ValidationResult | null; error: string | null }>({ busy: false, result: null, error: null });
  const refusal = files.length > 0 ? validationRefusal(files.length) : null;
  const chosen = modelId ?? models.data[0]?.modelId ?? null;
  const run = async () => {
    if (chosen === null || refusal || files.length === 0) return;
    setState({ busy: true, result: null, error: null });
    try {
      setState({ busy: false, result: await validateImages(chosen, files), error: null });
    } catch (error) {
      setState({ busy: false, result: null, error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <section className="train-screen">
      <p>{t('verify.intro')}</p>
      {models.status === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {models.status === 'error' ? (
        <p role="alert" className="train-problem">
          {t('loadFailed', { error: models.error })}{' '}
          <Button appearance="link" onClick={models.reload}>
            {t('retry')}
          </Button>
        </p>
      ) : null}
      {models.status === 'ready' && models.data.length === 0 ? <p>{t('verify.noModels')}</p> : null}
      {models.data.length > 0 ? (
        <div className="train-validate">
          <PickerField
            id="verify-model"
            label={t('verify.model')}
            data={models.data.map((m) => ({ value: m.modelId, label: t('verify.modelOption', { name: m.name, version: m.version }) }))}
            value={chosen}
            onChange={setModelId}
          />
          <ValidationImages id="verify-images" picked={picked} onChange={setPicked} disabled={state.busy} />
          {refusal ? (
            <p role="alert" className="train-problem">
              <RefusalText refusal={refusal} />
            </p>
          ) : null}
          <Button appearance="primary" disabled={state.busy || files.length === 0 || refusal !== null} onClick={run}>
            {t('validate.run', { count: files.length })}
          </Button>
          {state.busy ? <p role="status">{t('validate.running')}</p> : null}
          {state.error ? <p role="alert" className="train-problem">{t('serverSaid', { error: state.error })}</p> : null}
          {state.result ? <ValidationTable result={state.result} /> : null}
        </div>
      ) : null}
      {chosen !== null ? <VideoValidatePanel key={chosen} modelId={chosen} /> : null}
    </section>
  );
}
