import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { SOCIAL_TYPES, isSocialLink, type SocialType } from '@encore/core';

export interface SocialLinkDraft {
  type: SocialType;
  url: string;
}

interface SocialLinksFieldProps {
  links: SocialLinkDraft[];
  onChange: (links: SocialLinkDraft[]) => void;
  /** The server's message about the list (e.g. a link that is not on its network). */
  serverError?: string;
}

/**
 * One link per social network at most; a link that is not on its network's site is flagged as
 * it is typed, before the server refuses it.
 */
export function SocialLinksField({ links, onChange, serverError }: SocialLinksFieldProps) {
  const { t } = useTranslation('pages');
  const unused = SOCIAL_TYPES.filter((type) => !links.some((link) => link.type === type));

  const update = (index: number, change: Partial<SocialLinkDraft>) =>
    onChange(links.map((link, at) => (at === index ? { ...link, ...change } : link)));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('organisations.fields.socialLinks')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {links.map((link, index) => {
          const invalid = link.url.trim() !== '' && !isSocialLink(link.type, link.url.trim());
          return (
            <Box
              key={link.type}
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr auto', sm: '180px 1fr auto' },
                alignItems: 'start',
              }}
            >
              <TextField
                select
                id={`organisation-social-type-${index}`}
                label={t('organisations.fields.socialType')}
                value={link.type}
                onChange={(event) => update(index, { type: event.target.value as SocialType })}
                sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}
              >
                {[link.type, ...unused].map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`organisations.social.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                id={`organisation-social-url-${index}`}
                name={`social_links.${index}.url`}
                type="url"
                label={t('organisations.fields.socialUrl', {
                  network: t(`organisations.social.${link.type}`),
                })}
                placeholder="https://"
                value={link.url}
                onChange={(event) => update(index, { url: event.target.value })}
                slotProps={{ htmlInput: { dir: 'ltr' } }}
                error={invalid}
                helperText={
                  invalid
                    ? t('organisations.validation.socialLink', {
                        network: t(`organisations.social.${link.type}`),
                      })
                    : undefined
                }
                sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
              />
              <IconButton
                aria-label={t('organisations.fields.socialRemove', {
                  network: t(`organisations.social.${link.type}`),
                })}
                onClick={() => onChange(links.filter((_, at) => at !== index))}
                sx={{ mt: 1 }}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          );
        })}
        {unused.length > 0 ? (
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() => onChange([...links, { type: unused[0]!, url: '' }])}
            >
              {t('organisations.fields.socialAdd')}
            </Button>
          </Box>
        ) : null}
        {serverError ? <FormHelperText error>{serverError}</FormHelperText> : null}
      </Box>
    </Box>
  );
}
