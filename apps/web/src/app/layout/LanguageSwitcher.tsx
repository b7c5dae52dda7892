import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { SUPPORTED_LOCALES, textDirection, type Locale } from '@encore/core';
import { LANGUAGE_NAMES, changeLocale, currentLocale } from '../../lib/i18n';

/** Opens a menu of the 13 languages, each written in its own script; keyboard operable. */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const locale = currentLocale();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;

  const choose = (code: Locale) => {
    setAnchor(null);
    if (code !== locale) void changeLocale(code);
  };

  return (
    <>
      <Button
        id={buttonId}
        color={color}
        startIcon={<TranslateIcon />}
        aria-label={t('language.current', { language: LANGUAGE_NAMES[locale] })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <Box component="span" lang={locale} sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {LANGUAGE_NAMES[locale]}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
      >
        {SUPPORTED_LOCALES.map((code) => (
          <MenuItem
            key={code}
            lang={code}
            dir={textDirection(code)}
            selected={code === locale}
            aria-current={code === locale ? 'true' : undefined}
            onClick={() => choose(code)}
          >
            <ListItemIcon>{code === locale ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{LANGUAGE_NAMES[code]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
