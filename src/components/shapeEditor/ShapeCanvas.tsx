// The drawing surface: the snapshot with the shapes over it (react-konva on Konva's core and only the shapes used,
// so the editor's chunk stays small). Coordinates are relative to the snapshot; this maps them to the displayed
// size and sends the drawing machine what the pointer did: click to add a point (on the first point to close a
// polygon), drag a point, click an edge's handle to insert a point there, right-click a point to delete it.
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Line';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useState } from 'react';
import { Circle, Image as KonvaImage, Layer, Line, Stage } from 'react-konva/lib/ReactKonvaCore';
import type { RelPoint, Shape, ShapeType } from '../../domain/eventAreaWire.ts';
import type { ShapeDrawingEvent } from '../../machines/shapeDrawing.machine.ts';

export interface ShapeCanvasProps {
  image: HTMLImageElement | null;
  /** Displayed size in CSS pixels. */
  width: number;
  height: number;
  shapeType: ShapeType;
  shapes: readonly Shape[];
  draft: readonly RelPoint[];
  drawing: boolean;
  selected: number | null;
  selectedPoint: number | null;
  /** Shapes of the other fields, drawn faintly for orientation (not editable). */
  others: readonly Shape[];
  send(event: ShapeDrawingEvent): void;
  onSelectPoint(index: number | null): void;
}

/** How close (display px) a click must be to the first point to close the polygon. */
const CLOSE_DISTANCE = 10;
const DEFAULT_COLOUR = '#1677FF';

function fillOf(colour: string): string {
  // #RRGGBB → the same colour at 25 % opacity; other notations are used as they are.
  return /^#[0-9a-f]{6}$/i.test(colour) ? `${colour}40` : colour;
}

