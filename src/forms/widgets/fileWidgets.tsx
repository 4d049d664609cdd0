// Files picked in a schema form. The form's data is JSON, so a picked file travels as a token (a string the
// schema can require and bound); the File itself waits in this registry until the screen sends it
// (`pickedFile(token)`), as multipart. One widget for a file (a string) and for several (an array of strings), on
// the console's upload field (drop or choose; thumbnails for images).
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { FileUploader, type PickedFile } from '../../components/upload/FileUploader.tsx';

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

export function FilePickWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, options, rawErrors, schema } = props;
  const multiple = schema.type === 'array';
  const tokens: string[] = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' && value ? [value] : [];
  const accept = typeof options.accept === 'string' ? options.accept : '';
  const files: PickedFile[] = tokens.flatMap((token) => {
    const file = pickedFile(token);
    return file ? [{ key: token, file, name: file.name, status: 'ready' as const }] : [];
  });
  const add = (chosen: File[]) => {
    const picked = chosen.map(registerFile);
    if (multiple) onChange([...tokens, ...picked]);
    else onChange(picked[0] ?? options.emptyValue);
  };
  const remove = (token: string) => {
    if (multiple) {
      const rest = tokens.filter((kept) => kept !== token);
      onChange(rest.length ? rest : undefined);
    } else onChange(options.emptyValue);
  };
  return (
    <FileUploader
      id={id}
      accept={accept}
      multiple={multiple}
      images={/^(image\/[^,]*)(,image\/[^,]*)*$/.test(accept)}
      files={files}
      onAdd={add}
      onRemove={remove}
      disabled={disabled || readonly}
      describedBy={ariaDescribedByIds(id)}
      invalid={Boolean(rawErrors && rawErrors.length > 0)}
    />
  );
}
