// The watermark of the settings (/system/watermarkConfig) drawn onto alarm images: the text with its placeholders
// filled per image, at the chosen corner, centred or tiled, in the chosen size, colour and opacity. Rendered as SVG
// text composited by sharp (librsvg draws it with the machine's fonts), re-encoded in the image's own format.
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../db/types.ts';
import { formatTime } from '../../http/format.ts';
import type { Lang } from '../../http/messages.ts';
import { typeName } from '../alarms/eventTypes.ts';
import { readSetting, type WatermarkConfig } from './settingsHandlers.ts';

export type WatermarkUse = 'alarmImage' | 'exportImage' | 'videoPlay';

export interface WatermarkFields {
  time: string;
  cameraName: string;
  eventName: string;
  userName: string;
}

/** The configuration when the watermark is on for this use; null otherwise. */
export async function watermarkFor(db: Kysely<Database>, use: WatermarkUse): Promise<WatermarkConfig | null> {
  const config = await readSetting(db, 'watermark');
  return config.enabled && config.applyTo.includes(use) && config.content.trim() ? config : null;
}

export function watermarkText(content: string, fields: WatermarkFields): string {
  return content.replace(/\{(time|cameraName|eventName|userName)\}/g, (_, key: keyof WatermarkFields) => fields[key] ?? '');
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

/** The SVG overlay of one image's size. */
export function watermarkSvg(width: number, height: number, text: string, config: WatermarkConfig): string {
  const size = Math.max(8, Math.min(config.fontSize, Math.floor(height / 3)));
  const margin = Math.round(size * 0.6);
  const style = `font-family="Noto Sans CJK SC, Noto Sans SC, WenQuanYi Micro Hei, DejaVu Sans, sans-serif" font-size="${size}" fill="${config.color}" fill-opacity="${config.opacity}" stroke="#000000" stroke-opacity="${(config.opacity * 0.35).toFixed(2)}" stroke-width="${Math.max(1, size / 16).toFixed(1)}" paint-order="stroke"`;
  const body = escapeXml(text);
  if (config.position === 'tile') {
    const stepX = Math.max(size * 4, Math.round(text.length * size * 0.9));
    const stepY = size * 5;
    const cells: string[] = [];
    for (let y = size * 2; y < height + stepY; y += stepY) {
      for (let x = -stepX / 2; x < width + stepX; x += stepX) cells.push(`<text x="${Math.round(x)}" y="${Math.round(y)}" transform="rotate(-25 ${Math.round(x)} ${Math.round(y)})" ${style}>${body}</text>`);
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${cells.join('')}</svg>`;
  }
  const place = {
    topLeft: { x: margin, y: margin + size, anchor: 'start' },
    topRight: { x: width - margin, y: margin + size, anchor: 'end' },
    bottomLeft: { x: margin, y: height - margin, anchor: 'start' },
    bottomRight: { x: width - margin, y: height - margin, anchor: 'end' },
    center: { x: width / 2, y: height / 2 + size / 3, anchor: 'middle' },
  }[config.position];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${Math.round(place.x)}" y="${Math.round(place.y)}" text-anchor="${place.anchor}" ${style}>${body}</text></svg>`;
}

/** The image with the watermark drawn on it, in its own format (JPEG stays JPEG, anything else PNG). */
export async function applyWatermark(image: Buffer, config: WatermarkConfig, fields: WatermarkFields): Promise<Buffer> {
  const pipeline = sharp(image, { limitInputPixels: 7680 * 4320 });
  const meta = await pipeline.metadata();
  if (!meta.width || !meta.height) return image;
  const overlay = Buffer.from(watermarkSvg(meta.width, meta.height, watermarkText(config.content, fields), config));
  const drawn = pipeline.composite([{ input: overlay, top: 0, left: 0 }]);
  return meta.format === 'jpeg' ? drawn.jpeg({ quality: 90 }).toBuffer() : drawn.png().toBuffer();
}

/** The placeholders of one alarm's image. */
export function alarmWatermarkFields(alarm: { alarmTime: Date; cameraName: string | null; eventType: number }, lang: Lang, userName: string): WatermarkFields {
  return { time: formatTime(alarm.alarmTime) ?? '', cameraName: alarm.cameraName ?? '', eventName: typeName(alarm.eventType, lang), userName };
}
