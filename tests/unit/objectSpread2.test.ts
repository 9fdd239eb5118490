import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
// @ts-expect-error Babel's helper ships without types
import babelSpread from '@babel/runtime/helpers/esm/objectSpread2';
// @ts-expect-error plain JS module (aliased over Babel's helper in the build)
import fastSpread from '../../config/helpers/objectSpread2.js';

type Spread = (target: object, ...sources: unknown[]) => object;
const babel = babelSpread as Spread;
const fast = fastSpread as Spread;

/** Everything observable about an object's own properties, in order, and its prototype. */
function shape(o: object) {
  return {
    proto: Object.getPrototypeOf(o),
    props: Reflect.ownKeys(o).map((k) => [k, Object.getOwnPropertyDescriptor(o, k)]),
  };
}

const sym = Symbol('s');
const key = fc.constantFrom('a', 'b', 'c', '0', '12', 'constructor', 'toString', '__proto__', sym);
const value = fc.oneof(fc.integer(), fc.string(), fc.constant(undefined), fc.constant(null), fc.constant(sym), fc.constant(babel));

/** A source object: data properties, sometimes non-enumerable, sometimes accessors (as object literal parts have). */
const source = fc.array(fc.record({ key, value, enumerable: fc.boolean(), accessor: fc.boolean() }), { maxLength: 6 }).map((props) => {
  const o: Record<PropertyKey, unknown> = {};
  for (const p of props) {
    const desc: PropertyDescriptor = p.accessor
      ? { get: () => p.value, set: () => undefined, enumerable: p.enumerable, configurable: true }
      : { value: p.value, enumerable: p.enumerable, writable: true, configurable: true };
    Object.defineProperty(o, p.key, desc);
  }
  return o;
});

/** A target: usually `{}` (how every spread starts), sometimes a literal with data or accessor properties. */
const target = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: source });

const args = fc.array(fc.oneof({ weight: 5, arbitrary: source }, { weight: 1, arbitrary: fc.constantFrom(null, undefined, 'xy', 7) }), { maxLength: 5 });

function run(spread: Spread, t: Record<PropertyKey, unknown> | null, sources: unknown[]) {
  const into = t === null ? {} : Object.defineProperties({}, Object.getOwnPropertyDescriptors(t));
  try {
    return { ok: shape(spread(into, ...sources)) };
  } catch (e) {
    return { threw: (e as Error).constructor.name };
  }
}

describe('objectSpread2 replacement (issue 10)', () => {
  it('gives the same object as Babel\'s helper for any targets and sources, accessors and __proto__ keys included', () => {
    fc.assert(
      fc.property(target, args, (t, sources) => {
        expect(run(fast, t, sources)).toEqual(run(babel, t, sources));
      }),
      { numRuns: 3000 },
    );
  });

  it('an own __proto__ key stays a property, an inherited setter is not called, a literal getter before a spread is replaced', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const out = fast({}, parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: true });
    expect((out as { polluted?: boolean }).polluted).toBeUndefined();

    const set: string[] = [];
    const withSetter = Object.create({ set a(v: unknown) { set.push(String(v)); } }) as object;
    expect(shape(fast(withSetter, { a: 1 }))).toEqual(shape(babel(Object.create(Object.getPrototypeOf(withSetter) as object), { a: 1 })));
    expect(set).toEqual([]);

    const withGetter = fast({}, { a: 1 }, { get b() { return 2; } }, { b: 3 }) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(withGetter, 'b')).toEqual({ value: 3, enumerable: true, writable: true, configurable: true });
  });
});
