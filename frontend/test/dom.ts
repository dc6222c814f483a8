/**
 * Registers a jsdom window as the global environment. Imported first by `setup.ts` so that
 * React DOM, evaluated later, sees `window` and `document` when it loads.
 */
import globalJsdom from 'global-jsdom';

globalJsdom(undefined, { url: 'http://localhost:3000/', pretendToBeVisual: true });

// Tells React that updates happen inside `act()` (the testing library wraps its helpers in it).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
