import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { currentLocale } from '../../../lib/i18n';
import { formatFileSize } from '../../forms/fill/file-checks';

interface FileCardProps {
  file: { name: string; size: number };
  /** A thumbnail or an icon, before the name. */
  preview: ReactNode;
  /** Under the name and size (a failure to load, say). */
  note?: ReactNode;
  /** The actions after the name: play, download. */
  children: ReactNode;
}

/** One file of an answer in a list of files: what it is, then what can be done with it. */
export function FileCard({ file, preview, note, children }: FileCardProps) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {preview}
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatFileSize(file.size, currentLocale())}
        </Typography>
        {note}
      </Box>
      {children}
    </Box>
  );
}
