/** Webpack loader: applies config/loaders/proLayoutPatches.cjs to the pro-layout files it is given. */
const { patchSource } = require('./proLayoutPatches.cjs');

module.exports = function patchProLayout(source) {
  return patchSource(this.resourcePath, source);
};
