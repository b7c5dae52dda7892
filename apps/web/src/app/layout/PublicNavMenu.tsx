import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

interface PublicNavMenuProps {
  id: string;
  anchor: HTMLElement | null;
  items: ReadonlyArray<{ to: string; key: string }>;
  onClose: () => void;
}

/** The public navigation on small screens. Loaded on first open. */
export function PublicNavMenu({ id, anchor, items, onClose }: PublicNavMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {items.map((item) => (
        <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={onClose}>
          {t(item.key)}
        </MenuItem>
      ))}
    </Menu>
  );
}
