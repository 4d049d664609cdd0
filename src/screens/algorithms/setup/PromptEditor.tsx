// The recognition prompts (identifyObj.prompt): typed or taken from a §9 preset, each shown with what the
// detector makes of it as it is typed — the classes it maps to, or unsupported with the reason. Nothing is
// dropped: an unsupported prompt stays in the list, marked.
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/Button/styles/index.css';
import 'rsuite/SelectPicker/styles/index.css';
import { MAX_PROMPT_LENGTH, MAX_PROMPTS } from '../../../domain/orchestrationParam.ts';
import { DETECTOR_CLASS_ZH, type DetectorClass, PRESET_PROMPTS, resolvePrompt } from '../../../domain/recognitionPrompts.ts';

export interface PromptEditorProps {
  prompts: string[];
  onChange(prompts: string[]): void;
  disabled?: boolean;
}

export function useClassName() {
  const { i18n } = useTranslation();
  return (c: string) => (i18n.language.startsWith('zh') ? `${DETECTOR_CLASS_ZH[c as DetectorClass] ?? c} (${c})` : c);
}

export function PromptEditor({ prompts, onChange, disabled }: PromptEditorProps) {
  const { t } = useTranslation('algorithms');
  const className = useClassName();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const value = text.trim();
    if (!value) return setProblem(t('prompts.empty'));
    if (value.length > MAX_PROMPT_LENGTH) return setProblem(t('prompts.tooLong', { max: MAX_PROMPT_LENGTH }));
    if (prompts.length >= MAX_PROMPTS) return setProblem(t('prompts.tooMany', { max: MAX_PROMPTS }));
    if (prompts.some((p) => p.trim().toLowerCase() === value.toLowerCase())) return setProblem(t('prompts.duplicate', { prompt: value }));
    setProblem(null);
    setText('');
    onChange([...prompts, value]);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const preview = text.trim() ? resolvePrompt(text) : null;

  return (
    <div className="orch-prompts">
      <ul className="orch-prompt-list" aria-label={t('prompts.listLabel')}>
        {prompts.map((prompt, i) => {
          const s = resolvePrompt(prompt);
          return (
            <li key={prompt} className={s.supported ? 'orch-prompt supported' : 'orch-prompt unsupported'} data-prompt={prompt}>
              <span className="orch-prompt-text">{prompt}</span>
              <span className="orch-prompt-support">
                {s.supported
                  ? t(`prompts.via.${s.via}`, { classes: s.classes.map(className).join(' / ') })
                  : t('prompts.unsupported', { reason: t(`prompts.reason.${s.reason}`) })}
              </span>
              <button
                type="button"
                className="orch-prompt-remove"
                disabled={disabled}
                aria-label={t('prompts.remove', { prompt })}
                onClick={() => onChange(prompts.filter((_, k) => k !== i))}
              >
                ×
              </button>
            </li>
          );
        })}
        {prompts.length === 0 ? <li className="orch-muted">{t('prompts.none')}</li> : null}
      </ul>
      <div className="orch-prompt-add">
        <label htmlFor="orch-prompt-input" className="orch-sr">
          {t('prompts.add')}
        </label>
        <input
          id="orch-prompt-input"
          className="rs-input"
          value={text}
          disabled={disabled}
          placeholder={t('prompts.placeholder')}
          aria-describedby="orch-prompt-preview"
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKey}
        />
        <Button disabled={disabled} onClick={add}>
          {t('prompts.add')}
        </Button>
        <SelectPicker
          className="orch-preset-select"
          aria-label={t('prompts.preset')}
          placeholder={t('prompts.preset')}
          searchable={false}
          // A choice replaces the prompts; the picker itself keeps no value.
          value={null}
          disabled={disabled}
          data={Object.entries(PRESET_PROMPTS).map(([id, list]) => ({ value: id, label: t('prompts.presetOption', { id, prompts: list.join(', ') }) }))}
          onChange={(value) => {
            const preset = value ? PRESET_PROMPTS[Number(value)] : undefined;
            if (preset) onChange([...preset]);
          }}
        />
      </div>
      <p id="orch-prompt-preview" className={problem ? 'orch-problem' : 'orch-muted'} role={problem ? 'alert' : undefined} aria-live="polite">
        {problem ??
          (preview
            ? preview.supported
              ? t(`prompts.via.${preview.via}`, { classes: preview.classes.map(className).join(' / ') })
              : t('prompts.unsupported', { reason: t(`prompts.reason.${preview.reason}`) })
            : t('prompts.hint'))}
      </p>
    </div>
  );
}
