/**
 * Node module hook for component tests loaded as ES modules: stylesheets imported by components
 * (`import './x.css'`), which Vite bundles in the app, load as empty modules.
 */
export async function load(url, context, nextLoad) {
  if (url.endsWith('.css')) return { format: 'module', source: 'export default {};', shortCircuit: true };
  return nextLoad(url, context);
}
