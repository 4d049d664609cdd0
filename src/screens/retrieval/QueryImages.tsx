// Up to 3 query images (§5): rsuite's Uploader as a drop zone (drop or click; jpg, png — nothing is uploaded until the
// search), previews beside it, each removable. A fourth is refused here with the rule's text, before anything is sent.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import Uploader from 'rsuite/Uploader';
import 'rsuite/Uploader/styles/index.css';
import { readDataUrl } from './retrievalApi.ts';
import { MAX_IMAGES } from './retrievalForm.ts';

interface Props {
  images: string[];
  onChange(images: string[]): void;
}

export function QueryImages({ images, onChange }: Props) {
  const { t } = useTranslation('alarms');
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (files: File[]) => {
    if (files.length === 0) return;
    if (images.length + files.length > MAX_IMAGES) {
      setProblem(t('retrieval.tooManyImages', { max: MAX_IMAGES }));
      return;
    }
    if (files.some((f) => !/^image\/(jpeg|png)$/.test(f.type))) {
      setProblem(t('retrieval.imageType'));
      return;
    }
    setProblem(null);
    try {
      // The same picture twice adds nothing to the search: it is kept once.
      onChange([...new Set([...images, ...(await Promise.all(files.map(readDataUrl)))])]);
    } catch (error) {
      setProblem(t('retrieval.readFailed', { error: error instanceof Error ? error.message : String(error) }));
    }
  };
  return (
    <div className="retrieval-images">
      <Uploader
        action=""
        autoUpload={false}
        draggable
        multiple
        fileListVisible={false}
        accept=".jpg,.jpeg,.png,.jfif,image/jpeg,image/png"
        disabled={images.length >= MAX_IMAGES}
        className="retrieval-dropzone"
        shouldQueueUpdate={(_, added) => {
          const list = Array.isArray(added) ? added : [added];
          void add(list.flatMap((f) => (f.blobFile ? [f.blobFile] : [])));
          // The pictures live in the form, not in the uploader's queue.
          return false;
        }}
      >
        <div className="retrieval-dropzone-text" data-testid="retrieval-dropzone">
          <strong>{t('retrieval.images', { max: MAX_IMAGES })}</strong>
          <span>{images.length >= MAX_IMAGES ? t('retrieval.imagesFull') : t('retrieval.dropImages')}</span>
        </div>
      </Uploader>
      {images.length > 0 ? (
        <ul className="retrieval-previews">
          {images.map((src, i) => (
            <li key={src}>
              <img src={src} alt={t('retrieval.queryImage', { n: i + 1 })} />
              <Button
                size="xs"
                appearance="subtle"
                aria-label={t('retrieval.removeImage', { n: i + 1 })}
                onClick={() => {
                  setProblem(null);
                  onChange(images.filter((_, j) => j !== i));
                }}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <p role="alert" className="retrieval-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
