// Files picked in a schema form. The form's data is JSON, so a picked file travels as a token (a string the
// schema can require and bound); the File itself waits in this registry until the screen sends it
// (`pickedFile(token)`), as multipart. One widget for a file (a string) and for several (an array of strings).
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

const registry = new Map<string, File>();
let counter = 0;

/** The File a token stands for (undefined once forgotten or never picked). */
export function pickedFile(token: string | undefined): File | undefined {
  return token ? registry.get(token) : undefined;
}

/** Registers a picked file and answers its token. */
export function registerFile(file: File): string {
  counter++;
  const token = `file:${counter}:${file.name}`.slice(0, 200);
  registry.set(token, file);
  return token;
}

const sizeText = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export function FilePickWidget(props: WidgetProps) {
  const { t } = useTranslation('forms');
  const { id, value, disabled, readonly, onChange, options, rawErrors, schema } = props;
  const multiple = schema.type === 'array';
  const tokens: string[] = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' && value ? [value] : [];
  const files = tokens.map((token) => pickedFile(token)).filter((file): file is File => Boolean(file));
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    const picked = chosen.map(registerFile);
    if (multiple) onChange(picked.length ? picked : undefined);
    else onChange(picked[0] ?? options.emptyValue);
  };
  return (
    <div className="file-pick">
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={typeof options.accept === 'string' ? options.accept : undefined}
        disabled={disabled || readonly}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={change}
      />
      <p className="file-pick-chosen" aria-live="polite">
        {files.length ? files.map((file) => t('files.chosen', { name: file.name, size: sizeText(file.size) })).join('；') : t('files.none')}
      </p>
    </div>
  );
}
