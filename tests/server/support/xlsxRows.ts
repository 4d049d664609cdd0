// Reads the first worksheet of an .xlsx (as written by server/http/xlsx.ts) back into rows of cell texts.
import JSZip from 'jszip';

export async function readSheet(buffer: Buffer): Promise<string[][]> {
  const zip = await JSZip.loadAsync(buffer);
  const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  const column = (ref: string) => [...ref.replace(/\d+$/, '')].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
  return [...xml.matchAll(/<row [^>]*>(.*?)<\/row>/g)].map(([, cells]) => {
    const row: string[] = [];
    for (const [, ref, body] of cells.matchAll(/<c r="([A-Z]+\d+)"[^>]*>(.*?)<\/c>/g)) {
      const text = /<t[^>]*>(.*?)<\/t>/.exec(body)?.[1] ?? /<v>(.*?)<\/v>/.exec(body)?.[1] ?? '';
      row[column(ref)] = unescapeXml(text);
    }
    return Array.from(row, (v) => v ?? '');
  });
}
