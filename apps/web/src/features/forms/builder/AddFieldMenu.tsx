import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import type { FormFieldType } from '@encore/core';
import { FieldTypeIcon } from './FieldTypeIcon';

interface AddFieldMenuProps {
  label: string;
  types: readonly FormFieldType[];
  onAdd: (type: FormFieldType) => void;
  disabled: boolean;
}

/** A button opening the list of field types to add. */
export function AddFieldMenu({ label, types, onAdd, disabled }: AddFieldMenuProps) {
  const { t } = useTranslation('pages');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const choose = (type: FormFieldType) => {
    setAnchor(null);
    onAdd(type);
  };
  return (
    <>
      <Button
        id={buttonId}
        data-action="add"
        variant="outlined"
        startIcon={<AddIcon />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ justifySelf: 'start' }}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {types.map((type) => (
          <MenuItem key={type} onClick={() => choose(type)}>
            <ListItemIcon>
              <FieldTypeIcon type={type} fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={t(`forms.builder.types.${type}`)}
              secondary={t(`forms.builder.typeHelp.${type}`)}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
