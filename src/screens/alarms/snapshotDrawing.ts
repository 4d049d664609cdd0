// Drawing an alarm's snapshot with its detection box. The box is in the pixels of the snapshot the box sent
// (imageWidth × imageHeight); the image actually loaded may differ (a resized copy), so the box is scaled to it.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The box in the loaded image's pixels, clipped to the image. */
export function scaleBox(box: Box, declared: Size, natural: Size): Box {
  const sx = declared.width > 0 ? natural.width / declared.width : 1;
  const sy = declared.height > 0 ? natural.height / declared.height : 1;
  const x = Math.max(0, Math.min(natural.width, box.x * sx));
  const y = Math.max(0, Math.min(natural.height, box.y * sy));
  return { x, y, w: Math.max(1, Math.min(natural.width - x, box.w * sx)), h: Math.max(1, Math.min(natural.height - y, box.h * sy)) };
}

export const BOX_COLOUR = '#ff3b30';

/** The part of a 2D context the drawing uses (a fake in tests). */
export type DrawingContext = Pick<
  CanvasRenderingContext2D,
  'drawImage' | 'strokeRect' | 'fillRect' | 'fillText' | 'measureText' | 'lineWidth' | 'strokeStyle' | 'fillStyle' | 'font' | 'textBaseline'
>;

/** Draws the image at its natural size, the box over it and, above the box, `label` (canvas text: never markup). */
export function drawDetection(context: DrawingContext, image: CanvasImageSource, natural: Size, box: Box, declared: Size, label: string): Box {
  context.drawImage(image, 0, 0, natural.width, natural.height);
  const scaled = scaleBox(box, declared, natural);
  const line = Math.max(2, Math.round(natural.width / 320));
  context.lineWidth = line;
  context.strokeStyle = BOX_COLOUR;
  context.strokeRect(scaled.x, scaled.y, scaled.w, scaled.h);
  if (label) {
    const fontSize = Math.max(12, Math.round(natural.width / 48));
    context.font = `${fontSize}px sans-serif`;
    context.textBaseline = 'top';
    const width = context.measureText(label).width + fontSize / 2;
    const top = scaled.y >= fontSize + 6 ? scaled.y - fontSize - 6 : scaled.y + scaled.h;
    context.fillStyle = BOX_COLOUR;
    context.fillRect(scaled.x, top, width, fontSize + 6);
    context.fillStyle = '#ffffff';
    context.fillText(label, scaled.x + fontSize / 4, top + 3);
  }
  return scaled;
}
