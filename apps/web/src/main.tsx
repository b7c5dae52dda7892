import './lib/zod-jitless';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { textDirection, type Locale } from '@encore/core';
import { App } from './app/App';
import { loadRtlSupport } from './app/theme';
import { LoadingLogo } from './app/shell/LoadingLogo';
import { startAnalytics } from './lib/analytics';
import { detectLocale, initI18n, setDirectionPreparer } from './lib/i18n';

const prepareDirection = async (locale: Locale) => {
  if (textDirection(locale) === 'rtl') await loadRtlSupport();
};
setDirectionPreparer(prepareDirection);

const locale = detectLocale();
void initI18n(locale);
startAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Arabic visitors wait for the RTL style plugin (fetched while translations load anyway), so
// the first paint is already right to left.
void prepareDirection(locale).then(() => {
  createRoot(container).render(
    <StrictMode>
      <Suspense fallback={<LoadingLogo />}>
        <App />
      </Suspense>
    </StrictMode>,
  );
});
