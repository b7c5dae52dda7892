import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import type { Locale } from '@encore/core';
import { LANGUAGE_NAMES, changeLocale, currentLocale } from '../../lib/i18n';

// The menu (MUI Menu, Popover, Modal) is only needed once someone opens it.
const LanguageMenu = lazy(async () => ({
  default: (await import('./LanguageMenu')).LanguageMenu,
}));

/** A labelled button opening the menu of the 13 languages; keyboard operable. */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
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
        onClick={(event: MouseEvent<HTMLElement>) => {
          setMenuLoaded(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { marginInlineEnd: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" lang={locale} sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {LANGUAGE_NAMES[locale]}
        </Box>
      </Button>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            current={locale}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
