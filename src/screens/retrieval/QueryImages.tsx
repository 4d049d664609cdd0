// Up to 3 query images (§5): a file picker (jpg, png), previews, each removable. A fourth is refused here with the
// rule's text, before anything is sent.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGES } from './retrievalForm.ts';
import { readDataUrl } from './retrievalApi.ts';

interface Props {
  images: string[];
  onChange(images: string[]): void;
}

export function QueryImages({ images, onChange }: Props) {
  const { t } = useTranslation('alarms');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const pick = async (files: FileList | null) => {
    const list = files ? [...files] : [];
    if (input.current) input.current.value = '';
    if (list.length === 0) return;
    if (images.length + list.length > MAX_IMAGES) {
      setProblem(t('retrieval.tooManyImages', { max: MAX_IMAGES }));
      return;
    }
    if (list.some((f) => !/^image\/(jpeg|png)$/.test(f.type))) {
      setProblem(t('retrieval.imageType'));
      return;
    }
    setProblem(null);
    try {
      // The same picture twice adds nothing to the search: it is kept once.
      onChange([...new Set([...images, ...(await Promise.all(list.map(readDataUrl)))])]);
    } catch (error) {
      setProblem(t('retrieval.readFailed', { error: error instanceof Error ? error.message : String(error) }));
    }
  };
  return (
    <fieldset className="retrieval-field retrieval-images">
      <legend>{t('retrieval.images', { max: MAX_IMAGES })}</legend>
      <ul className="retrieval-previews">
        {images.map((src, i) => (
          <li key={src}>
            <img src={src} alt={t('retrieval.queryImage', { n: i + 1 })} />
            <button type="button" onClick={() => {
                setProblem(null);
                onChange(images.filter((_, j) => j !== i));
              }} aria-label={t('retrieval.removeImage', { n: i + 1 })}>
              ×
            </button>
          </li>
        ))}
      </ul>
      {images.length < MAX_IMAGES ? (
        <label className="retrieval-option">
          {t('retrieval.addImages')}{' '}
          <input ref={input} type="file" multiple accept=".jpg,.jpeg,.png,.jfif,image/jpeg,image/png" onChange={(e) => void pick(e.target.files)} />
        </label>
      ) : null}
      {problem ? (
        <p role="alert" className="retrieval-problem">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
