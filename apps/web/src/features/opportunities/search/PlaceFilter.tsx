import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import CloseIcon from '@mui/icons-material/Close';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { CityAutocomplete, type CityOption } from '../../../components/CityAutocomplete';
import { distanceLabel } from '../opportunity-format';
import {
  RADIUS_CHOICES_KM,
  hasPlace,
  roundCoordinate,
  type SearchPlace,
  type SearchState,
} from './search-params';
import { countryName } from './useSearchLookups';
import { useGeolocation, type Coordinates } from './useGeolocation';

interface PlaceFilterProps {
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
  /** A city typed on the landing page that no city matched. */
  unmatchedCity: string | null;
}

/** The picker's value for a city read from the address (which keeps its id, name and country). */
function cityOptionOf(place: SearchPlace): CityOption | null {
  if (place.kind !== 'city') return null;
  const code = place.countryCode ?? '';
  return {
    id: place.id,
    name: place.name,
    country: { code, name: code ? countryName(code, null) : '' },
  };
}

/** Where: a city or the visitor's own position, how far around it, and nearest first. */
export function PlaceFilter({ state, onChange, unmatchedCity }: PlaceFilterProps) {
  const { t } = useTranslation('pages');
  const id = useId();
  const onLocated = useCallback(
    ({ latitude, longitude }: Coordinates) =>
      onChange({
        place: {
          kind: 'near',
          latitude: roundCoordinate(latitude),
          longitude: roundCoordinate(longitude),
        },
      }),
    [onChange],
  );
  const geolocation = useGeolocation(onLocated);
  const { place } = state;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr auto', md: 'minmax(0, 1fr) auto 160px' },
          alignItems: 'center',
        }}
      >
        {place.kind === 'near' ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Chip
              icon={<MyLocationIcon aria-hidden />}
              label={t('opportunities.search.place.nearYou')}
              color="primary"
              variant="outlined"
            />
            <IconButton
              aria-label={t('opportunities.search.place.clearNearYou')}
              onClick={() => onChange({ place: { kind: 'none' } })}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ) : (
          <CityAutocomplete
            id={`${id}-city`}
            label={t('opportunities.search.place.city')}
            name="city"
            value={cityOptionOf(place)}
            onChange={(city) =>
              onChange({
                place: city
                  ? { kind: 'city', id: city.id, name: city.name, countryCode: city.country.code }
                  : { kind: 'none' },
              })
            }
          />
        )}
        <Button
          variant="outlined"
          onClick={geolocation.locate}
          disabled={geolocation.locating}
          startIcon={
            geolocation.locating ? (
              <CircularProgress size={18} aria-hidden />
            ) : (
              <MyLocationIcon aria-hidden />
            )
          }
          sx={{ height: 56 }}
        >
          {geolocation.locating
            ? t('opportunities.search.place.locating')
            : t('opportunities.search.place.useLocation')}
        </Button>
        <FormControl fullWidth>
          <InputLabel id={`${id}-radius-label`}>
            {t('opportunities.search.place.radius')}
          </InputLabel>
          <Select
            labelId={`${id}-radius-label`}
            id={`${id}-radius`}
            label={t('opportunities.search.place.radius')}
            value={state.radiusKm}
            onChange={(event) => onChange({ radiusKm: Number(event.target.value) })}
          >
            {RADIUS_CHOICES_KM.map((km) => (
              <MenuItem key={km} value={km}>
                {t('opportunities.search.place.within', { distance: distanceLabel(km) })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      {hasPlace(state) ? (
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={state.nearestFirst}
              onChange={(event) => onChange({ nearestFirst: event.target.checked })}
            />
          }
          label={t('opportunities.search.place.nearestFirst')}
        />
      ) : null}
      {geolocation.problem ? (
        <Alert
          severity="warning"
          onClose={geolocation.dismiss}
          closeText={t('opportunities.search.dismiss')}
        >
          {t(`opportunities.search.place.problem.${geolocation.problem}`)}
        </Alert>
      ) : null}
      {unmatchedCity ? (
        <Alert severity="info">
          {t('opportunities.search.place.unmatched', { city: unmatchedCity })}
        </Alert>
      ) : null}
    </Box>
  );
}
