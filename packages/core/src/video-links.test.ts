import { describe, it, expect } from 'vitest';
import { isVideoLink, parseVideoLink } from './video-links';

const YT = 'dQw4w9WgXcQ';
const YT_EMBED = `https://www.youtube-nocookie.com/embed/${YT}`;
const VIMEO = '123456789';
const VIMEO_EMBED = `https://player.vimeo.com/video/${VIMEO}`;
const LOOM = '0123456789abcdef0123456789abcdef';
const LOOM_EMBED = `https://www.loom.com/embed/${LOOM}`;

describe('parseVideoLink: YouTube', () => {
  it.each([
    `https://www.youtube.com/watch?v=${YT}`,
    `http://www.youtube.com/watch?v=${YT}`,
    `https://youtube.com/watch?v=${YT}`,
    `www.youtube.com/watch?v=${YT}`,
    `youtube.com/watch?v=${YT}`,
    `//www.youtube.com/watch?v=${YT}`,
    `https://m.youtube.com/watch?v=${YT}`,
    `https://music.youtube.com/watch?v=${YT}`,
    `https://www.youtube.com/watch?v=${YT}&t=42s`,
    `https://www.youtube.com/watch?feature=share&v=${YT}&list=PL0123456789`,
    `https://www.youtube.com/watch/?v=${YT}`,
    `https://WWW.YouTube.com/watch?v=${YT}`,
    `https://youtu.be/${YT}`,
    `youtu.be/${YT}`,
    `https://youtu.be/${YT}?si=AbCdEfGh&t=10`,
    `https://www.youtube.com/embed/${YT}`,
    `https://www.youtube.com/embed/${YT}?autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${YT}`,
    `https://youtube-nocookie.com/embed/${YT}`,
    `https://www.youtube.com/shorts/${YT}`,
    `https://youtube.com/shorts/${YT}?si=xyz`,
    `https://www.youtube.com/live/${YT}?feature=shared`,
    `https://www.youtube.com/v/${YT}`,
    `  https://youtu.be/${YT}  `,
  ])('recognises %s', (url) => {
    expect(parseVideoLink(url)).toEqual({ provider: 'youtube', id: YT, embedUrl: YT_EMBED });
  });

  it('accepts ids with - and _', () => {
    expect(parseVideoLink('https://youtu.be/a-b_c-d_e-f')?.id).toBe('a-b_c-d_e-f');
  });

  it.each([
    ['a 10-character id', `https://youtu.be/${YT.slice(1)}`],
    ['a 12-character id', `https://youtu.be/${YT}x`],
    ['an id with a forbidden character', 'https://youtu.be/dQw4w9WgX.Q'],
    ['a percent-encoded id', 'https://youtu.be/dQw4w9WgX%51'],
    ['a watch URL without v', 'https://www.youtube.com/watch?list=PL0123456789'],
    ['a watch URL with an empty v', 'https://www.youtube.com/watch?v='],
    ['a channel page', 'https://www.youtube.com/@somechannel'],
    ['the home page', 'https://www.youtube.com/'],
    ['an extra path segment', `https://www.youtube.com/embed/${YT}/extra`],
    ['an unknown path prefix', `https://www.youtube.com/video/${YT}`],
    ['youtu.be with a nested path', `https://youtu.be/x/${YT}`],
    ['a look-alike host', `https://notyoutube.com/watch?v=${YT}`],
    ['a suffix attack host', `https://youtube.com.evil.com/watch?v=${YT}`],
    ['a subdomain we do not know', `https://evil.youtube.com.example/watch?v=${YT}`],
    ['credentials pointing elsewhere', `https://youtube.com@evil.com/watch?v=${YT}`],
  ])('rejects %s', (_case, url) => {
    expect(parseVideoLink(url)).toBeNull();
  });
});

