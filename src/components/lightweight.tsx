// rsuite-styled controls for the first screen (login): rsuite 6's markup with its per-component CSS, without
// its runtime — any rsuite component brings lodash and date-fns (~30 kB gzip), which the login budget cannot
// carry. tests/unit/lightweightControls.test.tsx fails if rsuite changes the markup these copy.
import type { ButtonHTMLAttributes, InputHTMLAttributes } from 'react';
import 'rsuite/Button/styles/index.css';
import 'rsuite/ButtonGroup/styles/index.css';
import 'rsuite/Input/styles/index.css';

type Size = 'lg' | 'md' | 'sm' | 'xs';

export interface LightButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  appearance?: 'default' | 'primary' | 'link' | 'subtle' | 'ghost';
  size?: Size;
  block?: boolean;
  active?: boolean;
}

export function LightButton({ appearance = 'default', size = 'md', block, active, disabled, type = 'button', className, ...rest }: LightButtonProps) {
  return (
    <button
      {...rest}
      className={className ? `rs-btn ${className}` : 'rs-btn'}
      data-appearance={appearance}
      data-size={size}
      data-block={block ? 'true' : undefined}
      data-active={active ? 'true' : undefined}
      data-disabled={disabled ? 'true' : undefined}
      disabled={disabled}
      type={type}
    />
  );
}

export function LightButtonGroup({ size = 'md', ...rest }: { size?: Size } & React.HTMLAttributes<HTMLDivElement>) {
  // biome-ignore lint/a11y/useSemanticElements: rsuite's button group is a div with role group; its CSS expects that
  return <div role="group" {...rest} className="rs-btn-group" data-size={size} />;
}

export interface LightInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  size?: Size;
}

export function LightInput({ size = 'md', className, ...rest }: LightInputProps) {
  return <input {...rest} className={className ? `rs-input ${className}` : 'rs-input'} data-size={size} />;
}
