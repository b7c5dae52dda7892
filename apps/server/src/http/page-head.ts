/** What a page says about itself before any script runs: for crawlers and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  image?: string | undefined;
  /** schema.org data, written as JSON-LD. */
  jsonLd?: Record<string, unknown> | undefined;
  /** Reachable by link but not to be listed by search engines. */
  noIndex?: boolean | undefined;
}

/** A page the server describes itself, matched on the path. */
export interface PageHeadSource {
  pattern: RegExp;
  head: (match: RegExpExecArray) => Promise<PageHead | null>;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: nothing in it may close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The app's index.html with the page's title, description, Open Graph tags and JSON-LD. */
export function withPageHead(indexHtml: string, head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    ...(head.noIndex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.jsonLd
      ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`]
      : []),
  ].join('\n    ');
  // The page's own description replaces the site-wide one rather than standing beside it. The
  // tags go in through a function: as a replacement string, `$'` or `$&` in a title would
  // paste parts of index.html (its script tags among them) into the page.
  return indexHtml
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>/, () => tags);
}
