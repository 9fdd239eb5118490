/**
 * A faster drop-in for Babel's `@babel/runtime/helpers/esm/objectSpread2` (issue 10), aliased in .umirc.ts for the
 * libraries built with Babel (pro-components, rc-*): it runs for every object spread in their render code, thousands
 * of times before a list's first row, and Babel's version copies one key at a time through three helper calls each.
 *
 * Same result as Babel's helper (and the spread syntax it stands for): the odd arguments' own enumerable properties
 * (strings, then symbols) are copied as data properties, the even ones (object literal parts) with their descriptors.
 * Into an empty plain object (`{}`, how every spread starts), `Object.assign` copies the same properties
 * with the same result, unless the source has an own `__proto__` key (JSON.parse can make one): that source, and
 * every source after an object literal part (which may have added accessors), is copied key by key as Babel does.
 * tests/unit/objectSpread2.test.ts compares it with Babel's helper.
 */
var hasOwn = Object.prototype.hasOwnProperty;

function defineData(target, key, value) {
  if (key in target) Object.defineProperty(target, key, { value: value, enumerable: true, configurable: true, writable: true });
  else target[key] = value;
}

function copyOneByOne(target, source) {
  var keys = Object.keys(source);
  for (var i = 0; i < keys.length; i++) defineData(target, keys[i], source[keys[i]]);
  var symbols = Object.getOwnPropertySymbols(source);
  for (var j = 0; j < symbols.length; j++) {
    if (Object.getOwnPropertyDescriptor(source, symbols[j]).enumerable) defineData(target, symbols[j], source[symbols[j]]);
  }
}

export default function _objectSpread2(target) {
  // An empty plain object (what Babel passes), and only data properties copied by Object.assign since.
  var plain = Object.getPrototypeOf(target) === Object.prototype && Reflect.ownKeys(target).length === 0;
  for (var i = 1; i < arguments.length; i++) {
    if (arguments[i] == null) continue;
    var source = Object(arguments[i]);
    if (i % 2) {
      if (plain && !hasOwn.call(source, '__proto__')) Object.assign(target, source);
      else copyOneByOne(target, source);
    } else {
      Object.defineProperties(target, Object.getOwnPropertyDescriptors(source));
      plain = false;
    }
  }
  return target;
}
