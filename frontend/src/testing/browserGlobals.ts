/**
 * Test support. wouter's history patch calls the bare browser globals `dispatchEvent` and
 * `new Event(...)`; under global-jsdom Node's own `Event` stays global and `dispatchEvent` is
 * missing. Point them at the jsdom window, as in a browser.
 */
export function exposeWindowEvents(): void {
  const scope = globalThis as unknown as Record<string, unknown>;
  for (const name of ['addEventListener', 'removeEventListener', 'dispatchEvent'] as const) {
    if (typeof scope[name] !== 'function') scope[name] = window[name].bind(window);
  }
  scope.Event = window.Event;
}
