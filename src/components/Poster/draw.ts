/**
 * Poster drawing (docs/rules.md#posters): a template is a background and positioned text, image and QR elements, drawn on
 * a canvas at 2× pixel density; texts go through `fitText` so they never overflow their box. Only the poster screens
 * import this module (their route chunks), so the canvas code loads there only.
 */
import { fitText } from '@/domain/textFit';

export const POSTER_WIDTH = 375;
export const POSTER_HEIGHT = 667;
export const PIXEL_RATIO = 2;

export interface TextElement {
  kind: 'text';
  /** Names the element in what `drawPoster` reports (tests read the lines drawn). */
  id?: string;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  maxSize: number;
  minSize?: number;
  color: string;
  weight?: 'normal' | 'bold';
  align?: 'left' | 'center';
}
export interface ImageElement {
  kind: 'image';
  id?: string;
  source: CanvasImageSource | undefined;
  x: number;
  y: number;
  width: number;
  height: number;
  /** White rounded card behind the image (QR codes, logos). */
  card?: boolean;
}
export type PosterElement = TextElement | ImageElement;

export interface PosterTemplate {
  background: [string, string];
  elements: PosterElement[];
}

const FONT = '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif';

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** What was drawn: the lines of each named text and the named images that had a picture. */
export interface DrawnPoster {
  texts: { id: string; text: string; lines: string[]; truncated: boolean }[];
  images: string[];
}

/**
 * The company's name with its logo (issue 31: the company's own logo, never the app's), top left; without a logo
 * the name alone takes the row.
 */
export function brandHeader(companyName: string, logo: HTMLImageElement | undefined, color = '#ffffff'): PosterElement[] {
  return logo
    ? [
        { kind: 'image', id: 'companyLogo', source: logo, x: 24, y: 28, width: 40, height: 40 },
        { kind: 'text', id: 'companyName', text: companyName, x: 74, y: 32, width: 270, height: 34, maxSize: 22, color, weight: 'bold' },
      ]
    : [{ kind: 'text', id: 'companyName', text: companyName, x: 24, y: 32, width: 320, height: 34, maxSize: 22, color, weight: 'bold' }];
}

/** The foot every poster ends with: the QR code (centred, on a card), the "scan" line under it, then a small footer line. */
export function qrFooter(qr: HTMLCanvasElement | undefined, scanText: string, footer: string): PosterElement[] {
  return [
    { kind: 'image', source: qr, x: 127, y: 452, width: 120, height: 120, card: true },
    { kind: 'text', text: scanText, x: 24, y: 592, width: 327, height: 22, maxSize: 14, color: '#ffffff', align: 'center' },
    { kind: 'text', text: footer, x: 24, y: 618, width: 327, height: 36, maxSize: 12, color: '#ffffff', align: 'center' },
  ];
}

/** Draws a template on a canvas (sized to 2× the poster); reports what it drew. */
export function drawPoster(canvas: HTMLCanvasElement, tpl: PosterTemplate): DrawnPoster {
  const drawn: DrawnPoster = { texts: [], images: [] };
  canvas.width = POSTER_WIDTH * PIXEL_RATIO;
  canvas.height = POSTER_HEIGHT * PIXEL_RATIO;
  const ctx = canvas.getContext('2d');
  if (!ctx) return drawn;
  ctx.setTransform(PIXEL_RATIO, 0, 0, PIXEL_RATIO, 0, 0);
  const g = ctx.createLinearGradient(0, 0, 0, POSTER_HEIGHT);
  g.addColorStop(0, tpl.background[0]);
  g.addColorStop(1, tpl.background[1]);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  // Decorative circles.
  ctx.fillStyle = 'rgba(255,255,255,0.08)';
  [[320, 80, 120], [40, 560, 90]].forEach(([x, y, r]) => {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  });
  for (const el of tpl.elements) {
    if (el.kind === 'image') {
      if (el.card) {
        ctx.fillStyle = '#ffffff';
        roundRect(ctx, el.x - 8, el.y - 8, el.width + 16, el.height + 16, 10);
        ctx.fill();
      }
      if (el.source) {
        // Logos keep their proportions, centred in their box (contain).
        const natural = el.source instanceof HTMLImageElement ? { w: el.source.naturalWidth, h: el.source.naturalHeight } : undefined;
        const k = natural?.w && natural.h ? Math.min(el.width / natural.w, el.height / natural.h) : 0;
        const w = k ? natural!.w * k : el.width;
        const h = k ? natural!.h * k : el.height;
        ctx.drawImage(el.source, el.x + (el.width - w) / 2, el.y + (el.height - h) / 2, w, h);
        if (el.id) drawn.images.push(el.id);
      }
      continue;
    }
    const measure = (s: string, size: number) => {
      ctx.font = `${el.weight ?? 'normal'} ${size}px ${FONT}`;
      return ctx.measureText(s).width;
    };
    const fit = fitText(el.text, { width: el.width, height: el.height }, { maxSize: el.maxSize, minSize: el.minSize ?? 10 }, measure);
    ctx.font = `${el.weight ?? 'normal'} ${fit.size}px ${FONT}`;
    ctx.fillStyle = el.color;
    ctx.textBaseline = 'top';
    ctx.textAlign = el.align === 'center' ? 'center' : 'left';
    const x = el.align === 'center' ? el.x + el.width / 2 : el.x;
    fit.lines.forEach((line, i) => ctx.fillText(line, x, el.y + i * fit.lineHeight + (fit.lineHeight - fit.size) / 2));
    if (el.id) drawn.texts.push({ id: el.id, text: el.text, lines: fit.lines, truncated: fit.truncated });
  }
  return drawn;
}

/** Loads an image (same origin or data URL). */
export function loadImage(src: string): Promise<HTMLImageElement | undefined> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => resolve(undefined);
    img.src = src;
  });
}

/** Downloads the canvas as a PNG. */
export function downloadPng(canvas: HTMLCanvasElement, fileName: string) {
  canvas.toBlob((blob) => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }, 'image/png');
}
