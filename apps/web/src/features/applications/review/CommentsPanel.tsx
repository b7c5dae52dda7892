import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import { APPLICATION_LIMITS } from '@encore/core';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { LoadError, LoadingBlock } from '../../../components/PageStates';
import {
  ReviewAddCommentDocument,
  ReviewApplicationDocument,
  ReviewCommentsDocument,
  ReviewDeleteCommentDocument,
  type ReviewApplicationFieldsFragment,
  type ReviewCommentFieldsFragment,
} from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { ConfirmDialog } from '../../organisations/components/ConfirmDialog';
import { PageSection } from '../components/PageSection';
import { mergeByTime } from './by-time';
import { ComposeBox } from './ComposeBox';

const PAGE_SIZE = 50;

/** Comments are the team's discussion; notes are what a manager keeps with the record. */
export type CommentKind = 'comments' | 'notes';

function Comment({
  kind,
  comment,
  onDelete,
}: {
  kind: CommentKind;
  comment: ReviewCommentFieldsFragment;
  onDelete: (comment: ReviewCommentFieldsFragment) => void;
}) {
  const { t } = useTranslation('pages');
  const name = comment.user?.name ?? t('applications.review.formerMember');
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Avatar
        src={comment.user?.avatar?.thumb ?? comment.user?.avatar?.url ?? undefined}
        alt=""
        sx={{ width: 32, height: 32 }}
      >
        {name.slice(0, 1)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(comment.created_at)}
          </Typography>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {comment.content}
        </Typography>
      </Box>
      {comment.can_delete ? (
        <IconButton
          size="small"
          onClick={() => onDelete(comment)}
          aria-label={t(`applications.review.${kind}.delete`, { name })}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      ) : null}
    </Box>
  );
}

/** The team's comments on the application, or its notes; never shown to its applicant. */
export function CommentsPanel({
  application,
  kind,
}: {
  application: ReviewApplicationFieldsFragment;
  kind: CommentKind;
}) {
  const { t } = useTranslation('pages');
  const text = (key: string, values?: Record<string, unknown>) =>
    t(`applications.review.${kind}.${key}`, values);
  const isComment = kind === 'comments';
  const snackbar = useSnackbar();
  const [deleting, setDeleting] = useState<ReviewCommentFieldsFragment | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const comments = useQuery(ReviewCommentsDocument, {
    variables: { id: application.id, is_comment: isComment, first: PAGE_SIZE, page: 1 },
  });
  // The first comment or note of the team moves a submitted application into review.
  const [add, adding] = useMutation(ReviewAddCommentDocument, {
    refetchQueries: application.status === 'SUBMITTED' ? [ReviewApplicationDocument] : [],
  });
  const [remove, removing] = useMutation(ReviewDeleteCommentDocument);

  const page = comments.data?.applicationComments;

  const send = async (content: string) => {
    const result = await add({
      variables: { input: { application_id: application.id, content, is_comment: isComment } },
    });
    const added = result.data?.addApplicationComment;
    if (!added) return;
    comments.updateQuery((_unsafe, { complete, previousData }) => {
      if (!complete) return;
      const list = previousData.applicationComments;
      return {
        ...previousData,
        applicationComments: {
          ...list,
          data: mergeByTime(list.data, [added]),
          paginatorInfo: { ...list.paginatorInfo, total: list.paginatorInfo.total + 1 },
        },
      };
    });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ variables: { id: deleting.id } });
      const gone = deleting.id;
      comments.updateQuery((_unsafe, { complete, previousData }) => {
        if (!complete) return;
        const list = previousData.applicationComments;
        return {
          ...previousData,
          applicationComments: {
            ...list,
            data: list.data.filter((comment) => comment.id !== gone),
            paginatorInfo: { ...list.paginatorInfo, total: list.paginatorInfo.total - 1 },
          },
        };
      });
      setDeleting(null);
      snackbar.success(text('deleted'));
    } catch {
      // The dialog shows the error and stays open.
    }
  };

  const loadMore = async () => {
    if (!page) return;
    setLoadingMore(true);
    try {
      await comments.fetchMore({
        variables: { page: page.paginatorInfo.currentPage + 1 },
        updateQuery: (previous, { fetchMoreResult }) => ({
          ...previous,
          applicationComments: {
            ...fetchMoreResult.applicationComments,
            data: mergeByTime(
              previous.applicationComments.data,
              fetchMoreResult.applicationComments.data,
            ),
          },
        }),
      });
    } catch {
      snackbar.error(text('loadFailed'));
    } finally {
      setLoadingMore(false);
    }
  };

  let list;
  if (comments.error && !page) {
    list = <LoadError error={comments.error} onRetry={() => void comments.refetch()} />;
  } else if (!page) {
    list = <LoadingBlock />;
  } else if (page.data.length === 0) {
    list = <Typography color="text.secondary">{text('empty')}</Typography>;
  } else {
    list = (
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
        {page.data.map((comment) => (
          <Comment key={comment.id} kind={kind} comment={comment} onDelete={setDeleting} />
        ))}
      </Box>
    );
  }

  return (
    <PageSection
      title={text('title')}
      aside={
        page && page.paginatorInfo.total > 0 ? (
          <Typography color="text.secondary">
            {text('count', { count: page.paginatorInfo.total })}
          </Typography>
        ) : null
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {list}
        {page?.paginatorInfo.hasMorePages ? (
          <Button
            onClick={() => void loadMore()}
            disabled={loadingMore}
            sx={{ justifySelf: 'start' }}
          >
            {text('more')}
          </Button>
        ) : null}
        {application.viewer_can.comment ? (
          <ComposeBox
            label={text('add')}
            hint={text('private')}
            tooLongHint={text('tooLong', {
              max: APPLICATION_LIMITS.commentLength,
            })}
            maxLength={APPLICATION_LIMITS.commentLength}
            submitLabel={text('submit')}
            busy={adding.loading}
            error={adding.error}
            onSend={send}
          />
        ) : null}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={text('confirmDelete')}
        confirmLabel={text('deleteAction')}
        destructive
        busy={removing.loading}
        error={removing.error}
        onCancel={() => {
          removing.reset();
          setDeleting(null);
        }}
        onConfirm={() => void confirmDelete()}
      >
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {deleting?.content}
        </Typography>
      </ConfirmDialog>
    </PageSection>
  );
}
