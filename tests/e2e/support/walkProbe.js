// The route walk's look at one screen (tests/e2e/routeWalk.spec.ts), run in the page: it defines
// window.__walkProbe(options) → the findings on what the screen shows now, each a short sentence. Plain JavaScript
// added to every page as an init script: the e2e specs are compiled for Node, without the DOM's types.
//
// options.language: 'en' or 'zh-CN'. options.uiWords: lower-case English words of the product's own UI (its en
// catalogue and rsuite's English locale) that the zh-CN catalogue never uses; options.allowed: words allowed anyway.
(() => {
  const NATIVE = ['select', ...['file', 'date', 'datetime-local', 'time', 'month', 'week', 'color', 'range'].map((type) => `input[type="${type}"]`)].join(',');
  const HAN = /\p{Script=Han}/u;
  const PLATE = /^\p{Script=Han}[A-Z][A-Z0-9]{4,6}\p{Script=Han}?$/u;
  const ACTION_PLACES = 'td, th, .rs-table-cell, [role="toolbar"], [class*="toolbar"], [class*="actions"], .filter-bar';

  /** Drawn where a user sees it: in the layout, not hidden, not see-through, not a screen reader's 1-px box. */
  function shown(el) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2) return false;
    for (let at = el; at && at !== document.body; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.clipPath.startsWith('inset(50%') || style.clip === 'rect(0px, 0px, 0px, 0px)') return false;
    }
    return true;
  }

  /** Where an element is, for a finding: its table, dialog or drawer, and its own name. */
  function where(el) {
    const parts = [];
    const region = el.closest('[role="dialog"], .rs-drawer, .rs-modal, table, .rs-table, form, section, nav, header');
    if (region) {
      const name = region.getAttribute('aria-label') || region.querySelector('h1, h2, h3, legend, caption')?.textContent || '';
      const kind = typeof region.className === 'string' && region.className ? `.${region.className.split(/\s+/)[0]}` : '';
      parts.push(`${region.tagName.toLowerCase()}${kind}${name ? ` "${name.trim().slice(0, 30)}"` : ''}`);
    }
    return parts.join(' ');
  }

  const clean = (text) => text.replace(/\s+/g, ' ').trim();

  function nativeControls() {
    const found = [];
    for (const el of document.querySelectorAll(NATIVE)) {
      if (!shown(el)) continue;
      const name = el.getAttribute('aria-label') || el.getAttribute('name') || el.id || (el.labels?.[0]?.textContent ?? '');
      found.push(`native control <${el.tagName.toLowerCase()}${el.type && el.tagName === 'INPUT' ? ` type=${el.type}` : ''}> "${clean(name)}" ${where(el)}`.trim());
    }
    return found;
  }

  /** The visible texts of the page: its text nodes and the placeholders and values of its visible fields. */
  function visibleTexts() {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Map();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = clean(node.textContent || '');
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
      if (!seen.has(parent)) seen.set(parent, shown(parent));
      if (seen.get(parent)) texts.push({ text, el: parent });
    }
    for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder], input[type="button"], input[type="submit"]')) {
      if (!shown(el)) continue;
      const text = clean(el.getAttribute('placeholder') || el.value || '');
      if (text) texts.push({ text, el });
    }
    return texts;
  }

  function otherLanguage({ language, uiWords, allowed }) {
    const found = new Set();
    const vocabulary = new Set(uiWords);
    const allow = new Set(allowed.map((w) => w.toLowerCase()));
    for (const { text, el } of visibleTexts()) {
      // A language's own name in the language switch ("中文", "English") is meant to be read in that language.
      if (el.closest('[lang]') && el.closest('[lang]') !== document.documentElement) continue;
      if (language === 'en') {
        // A Chinese licence plate ('粤B12345') starts with its province's character by law: an identifier, data.
        if (HAN.test(text) && !PLATE.test(text)) found.add(`Chinese text "${text.slice(0, 40)}" ${where(el)}`.trim());
        continue;
      }
      // Codes are marked as such (code, kbd, samp, or translate="no": HTML's own mark for text that is no language,
      // e.g. a menu's number, a request's logged parameters): their letters are not words of the UI.
      if (el.closest('[translate="no"], code, kbd, samp')) continue;
      // zh-CN: an English word of the product's own UI (a message that fell through, a key shown as such, rsuite's
      // English locale), or an i18n key itself.
      if (/^[a-z][A-Za-z0-9]*(?:[.:][A-Za-z0-9_]+)+$/.test(text) && !/^v?\d/.test(text) && !/\.(?:png|jpe?g|mp4|zip|onnx|json|csv|xlsx)$/i.test(text)) {
        found.add(`i18n key "${text}" shown ${where(el)}`.trim());
        continue;
      }
      // Addresses and file names are data, and so is a token shaped as an identifier (a digit, _ : / or an inner
      // capital in it: serial numbers, versions, paths, camelCase ids) or a kebab-case name all in one case (a
      // service's id, a serial number): their letters are not words of the UI.
      const data = text
        .replace(/\b(?:[a-z]+:\/\/|www\.)\S+/gi, ' ')
        .replace(/\S+\.(?:png|jpe?g|mp4|zip|onnx|json|csv|xlsx|txt)\b/gi, ' ')
        .replace(/[^\s(（]*(?:\d|_|:|\/|[a-z][A-Z])[^\s)）]*/g, ' ')
        .replace(/\b(?:[a-z]+(?:-[a-z]+)+|[A-Z]+(?:-[A-Z]+)+)\b/g, ' ');
      const words = data.match(/[A-Za-z]{3,}/g) ?? [];
      const english = words.filter((w) => vocabulary.has(w.toLowerCase()) && !allow.has(w.toLowerCase()));
      if (english.length) found.add(`English "${text.slice(0, 40)}" (${[...new Set(english)].join(', ')}) ${where(el)}`.trim());
    }
    return [...found];
  }

  /** Lines the text of an element takes: its text boxes (icons left out) grouped by their vertical overlap. */
  function linesOf(el) {
    const rects = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5));
    }
    let lines = 0;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const r of rects.sort((a, b) => a.top - b.top)) {
      if (r.top >= bottom - 1) lines += 1;
      bottom = Math.max(bottom, r.bottom);
    }
    return lines;
  }

  /**
   * Actions in toolbars and in the action cells of tables: buttons anywhere in a row, links (and buttons drawn as
   * links) only in an actions cell — in a data cell a link is the data's own (an alarm's type opening it), which may
   * wrap like its column. Headers wrap at spaces by design (the walk's list check, support/routeChecks.ts, sees they break at spaces only).
   */
  function cutActions() {
    const found = new Set();
    for (const el of document.querySelectorAll('button, a[href], .rs-btn, [role="button"]')) {
      const place = el.closest(ACTION_PLACES);
      if (!place || place.matches('th') || el.closest('th, .rs-table-cell-header') || !shown(el)) continue;
      const cell = place.matches('td, .rs-table-cell');
      const dataLink = el.matches('a[href]:not(.rs-btn), .rs-btn-link, [class*="link"]');
      if (cell && dataLink && !place.matches('.data-table-sticky-right, [class*="actions"]')) continue;
      // A control inside another one is measured with it.
      if (el.parentElement?.closest('button, a[href], .rs-btn, [role="button"]')) continue;
      const text = clean(el.textContent || '');
      if (!text) continue;
      if (linesOf(el) > 1) found.add(`action "${text.slice(0, 30)}" wraps onto two lines ${where(el)}`.trim());
      else if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) found.add(`action "${text.slice(0, 30)}" is clipped (${el.scrollWidth} > ${el.clientWidth} px) ${where(el)}`.trim());
      else if (cell && getComputedStyle(place).overflow !== 'visible') {
        const box = el.getBoundingClientRect();
        const bounds = place.getBoundingClientRect();
        if (box.right > bounds.right + 1 || box.bottom > bounds.bottom + 1) found.add(`action "${text.slice(0, 30)}" runs out of its cell ${where(el)}`.trim());
      }
    }
    return [...found];
  }

  function misalignedCells() {
    const found = [];
    const rows = [
      ...[...document.querySelectorAll('tbody > tr')].map((row) => ({ row, cells: [...row.children].filter((c) => c.rowSpan === 1) })),
      ...[...document.querySelectorAll('.rs-table-body-row-wrapper .rs-table-row')].map((row) => ({ row, cells: [...row.querySelectorAll('.rs-table-cell')] })),
    ];
    const byTable = new Map();
    for (const { row, cells } of rows) {
      if (!shown(row)) continue;
      const box = row.getBoundingClientRect();
      const off = cells.filter((cell) => {
        const c = cell.getBoundingClientRect();
        return c.width > 0 && c.height > 0 && (Math.abs(c.top - box.top) > 1 || Math.abs(c.bottom - box.bottom) > 1);
      });
      if (!off.length) continue;
      const table = row.closest('table, .rs-table');
      const entry = byTable.get(table) ?? { rows: 0, example: '' };
      entry.rows += 1;
      if (!entry.example) {
        const c = off[0].getBoundingClientRect();
        entry.example = `cell "${clean(off[0].textContent || '').slice(0, 20)}" ${Math.round(c.top)}–${Math.round(c.bottom)} in row ${Math.round(box.top)}–${Math.round(box.bottom)}`;
      }
      byTable.set(table, entry);
    }
    for (const [table, { rows: count, example }] of byTable) found.push(`${count} row(s) with cells out of line, e.g. ${example} ${where(table)}`.trim());
    return found;
  }

  window.__walkProbe = (options) => [...nativeControls(), ...otherLanguage(options), ...cutActions(), ...misalignedCells()];
})();
