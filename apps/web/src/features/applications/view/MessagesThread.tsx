import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { APPLICATION_LIMITS } from '@encore/core';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ApplicationMessagesDocument,
  SendApplicationMessageDocument,
  type ApplicationMessagesQuery,
} from '../../../gql/graphql';
import { validationMapOf } from '../../../lib/field-errors';
import { formatDateTime } from '../../../lib/format';
import { describeGraphQLError } from '../../../lib/graphql-errors';
import { mergeMessages, type ThreadMessage } from './message-thread';

/** Messages a page: page 1 is the newest, the applicant asks for older ones. */
export const MESSAGES_PAGE_SIZE = 20;

type PageInfo = ApplicationMessagesQuery['applicationMessages']['paginatorInfo'];

function MessageItem({ message }: { message: ThreadMessage }) {
  const { t } = useTranslation('pages');
  const mine = message.is_mine;
  const statusText =
    message.status === 'SENT' && message.seen_at
      ? t('applications.messages.status.SENT_seen', { date: formatDateTime(message.seen_at) })
      : t(`applications.messages.status.${message.status}`);
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'flex',
        gap: 1.5,
        flexDirection: mine ? 'row-reverse' : 'row',
        alignItems: 'flex-start',
      }}
    >
      <Avatar
        src={message.sender_avatar ?? undefined}
        alt=""
        variant={message.from_organisation ? 'rounded' : 'circular'}
        sx={{ width: 36, height: 36 }}
      >
        {message.from_organisation ? <BusinessIcon aria-hidden /> : message.sender_name.slice(0, 1)}
      </Avatar>
      <Box
        component="article"
        sx={{
          maxWidth: { xs: '85%', md: '70%' },
          p: 1.5,
          borderRadius: 2,
          bgcolor: mine ? 'action.selected' : 'action.hover',
          display: 'grid',
          gap: 0.5,
        }}
      >
        <Typography variant="subtitle2" component="p">
          {mine ? t('applications.messages.you') : message.sender_name}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {message.message}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(message.created_at)}
          {mine ? ` · ${statusText}` : null}
        </Typography>
      </Box>
    </Box>
  );
}

interface MessagesThreadProps {
  applicationId: string;
  /** Why the applicant cannot write yet (a draft), or null when they can. */
  blockedReason: string | null;
}

/** The conversation with the organisation: newest page first, older pages on demand, a box to write. */
export function MessagesThread({ applicationId, blockedReason }: MessagesThreadProps) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const client = useApolloClient();
  const inputId = useId();
  const newest = useQuery(ApplicationMessagesDocument, {
    variables: { application: applicationId, first: MESSAGES_PAGE_SIZE, page: 1 },
    fetchPolicy: 'cache-and-network',
    skip: blockedReason !== null,
  });
  const [older, setOlder] = useState<{
    pages: number;
    messages: ThreadMessage[];
    last: PageInfo | null;
  }>({ pages: 1, messages: [], last: null });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<unknown>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<unknown>(null);
  const [send, sending] = useMutation(SendApplicationMessageDocument);

  if (blockedReason !== null) {
    return <Typography color="text.secondary">{blockedReason}</Typography>;
  }

  const firstPage = newest.data?.applicationMessages;
  const messages = mergeMessages(older.messages, firstPage?.data ?? []);
  const hasOlder = (older.last ?? firstPage?.paginatorInfo)?.hasMorePages ?? false;

  const loadOlder = async () => {
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = older.pages + 1;
      const result = await client.query({
        query: ApplicationMessagesDocument,
        variables: { application: applicationId, first: MESSAGES_PAGE_SIZE, page },
        fetchPolicy: 'network-only',
      });
      const loaded = result.data?.applicationMessages;
      if (loaded) {
        setOlder((current) => ({
          pages: page,
          messages: mergeMessages(current.messages, loaded.data),
          last: loaded.paginatorInfo,
        }));
      }
    } catch (error) {
      setOlderError(error);
    } finally {
      setLoadingOlder(false);
    }
  };

  const submit = async () => {
    setFieldError(null);
    setSendError(null);
    if (text.trim() === '') {
      setFieldError(t('applications.messages.required'));
      return;
    }
    try {
      const result = await send({
        variables: { input: { application_id: applicationId, message: text } },
      });
      const sent = result.data?.sendApplicationMessage;
      setText('');
      // Kept as loaded: the newest page moves on as messages are added, and what leaves it must stay.
      setOlder((current) => ({
        ...current,
        messages: mergeMessages(current.messages, [
          ...(firstPage?.data ?? []),
          ...(sent ? [sent] : []),
        ]),
      }));
      await newest.refetch();
    } catch (error) {
      const problems = validationMapOf(error);
      const message = problems.message?.[0];
      if (message) setFieldError(message);
      else setSendError(error);
    }
  };

  let list;
  if (newest.error && !firstPage) {
    list = <LoadError error={newest.error} onRetry={() => void newest.refetch()} />;
  } else if (!firstPage) {
    list = <LoadingBlock label={t('applications.messages.loading')} />;
  } else if (messages.length === 0) {
    list = <Typography color="text.secondary">{t('applications.messages.empty')}</Typography>;
  } else {
    list = (
      <Box
        component="ol"
        aria-label={t('applications.messages.list')}
        sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}
      >
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {hasOlder ? (
        <Box>
          <Button onClick={() => void loadOlder()} disabled={loadingOlder}>
            {loadingOlder
              ? t('applications.messages.loadingOlder')
              : t('applications.messages.older')}
          </Button>
          {olderError ? (
            <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {describeGraphQLError(olderError, (key) => tc(key))}
            </Alert>
          ) : null}
        </Box>
      ) : null}
      {list}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 1 }}
      >
        {sendError ? (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {describeGraphQLError(sendError, (key) => tc(key))}
          </Alert>
        ) : null}
        <TextField
          id={inputId}
          label={t('applications.messages.label')}
          multiline
          minRows={3}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError !== null}
          helperText={fieldError ?? t('applications.messages.hint')}
          disabled={sending.loading}
          slotProps={{ htmlInput: { maxLength: APPLICATION_LIMITS.messageLength } }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SendOutlinedIcon />}
            disabled={sending.loading}
          >
            {sending.loading ? t('applications.messages.sending') : t('applications.messages.send')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
