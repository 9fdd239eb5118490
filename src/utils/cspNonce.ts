/**
 * The page's Content-Security-Policy nonce (issue 8): styles are allowed only from this origin or with the nonce of
 * the page answer. The server (mock/server.ts, `npm run preview`, browser tests) writes a fresh nonce into the CSP
 * header and into `<meta name="csp-nonce" content="…">`; the app reads it here (no inline script needed).
 *  - antd and pro-components get it through `ConfigProvider csp={{ nonce }}` (src/components/AppProviders.tsx).
 *  - Some libraries create <style> elements without asking antd's context (rc-util's scroll locker of modals and
 *    drawers, @ant-design/cssinjs feature checks and CSS-variable sheets): `installCspShims` gives every <style>
 *    created through `document.createElement` the nonce.
 *  - A few write style attributes with `setAttribute('style', …)` (antd's Watermark, rc-textarea's auto size), which
 *    CSP blocks while CSSOM (`el.style.…`) is allowed: the shim routes them through `el.style.cssText`, which sets
 *    the same declarations. Markup with style attributes (`innerHTML`) stays blocked: write DOM with CSSOM instead.
 * Without the meta (npm start: Umi's dev server, no CSP) nothing is changed.
 */
export const CSP_NONCE_META = 'csp-nonce';

export function readCspNonce(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string | undefined {
  return doc?.querySelector<HTMLMetaElement>(`meta[name="${CSP_NONCE_META}"]`)?.content || undefined;
}

/** The nonce of this page answer (undefined without one). */
export const cspNonce = readCspNonce();

const installed = new WeakSet<Document>();

export function installCspShims(doc: Document, nonce: string | undefined): void {
  if (!nonce || installed.has(doc)) return;
  installed.add(doc);
  const create = doc.createElement;
  doc.createElement = function createElement(this: Document, tagName: string, options?: ElementCreationOptions) {
    const el = create.call(this, tagName, options);
    if (el.localName === 'style') (el as HTMLStyleElement).nonce = nonce;
    return el;
  } as Document['createElement'];
  const view = doc.defaultView;
  if (!view) return;
  const proto = view.Element.prototype;
  const setAttribute = proto.setAttribute;
  proto.setAttribute = function setAttr(this: Element, name: string, value: string) {
    // Every attribute React sets passes here: the cheap length test first, no string made for the others.
    if (typeof name === 'string' && name.length === 5 && name.toLowerCase() === 'style' && (this instanceof view.HTMLElement || this instanceof view.SVGElement)) {
      this.style.cssText = String(value);
      return;
    }
    setAttribute.call(this, name, value);
  };
}

if (typeof document !== 'undefined') installCspShims(document, cspNonce);
