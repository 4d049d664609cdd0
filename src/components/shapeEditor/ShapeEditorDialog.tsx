// The shape editor in a dialog, loaded on demand (Konva is only in the editor's chunk). The dialog edits a copy:
// Apply hands the shapes back, Cancel (or Escape when nothing is being drawn) leaves the field as it was.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Loader from 'rsuite/Loader';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import type { Shape } from '../../domain/eventAreaWire.ts';
import type { ShapeEditorProps } from './ShapeEditor.tsx';

const ShapeEditor = lazy(() => import('./ShapeEditor.tsx'));

export interface ShapeEditorDialogProps extends Omit<ShapeEditorProps, 'onChange'> {
  open: boolean;
  title: string;
  onApply(shapes: Shape[]): void;
  onClose(): void;
}

export function ShapeEditorDialog({ open, title, onApply, onClose, ...editor }: ShapeEditorDialogProps) {
  const { t } = useTranslation('forms');
  const [working, setWorking] = useState<Shape[] | null>(null);
  const close = () => {
    setWorking(null);
    onClose();
  };
  return (
    <Modal open={open} onClose={close} size="lg" backdrop="static" aria-labelledby="shape-editor-title">
      <Modal.Header>
        <Modal.Title id="shape-editor-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {open ? (
          <Suspense fallback={<Loader content={t('drawing.loading')} />}>
            <ShapeEditor {...editor} onChange={setWorking} />
          </Suspense>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={close}>{t('drawing.discard')}</Button>
        <Button
          appearance="primary"
          onClick={() => {
            onApply(working ?? [...editor.value]);
            setWorking(null);
          }}
        >
          {t('drawing.apply')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
