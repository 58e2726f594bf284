/**
 * The hosts whose players the app embeds: YouTube through its privacy-enhanced host (no cookies until play) and
 * Vimeo. The API's Content-Security-Policy allows exactly these in frame-src (plugins/security.ts).
 */
export const VIDEO_PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** How a video URL is shown: a YouTube or Vimeo player, the browser's own player for a file, or a plain link. */
export type VideoEmbed = { kind: 'iframe'; src: string } | { kind: 'file'; src: string } | { kind: 'link'; src: string };

const YOUTUBE_ID = /^[\w-]{6,20}$/;

export function videoEmbed(url: string): VideoEmbed {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'link', src: url };
  }
  const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = segments[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId =
      segments[0] === 'watch'
        ? (parsed.searchParams.get('v') ?? undefined)
        : ['embed', 'shorts', 'live'].includes(segments[0] ?? '')
          ? segments[1]
          : undefined;
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) return { kind: 'iframe', src: `${VIDEO_PLAYER_ORIGINS[0]}/embed/${youtubeId}` };
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = segments.find((s) => /^\d+$/.test(s));
    if (id) return { kind: 'iframe', src: `${VIDEO_PLAYER_ORIGINS[1]}/video/${id}` };
  }
  if (/\.(mp4|webm|ogg|ogv|mov|m4v)$/i.test(parsed.pathname)) return { kind: 'file', src: url };
  return { kind: 'link', src: url };
}
