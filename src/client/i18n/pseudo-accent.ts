import pseudolocalize from 'pseudolocale';

/**
 * Accents text as Lingui's CLI accents the pseudo catalog (its `pseudoLocalize`: the same package, no brackets,
 * its delimiter, which no Intl output holds), so a month name or a unit reads like a catalogued word and the
 * pseudo-locale suite can tell both from untranslated text. Digits, spaces and punctuation stay as they are.
 */
export function accent(text: string): string {
  return pseudolocalize(text, { delimiter: '%&&&%', prepend: '', append: '' });
}
