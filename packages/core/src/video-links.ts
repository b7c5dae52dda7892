/**
 * Recognises video links from YouTube, Vimeo and Loom (SEED-SPEC point 5) and turns them into
 * embed URLs we build ourselves, so that nothing the user typed ends up in an iframe `src`.
 * Links are parsed with the WHATWG URL class: hosts are compared exactly, which rules out
 * look-alikes such as notyoutube.com or youtube.com.evil.com.
 */

export const VIDEO_PROVIDERS = ['youtube', 'vimeo', 'loom'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

export interface VideoLink {
  provider: VideoProvider;
  id: string;
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{9,10}$/;
/** The privacy hash of an unlisted Vimeo video. */
const VIMEO_UNLISTED_HASH = /^[0-9a-f]{6,32}$/i;
/** Loom share links may carry a title slug before the id: /share/My-demo-<32 hex>. */
const LOOM_ID_AT_END = /(?:^|-)([0-9a-f]{32})$/i;

const YOUTUBE_HOSTS: ReadonlySet<string> = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_SHORT_HOSTS: ReadonlySet<string> = new Set(['youtu.be', 'www.youtu.be']);
const VIMEO_HOSTS: ReadonlySet<string> = new Set(['vimeo.com', 'www.vimeo.com']);
const VIMEO_PLAYER_HOST = 'player.vimeo.com';
const LOOM_HOSTS: ReadonlySet<string> = new Set(['loom.com', 'www.loom.com']);

/** YouTube paths of the form /<prefix>/<id>. */
const YOUTUBE_ID_PATH_PREFIXES: ReadonlySet<string> = new Set(['embed', 'shorts', 'live', 'v']);

function tryParseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * Parses what a person pastes: a full URL, or one without protocol ("youtu.be/...",
 * "www.vimeo.com/..."). Only http(s) URLs without credentials are accepted.
 */
function parseWebUrl(input: string): URL | null {
  const text = input.trim();
  if (text === '') return null;
  const url = tryParseUrl(text) ?? tryParseUrl(`https://${text}`);
  if (!url) return null;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url;
}

function pathSegments(url: URL): string[] {
  return url.pathname.split('/').filter((segment) => segment !== '');
}

function youtube(id: string | null | undefined): VideoLink | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
}

function vimeo(id: string | undefined, unlistedHash?: string | null): VideoLink | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  const embedUrl = `https://player.vimeo.com/video/${id}`;
  if (unlistedHash == null) return { provider: 'vimeo', id, embedUrl };
  // An unlisted video only plays in the embed player when its hash is passed along.
  if (!VIMEO_UNLISTED_HASH.test(unlistedHash)) return null;
  return { provider: 'vimeo', id, embedUrl: `${embedUrl}?h=${unlistedHash}` };
}

function loom(segment: string | undefined): VideoLink | null {
  const id = segment?.match(LOOM_ID_AT_END)?.[1]?.toLowerCase();
  if (!id) return null;
  return { provider: 'loom', id, embedUrl: `https://www.loom.com/embed/${id}` };
}

function parseYoutube(url: URL): VideoLink | null {
  const segments = pathSegments(url);
  if (YOUTUBE_SHORT_HOSTS.has(url.hostname)) {
    return segments.length === 1 ? youtube(segments[0]) : null;
  }
  const [first, second] = segments;
  if (segments.length === 1 && first === 'watch') return youtube(url.searchParams.get('v'));
  if (segments.length === 2 && first !== undefined && YOUTUBE_ID_PATH_PREFIXES.has(first)) {
    return youtube(second);
  }
  return null;
}

function parseVimeo(url: URL): VideoLink | null {
  const segments = pathSegments(url);
  if (url.hostname === VIMEO_PLAYER_HOST) {
    const [first, id] = segments;
    return segments.length === 2 && first === 'video' ? vimeo(id, url.searchParams.get('h')) : null;
  }
  switch (segments.length) {
    case 1: // vimeo.com/ID
      return vimeo(segments[0]);
    case 2: // vimeo.com/ID/HASH (unlisted)
      return vimeo(segments[0], segments[1]);
    case 3: // vimeo.com/channels/NAME/ID
      return segments[0] === 'channels' ? vimeo(segments[2]) : null;
    case 4: // vimeo.com/groups/NAME/videos/ID
      return segments[0] === 'groups' && segments[2] === 'videos' ? vimeo(segments[3]) : null;
    default:
      return null;
  }
}

function parseLoom(url: URL): VideoLink | null {
  const segments = pathSegments(url);
  const [first, second] = segments;
  if (segments.length !== 2 || (first !== 'share' && first !== 'embed')) return null;
  return loom(second);
}

/** The provider, id and embed URL of a supported video link, or null for anything else. */
export function parseVideoLink(input: string): VideoLink | null {
  const url = parseWebUrl(input);
  if (!url) return null;
  const host = url.hostname;
  if (YOUTUBE_HOSTS.has(host) || YOUTUBE_SHORT_HOSTS.has(host)) return parseYoutube(url);
  if (VIMEO_HOSTS.has(host) || host === VIMEO_PLAYER_HOST) return parseVimeo(url);
  if (LOOM_HOSTS.has(host)) return parseLoom(url);
  return null;
}

export function isVideoLink(input: string): boolean {
  return parseVideoLink(input) !== null;
}
