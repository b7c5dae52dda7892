import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OpportunityMemberRole, OpportunityPermission } from '../../../gql/graphql';
import { OPPORTUNITY_ROLES, PERMISSIONS, type RoleChoice } from './team-roles';

interface RolePickerProps {
  /** Prefix of the fields' ids, unique on the page. */
  id: string;
  value: RoleChoice;
  onChange: (value: RoleChoice) => void;
  errors?: { role?: string | undefined; permissions?: string | undefined };
  disabled?: boolean;
}

/** A role, and for a custom role the permissions it carries, each with what it allows. */
export function RolePicker({ id, value, onChange, errors = {}, disabled }: RolePickerProps) {
  const { t } = useTranslation('pages');
  const toggle = (permission: OpportunityPermission, checked: boolean) =>
    onChange({
      ...value,
      permissions: checked
        ? [...value.permissions, permission]
        : value.permissions.filter((item) => item !== permission),
    });

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        id={`${id}-role`}
        name="role"
        select
        label={t('opportunities.dashboard.team.role')}
        value={value.role}
        disabled={disabled}
        onChange={(event) =>
          onChange({ ...value, role: event.target.value as OpportunityMemberRole })
        }
        error={Boolean(errors.role)}
        helperText={errors.role ?? t(`opportunities.dashboard.roles.${value.role}.description`)}
      >
        {OPPORTUNITY_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {t(`opportunities.dashboard.roles.${role}.name`)}
          </MenuItem>
        ))}
      </TextField>
      {value.role === 'custom' ? (
        <FormControl
          component="fieldset"
          error={Boolean(errors.permissions)}
          disabled={disabled}
          variant="standard"
        >
          <FormLabel component="legend">{t('opportunities.dashboard.team.permissions')}</FormLabel>
          <FormGroup>
            {PERMISSIONS.map((permission) => (
              <FormControlLabel
                key={permission}
                control={
                  <Checkbox
                    id={`${id}-permission-${permission}`}
                    checked={value.permissions.includes(permission)}
                    onChange={(event) => toggle(permission, event.target.checked)}
                  />
                }
                label={
                  <Box component="span" sx={{ display: 'block', py: 0.5 }}>
                    <Typography component="span" sx={{ display: 'block' }}>
                      {t(`opportunities.dashboard.permissions.${permission}.name`)}
                    </Typography>
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                    >
                      {t(`opportunities.dashboard.permissions.${permission}.description`)}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </FormGroup>
          {errors.permissions ? <FormHelperText>{errors.permissions}</FormHelperText> : null}
        </FormControl>
      ) : null}
    </Box>
  );
}
