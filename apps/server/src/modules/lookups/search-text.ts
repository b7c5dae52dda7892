/** Letters that Unicode does not decompose into a base letter plus a combining mark. */
const FOLDED_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const FOLDED_PATTERN = new RegExp(`[${Object.keys(FOLDED_LETTERS).join('')}]`, 'g');

/**
 * The form cities are searched in: lower case, accents stripped (`Zürich` -> `zurich`,
 * `São Paulo` -> `sao paulo`), apostrophes dropped and other punctuation turned into single
 * spaces (`Saint-Étienne` -> `saint etienne`). The seed stores it in `cities.search_name`; the
 * query runs the same function over what the user typed, so both sides always agree.
 */
export function normaliseSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(FOLDED_PATTERN, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/['‘’ʼ`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
