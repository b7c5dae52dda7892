import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Short secrets kept in a table only until they are used (a reset link's token in an event, until
 * the email goes): sealed with AES-256-GCM under a key drawn from the server's secret, so a copy of
 * the database alone does not hold a working link.
 */
export function createSealer(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'encore', 'sealed fields', 32));
  return {
    seal(text: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    /** Throws if the value was not sealed under this secret, or was changed. */
    unseal(sealed: string): string {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;
