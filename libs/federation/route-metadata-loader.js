// @ts-check
// A webpack loader for libs/contracts/src/client-routes.ts: the route declarations a browser needs, without
// their schemas. At build time it evaluates the module itself (webpack's importModule: the full
// declarations, TypeBox and all, run in Node) and emits each declaration's name, method, path, owner and
// access as plain data. So the page's first load holds no TypeBox, and a route declared once in
// libs/contracts reaches the browser without anyone writing it twice.
const FULL = 'full-declarations';

/** The run-time fields a browser uses (routeRequest needs method and path; name and access for reading). */
const KEPT = ['name', 'method', 'path', 'owner', 'access'];

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isDeclaration = (value) =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'owner' in value;

/**
 * The module's source: one `export const` per declaration, schemas left out.
 * @param {Record<string, unknown>} exports
 */
function routeMetadataModule(exports) {
  const lines = [];
  for (const [name, value] of Object.entries(exports)) {
    if (!isDeclaration(value)) continue;
    const kept = Object.fromEntries(KEPT.filter((key) => key in value).map((key) => [key, value[key]]));
    lines.push(`export const ${name} = ${JSON.stringify(kept)};`);
  }
  if (lines.length === 0) throw new Error('route-metadata-loader: no route declaration found');
  return `${lines.join('\n')}\n`;
}

/**
 * @this {import('webpack').LoaderContext<{}>}
 * @param {string} source
 */
function routeMetadataLoader(source) {
  // The module evaluated at build time is the original one.
  if (this.resourceQuery.includes(FULL)) return source;
  const callback = this.async();
  this.importModule(`${this.resourcePath}?${FULL}`, {}).then(
    (exports) => callback(null, routeMetadataModule(exports)),
    (error) => callback(error),
  );
  return undefined;
}

module.exports = routeMetadataLoader;
module.exports.routeMetadataModule = routeMetadataModule;
