import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import PlaceIcon from '@mui/icons-material/Place';
import SearchIcon from '@mui/icons-material/Search';

export function opportunitySearchPath(query: string, city: string): string {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query.trim());
  if (city.trim()) params.set('city', city.trim());
  const search = params.toString();
  return search ? `/opportunities?${search}` : '/opportunities';
}

interface OpportunitySearchFormProps {
  initialQuery?: string;
  initialCity?: string;
}

/** "What" and "where": leads to /opportunities?q=...&city=... */
export function OpportunitySearchForm({ initialQuery = '', initialCity = '' }: OpportunitySearchFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [query, setQuery] = useState(initialQuery);
  const [city, setCity] = useState(initialCity);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(opportunitySearchPath(query, city));
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('search.label')}
      onSubmit={submit}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 1.5,
        p: 1.5,
        bgcolor: 'background.paper',
        borderRadius: 2,
        boxShadow: 2,
      }}
    >
      <TextField
        id={`${id}-q`}
        name="q"
        label={t('search.what')}
        placeholder={t('search.whatPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        fullWidth
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        id={`${id}-city`}
        name="city"
        label={t('search.where')}
        placeholder={t('search.wherePlaceholder')}
        value={city}
        onChange={(event) => setCity(event.target.value)}
        autoComplete="address-level2"
        fullWidth
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <PlaceIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ px: 4, flexShrink: 0 }}>
        {t('search.submit')}
      </Button>
    </Box>
  );
}
