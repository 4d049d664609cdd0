// lodash 4.18's case functions that rsuite imports (camelCase, kebabCase, startCase, capitalize, upperFirst): its word
// splitting (the regular expressions below are lodash's, from _unicodeWords.js, _hasUnicodeWord.js, _asciiWords.js
// and _unicodeToArray.js) and its deburring (Latin-1 and Latin Extended-A letters to basic Latin, combining marks
// dropped). rsuite calls them with the same few names over and over (CSS properties at load, placements at each
// render), so a converted name is kept (at most 500, as lodash's own path cache).
import { stringOf } from './path.ts';

const rsAstralRange = '\\ud800-\\udfff';
const rsComboRange = '\\u0300-\\u036f\\ufe20-\\ufe2f\\u20d0-\\u20ff';
const rsDingbatRange = '\\u2700-\\u27bf';
const rsLowerRange = 'a-z\\xdf-\\xf6\\xf8-\\xff';
const rsUpperRange = 'A-Z\\xc0-\\xd6\\xd8-\\xde';
const rsVarRange = '\\ufe0e\\ufe0f';
const rsBreakRange =
  '\\xac\\xb1\\xd7\\xf7' +
  '\\x00-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\xbf' +
  '\\u2000-\\u206f' +
  ' \\t\\x0b\\f\\xa0\\ufeff\\n\\r\\u2028\\u2029\\u1680\\u180e\\u2000\\u2001\\u2002\\u2003\\u2004\\u2005\\u2006\\u2007\\u2008\\u2009\\u200a\\u202f\\u205f\\u3000';
const rsApos = "['\u2019]";
const rsBreak = `[${rsBreakRange}]`;
const rsCombo = `[${rsComboRange}]`;
const rsLower = `[${rsLowerRange}]`;
const rsMisc = `[^${rsAstralRange}${rsBreakRange}\\d+${rsDingbatRange}${rsLowerRange}${rsUpperRange}]`;
const rsFitz = '\\ud83c[\\udffb-\\udfff]';
const rsModifier = `(?:${rsCombo}|${rsFitz})`;
const rsNonAstral = `[^${rsAstralRange}]`;
const rsRegional = '(?:\\ud83c[\\udde6-\\uddff]){2}';
const rsSurrPair = '[\\ud800-\\udbff][\\udc00-\\udfff]';
const rsUpper = `[${rsUpperRange}]`;
const rsMiscLower = `(?:${rsLower}|${rsMisc})`;
const rsMiscUpper = `(?:${rsUpper}|${rsMisc})`;
const rsOptContrLower = `(?:${rsApos}(?:d|ll|m|re|s|t|ve))?`;
const rsOptContrUpper = `(?:${rsApos}(?:D|LL|M|RE|S|T|VE))?`;
const rsOptVar = `[${rsVarRange}]?`;
const rsOptJoin = `(?:\\u200d(?:${[rsNonAstral, rsRegional, rsSurrPair].join('|')})${rsOptVar}${rsModifier}?)*`;
const rsSeq = `${rsOptVar}${rsModifier}?${rsOptJoin}`;

const reUnicodeWord = RegExp(
  [
    `${rsUpper}?${rsLower}+${rsOptContrLower}(?=${[rsBreak, rsUpper, '$'].join('|')})`,
    `${rsMiscUpper}+${rsOptContrUpper}(?=${[rsBreak, rsUpper + rsMiscLower, '$'].join('|')})`,
    `${rsUpper}?${rsMiscLower}+${rsOptContrLower}`,
    `${rsUpper}+${rsOptContrUpper}`,
    '\\d*(?:1ST|2ND|3RD|(?![123])\\dTH)(?=\\b|[a-z_])',
    '\\d*(?:1st|2nd|3rd|(?![123])\\dth)(?=\\b|[A-Z_])',
    '\\d+',
    `(?:${[`[${rsDingbatRange}]`, rsRegional, rsSurrPair].join('|')})${rsSeq}`,
  ].join('|'),
  'g',
);
const reHasUnicodeWord = /[a-z][A-Z]|[A-Z]{2}[a-z]|[0-9][a-zA-Z]|[a-zA-Z][0-9]|[^a-zA-Z0-9 ]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: lodash's ASCII word pattern names the control range.
const reAsciiWord = /[^\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/g;
const reHasUnicode = RegExp(`[\\u200d${rsAstralRange}${rsComboRange}${rsVarRange}]`);
const rsSymbol = `(?:${[`${rsNonAstral}${rsCombo}?`, rsCombo, rsRegional, rsSurrPair, `[${rsAstralRange}]`].join('|')})`;
const reUnicodeSymbol = RegExp(`${rsFitz}(?=${rsFitz})|${rsSymbol}${rsSeq}`, 'g');

const reLatin = /[\xc0-\xd6\xd8-\xf6\xf8-\xff\u0100-\u017f]/g;
const reComboMark = RegExp(rsCombo, 'g');
const reApos = RegExp(rsApos, 'g');
/** The letters of lodash's deburr map that canonical decomposition does not take to basic Latin. */
const UNDECOMPOSED: Record<string, string> = {
  Æ: 'Ae', æ: 'ae', Ð: 'D', ð: 'd', Ø: 'O', ø: 'o', Þ: 'Th', þ: 'th', ß: 'ss', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ĳ: 'IJ',
  ĳ: 'ij', ĸ: 'k', Ŀ: 'L', ŀ: 'l', Ł: 'L', ł: 'l', ŉ: "'n", Ŋ: 'N', ŋ: 'n', Œ: 'Oe', œ: 'oe', Ŧ: 'T', ŧ: 't', ſ: 's',
};
const deburrLetter = (letter: string) => UNDECOMPOSED[letter] ?? letter.normalize('NFD').replace(reComboMark, '');
const deburr = (text: string) => text.replace(reLatin, deburrLetter).replace(reComboMark, '');

const words = (text: string) => (reHasUnicodeWord.test(text) ? text.match(reUnicodeWord) : text.match(reAsciiWord)) ?? [];

export function upperFirst(value: unknown): string {
  const text = stringOf(value);
  if (!reHasUnicode.test(text)) return text.charAt(0).toUpperCase() + text.slice(1);
  const symbols = text.match(reUnicodeSymbol) ?? [];
  return (symbols[0] ?? '').toUpperCase() + symbols.slice(1).join('');
}

export const capitalize = (value: unknown) => upperFirst(stringOf(value).toLowerCase());

/** A case function over a string's words, remembering the last 500 strings it converted. */
function compounder(join: (result: string, word: string, index: number) => string) {
  const known = new Map<string, string>();
  return (value: unknown): string => {
    const text = stringOf(value);
    const cached = known.get(text);
    if (cached !== undefined) return cached;
    const result = words(deburr(text).replace(reApos, '')).reduce(join, '');
    if (known.size >= 500) known.clear();
    known.set(text, result);
    return result;
  };
}

export const camelCase = compounder((result, word, index) => {
  const lower = word.toLowerCase();
  return result + (index ? capitalize(lower) : lower);
});

export const kebabCase = compounder((result, word, index) => result + (index ? '-' : '') + word.toLowerCase());

export const startCase = compounder((result, word, index) => result + (index ? ' ' : '') + upperFirst(word));
