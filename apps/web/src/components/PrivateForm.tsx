import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A form of personal fields (a password, an email address, a message), as a column. Sent before
 * the app has taken a server-rendered page over, it goes as a POST body, never in the address;
 * the server answers with the page again (apps/server/src/http/web-app.ts).
 */
export function PrivateForm({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      {children}
    </Box>
  );
}
