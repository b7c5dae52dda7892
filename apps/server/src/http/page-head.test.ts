import { describe, expect, it } from 'vitest';
import { withPageHead } from './page-head';

const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="Site-wide." />' +
  '<title>Encore</title><script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describe('withPageHead', () => {
  it("writes a title holding replacement patterns ($' $` $& $1) as the text it is", () => {
    const title = "Open call $' $` $& $1 $$ <b>";
    const html = withPageHead(INDEX_HTML, {
      title,
      description: "About $' it",
      url: 'https://encore.test/opportunity/open-call',
      jsonLd: { name: title },
    });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Open call $' $` $&amp; $1 $$ &lt;b&gt;</title>");
    expect(html).toContain('<meta name="description" content="About $\' it" />');
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).not.toContain('Site-wide.');
  });
});
