// Issue 9, item 5: the base style sheet is written into every page instead of linked (no render-blocking request
// before the boot splash paints), and no lazy chunk links it again when it loads.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inlineSheet, styleElement, withoutPreloadDep } from '../../scripts/vite/inlineBaseStyle.ts';

const page = `<head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/style-base-Ab_1.css">
  </head>`;

describe('inline base style', () => {
  it('replaces the link of the sheet with the sheet itself', () => {
    const html = inlineSheet(page, 'assets/style-base-Ab_1.css', '.a{color:red}\n');
    expect(html).toContain('<style data-sheet="style-base">.a{color:red}</style>');
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  });

  it('refuses a page that does not link the sheet (a renamed chunk would otherwise go unnoticed)', () => {
    expect(() => inlineSheet(page, 'assets/style-base-Other.css', '.a{}')).toThrow(/does not link/);
  });

  it('keeps a sheet from closing the element early', () => {
    expect(styleElement('.a::after{content:"</style><script>"}')).toBe('<style data-sheet="style-base">.a::after{content:"<\\/style><script>"}</style>');
    expect(styleElement('.a{}</STYLE>')).toContain('<\\/STYLE>');
  });

  it('takes the sheet out of every dynamic import of a chunk and leaves the other files and the table', () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/A-1.js","assets/vendor-1.js","assets/style-base-Ab_1.css","assets/style-shell-1.css"])))=>i.map(i=>d[i]);' +
      'const A=()=>x(()=>import("./A-1.js"),__vite__mapDeps([0,1,2,3]));const B=()=>x(()=>import("./B-1.js"),__vite__mapDeps([2]));' +
      'const C=()=>x(()=>import("./C-1.js"),__vite__mapDeps([12,1]));';
    const out = withoutPreloadDep(code, 'assets/style-base-Ab_1.css');
    expect(out).toContain('__vite__mapDeps([0,1,3])');
    expect(out).toContain('__vite__mapDeps([])');
    // Index 12 is not index 2.
    expect(out).toContain('__vite__mapDeps([12,1])');
    expect(out).toContain('"assets/style-base-Ab_1.css"');
  });

  it('leaves a chunk alone when the sheet is not among its files, or it has no table', () => {
    const code = 'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/A-1.js"])))=>i.map(i=>d[i]);x(__vite__mapDeps([0]));';
    expect(withoutPreloadDep(code, 'assets/style-base-Ab_1.css')).toBe(code);
    expect(withoutPreloadDep('import("./A.js")', 'assets/style-base-Ab_1.css')).toBe('import("./A.js")');
  });
});
