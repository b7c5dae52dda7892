/**
 * What stored-content.e2e.ts writes through the API (stored-content-seed.ts): script,
 * event-handler, template and `javascript:` payloads in every text field a person can fill in.
 */

/** Each one runs `window.__pwned=1` if it ever reaches the page as markup or as code. */
export const PAYLOADS = {
  img: '<img src=x onerror="window.__pwned=1">',
  script: '<script>window.__pwned=1</script>',
  svg: '"><svg onload=window.__pwned=1>',
  anchor: '<a href="javascript:window.__pwned=1">x</a>',
  template: "{{constructor.constructor('window.__pwned=1')()}}",
} as const;
/** All of them in one text, for the fields long enough to hold it. */
export const EVERY_PAYLOAD = Object.values(PAYLOADS).join(' ');
/** String.prototype.replace reads these in a replacement string as parts of the matched text. */
export const REPLACEMENT_PATTERNS = "$' $` $&";
export const SCRIPT_URL = 'javascript:window.__pwned=1';

export const ORGANISER = 'maya@harbourlights.test';
export const STRANGER = 'amira@performer.test';
export const ADMIN = 'admin@encore.test';
/** A file name may hold neither a slash (only its last segment is kept) nor a quote (multipart). */
const FILE_NAME = '<img src=x onerror=window.__pwned=1>.txt';

/** The texts as people should see them, by the field they were written in. */
export function storedTexts(run: string) {
  return {
    'organisation name': `Inert Org ${run} ${PAYLOADS.img}`,
    'organisation description': `org about ${EVERY_PAYLOAD}`,
    'organisation website': `https://example.test/${run}/${PAYLOADS.img}`,
    'organisation social link': `https://instagram.com/${run}/${PAYLOADS.svg}`,
    'opportunity title': `Inert call ${run} ${REPLACEMENT_PATTERNS} ${PAYLOADS.img}`,
    'opportunity summary': `summary ${EVERY_PAYLOAD}`,
    /** Written as escaped HTML (what the editor makes of typed text): shown as text. */
    'opportunity description': `description ${EVERY_PAYLOAD}`,
    'opportunity venue': `venue ${PAYLOADS.svg}`,
    'opportunity street': `street ${PAYLOADS.script}`,
    'priced opportunity title': `Inert priced ${run} ${PAYLOADS.script}`,
    'price title': `price ${PAYLOADS.img}`,
    'price description': `price about ${EVERY_PAYLOAD}`,
    'form help text': `help ${PAYLOADS.script} ${PAYLOADS.anchor}`,
    'form heading': `heading ${PAYLOADS.template}`,
    'form question label': `question ${PAYLOADS.img}`,
    'form choice label': `choose ${PAYLOADS.svg}`,
    'form choice 1': `choice ${PAYLOADS.img}`,
    'form choice 2': `choice ${PAYLOADS.script}`,
    'form terms': `terms ${EVERY_PAYLOAD}`,
    'applicant name': `Applicant ${run} ${PAYLOADS.img}`,
    'applicant bio': `about me ${EVERY_PAYLOAD}`,
    'applicant other instrument': `instrument ${PAYLOADS.script}`,
    'answer full name': `full name ${PAYLOADS.svg}`,
    'answer city text': `city ${PAYLOADS.img}`,
    'answer long text': `answer ${EVERY_PAYLOAD}`,
    'answer link': `https://example.test/${run}/${PAYLOADS.svg}`,
    'answer file name': FILE_NAME,
    'teammate name': `Teammate ${run} ${PAYLOADS.svg}`,
    'review comment': `comment ${EVERY_PAYLOAD}`,
    'review note': `note ${EVERY_PAYLOAD}`,
    'message to applicant': `message ${EVERY_PAYLOAD}`,
    'message to organisers': `reply ${EVERY_PAYLOAD}`,
    'upgrade organisation name': `Upgrade ${run} ${PAYLOADS.img}`,
    'upgrade website': `https://example.test/${run}/${PAYLOADS.script}`,
    'upgrade message': `upgrade ${EVERY_PAYLOAD}`,
  };
}
export type StoredTexts = ReturnType<typeof storedTexts>;
export type Field = keyof StoredTexts;

export interface Stored {
  run: string;
  texts: StoredTexts;
  organisationSlug: string;
  opportunitySlug: string;
  pricedSlug: string;
  applicationId: string;
  applicant: { id: string; email: string; password: string };
  /** Each write of a script URL or of markup where a format is asked for, and what became of it. */
  refusals: Array<{ field: string; stored: boolean; category: unknown; named: string[] }>;
}
