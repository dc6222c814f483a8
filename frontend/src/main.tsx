import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import './components/components.css';
import './exchange/frame.css';
import './orders/frame.css';
import { prefetchPublicConfig } from './api/publicConfig';
import { captureAndReportReferral } from './accounts/referral';
import { App } from './App';
import { startBuildCheck } from './build-check';
import { installFatalErrorHandlers } from './errors/fatalErrors';
import { i18nReady } from './i18n';
import { holdPrerenderedRate } from './exchange/prerenderedRate';
import { preloadPage } from './router/pageLoaders';
import { prefetchFirstOrder } from './orders/prefetch';

// The first screen's page code, fetched beside the texts rather than after them.
const firstPage = preloadPage(window.location.pathname);
installFatalErrorHandlers();
startBuildCheck({ currentBuildId: __BUILD_ID__ });
prefetchPublicConfig();
// An order page's order, asked for beside its code rather than after the first render.
prefetchFirstOrder(window.location.pathname);
captureAndReportReferral();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
// Read before React replaces the server's first screen (backend/seo/shell.ts).
holdPrerenderedRate(document);

// The server's first screen stays until the page can replace it whole (no loader in between).
void Promise.all([i18nReady, firstPage]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
