import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import { SUPPORTED_LOCALES, textDirection, type Locale } from '@encore/core';
import { LANGUAGE_NAMES } from '../../lib/i18n';

interface LanguageMenuProps {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  current: Locale;
  onChoose: (locale: Locale) => void;
  onClose: () => void;
}

/** The list of languages, each in its own name and script. Loaded on first open. */
export function LanguageMenu({
  id,
  buttonId,
  anchor,
  current,
  onChoose,
  onClose,
}: LanguageMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
    >
      {SUPPORTED_LOCALES.map((code) => (
        <MenuItem
          key={code}
          lang={code}
          dir={textDirection(code)}
          selected={code === current}
          aria-current={code === current ? 'true' : undefined}
          onClick={() => onChoose(code)}
        >
          <ListItemIcon>{code === current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{LANGUAGE_NAMES[code]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
