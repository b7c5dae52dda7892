import { randomInt } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The opportunity's initials (up to three letters, `HLF` for Harbour Lights Festival), or `APP`. */
export function codePrefix(title: string): string {
  const initials = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 3);
  return initials.length >= 2 ? initials : 'APP';
}

/** `HLF-7K3M9Q`: 32^6 ≈ 10^9 codes per prefix; a collision is retried by the caller. */
export function applicationCode(title: string): string {
  let suffix = '';
  for (let index = 0; index < 6; index++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${codePrefix(title)}-${suffix}`;
}
