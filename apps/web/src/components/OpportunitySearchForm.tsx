import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import PlaceIcon from '@mui/icons-material/Place';
import SearchIcon from '@mui/icons-material/Search';

export function opportunitySearchPath(query: string, city: string): string {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query.trim());
  if (city.trim()) params.set('city', city.trim());
  const search = params.toString();
  return search ? `/opportunities?${search}` : '/opportunities';
}

interface SearchFieldProps {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  icon: ReactNode;
  autoComplete?: string;
}

// Built from FormControl + OutlinedInput rather than TextField: TextField also bundles Select
// (and with it Menu, Popover and Modal), which the landing page would otherwise download.
function SearchField({ id, label, icon, onChange, ...input }: SearchFieldProps) {
  return (
    <FormControl fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        notched
        onChange={(event) => onChange(event.target.value)}
        startAdornment={<InputAdornment position="start">{icon}</InputAdornment>}
      />
    </FormControl>
  );
}

interface OpportunitySearchFormProps {
  initialQuery?: string;
  initialCity?: string;
}

/** "What" and "where": leads to /opportunities?q=...&city=... */
export function OpportunitySearchForm({
  initialQuery = '',
  initialCity = '',
}: OpportunitySearchFormProps) {
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
      // Sent before the app has taken the page over, it is still a search.
      action="/opportunities"
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
      <SearchField
        id={`${id}-q`}
        name="q"
        label={t('search.what')}
        placeholder={t('search.whatPlaceholder')}
        value={query}
        onChange={setQuery}
        icon={<SearchIcon aria-hidden />}
      />
      <SearchField
        id={`${id}-city`}
        name="city"
        label={t('search.where')}
        placeholder={t('search.wherePlaceholder')}
        value={city}
        onChange={setCity}
        autoComplete="address-level2"
        icon={<PlaceIcon aria-hidden />}
      />
      <Button type="submit" variant="contained" size="large" sx={{ px: 4, flexShrink: 0 }}>
        {t('search.submit')}
      </Button>
    </Box>
  );
}
