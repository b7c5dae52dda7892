import { config } from 'zod/v4/core';

// Zod compiles object schemas with `new Function` when it can, and finds out whether it can by
// trying once. The app's Content-Security-Policy (script-src 'self') forbids that, so each page
// that built a schema reported a CSP violation. Imported first by main.tsx: before any schema.
config({ jitless: true });
