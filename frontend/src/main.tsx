import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import './components/components.css';
import { prefetchPublicConfig } from './api/publicConfig';
import { captureAndReportReferral } from './accounts/referral';
import { App } from './App';
import { startBuildCheck } from './build-check';
import { installFatalErrorHandlers } from './errors/fatalErrors';
import { i18nReady } from './i18n';
import { preloadPage } from './router/pageLoaders';

// The first screen's page code, fetched beside the texts rather than after them.
preloadPage(window.location.pathname);
installFatalErrorHandlers();
startBuildCheck({ currentBuildId: __BUILD_ID__ });
prefetchPublicConfig();
captureAndReportReferral();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

void i18nReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
