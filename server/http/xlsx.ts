// A minimal .xlsx writer: one worksheet, a bold header row, then rows of inline strings and numbers.
// Enough for exports; exceljs is not available here and the format's core is a handful of XML parts in a zip.
import JSZip from 'jszip';
import type { Lang } from './messages.ts';
import { forReader } from './seededNames.ts';

export type CellValue = string | number | null | undefined;

export interface SheetData {
  /** Sheet tab name (at most 31 characters; []:*?/\ are replaced). */
  name: string;
  header: string[];
  rows: CellValue[][];
  /** Column widths in characters, by column index. */
  widths?: number[];
  /** The reader's language: for an English reader, the seeded names among the header's and rows' values are written
   * by their English names, as a JSON answer gives them (seededNames.ts); a name an operator typed stays as typed. */
  lang: Lang;
}

const MAX_CELL_TEXT = 32767;

export async function writeXlsx(sheet: SheetData): Promise<Buffer> {
  const zip = new JSZip();
  const parts: Record<string, string> = {
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': ROOT_RELS,
    'xl/workbook.xml': workbookXml(sheetName(sheet.name)),
    'xl/_rels/workbook.xml.rels': WORKBOOK_RELS,
    'xl/styles.xml': STYLES,
    'xl/worksheets/sheet1.xml': sheetXml({ ...sheet, header: forReader(sheet.header, sheet.lang), rows: forReader(sheet.rows, sheet.lang) }),
  };
  // Only the parts themselves: a package holds no directory entries.
  for (const [path, xml] of Object.entries(parts)) zip.file(path, xml, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

function sheetXml(sheet: SheetData): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    // The header stays in view while scrolling.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>',
  ];
  if (sheet.widths?.length) {
    parts.push('<cols>');
    sheet.widths.forEach((w, i) => {
      parts.push(`<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`);
    });
    parts.push('</cols>');
  }
  parts.push('<sheetData>');
  parts.push(rowXml(1, sheet.header, 1));
  sheet.rows.forEach((row, i) => {
    parts.push(rowXml(i + 2, row, 0));
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

function rowXml(rowNumber: number, cells: CellValue[], style: number): string {
  const s = style ? ` s="${style}"` : '';
  const out: string[] = [`<row r="${rowNumber}">`];
  cells.forEach((value, col) => {
    if (value === null || value === undefined || value === '') return;
    const ref = `${columnName(col)}${rowNumber}`;
    if (typeof value === 'number' && Number.isFinite(value)) out.push(`<c r="${ref}"${s}><v>${value}</v></c>`);
    else out.push(`<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`);
  });
  out.push('</row>');
  return out.join('');
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** XML text: markup characters escaped, characters XML 1.0 forbids dropped, cut at Excel's cell limit. */
function escapeXml(text: string): string {
  return dropForbiddenChars(text.slice(0, MAX_CELL_TEXT)).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/** XML 1.0 allows tab, newline and carriage return among the control characters, and not U+FFFE/U+FFFF. */
function dropForbiddenChars(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    const forbidden = (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff;
    if (!forbidden) out += ch;
  }
  return out;
}

function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';
}

function workbookXml(name: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${escapeXml(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';

/** Style 0 is the default; style 1 is bold (the header row). */
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
