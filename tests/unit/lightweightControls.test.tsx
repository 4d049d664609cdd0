// The login screen's lightweight controls copy rsuite's markup so rsuite's CSS styles them; this fails when an
// rsuite upgrade changes that markup.
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Button from 'rsuite/Button';
import ButtonGroup from 'rsuite/ButtonGroup';
import Input from 'rsuite/Input';
import { describe, expect, it } from 'vitest';
import { LightButton, LightButtonGroup, LightInput } from '../../src/components/lightweight.tsx';

/** Tag, classes and attributes of every element, without rsuite's ripple decoration. */
function shape(element: ReactElement): string[] {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(element);
  for (const ripple of host.querySelectorAll('.rs-ripple-pond')) ripple.remove();
  return [...host.querySelectorAll('*')].map((node) => {
    const attributes = [...node.attributes].map((a) => `${a.name}=${a.value}`).sort();
    return `${node.tagName.toLowerCase()} ${attributes.join(' ')}`;
  });
}

describe('lightweight controls render what rsuite renders', () => {
  it('button', () => {
    expect(shape(createElement(LightButton, { appearance: 'primary', block: true, type: 'submit', disabled: true }, 'Go'))).toEqual(
      shape(createElement(Button, { appearance: 'primary', block: true, type: 'submit', disabled: true }, 'Go')),
    );
    expect(shape(createElement(LightButton, { size: 'sm', active: true }, 'A'))).toEqual(
      shape(createElement(Button, { size: 'sm', active: true }, 'A')),
    );
  });

  it('button group', () => {
    const light = createElement(LightButtonGroup, { size: 'sm' }, createElement(LightButton, { size: 'sm' }, 'A'));
    const rsuite = createElement(ButtonGroup, { size: 'sm' }, createElement(Button, null, 'A'));
    expect(shape(light)).toEqual(shape(rsuite));
  });

  it('input', () => {
    expect(shape(createElement(LightInput, { id: 'x', type: 'password', readOnly: true }))).toEqual(
      shape(createElement(Input, { id: 'x', type: 'password', readOnly: true })),
    );
  });
});
