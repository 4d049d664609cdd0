// The shape editor (spec §3 "Drawn shapes", §5 drawing rules): one field's polygons or lines on a camera snapshot.
// The drawing machine (its actor, owned by ShapeEditorDialog) holds the shapes and the rules; this shows the
// snapshot, the toolbar, a tag per shape (closable: deletes the shape and gives its colour back) and why an action
// was refused. Lazy: it is the only module that pulls in Konva, so screens load it on demand (ShapeEditorDialog).
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import Tag from 'rsuite/Tag';
import 'rsuite/Button/styles/index.css';
import 'rsuite/Tag/styles/index.css';
import type { ActorRefFrom } from 'xstate';
import type { FrameSize, Shape, ShapeType } from '../../domain/eventAreaWire.ts';
import type { shapeDrawingMachine } from '../../machines/shapeDrawing.machine.ts';
import { ShapeCanvas } from './ShapeCanvas.tsx';
import { refusalText } from './refusalText.ts';
import './shapeEditor.css';

export interface ShapeEditorProps {
  imageUrl: string;
  /** The snapshot's own pixel size (the §5 rules are measured in it). */
  frame: FrameSize;
  shapeType: ShapeType;
  /** The drawing session (its input: the shapes, palette and bounds the editor opened with). */
  actor: ActorRefFrom<typeof shapeDrawingMachine>;
  others?: readonly Shape[];
  /** What is drawn ("Detection areas"), for the canvas's accessible name. */
  label: string;
}

/** The largest display width; the snapshot is never enlarged beyond its own size. */
const MAX_WIDTH = 960;

