import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { OrganisationTeamDocument } from '../../../gql/graphql';
import type { Organisation } from './OrganisationGate';

interface AttentionItem {
  key: string;
  icon: ReactNode;
  text: string;
  action?: { label: string; to: string };
}

/** The organisation's details a visitor would miss on its public page. */
function missingDetails(organisation: Organisation): string[] {
  const missing: string[] = [];
  if (!organisation.description) missing.push('description');
  if (!organisation.logo) missing.push('logo');
  if (!organisation.city) missing.push('city');
  if (!organisation.website && organisation.social_links.length === 0) missing.push('links');
  return missing;
}

/** What the team should look at next: unanswered invitations, an incomplete public page. */
export function AttentionPanel({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('pages');
  const team = useQuery(OrganisationTeamDocument, {
    variables: { organisationId: organisation.id },
  });
  const invited = (team.data?.teamMembers ?? []).filter((member) => member.status === 'invited');
  const items: AttentionItem[] = [];
  if (invited.length > 0) {
    items.push({
      key: 'invitations',
      icon: <MailOutlinedIcon color="info" aria-hidden />,
      text: t('organisations.attention.invitations', {
        count: invited.length,
        emails: invited.map((member) => member.email).join(', '),
      }),
    });
  }
  const missing = missingDetails(organisation);
  if (missing.length > 0 && organisation.viewerCan.update) {
    items.push({
      key: 'details',
      icon: <EditNoteIcon color="warning" aria-hidden />,
      text: t('organisations.attention.details', {
        fields: missing.map((field) => t(`organisations.attention.missing.${field}`)).join(', '),
      }),
      action: {
        label: t('organisations.attention.complete'),
        to: `/organisation/${organisation.slug}/update`,
      },
    });
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="attention-title" sx={{ p: 3 }}>
      <Typography id="attention-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('organisations.attention.title')}
      </Typography>
      {items.length === 0 ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <CheckCircleOutlinedIcon color="success" aria-hidden />
          <Typography color="text.secondary">{t('organisations.attention.none')}</Typography>
        </Box>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.key}
              sx={{ listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
            >
              {item.icon}
              <Box sx={{ flex: 1 }}>
                <Typography>{item.text}</Typography>
                {item.action ? (
                  <Button size="small" component={RouterLink} to={item.action.to} sx={{ mt: 0.5 }}>
                    {item.action.label}
                  </Button>
                ) : null}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
