import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ORGANISATION_LIMITS, slugify } from '@encore/core';
import { CityAutocomplete, type CityOption } from '../../../components/CityAutocomplete';
import { PictureUpload } from '../../../components/PictureUpload';
import type { CreateOrganisationInput } from '../../../gql/graphql';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { FormError } from '../../auth/components/FormError';
import type { Organisation } from './OrganisationGate';
import { SocialLinksField, type SocialLinkDraft } from './SocialLinksField';

const FIELDS = [
  'name',
  'slug',
  'description',
  'email',
  'phone',
  'website',
  'city_id',
  'social_links',
  'logo_file_id',
  'cover_file_id',
] as const;

interface OrganisationFormProps {
  /** The saved organisation when updating; absent when creating. */
  organisation?: Organisation;
  submitLabel: string;
  saving: boolean;
  error: unknown;
  /** Called with every field; pictures only when they changed (null: removed). */
  onSubmit: (input: CreateOrganisationInput) => void;
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Every field of an organisation, for /organisations/create and /organisation/{slug}/update. */
export function OrganisationForm({
  organisation,
  submitLabel,
  saving,
  error,
  onSubmit,
}: OrganisationFormProps) {
  const { t } = useTranslation('pages');
  const [name, setName] = useState(organisation?.name ?? '');
  const [slug, setSlug] = useState(organisation?.slug ?? '');
  // A new organisation's address follows its name until someone edits the address itself.
  const [slugEdited, setSlugEdited] = useState(Boolean(organisation));
  const [description, setDescription] = useState(organisation?.description ?? '');
  const [email, setEmail] = useState(organisation?.email ?? '');
  const [phone, setPhone] = useState(organisation?.phone ?? '');
  const [website, setWebsite] = useState(organisation?.website ?? '');
  const [city, setCity] = useState<CityOption | null>(organisation?.city ?? null);
  const [links, setLinks] = useState<SocialLinkDraft[]>(
    organisation?.social_links.map(({ type, url }) => ({ type, url })) ?? [],
  );
  const [logoId, setLogoId] = useState<string | null | undefined>(undefined);
  const [coverId, setCoverId] = useState<string | null | undefined>(undefined);
  const [uploads, setUploads] = useState(0);
  const [nameMissing, setNameMissing] = useState(false);
  const serverErrors = fieldErrorsOf(error, FIELDS);
  const shownSlug = slugEdited ? slug : slugify(name);

  const trackUpload = (uploading: boolean) => setUploads((count) => count + (uploading ? 1 : -1));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim().length < ORGANISATION_LIMITS.nameMin) {
      setNameMissing(true);
      document.getElementById('organisation-name')?.focus();
      return;
    }
    setNameMissing(false);
    onSubmit({
      name: name.trim(),
      ...(shownSlug.trim() === '' ? {} : { slug: shownSlug.trim() }),
      description: textOrNull(description),
      email: textOrNull(email),
      phone: textOrNull(phone),
      website: textOrNull(website),
      city_id: city?.id ?? null,
      social_links: links
        .filter((link) => link.url.trim() !== '')
        .map((link) => ({ type: link.type, url: link.url.trim() })),
      ...(logoId === undefined ? {} : { logo_file_id: logoId }),
      ...(coverId === undefined ? {} : { cover_file_id: coverId }),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <FormError error={error} />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <TextField
          id="organisation-name"
          name="name"
          label={t('organisations.fields.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoComplete="organization"
          slotProps={{ htmlInput: { maxLength: ORGANISATION_LIMITS.nameMax } }}
          error={nameMissing || Boolean(serverErrors.name)}
          helperText={
            nameMissing
              ? t('organisations.validation.nameRequired', { min: ORGANISATION_LIMITS.nameMin })
              : serverErrors.name
          }
        />
        <TextField
          id="organisation-slug"
          name="slug"
          label={t('organisations.fields.slug')}
          value={shownSlug}
          onChange={(event) => {
            setSlugEdited(true);
            setSlug(event.target.value.toLowerCase());
          }}
          slotProps={{
            htmlInput: { maxLength: ORGANISATION_LIMITS.slugMax, dir: 'ltr' },
            input: {
              startAdornment: <InputAdornment position="start">/organisation/</InputAdornment>,
            },
          }}
          error={Boolean(serverErrors.slug)}
          helperText={
            serverErrors.slug ??
            (organisation
              ? t('organisations.fields.slugHintUpdate')
              : t('organisations.fields.slugHint'))
          }
        />
      </Box>
      <TextField
        id="organisation-description"
        name="description"
        label={t('organisations.fields.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={4}
        slotProps={{ htmlInput: { maxLength: ORGANISATION_LIMITS.descriptionMax } }}
        error={Boolean(serverErrors.description)}
        helperText={
          serverErrors.description ??
          t('organisations.fields.descriptionHint', {
            length: description.length,
            max: ORGANISATION_LIMITS.descriptionMax,
          })
        }
      />
      <CityAutocomplete
        id="organisation-city"
        label={t('organisations.fields.city')}
        value={city}
        onChange={setCity}
        error={serverErrors.city_id}
        helperText={t('organisations.fields.cityHint')}
      />

      <Divider />
      <Typography variant="h6" component="h2">
        {t('organisations.form.contact')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <TextField
          id="organisation-email"
          name="email"
          type="email"
          label={t('organisations.fields.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          error={Boolean(serverErrors.email)}
          helperText={serverErrors.email ?? t('organisations.fields.teamOnly')}
        />
        <TextField
          id="organisation-phone"
          name="phone"
          type="tel"
          label={t('organisations.fields.phone')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          autoComplete="tel"
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          error={Boolean(serverErrors.phone)}
          helperText={serverErrors.phone ?? t('organisations.fields.teamOnly')}
        />
        <TextField
          id="organisation-website"
          name="website"
          type="url"
          label={t('organisations.fields.website')}
          placeholder="https://"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
          autoComplete="url"
          slotProps={{ htmlInput: { dir: 'ltr' } }}
          error={Boolean(serverErrors.website)}
          helperText={serverErrors.website}
        />
      </Box>
      <SocialLinksField links={links} onChange={setLinks} serverError={serverErrors.social_links} />

      <Divider />
      <Typography variant="h6" component="h2">
        {t('organisations.form.pictures')}
      </Typography>
      <PictureUpload
        label={t('organisations.fields.logo')}
        purpose="LOGO"
        shape="square"
        current={organisation?.logo?.thumb ?? organisation?.logo?.path ?? null}
        onChange={setLogoId}
        onUploadingChange={trackUpload}
        hint={t('organisations.fields.pictureHint')}
        error={serverErrors.logo_file_id}
        disabled={saving}
      />
      <PictureUpload
        label={t('organisations.fields.cover')}
        purpose="COVER"
        shape="wide"
        current={organisation?.cover?.thumb ?? organisation?.cover?.path ?? null}
        onChange={setCoverId}
        onUploadingChange={trackUpload}
        hint={t('organisations.fields.pictureHint')}
        error={serverErrors.cover_file_id}
        disabled={saving}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={saving || uploads > 0}>
          {saving ? t('organisations.form.saving') : submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
