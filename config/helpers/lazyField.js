/**
 * A pro-field value type whose code loads the first time a field of that type renders (issue 10), used by the
 * build-time patch of `@ant-design/pro-field/es/index.js` (config/loaders/proLayoutPatches.cjs).
 *
 * pro-field's index imports every value type statically, so every screen with a table or a form downloaded, parsed
 * and ran cascader, tree select, colour picker, segmented, slider, rate, image and progress (with antd's and rc-*'s
 * components for them) before its first row, although no screen here uses those types. The field is the same
 * component (same props, the ref forwarded); while its chunk loads it renders nothing, inside its own Suspense
 * boundary, so the form or table around it does not suspend.
 */
import React from 'react';

export default function lazyField(load) {
  var Lazy = React.lazy(load);
  var Field = React.forwardRef(function LazyProField(props, ref) {
    return React.createElement(React.Suspense, { fallback: null }, React.createElement(Lazy, Object.assign({}, props, { ref: ref })));
  });
  return Field;
}