describe('parseVideoLink: Vimeo', () => {
  it.each([
    `https://vimeo.com/${VIMEO}`,
    `https://www.vimeo.com/${VIMEO}`,
    `vimeo.com/${VIMEO}`,
    `https://vimeo.com/${VIMEO}?share=copy`,
    `https://vimeo.com/channels/staffpicks/${VIMEO}`,
    `https://vimeo.com/groups/shortfilms/videos/${VIMEO}`,
    `https://player.vimeo.com/video/${VIMEO}`,
    `https://player.vimeo.com/video/${VIMEO}?autoplay=1`,
  ])('recognises %s', (url) => {
    expect(parseVideoLink(url)).toEqual({ provider: 'vimeo', id: VIMEO, embedUrl: VIMEO_EMBED });
  });

  it('accepts 10-digit ids', () => {
    expect(parseVideoLink('https://vimeo.com/1234567890')?.id).toBe('1234567890');
  });

  it('keeps the privacy hash of unlisted videos in the embed URL', () => {
    expect(parseVideoLink(`https://vimeo.com/${VIMEO}/abcdef1234`)).toEqual({
      provider: 'vimeo',
      id: VIMEO,
      embedUrl: `${VIMEO_EMBED}?h=abcdef1234`,
    });
    expect(parseVideoLink(`https://player.vimeo.com/video/${VIMEO}?h=abcdef1234`)?.embedUrl).toBe(
      `${VIMEO_EMBED}?h=abcdef1234`,
    );
  });

  it.each([
    ['an 8-digit id', 'https://vimeo.com/12345678'],
    ['an 11-digit id', 'https://vimeo.com/12345678901'],
    ['a non-numeric id', 'https://vimeo.com/12345678a'],
    ['a profile page', 'https://vimeo.com/someuser'],
    ['a channel without a video', 'https://vimeo.com/channels/staffpicks'],
    ['a wrong channel keyword', `https://vimeo.com/channel/staffpicks/${VIMEO}`],
    ['a group path without /videos/', `https://vimeo.com/groups/shortfilms/x/${VIMEO}`],
    ['an unlisted hash that is not hex', `https://vimeo.com/${VIMEO}/not-a-hash`],
    ['a player URL without /video/', `https://player.vimeo.com/${VIMEO}`],
    ['a player URL with a bad hash', `https://player.vimeo.com/video/${VIMEO}?h=<script>`],
    ['a look-alike host', `https://notvimeo.com/${VIMEO}`],
    ['a suffix attack host', `https://vimeo.com.evil.com/${VIMEO}`],
  ])('rejects %s', (_case, url) => {
    expect(parseVideoLink(url)).toBeNull();
  });
});

describe('parseVideoLink: Loom', () => {
  it.each([
    `https://www.loom.com/share/${LOOM}`,
    `https://loom.com/share/${LOOM}`,
    `loom.com/share/${LOOM}`,
    `https://www.loom.com/share/${LOOM}?sid=1234-abcd`,
    `https://www.loom.com/embed/${LOOM}`,
    `https://www.loom.com/embed/${LOOM}?hide_owner=true`,
    `https://www.loom.com/share/Product-demo-for-the-team-${LOOM}`,
    `https://www.loom.com/share/${LOOM.toUpperCase()}`,
  ])('recognises %s', (url) => {
    expect(parseVideoLink(url)).toEqual({ provider: 'loom', id: LOOM, embedUrl: LOOM_EMBED });
  });

  it.each([
    ['a 31-character id', `https://www.loom.com/share/${LOOM.slice(1)}`],
    ['a 33-character id', `https://www.loom.com/share/${LOOM}0`],
    ['a non-hex id', `https://www.loom.com/share/${LOOM.slice(1)}g`],
    ['an unknown path', `https://www.loom.com/video/${LOOM}`],
    ['a slug glued to the id without a dash', `https://www.loom.com/share/demo${LOOM}`],
    ['a look-alike host', `https://loom.com.evil.com/share/${LOOM}`],
  ])('rejects %s', (_case, url) => {
    expect(parseVideoLink(url)).toBeNull();
  });
});

describe('parseVideoLink: not a video link', () => {
  it.each([
    ['an empty string', ''],
    ['only spaces', '   '],
    ['plain text', 'my best performance'],
    ['a bare id', YT],
    ['a javascript: URL', `javascript:alert('https://youtu.be/${YT}')`],
    ['a javascript: URL ending like a link', `javascript://youtu.be/${YT}`],
    ['a data: URL', `data:text/html,https://youtu.be/${YT}`],
    ['an ftp URL', `ftp://youtu.be/${YT}`],
    ['a mailto link', 'mailto:someone@youtube.com'],
    ['another site', 'https://example.com/watch?v=dQw4w9WgXcQ'],
    ['a link mentioning YouTube in its query', `https://evil.com/?u=https://youtu.be/${YT}`],
  ])('rejects %s', (_case, url) => {
    expect(parseVideoLink(url)).toBeNull();
  });
});

describe('isVideoLink', () => {
  it('agrees with parseVideoLink', () => {
    expect(isVideoLink(`https://youtu.be/${YT}`)).toBe(true);
    expect(isVideoLink(`https://vimeo.com/${VIMEO}`)).toBe(true);
    expect(isVideoLink(`https://www.loom.com/share/${LOOM}`)).toBe(true);
    expect(isVideoLink('https://example.com/video.mp4')).toBe(false);
    expect(isVideoLink('not a url')).toBe(false);
  });
});
