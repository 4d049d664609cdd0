// One validated image with its boxes drawn on a canvas: boxes at or above the threshold in colour with the class,
// the prompt and the score; the candidates below it dashed, when asked for. The same boxes are listed as text.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValidationDetection } from '../orchestrationApi.ts';
import { useClassName } from './PromptEditor.tsx';

const COLOURS = ['#e5484d', '#3e63dd', '#30a46c', '#f76b15', '#8e4ec6', '#12a594'];

export interface DetectionImageProps {
  file: File;
  detections: readonly ValidationDetection[];
  threshold: number;
  showBelow: boolean;
  /** Prompt order, for stable colours. */
  prompts: readonly string[];
  label: string;
}

export function DetectionImage({ file, detections, threshold, showBelow, prompts, label }: DetectionImageProps) {
  const { t } = useTranslation('algorithms');
  const className = useClassName();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const passed = detections.filter((d) => d.score >= threshold);
  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || !image) return;
    const scale = Math.min(1, 960 / image.naturalWidth);
    c.width = Math.round(image.naturalWidth * scale);
    c.height = Math.round(image.naturalHeight * scale);
    ctx.drawImage(image, 0, 0, c.width, c.height);
    const line = Math.max(2, Math.round(c.width / 400));
    ctx.font = `${Math.max(12, Math.round(c.width / 60))}px sans-serif`;
    for (const d of [...detections].sort((a, b) => a.score - b.score)) {
      const above = d.score >= threshold;
      if (!above && !showBelow) continue;
      const [x1, y1, x2, y2] = d.box as [number, number, number, number];
      const colour = above ? (COLOURS[Math.max(0, prompts.indexOf(d.prompts[0] ?? '')) % COLOURS.length] ?? '#e5484d') : '#9aa0a6';
      ctx.setLineDash(above ? [] : [6, 4]);
      ctx.lineWidth = above ? line : 1;
      ctx.strokeStyle = colour;
      ctx.strokeRect(x1 * c.width, y1 * c.height, (x2 - x1) * c.width, (y2 - y1) * c.height);
      if (above) {
        const text = `${d.label} ${d.score.toFixed(2)}`;
        const w = ctx.measureText(text).width + 6;
        const h = parseInt(ctx.font, 10) + 4;
        const ty = y1 * c.height > h ? y1 * c.height - h : y1 * c.height;
        ctx.fillStyle = colour;
        ctx.fillRect(x1 * c.width, ty, w, h);
        ctx.fillStyle = '#fff';
        ctx.fillText(text, x1 * c.width + 3, ty + h - 5);
      }
    }
    ctx.setLineDash([]);
  }, [image, detections, threshold, showBelow, prompts]);

  return (
    <figure className="orch-figure">
      <canvas ref={canvas} role="img" aria-label={t('validate.imageAlt', { name: label, count: passed.length })} data-boxes={passed.length} />
      <figcaption>
        <ul className="orch-detections">
          {passed.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: boxes have no identity beyond their order
            <li key={i}>
              {className(d.label)} — {d.prompts.join(', ')} — {d.score.toFixed(2)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
