/**
 * Registers a jsdom window as the global environment, as a browser has it. Imported first by
 * `setup.ts` so that React DOM, evaluated later, sees `window` and `document` when it loads.
 */
import globalJsdom from 'global-jsdom';

globalJsdom(undefined, { url: 'http://localhost:3000/', pretendToBeVisual: true });

/**
 * global-jsdom copies the window's own properties only: the inherited event methods are
 * missing and Node keeps its own `Event`. Libraries calling the bare globals (wouter's location
 * hooks and history patch) need the window's, as in a browser. Called once every spec file has
 * loaded: chai, at import, dispatches its own Node `Event` when `dispatchEvent` is global.
 */
export function exposeWindowEvents(): void {
  const scope = globalThis as unknown as Record<string, unknown>;
  for (const name of ['addEventListener', 'removeEventListener', 'dispatchEvent'] as const) {
    scope[name] = window[name].bind(window);
  }
  scope.Event = window.Event;
}

// Tells React that updates happen inside `act()` (the testing library wraps its helpers in it).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
