/** Build id baked in by `frontend/vite.config.ts` (`define`); `dev` under the dev server. */
declare const __BUILD_ID__: string;
