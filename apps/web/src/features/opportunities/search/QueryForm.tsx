import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_LIMITS } from '@encore/core';

interface QueryFormProps {
  query: string;
  onSubmit: (query: string) => void;
}

/** The words to search for, sent with Enter or the button rather than at every key. */
export function QueryForm({ query, onSubmit }: QueryFormProps) {
  const { t } = useTranslation('pages');
  const id = useId();
  const [draft, setDraft] = useState(query);
  const [shown, setShown] = useState(query);
  // Back, forward or a reset changed the words in the address: show those.
  if (query !== shown) {
    setShown(query);
    setDraft(query);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(draft.trim());
  };

  return (
    <Box
      component="form"
      // Sent before the app has taken the page over, it is still a search.
      action="/opportunities"
      role="search"
      aria-label={t('opportunities.search.queryForm')}
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        id={`${id}-q`}
        name="q"
        type="search"
        fullWidth
        label={t('opportunities.search.query')}
        placeholder={t('opportunities.search.queryPlaceholder')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        slotProps={{
          htmlInput: { maxLength: SEARCH_LIMITS.queryMax },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ flexShrink: 0, py: 1.75 }}>
        {t('opportunities.search.submit')}
      </Button>
    </Box>
  );
}
