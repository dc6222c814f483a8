import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { AccountOverlays } from './accounts/AccountOverlays';
import { queryClient } from './api/queryClient';
import i18next from './i18n';
import { Layout } from './layout/Layout';
import { Counters } from './lib/counters';
import { AppRoutes } from './router/AppRoutes';
import { useCanonicalLocation, useCanonicalSearch } from './router/navigation';

export function App() {
  return (
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <Router hook={useCanonicalLocation} searchHook={useCanonicalSearch}>
          <Layout>
            <AppRoutes />
          </Layout>
          <AccountOverlays />
          <Counters />
        </Router>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