function useImage(url: string): { image: HTMLImageElement | null; status: 'loading' | 'ready' | 'error' } {
  const [state, setState] = useState<{ image: HTMLImageElement | null; status: 'loading' | 'ready' | 'error' }>({ image: null, status: 'loading' });
  useEffect(() => {
    const image = new window.Image();
    let live = true;
    setState({ image: null, status: 'loading' });
    image.onload = () => live && setState({ image, status: 'ready' });
    image.onerror = () => live && setState({ image: null, status: 'error' });
    image.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  return state;
}

function useWidth(max: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.min(max, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [max]);
  return { ref, width };
}

export default function ShapeEditor(props: ShapeEditorProps) {
  const { t } = useTranslation('forms');
  const { frame, shapeType, actor } = props;
  const drawing = useSelector(actor, (snapshot) => snapshot.matches('drawing'));
  const shapes = useSelector(actor, (snapshot) => snapshot.context.shapes);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);
  const canUndo = useSelector(actor, (snapshot) => snapshot.context.history.length > 0 || snapshot.context.draft.length > 0);
  const [selectedPoint, setSelectedPoint] = useState<number | null>(null);
  const { image, status } = useImage(props.imageUrl);
  // Wide enough to draw precisely, small enough that the tools and tags stay in view in the dialog.
  const fitHeight = Math.max(240, (typeof window === 'undefined' ? 800 : window.innerHeight) - 360);
  const { ref, width } = useWidth(Math.min(MAX_WIDTH, frame.width, Math.floor((fitHeight * frame.width) / frame.height)));
  const height = width > 0 ? Math.round((width * frame.height) / frame.width) : 0;

  const kind = shapeType === 1 ? 'area' : 'line';

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      actor.send({ type: 'UNDO' });
    } else if (event.key === 'Escape' && drawing) {
      event.preventDefault();
      event.stopPropagation(); // the dialog around stays open: Escape cancels the shape being drawn
      actor.send({ type: 'CANCEL' });
    } else if (event.key === 'Enter' && drawing) {
      event.preventDefault();
      actor.send({ type: 'FINISH' });
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && selected !== null) {
      event.preventDefault();
      if (selectedPoint !== null) actor.send({ type: 'DELETE_POINT', shape: selected, point: selectedPoint });
      else actor.send({ type: 'DELETE_SHAPE', index: selected });
      setSelectedPoint(null);
    }
  };

  const hint = drawing
    ? shapeType === 1
      ? t('drawing.hint.drawingArea', { n: draft.length })
      : t('drawing.hint.drawingLine')
    : selected !== null
      ? t('drawing.hint.editing')
      : t('drawing.hint.idle');

  return (
    <div className="shape-editor">
      <div className="shape-editor-toolbar" role="toolbar" aria-label={t('drawing.toolbar')}>
        {drawing ? (
          <>
            {shapeType === 1 ? (
              <Button size="sm" appearance="primary" onClick={() => actor.send({ type: 'FINISH' })}>
                {t('drawing.finish')}
              </Button>
            ) : null}
            <Button size="sm" onClick={() => actor.send({ type: 'CANCEL' })}>
              {t('drawing.cancel')}
            </Button>
          </>
        ) : (
          <Button size="sm" appearance="primary" onClick={() => actor.send({ type: 'START' })}>
            {t(`drawing.draw.${kind}`)}
          </Button>
        )}
        <Button size="sm" onClick={() => actor.send({ type: 'UNDO' })} disabled={!canUndo}>
          {t('drawing.undo')}
        </Button>
        <Button size="sm" onClick={() => actor.send({ type: 'CLEAR' })} disabled={drawing || shapes.length === 0}>
          {t('drawing.clear')}
        </Button>
        {selected !== null && !drawing ? (
          <Button
            size="sm"
            color="red"
            appearance="ghost"
            onClick={() => {
              if (selectedPoint !== null) actor.send({ type: 'DELETE_POINT', shape: selected, point: selectedPoint });
              else actor.send({ type: 'DELETE_SHAPE', index: selected });
              setSelectedPoint(null);
            }}
          >
            {selectedPoint !== null ? t('drawing.deletePoint') : t(`drawing.delete.${kind}`)}
          </Button>
        ) : null}
      </div>
      <p className="shape-editor-hint">{hint}</p>
      <div
        ref={ref}
        className={drawing ? 'shape-editor-surface drawing' : 'shape-editor-surface'}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes the editor's keyboard commands (Enter, Escape, Delete, Ctrl+Z)
        tabIndex={0}
        role="application"
        aria-label={t('drawing.canvas', { what: props.label })}
        aria-describedby="shape-editor-keys"
        onKeyDown={onKeyDown}
      >
        {status === 'error' ? (
          <p role="alert" className="shape-editor-failure">
            {t('drawing.imageFailed')}
          </p>
        ) : null}
        {width > 0 ? (
          <ShapeCanvas
            image={image}
            width={width}
            height={height}
            shapeType={shapeType}
            shapes={shapes}
            draft={draft}
            drawing={drawing}
            selected={selected}
            selectedPoint={selectedPoint}
            others={props.others ?? []}
            send={actor.send}
            onSelectPoint={setSelectedPoint}
          />
        ) : null}
      </div>
      <p id="shape-editor-keys" className="shape-editor-keys">
        {t('drawing.keys')}
      </p>
      {refusal ? (
        <p className="shape-editor-refusal" role="alert">
          {refusalText(t, refusal)}
        </p>
      ) : null}
      <ul className="shape-editor-tags" aria-label={t('drawing.shapes')}>
        {shapes.length === 0 ? <li className="shape-editor-none">{t(`drawing.none.${kind}`)}</li> : null}
        {shapes.map((shape, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a shape is its palette entry, or its position when it has none
          <li key={`${shape.id ?? 'shape'}-${index}`}>
            <Tag
              size="md"
              closable
              className={index === selected ? 'shape-tag selected' : 'shape-tag'}
              onClose={() => actor.send({ type: 'DELETE_SHAPE', index })}
              onClick={() => actor.send({ type: 'SELECT', index })}
              style={{ borderColor: shape.colour }}
            >
              <span className="shape-swatch" style={{ background: shape.colour }} aria-hidden="true" />
              {t(`drawing.tag.${kind}`, { n: index + 1, points: shape.points.length })}
            </Tag>
          </li>
        ))}
      </ul>
    </div>
  );
}
