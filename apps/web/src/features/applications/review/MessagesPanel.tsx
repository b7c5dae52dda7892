import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import { APPLICATION_LIMITS } from '@encore/core';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ApplicationMessagesDocument,
  SendApplicationMessageDocument,
  type ApplicationMessageFieldsFragment,
} from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { PageSection } from '../components/PageSection';
import { mergeByTime } from './by-time';
import { ComposeBox } from './ComposeBox';

const PAGE_SIZE = 20;

function Message({ message }: { message: ApplicationMessageFieldsFragment }) {
  const { t } = useTranslation('pages');
  // The team's side writes as the organisation, whoever of the team sent it.
  const ours = message.from_organisation;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-end',
        flexDirection: ours ? 'row-reverse' : 'row',
      }}
    >
      <Avatar
        src={message.sender_avatar ?? undefined}
        alt=""
        variant={ours ? 'rounded' : 'circular'}
        sx={{ width: 32, height: 32 }}
      >
        {ours ? <BusinessIcon fontSize="small" aria-hidden /> : message.sender_name.slice(0, 1)}
      </Avatar>
      <Box
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: ours ? 'action.selected' : 'background.paper',
          border: 1,
          borderColor: ours ? 'primary.light' : 'divider',
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {message.sender_name}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {message.message}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(message.created_at)}
          {ours ? ` · ${t(`applications.review.messages.status.${message.status}`)}` : ''}
        </Typography>
      </Box>
    </Box>
  );
}

/** The conversation with the applicant, written as the organisation. */
export function MessagesPanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('pages');
  const snackbar = useSnackbar();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const messages = useQuery(ApplicationMessagesDocument, {
    variables: { application: applicationId, first: PAGE_SIZE, page: 1 },
  });
  const [send, sending] = useMutation(SendApplicationMessageDocument);
  const thread = messages.data?.applicationMessages;

  const post = async (text: string) => {
    const result = await send({
      variables: { input: { application_id: applicationId, message: text } },
    });
    const sent = result.data?.sendApplicationMessage;
    if (!sent) return;
    messages.updateQuery((_unsafe, { complete, previousData }) => {
      if (!complete) return;
      const list = previousData.applicationMessages;
      return {
        ...previousData,
        applicationMessages: {
          ...list,
          data: mergeByTime(list.data, [sent]),
          paginatorInfo: { ...list.paginatorInfo, total: list.paginatorInfo.total + 1 },
        },
      };
    });
  };

  const loadOlder = async () => {
    if (!thread) return;
    setLoadingOlder(true);
    try {
      await messages.fetchMore({
        variables: { page: thread.paginatorInfo.currentPage + 1 },
        updateQuery: (previous, { fetchMoreResult }) => ({
          ...previous,
          applicationMessages: {
            ...fetchMoreResult.applicationMessages,
            data: mergeByTime(
              previous.applicationMessages.data,
              fetchMoreResult.applicationMessages.data,
            ),
          },
        }),
      });
    } catch {
      snackbar.error(t('applications.review.messages.loadFailed'));
    } finally {
      setLoadingOlder(false);
    }
  };

  let body;
  if (messages.error && !thread) {
    body = <LoadError error={messages.error} onRetry={() => void messages.refetch()} />;
  } else if (!thread) {
    body = <LoadingBlock />;
  } else if (thread.data.length === 0) {
    body = (
      <Typography color="text.secondary">{t('applications.review.messages.empty')}</Typography>
    );
  } else {
    body = (
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {thread.data.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </Box>
    );
  }

  return (
    <PageSection title={t('applications.review.messages.title')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {thread?.paginatorInfo.hasMorePages ? (
          <Button
            onClick={() => void loadOlder()}
            disabled={loadingOlder}
            sx={{ justifySelf: 'center' }}
          >
            {t('applications.review.messages.older')}
          </Button>
        ) : null}
        {body}
        <ComposeBox
          label={t('applications.review.messages.write')}
          hint={t('applications.review.messages.emailed')}
          tooLongHint={t('applications.review.messages.tooLong', {
            max: APPLICATION_LIMITS.messageLength,
          })}
          maxLength={APPLICATION_LIMITS.messageLength}
          submitLabel={t('applications.review.messages.send')}
          busy={sending.loading}
          error={sending.error}
          onSend={post}
        />
      </Box>
    </PageSection>
  );
}
