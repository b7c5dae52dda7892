import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '../../../app/shell/visuallyHidden';
import type { NotificationChannel, NotificationType } from '../../../gql/graphql';
import {
  CHANNEL_CHOICES,
  channelLabelKey,
  kindDescriptionKey,
  kindLabelKey,
} from './notification-kinds';

export interface PreferenceRow {
  type: NotificationType;
  channel: NotificationChannel;
}

interface PreferencesMatrixProps {
  rows: readonly PreferenceRow[];
  onChoose: (type: NotificationType, channel: NotificationChannel) => void;
}

/**
 * Kind × channel: one radio group per kind. A table with column headers where there is room; on a
 * phone, one fieldset per kind with its four choices under it.
 */
export function PreferencesMatrix(props: PreferencesMatrixProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  return wide ? <MatrixTable {...props} /> : <MatrixStack {...props} />;
}

function MatrixTable({ rows, onChoose }: PreferencesMatrixProps) {
  const { t } = useTranslation('pages');
  const idPrefix = useId();
  const columnId = (channel: NotificationChannel) => `${idPrefix}-column-${channel}`;
  const kindId = (type: NotificationType) => `${idPrefix}-kind-${type}`;
  const descriptionId = (type: NotificationType) => `${idPrefix}-description-${type}`;

  return (
    // Scrolls inside itself rather than widening the page, should a language's words not fit.
    <TableContainer>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          {t('notificationSettings.tableCaption')}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('notificationSettings.kindColumn')}
            </TableCell>
            {CHANNEL_CHOICES.map((channel) => (
              <TableCell
                key={channel}
                id={columnId(channel)}
                component="th"
                scope="col"
                align="center"
                sx={{ width: '15%' }}
              >
                {t(channelLabelKey(channel))}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ type, channel: chosen }) => (
            <TableRow key={type} data-kind={type}>
              <TableCell component="th" scope="row">
                <Typography id={kindId(type)} component="span" sx={{ display: 'block' }}>
                  {t(kindLabelKey(type))}
                </Typography>
                <Typography
                  id={descriptionId(type)}
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  {t(kindDescriptionKey(type))}
                </Typography>
              </TableCell>
              {CHANNEL_CHOICES.map((channel) => (
                <TableCell key={channel} align="center">
                  <Radio
                    name={`notification-${type}`}
                    value={channel}
                    checked={chosen === channel}
                    onChange={() => onChoose(type, channel)}
                    slotProps={{
                      input: {
                        // Read as "Messages about applications, Email now".
                        'aria-labelledby': `${kindId(type)} ${columnId(channel)}`,
                        'aria-describedby': descriptionId(type),
                      },
                    }}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MatrixStack({ rows, onChoose }: PreferencesMatrixProps) {
  const { t } = useTranslation('pages');
  const idPrefix = useId();

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {rows.map(({ type, channel: chosen }) => (
        <Box key={type} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
          <FormControl component="fieldset" data-kind={type} sx={{ minWidth: 0, width: '100%' }}>
            <FormLabel component="legend" sx={{ color: 'text.primary' }}>
              {t(kindLabelKey(type))}
            </FormLabel>
            <Typography
              id={`${idPrefix}-description-${type}`}
              variant="body2"
              color="text.secondary"
              sx={{ mb: 0.5 }}
            >
              {t(kindDescriptionKey(type))}
            </Typography>
            <RadioGroup
              name={`notification-${type}`}
              value={chosen}
              onChange={(_event, value) => {
                const channel = CHANNEL_CHOICES.find((choice) => choice === value);
                if (channel) onChoose(type, channel);
              }}
              aria-describedby={`${idPrefix}-description-${type}`}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}
            >
              {CHANNEL_CHOICES.map((channel) => (
                <FormControlLabel
                  key={channel}
                  value={channel}
                  control={<Radio />}
                  label={t(channelLabelKey(channel))}
                  sx={{ minWidth: 0 }}
                />
              ))}
            </RadioGroup>
          </FormControl>
        </Box>
      ))}
    </Box>
  );
}
