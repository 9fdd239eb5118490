/**
 * Component tests: antd's run-time CSS, as jsdom needs it. jsdom's getComputedStyle matches every rule of every
 * stylesheet of the document against the element, and Testing Library's role queries call it for each element and its
 * ancestors (is it hidden?): with antd's thousands of rules in the document that was two thirds of a form test's time
 * (FormModal.test.tsx: 22.7 of 35 s). jsdom lays nothing out, so of that CSS only what decides whether an element is
 * shown and can be used matters: `display`, `visibility`, `opacity` and `pointer-events`.
 *
 * The app's providers put run-time styles in `STYLE_CONTAINER` (src/utils/styleCache.ts); in component tests that is
 * an element outside the document (tests/setup.ts), and this filter keeps one stylesheet in the document with those
 * four properties of every rule, in the same order and with the same selectors (so the same cascade). Rules under
 * `@media` are left out unless the media names `screen`, as jsdom itself leaves them out.
 */
const PROPERTIES = /^(display|visibility|opacity|pointer-events)$/i;

/** The rules of a stylesheet's text reduced to the properties above (empty rules dropped). */
export function visibilityRules(css: string): string {
  const out: string[] = [];
  let i = 0;
  const n = css.length;
  // A small scanner: selectors up to `{`, a block up to its matching `}`; at-rules with blocks are entered only for
  // `@media … screen …`.
  const walk = (end: number, keep: boolean) => {
    while (i < end) {
      const open = css.indexOf('{', i);
      const close = css.indexOf('}', i);
      if (close !== -1 && (open === -1 || close < open)) {
        // The end of the enclosing block.
        i = close + 1;
        return;
      }
      if (open === -1 || open >= end) {
        i = end;
        return;
      }
      const prelude = css.slice(i, open).trim();
      i = open + 1;
      if (prelude.startsWith('@')) {
        const media = /^@media\b/i.test(prelude);
        walk(end, keep && media && /\bscreen\b/i.test(prelude));
        continue;
      }
      const stop = css.indexOf('}', i);
      const body = css.slice(i, stop === -1 ? end : stop);
      i = stop === -1 ? end : stop + 1;
      if (!keep) continue;
      const decls = body
        .split(';')
        .map((d) => d.trim())
        .filter((d) => PROPERTIES.test(d.split(':')[0]?.trim() ?? ''));
      if (decls.length) out.push(`${prelude}{${decls.join(';')}}`);
    }
  };
  walk(n, true);
  return out.join('\n');
}

/**
 * Keeps `sheet` (a <style> in the document) equal to the visibility rules of the <style> elements in `container`, in
 * their order, as they are added, changed and removed; `flush` applies what changed since (tests/setup.ts calls it
 * before every getComputedStyle).
 */
export function mirrorVisibilityRules(container: HTMLElement, sheet: HTMLStyleElement): { flush: () => void } {
  const reduced = new WeakMap<Element, { text: string; rules: string }>();
  const update = () => {
    const parts: string[] = [];
    for (const el of Array.from(container.querySelectorAll('style'))) {
      const text = el.textContent ?? '';
      let r = reduced.get(el);
      if (!r || r.text !== text) {
        r = { text, rules: visibilityRules(text) };
        reduced.set(el, r);
      }
      if (r.rules) parts.push(r.rules);
    }
    const next = parts.join('\n');
    if (sheet.textContent !== next) sheet.textContent = next;
  };
  const observer = new MutationObserver(update);
  observer.observe(container, { childList: true, subtree: true, characterData: true });
  update();
  // Changes not yet delivered to the observer (styles inserted in this same task) are applied before a style is read.
  return {
    flush: () => {
      if (observer.takeRecords().length) update();
    },
  };
}
