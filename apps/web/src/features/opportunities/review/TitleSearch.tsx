import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

interface TitleSearchProps {
  query: string;
  onSubmit: (query: string) => void;
}

/** Words of the title to look for, sent with Enter or the button. */
export function TitleSearch({ query, onSubmit }: TitleSearchProps) {
  const { t } = useTranslation('pages');
  const id = useId();
  const [draft, setDraft] = useState(query);
  const [shown, setShown] = useState(query);
  // Back or forward changed the words in the address: show those.
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
      role="search"
      aria-label={t('opportunities.review.search.label')}
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', maxWidth: 520 }}
    >
      <TextField
        id={`${id}-q`}
        name="q"
        type="search"
        size="small"
        fullWidth
        label={t('opportunities.review.search.field')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Button type="submit" variant="outlined">
        {t('opportunities.review.search.submit')}
      </Button>
    </Box>
  );
}
