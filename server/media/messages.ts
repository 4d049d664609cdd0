// Messages of the image checks every upload goes through (server/media/imageSafety.ts).
import type { Catalogue } from '../http/catalogueTypes.ts';

export const mediaMessages = {
  'image.badType': {
    zh: '参数 {field} 不是支持的图片格式（按文件内容识别），仅支持 {types}',
    en: '{field} is not an image of a supported type (judged by its content); allowed: {types}',
  },
  'image.svgRefused': {
    zh: '参数 {field} 是 SVG 图片：SVG 可以携带脚本，不予接受，请上传 {types}',
    en: '{field} is an SVG image: SVG can carry script and is not accepted; upload {types}',
  },
  'image.tooLarge': {
    zh: '参数 {field} 的图片尺寸 {width}×{height} 超出上限（最大 {maxWidth}×{maxHeight}，{maxMegapixels} 百万像素）',
    en: '{field} is {width}×{height} pixels, over the limit ({maxWidth}×{maxHeight} at most, {maxMegapixels} megapixels)',
  },
  'image.tooSmall': {
    zh: '参数 {field} 的图片尺寸 {width}×{height} 过小（每边至少 {min} 像素）',
    en: '{field} is {width}×{height} pixels, too small (at least {min} pixels a side)',
  },
  'image.undecodable': {
    zh: '参数 {field} 无法解码为图片（文件损坏、不完整或内容与格式不符）',
    en: '{field} cannot be decoded as an image (damaged, incomplete, or not what its header says)',
  },
  'image.badDataUrl': {
    zh: '参数 {field} 不是有效的图片 data URL（data:image/…;base64,…）',
    en: '{field} is not a valid image data URL (data:image/…;base64,…)',
  },
} satisfies Catalogue;
