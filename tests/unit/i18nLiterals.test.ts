// Every user-visible string goes through the message catalogues: this fails when a .tsx file under src/ holds
// JSX text with letters (Latin, CJK, any script), a string literal rendered as a JSX child, or a literal in a
// prop the user reads or hears (title, placeholder, alt, label, aria-label, …). Symbols and numbers pass
// (no letters); the short allow-list below holds the few texts that are the same in every language.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const srcDir = join(root, 'src');

/** Props whose text reaches the user (shown, or read out by assistive technology). */
const VISIBLE_PROPS = new Set([
  'title',
  'placeholder',
  'alt',
  'label',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'tooltip',
  'helpText',
  'caption',
  'okText',
  'cancelText',
  'emptyText',
  'loadingText',
]);

/** Texts allowed as literals: the same in every language. */
const ALLOWED = new Set<string>([]);

const LETTER = /\p{L}/u;

interface Literal {
  file: string;
  line: number;
  text: string;
  where: string;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

const visible = (text: string) => {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed !== '' && LETTER.test(trimmed) && !ALLOWED.has(trimmed);
};

/** String parts of an expression that would be rendered as they are (literals, template text, both ternary arms). */
function literalTexts(expression: ts.Expression): string[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression.text];
  if (ts.isTemplateExpression(expression)) return [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)];
  if (ts.isConditionalExpression(expression)) return [...literalTexts(expression.whenTrue), ...literalTexts(expression.whenFalse)];
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.BarBarToken) {
    return [...literalTexts(expression.left), ...literalTexts(expression.right)];
  }
  if (ts.isParenthesizedExpression(expression)) return literalTexts(expression.expression);
  return [];
}

function findLiterals(fileName: string, source: string): Literal[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    if (!visible(text)) return;
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push({ file: fileName, line, text: text.replace(/\s+/g, ' ').trim(), where });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text, 'JSX text');
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const text of literalTexts(node.expression)) report(node, text, 'JSX child');
    } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(file)) && node.initializer) {
      const prop = node.name.getText(file);
      if (ts.isStringLiteral(node.initializer)) report(node, node.initializer.text, `${prop}=`);
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) {
        for (const text of literalTexts(node.initializer.expression)) report(node, text, `${prop}=`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('user-visible literals in src/**/*.tsx', () => {
  it('the checker finds JSX text, literal children and visible props, and lets symbols and expressions pass', () => {
    const sample = `
      export const A = () => (
        <div title="Hello" aria-label={'关闭'} data-x="plain">
          Welcome
          {'literal child'}
          {ok ? 'yes' : t('no')}
          <span>{t('key')} — · / 12:00</span>
          <img alt={\`\${name}\`} placeholder={busy ? t('a') : 'Loading'} />
        </div>
      );`;
    const texts = findLiterals('sample.tsx', sample).map((literal) => `${literal.where} ${literal.text}`);
    expect(texts).toEqual(['title= Hello', 'aria-label= 关闭', 'JSX text Welcome', 'JSX child literal child', 'JSX child yes', 'placeholder= Loading']);
  });

  it('finds none: every user-visible text comes from the i18n catalogues', () => {
    const literals = tsxFiles(srcDir).flatMap((path) => findLiterals(relative(root, path), readFileSync(path, 'utf8')));
    expect(literals.map((l) => `${l.file}:${l.line} ${l.where} ${JSON.stringify(l.text)}`)).toEqual([]);
  });
});
