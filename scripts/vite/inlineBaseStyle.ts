// Kept (issue 37 review): Vite has no setting to inline a built style sheet into the page (build.cssCodeSplit and
// assetsInlineLimit cover neither), nor to take a sheet out of the preload lists (modulePreload's
// resolveDependencies does not see style sheets).
// Vite plugin: the base style sheet (style-base: the boot's own rules and rsuite's base, ~27 kB, ~4.4 kB as brotli)
// is written into the head of index.html, and so of every route page, instead of linked. Linked, it was the one
// render-blocking request of every page: the boot splash could paint only once it was in (one more round trip on a
// phone), and whether Chromium painted before the scripts were in was a race. Inline, the splash paints as soon as
// the page is parsed. Every lazy chunk that imports a base sheet named the file among its preload dependencies, and
// the preload helper would have linked it again once the boot ran (it looks for a <link rel="stylesheet"> of that
// name; a `disabled` one is fetched all the same): the file is taken out of those lists once Vite has written them
// (build.modulePreload.resolveDependencies does not see style sheets). The file stays in dist/ under its hashed
// name, unreferenced, for what measures the build's sheets (scripts/cssRules.ts, bench/bundleSizes.ts).
import type { Plugin, Rolldown } from 'vite';

type OutputAsset = Rolldown.OutputAsset;

export const BASE_STYLE = 'style-base';
/** The attribute that marks the inline sheet (bench/coldLoad.ts counts it with the route's CSS). */
export const INLINE_SHEET_ATTRIBUTE = 'data-sheet';

const BASE_SHEET = new RegExp(`(^|/)${BASE_STYLE}-[\\w-]+\\.css$`);

/** The base sheet among the build's outputs. */
function baseSheet(bundle: Rolldown.OutputBundle | undefined): OutputAsset | undefined {
  return Object.values(bundle ?? {}).find((output): output is OutputAsset => output.type === 'asset' && BASE_SHEET.test(output.fileName));
}

const DEPS_TABLE = /__vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>/;
const DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * A chunk's code with the file left out of its dynamic imports' preload lists. Vite writes one table of file names
 * per chunk (`__vite__mapDeps=(…m.f=["assets/a.js",…])`) and each import names its files by index into it
 * (`__vite__mapDeps([0,3])`): the index is dropped from the calls, the table stays as it is.
 */
export function withoutPreloadDep(code: string, file: string): string {
  const table = DEPS_TABLE.exec(code);
  if (!table) return code;
  const index = (JSON.parse(table[1]) as string[]).indexOf(file);
  if (index < 0) return code;
  return code.replace(DEPS_CALL, (_call, list: string) => `__vite__mapDeps([${list.split(',').filter((i) => i !== '' && Number(i) !== index).join(',')}])`);
}

/** A sheet's text made safe to sit inside <style>: only "</style" could end the element early. */
export function styleElement(css: string): string {
  return `<style ${INLINE_SHEET_ATTRIBUTE}="${BASE_STYLE}">${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`;
}

/** html with the base sheet's <link> replaced by the sheet itself; throws when the link is not there. */
export function inlineSheet(html: string, fileName: string, css: string): string {
  const link = new RegExp(`<link rel="stylesheet"[^>]*href="[^"]*${fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
  if (!link.test(html)) throw new Error(`index.html does not link ${fileName}`);
  return html.replace(link, () => styleElement(css.trim()));
}

export function inlineBaseStyle(): Plugin {
  return {
    name: 'argus-inline-base-style',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const sheet = baseSheet(ctx.bundle);
        if (!sheet) throw new Error(`the build wrote no ${BASE_STYLE} sheet`);
        const css = typeof sheet.source === 'string' ? sheet.source : new TextDecoder().decode(sheet.source);
        return inlineSheet(html, sheet.fileName, css);
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const sheet = baseSheet(bundle);
        if (!sheet) return;
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.code.includes('__vite__mapDeps')) output.code = withoutPreloadDep(output.code, sheet.fileName);
        }
      },
    },
  };
}
