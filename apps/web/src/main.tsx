import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { LoadingLogo } from './app/shell/LoadingLogo';
import { startAnalytics } from './lib/analytics';
import { initI18n } from './lib/i18n';

void initI18n();
startAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Suspense fallback={<LoadingLogo />}>
      <App />
    </Suspense>
  </StrictMode>,
);
