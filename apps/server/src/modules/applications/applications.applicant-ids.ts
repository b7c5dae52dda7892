import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

const PREFIX = 'ap_';
// The opportunity's id and one enciphered block: 32 bytes, 43 characters of base64url.
const APPLICANT_ID = /^ap_[\w-]{43}$/;

const bytesOf = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export interface ApplicantOfOpportunity {
  opportunityId: string;
  userId: string;
}

/**
 * How a list names an applicant whom blind review hides from its viewer (docs/decisions.md, "Blind
 * review"): `ap_` and, in base64url, the opportunity's id followed by the account id enciphered
 * with AES-256 (one block) under a key of that opportunity, derived from the server's secret. The
 * same applicant keeps one id within an opportunity and gets another in each of the others; only
 * the server turns it back into the account.
 */
export function createApplicantIds(secret: string) {
  const master = createHmac('sha256', secret).update('encore applicant ids').digest();
  const keyOf = (opportunityId: string) =>
    createHmac('sha256', master).update(opportunityId.toLowerCase()).digest();

  return {
    of(opportunityId: string, userId: string): string {
      const cipher = createCipheriv('aes-256-ecb', keyOf(opportunityId), null).setAutoPadding(
        false,
      );
      const block = Buffer.concat([cipher.update(bytesOf(userId)), cipher.final()]);
      return PREFIX + Buffer.concat([bytesOf(opportunityId), block]).toString('base64url');
    },

    /** The opportunity and account behind an applicant id; undefined for anything else. */
    parse(id: string): ApplicantOfOpportunity | undefined {
      if (!APPLICANT_ID.test(id)) return undefined;
      const bytes = Buffer.from(id.slice(PREFIX.length), 'base64url');
      if (bytes.length !== 32) return undefined;
      const opportunityId = uuidOf(bytes.subarray(0, 16));
      const decipher = createDecipheriv('aes-256-ecb', keyOf(opportunityId), null).setAutoPadding(
        false,
      );
      const block = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]);
      return { opportunityId, userId: uuidOf(block) };
    },
  };
}

export type ApplicantIds = ReturnType<typeof createApplicantIds>;
