// The shape editor in a dialog, loaded on demand (Konva is only in the editor's chunk). The dialog edits a copy:
// Apply hands the shapes back. Closing — Escape (when nothing is being drawn), the close button, Cancel — with
// shapes not applied asks first (the drawing machine's confirmingDiscard): keep editing, or discard them.
// Each opening starts a new drawing session from the field's value.
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Loader from 'rsuite/Loader';
import Modal from 'rsuite/Modal';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Loader/styles/index.css';
import 'rsuite/Modal/styles/index.css';
import { DialogLoad } from '../data/OpenedOnce.tsx';
import type { Shape } from '../../domain/eventAreaWire.ts';
import { shapeDrawingMachine } from '../../machines/shapeDrawing.machine.ts';
import type { PaletteName } from './palettes.ts';
import type { ShapeEditorProps } from './ShapeEditor.tsx';

const ShapeEditor = lazy(() => import('./ShapeEditor.tsx'));

export interface ShapeEditorDialogProps extends Omit<ShapeEditorProps, 'actor'> {
  open: boolean;
  title: string;
  /** The shapes the editor opens with. */
  value: readonly Shape[];
  palette: PaletteName;
  maxShapes: number;
  minShapes?: number;
  onApply(shapes: Shape[]): void;
  onClose(): void;
}

export function ShapeEditorDialog(props: ShapeEditorDialogProps) {
  // A new session (a fresh drawing machine from the current value) each time the dialog opens.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setSession((n) => n + 1);
  }
  return <DrawingSession key={session} {...props} />;
}

function DrawingSession({ open, title, value, palette, maxShapes, minShapes, onApply, onClose, ...editor }: ShapeEditorDialogProps) {
  const { t } = useTranslation('forms');
  const actor = useActorRef(shapeDrawingMachine, {
    input: { shapeType: editor.shapeType, frame: editor.frame, palette, maxShapes, minShapes, shapes: value },
  });
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirmingDiscard'));
  const closed = useSelector(actor, (snapshot) => snapshot.status === 'done');
  const keepRef = useRef<HTMLButtonElement>(null);

  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (closed) close.current();
  }, [closed]);

  const requestClose = () => actor.send({ type: 'REQUEST_CLOSE' });
  return (
    <>
      <Modal open={open && !closed} onClose={requestClose} size="lg" backdrop="static" aria-labelledby="shape-editor-title">
        <Modal.Header>
          <Modal.Title id="shape-editor-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {open ? (
            <DialogLoad fallback={<Loader content={t('drawing.loading')} />} onLoadFailed={onClose}>
              <ShapeEditor {...editor} actor={actor} />
            </DialogLoad>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={requestClose}>{t('drawing.close')}</Button>
          <Button appearance="primary" onClick={() => onApply([...actor.getSnapshot().context.shapes])}>
            {t('drawing.apply')}
          </Button>
        </Modal.Footer>
      </Modal>
      <Modal
        open={open && confirming}
        onClose={() => actor.send({ type: 'KEEP_EDITING' })}
        size="xs"
        role="alertdialog"
        aria-labelledby="shape-discard-title"
        backdrop="static"
        onEntered={() => keepRef.current?.focus()}
      >
        <Modal.Header>
          <Modal.Title id="shape-discard-title">{t('drawing.confirmDiscard.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('drawing.confirmDiscard.message')}</Modal.Body>
        <Modal.Footer>
          <Button ref={keepRef} onClick={() => actor.send({ type: 'KEEP_EDITING' })}>
            {t('drawing.confirmDiscard.keep')}
          </Button>
          <Button appearance="primary" color="red" onClick={() => actor.send({ type: 'DISCARD' })}>
            {t('drawing.confirmDiscard.discard')}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
