import { describe, expect, it } from 'vitest';
import { installCspShims, readCspNonce } from './cspNonce';

function page(head = '<meta name="csp-nonce" content="n0nce+/=">') {
  // A document of its own (an iframe's), so that the shims never touch the test runner's document.
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  const doc = frame.contentDocument as Document;
  doc.open();
  doc.write(`<!doctype html><html><head>${head}</head><body></body></html>`);
  doc.close();
  return doc;
}

describe('CSP nonce shims', () => {
  it('reads the nonce the server wrote into the page, and nothing without it', () => {
    expect(readCspNonce(page())).toBe('n0nce+/=');
    expect(readCspNonce(page(''))).toBeUndefined();
  });

  it('gives every created <style> the nonce, and only <style>', () => {
    const doc = page();
    installCspShims(doc, readCspNonce(doc));
    const style = doc.createElement('style');
    expect(style.nonce).toBe('n0nce+/=');
    expect((doc.createElement('div') as HTMLElement & { nonce?: string }).nonce || '').toBe('');
    expect(doc.createElement('STYLE').nonce).toBe('n0nce+/=');
  });

  it('routes setAttribute("style") through CSSOM with the same declarations; other attributes unchanged', () => {
    const doc = page();
    installCspShims(doc, readCspNonce(doc));
    const div = doc.createElement('div');
    div.setAttribute('style', 'position: absolute; z-index: 9; background-image: url("data:image/png;base64,AAAA")');
    expect(div.style.position).toBe('absolute');
    expect(div.style.zIndex).toBe('9');
    expect(div.getAttribute('style')).toContain('z-index: 9');
    div.setAttribute('title', 'x');
    expect(div.getAttribute('title')).toBe('x');
  });

  it('changes nothing without a nonce (npm start, unit tests)', () => {
    const doc = page('');
    const create = doc.createElement;
    installCspShims(doc, readCspNonce(doc));
    expect(doc.createElement).toBe(create);
  });
});
