import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import { AppImage } from '../../../components/AppImage';
import type { OpportunityFileFieldsFragment } from '../../../gql/graphql';
import { Section } from './Section';

// The dialog is at most `lg` (1280 px) wide, less its margins and padding.
const DIALOG_SIZES = '(min-width: 1280px) 1184px, 100vw';

interface GalleryProps {
  pictures: readonly OpportunityFileFieldsFragment[];
  /** The opportunity's title, to describe the pictures (their file names say little). */
  title: string;
}

/** Thumbnails that open the picture large in a dialog, browsed with buttons or arrow keys. */
export function Gallery({ pictures, title }: GalleryProps) {
  const { t } = useTranslation('pages');
  const theme = useTheme();
  const [open, setOpen] = useState<number | null>(null);
  const dialogTitleId = useId();
  if (pictures.length === 0) return null;

  const count = pictures.length;
  const current = open === null ? undefined : pictures[open];
  const step = (by: number) =>
    setOpen((index) => (index === null ? null : (index + by + count) % count));
  const label = (index: number) =>
    t('opportunities.public.gallery.picture', { number: index + 1, total: count, title });

  // Arrow keys follow the reading direction: in Arabic the next picture is to the left.
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = theme.direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = theme.direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) step(1);
    else if (event.key === back) step(-1);
    else return;
    event.preventDefault();
  };

  return (
    <Section title={t('opportunities.public.gallery.title')}>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
        }}
      >
        {pictures.map((picture, index) => (
          <li key={picture.id}>
            <ButtonBase
              focusRipple
              onClick={() => setOpen(index)}
              aria-label={t('opportunities.public.gallery.open', {
                number: index + 1,
                total: count,
              })}
              sx={(theme) => ({
                display: 'block',
                width: '100%',
                aspectRatio: '1',
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: 'action.hover',
                backgroundImage: picture.placeholder ? `url(${picture.placeholder})` : undefined,
                backgroundSize: 'cover',
                '&.Mui-focusVisible': {
                  outline: `3px solid ${theme.palette.primary.main}`,
                  outlineOffset: 2,
                },
              })}
            >
              <AppImage
                src={picture.thumb ?? picture.url}
                alt=""
                style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
              />
            </ButtonBase>
          </li>
        ))}
      </Box>
      <Dialog
        open={current !== undefined}
        onClose={() => setOpen(null)}
        onKeyDown={onKeyDown}
        maxWidth="lg"
        fullWidth
        aria-labelledby={dialogTitleId}
      >
        <DialogTitle id={dialogTitleId}>{open === null ? '' : label(open)}</DialogTitle>
        <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
          {current ? (
            <AppImage
              key={current.id}
              picture={current}
              sizes={DIALOG_SIZES}
              alt={label(open ?? 0)}
              loading="eager"
              style={{
                display: 'block',
                width: 'auto',
                height: 'auto',
                maxWidth: '100%',
                maxHeight: '75vh',
                objectFit: 'contain',
              }}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          {count > 1 ? (
            <>
              <Button onClick={() => step(-1)}>{t('opportunities.public.gallery.previous')}</Button>
              <Button onClick={() => step(1)}>{t('opportunities.public.gallery.next')}</Button>
            </>
          ) : null}
          <Button variant="contained" onClick={() => setOpen(null)}>
            {t('opportunities.public.gallery.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
