/**
 * Image uploads (feedback screenshots, avatars): images only (PNG, JPEG, GIF, WebP), at most 2 MB. The same rule
 * for the browser's file (before upload) and the server's data URL (after upload).
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type UploadProblem = 'type' | 'size';

export function checkImageFile(file: { type: string; size: number }): UploadProblem | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return undefined;
}

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** Bytes of base64 text. */
export function base64Bytes(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - pad;
}

export function checkImageDataUrl(url: string): UploadProblem | undefined {
  const m = DATA_URL.exec(url);
  if (!m) return 'type';
  const bytes = base64Bytes(m[2]);
  if (bytes > MAX_IMAGE_BYTES) return 'size';
  // The content must start like the image type it claims (magic numbers), not just say so.
  const head = typeof atob === 'function' ? atob(m[2].slice(0, 16)) : Buffer.from(m[2].slice(0, 16), 'base64').toString('binary');
  const magic: Record<string, (h: string) => boolean> = {
    'image/png': (h) => h.startsWith('\x89PNG'),
    'image/jpeg': (h) => h.startsWith('\xff\xd8\xff'),
    'image/gif': (h) => h.startsWith('GIF8'),
    'image/webp': (h) => h.startsWith('RIFF') && h.slice(8, 12) === 'WEBP',
  };
  return magic[m[1]](head) ? undefined : 'type';
}
