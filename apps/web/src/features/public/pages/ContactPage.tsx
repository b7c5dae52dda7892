import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import SendIcon from '@mui/icons-material/Send';
import { CONTACT_EMAIL } from '../../../lib/constants';
import { useZodForm } from '../../../lib/form';
import { PublicPage } from '../components/PublicPage';
import { PrivateForm } from '../../../components/PrivateForm';

const contactSchema = z.object({
  name: z.string().trim().min(1, 'contact.validation.name'),
  email: z.email('contact.validation.email'),
  subject: z.string().trim().min(1, 'contact.validation.subject'),
  message: z.string().trim().min(10, 'contact.validation.message'),
});

export function mailtoHref(address: string, subject: string, body: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** There is no contact backend: the form opens the visitor's mail client, filled in. */
export function ContactPage() {
  const { t } = useTranslation('pages');
  const [opened, setOpened] = useState(false);
  const form = useZodForm(contactSchema, { name: '', email: '', subject: '', message: '' });

  const helper = (name: keyof typeof form.values) =>
    form.errors[name] ? t(form.errors[name]) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    const body = t('contact.form.bodyTemplate', {
      name: values.name,
      email: values.email,
      message: values.message,
    });
    window.location.href = mailtoHref(CONTACT_EMAIL, values.subject, body);
    setOpened(true);
  };

  return (
    <PublicPage title={t('contact.title')} lead={t('contact.intro')}>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {t('contact.form.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('contact.form.hint')}
          </Typography>
          {opened ? (
            <Alert severity="success" sx={{ mb: 3 }} role="status">
              {t('contact.form.opened', { email: CONTACT_EMAIL })}
            </Alert>
          ) : null}
          <PrivateForm onSubmit={submit}>
            <TextField
              {...form.text('name')}
              id="contact-name"
              label={t('contact.form.name')}
              autoComplete="name"
              required
              helperText={helper('name')}
            />
            <TextField
              {...form.text('email')}
              id="contact-email"
              type="email"
              label={t('contact.form.email')}
              autoComplete="email"
              required
              helperText={helper('email')}
            />
            <TextField
              {...form.text('subject')}
              id="contact-subject"
              label={t('contact.form.subject')}
              required
              helperText={helper('subject')}
            />
            <TextField
              {...form.text('message')}
              id="contact-message"
              label={t('contact.form.message')}
              required
              multiline
              minRows={5}
              helperText={helper('message')}
            />
            <Box>
              <Button type="submit" variant="contained" size="large" endIcon={<SendIcon />}>
                {t('contact.form.submit')}
              </Button>
            </Box>
          </PrivateForm>
        </Paper>
        <Paper
          elevation={0}
          sx={{ p: { xs: 2.5, md: 3 }, bgcolor: 'grey.100', alignSelf: 'start' }}
        >
          <MailOutlineIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          <Typography variant="h6" component="h2" gutterBottom>
            {t('contact.direct.title')}
          </Typography>
          <Typography sx={{ mb: 1 }}>{t('contact.direct.body')}</Typography>
          <Link href={`mailto:${CONTACT_EMAIL}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {CONTACT_EMAIL}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('contact.direct.responseTime')}
          </Typography>
        </Paper>
      </Box>
    </PublicPage>
  );
}
