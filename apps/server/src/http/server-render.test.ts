import { describe, expect, it } from 'vitest';
import type { ServerRenderResult } from '@encore/core';
import { requestCookies, withRenderedPage } from './server-render';

const INDEX_HTML =
  '<!doctype html>\n<html lang="en" dir="ltr"><head><title>Encore</title>' +
  '<script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div>\n<noscript>Encore needs JavaScript.</noscript></body></html>';

type RenderedPage = Extract<ServerRenderResult, { kind: 'page' }>;

function renderedPage(overrides: Partial<RenderedPage> = {}): RenderedPage {
  return {
    kind: 'page',
    html: '<main><h1>Open call</h1></main>',
    styles: '<style data-emotion="mui abc">.mui-abc{color:red}</style>',
    state: { locale: 'en', translations: {}, apollo: {}, loaderData: {} },
    ...overrides,
  };
}

describe('requestCookies', () => {
  it('reads every cookie by name and leaves out one with a malformed escape', () => {
    expect(requestCookies('locale=ar; accepted=true; broken=%E0%A4%A; =x; flag')).toEqual({
      locale: 'ar',
      accepted: 'true',
    });
    expect(requestCookies(undefined)).toEqual({});
  });
});

describe('withRenderedPage', () => {
  it('puts the page in the root, its styles in the head and its state after the root', () => {
    const html = withRenderedPage(INDEX_HTML, renderedPage());
    expect(html).toContain('<div id="root"><main><h1>Open call</h1></main></div>');
    expect(html).toMatch(/<style data-emotion="mui abc">[^<]*<\/style><\/head>/);
    const state = /<script type="application\/json" id="server-render-state">(.*)<\/script>/.exec(
      html,
    );
    expect(JSON.parse(state?.[1] ?? 'null')).toMatchObject({ locale: 'en' });
    // The page is there without JavaScript, so the notice saying it needs JavaScript goes,
    // and the code loads after what is on screen.
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index.js">');
  });

  it('sets the language and direction of the document', () => {
    const html = withRenderedPage(
      INDEX_HTML,
      renderedPage({ state: { locale: 'ar', translations: {}, apollo: {}, loaderData: {} } }),
    );
    expect(html).toContain('<html lang="ar" dir="rtl">');
  });

  it('keeps replacement patterns as text and lets no stored text close the state script', () => {
    const title = "Jazz $' $` $& $1 </script><script>alert(1)</script>";
    const html = withRenderedPage(
      INDEX_HTML,
      renderedPage({
        html: '<h1>Jazz $&#x27; $` $&amp; $1</h1>',
        state: {
          locale: 'en',
          translations: {},
          apollo: { 'Opportunity:1': { title } },
          loaderData: {},
        },
      }),
    );
    expect(html).toContain('<h1>Jazz $&#x27; $` $&amp; $1</h1>');
    expect(html.match(/<script/g)).toHaveLength(2);
    const state = /id="server-render-state">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(state?.[1] ?? 'null').apollo['Opportunity:1'].title).toBe(title);
  });
});