export function ShapeCanvas(props: ShapeCanvasProps) {
  const { width, height, shapes, draft, drawing, selected, send } = props;
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const [dragging, setDragging] = useState<{ shape: number; point: number; at: RelPoint } | null>(null);

  const toRel = (x: number, y: number): RelPoint => ({ x: x / width, y: y / height });
  const flat = (points: readonly RelPoint[]) => points.flatMap((p) => [p.x * width, p.y * height]);

  const pointerOf = (event: KonvaEventObject<MouseEvent>) => event.target.getStage()?.getPointerPosition() ?? null;

  const onStageClick = (event: KonvaEventObject<MouseEvent>) => {
    if (event.evt.button !== 0) return;
    const at = pointerOf(event);
    if (!at) return;
    if (!drawing) {
      if (event.target === event.target.getStage()) {
        send({ type: 'SELECT', index: null });
        props.onSelectPoint(null);
      }
      return;
    }
    const first = draft[0];
    if (props.shapeType === 1 && first && draft.length >= 3 && Math.hypot(first.x * width - at.x, first.y * height - at.y) <= CLOSE_DISTANCE) {
      send({ type: 'FINISH' });
      return;
    }
    send({ type: 'ADD_POINT', point: toRel(at.x, at.y) });
  };

  const pointsOf = (shape: Shape, index: number) =>
    dragging && dragging.shape === index ? shape.points.map((p, i) => (i === dragging.point ? dragging.at : p)) : shape.points;

  const selectedShape = selected === null ? undefined : shapes[selected];
  const selectedPoints = selectedShape && selected !== null ? pointsOf(selectedShape, selected) : [];

  return (
    <Stage
      width={width}
      height={height}
      onClick={onStageClick}
      onMouseMove={(event) => {
        if (drawing) setPointer(pointerOf(event));
      }}
      onMouseLeave={() => setPointer(null)}
      onContextMenu={(event) => event.evt.preventDefault()}
      className="shape-canvas-stage"
    >
      <Layer listening={false}>{props.image ? <KonvaImage image={props.image} width={width} height={height} /> : null}</Layer>
      <Layer listening={false}>
        {props.others.map((shape, index) => (
          <Line
            // biome-ignore lint/suspicious/noArrayIndexKey: other fields' shapes have no identity beyond their order
            key={index}
            points={flat(shape.points)}
            closed={shape.type === 1}
            stroke="#FFFFFF"
            strokeWidth={1}
            dash={[6, 4]}
            opacity={0.6}
          />
        ))}
      </Layer>
      <Layer listening={!drawing}>
        {shapes.map((shape, index) => {
          const colour = shape.colour ?? DEFAULT_COLOUR;
          return (
            <Line
              // biome-ignore lint/suspicious/noArrayIndexKey: a shape is its palette entry, or its position when it has none
              key={`${shape.id ?? 'shape'}-${index}`}
              points={flat(pointsOf(shape, index))}
              closed={shape.type === 1}
              stroke={colour}
              strokeWidth={index === selected ? 3 : 2}
              fill={shape.type === 1 ? fillOf(colour) : undefined}
              hitStrokeWidth={12}
              onClick={(event) => {
                event.cancelBubble = true;
                send({ type: 'SELECT', index });
                props.onSelectPoint(null);
              }}
            />
          );
        })}
        {selectedShape && selected !== null && selectedShape.type === 1
          ? selectedPoints.map((point, i) => {
              const next = selectedPoints[(i + 1) % selectedPoints.length];
              const mid = { x: (point.x + next.x) / 2, y: (point.y + next.y) / 2 };
              return (
                <Circle
                  // biome-ignore lint/suspicious/noArrayIndexKey: an edge is known by its position
                  key={`edge-${i}`}
                  x={mid.x * width}
                  y={mid.y * height}
                  radius={4}
                  fill="#FFFFFF"
                  opacity={0.7}
                  stroke={selectedShape.colour ?? DEFAULT_COLOUR}
                  strokeWidth={1}
                  onClick={(event) => {
                    event.cancelBubble = true;
                    if (event.evt.button === 0) send({ type: 'INSERT_POINT', shape: selected, after: i, point: mid });
                  }}
                />
              );
            })
          : null}
        {selectedShape && selected !== null
          ? selectedPoints.map((point, i) => (
              <Circle
                // biome-ignore lint/suspicious/noArrayIndexKey: a point is known by its position in the shape
                key={`point-${i}`}
                x={point.x * width}
                y={point.y * height}
                radius={i === props.selectedPoint ? 8 : 6}
                fill={i === props.selectedPoint ? (selectedShape.colour ?? DEFAULT_COLOUR) : '#FFFFFF'}
                stroke={selectedShape.colour ?? DEFAULT_COLOUR}
                strokeWidth={2}
                draggable
                dragBoundFunc={(pos) => ({ x: Math.min(width, Math.max(0, pos.x)), y: Math.min(height, Math.max(0, pos.y)) })}
                onDragMove={(event) => setDragging({ shape: selected, point: i, at: toRel(event.target.x(), event.target.y()) })}
                onDragEnd={(event) => {
                  setDragging(null);
                  send({ type: 'MOVE_POINT', shape: selected, point: i, to: toRel(event.target.x(), event.target.y()) });
                }}
                onClick={(event) => {
                  event.cancelBubble = true;
                  props.onSelectPoint(i);
                }}
                onContextMenu={(event) => {
                  event.evt.preventDefault();
                  event.cancelBubble = true;
                  props.onSelectPoint(null);
                  send({ type: 'DELETE_POINT', shape: selected, point: i });
                }}
              />
            ))
          : null}
      </Layer>
      <Layer listening={false}>
        {drawing && draft.length > 0 ? (
          <>
            <Line points={[...flat(draft), ...(pointer ? [pointer.x, pointer.y] : [])]} stroke="#FFFFFF" strokeWidth={2} dash={[8, 4]} />
            {draft.map((point, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: draft points are known by their order
              <Circle key={i} x={point.x * width} y={point.y * height} radius={i === 0 ? 6 : 4} fill="#FFFFFF" stroke="#1677FF" />
            ))}
          </>
        ) : null}
      </Layer>
    </Stage>
  );
}
