import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import type {
  ReviewElementValueFieldsFragment,
  ReviewFileFieldsFragment,
} from '../../../gql/graphql';
import { currentLocale } from '../../../lib/i18n';
import { PageSection } from '../components/PageSection';
import { AnswerLinks } from '../components/AnswerLinks';
import { FileCard } from '../components/FileCard';
import { answerDisplay, hasFiles } from '../components/answer-display';
import { useAnswerNames } from '../components/useAnswerNames';
import { FileDownloadButton } from './FileDownloadButton';

type Element = ReviewElementValueFieldsFragment & { child_elements?: readonly Element[] };
type Names = ReadonlyMap<string, string>;

/** Shown in the applicant's card above, so the answers do not repeat them. */
const IDENTITY_SLUGS = new Set(['full_name', 'artist_name', 'email', 'address']);

function FileRow({ file }: { file: ReviewFileFieldsFragment }) {
  const { t } = useTranslation('pages');
  return (
    <FileCard file={file} preview={<InsertDriveFileOutlinedIcon aria-hidden color="action" />}>
      <FileDownloadButton
        url={file.url}
        fallbackName={file.name}
        label={t('applications.review.files.download')}
        ariaLabel={t('applications.review.files.downloadNamed', { name: file.name })}
      />
    </FileCard>
  );
}

function AnswerValue({ element, names }: { element: Element; names: Names }) {
  const { t } = useTranslation('pages');
  const parts = answerDisplay(element, currentLocale());
  const none = (
    <Typography color="text.secondary">{t('applications.review.answers.none')}</Typography>
  );
  switch (parts.kind) {
    case 'none':
    case 'heading':
    case 'members':
      return none;
    case 'text':
      return (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {parts.text}
        </Typography>
      );
    case 'toggle':
      return (
        <Typography>
          {parts.on ? t('applications.review.answers.yes') : t('applications.review.answers.no')}
        </Typography>
      );
    case 'choices':
      return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {parts.values.map((value) => (
            <Chip
              key={value}
              size="small"
              variant="outlined"
              label={parts.named ? (names.get(value) ?? value) : value}
            />
          ))}
        </Box>
      );
    case 'links':
      return <AnswerLinks links={parts.links} />;
    case 'files':
      return element.files.length === 0 ? (
        none
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {element.files.map((file) => (
            <FileRow key={file.id} file={file} />
          ))}
        </Box>
      );
  }
}

/** Headings split the answers into runs; each run is one description list. */
function runsOf(elements: readonly Element[]): Array<Element | Element[]> {
  const runs: Array<Element | Element[]> = [];
  for (const element of elements) {
    const last = runs.at(-1);
    if (element.type === 'heading') runs.push(element);
    else if (Array.isArray(last)) last.push(element);
    else runs.push([element]);
  }
  return runs;
}

function Answer({ element, names }: { element: Element; names: Names }) {
  const { t } = useTranslation('pages');
  if (element.type !== 'group_members') {
    return (
      <div>
        <Typography component="dt" sx={{ fontWeight: 500 }}>
          {element.field_name}
        </Typography>
        <Box component="dd" sx={{ m: 0 }}>
          <AnswerValue element={element} names={names} />
        </Box>
      </div>
    );
  }
  const members = element.child_elements ?? [];
  return (
    <div>
      <Typography component="dt" sx={{ fontWeight: 500, mb: 1 }}>
        {element.field_name}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'grid', gap: 2 }}>
        {members.length === 0 ? (
          <Typography color="text.secondary">{t('applications.review.answers.none')}</Typography>
        ) : (
          members.map((member) => (
            <Box key={member.slug} sx={{ borderInlineStart: 3, borderColor: 'divider', ps: 2 }}>
              <Typography component="p" variant="subtitle2" sx={{ mb: 1 }}>
                {t('applications.review.answers.member', { number: member.field_name })}
              </Typography>
              <Answers elements={member.child_elements ?? []} names={names} level={4} />
            </Box>
          ))
        )}
      </Box>
    </div>
  );
}

function Answers({
  elements,
  names,
  level,
}: {
  elements: readonly Element[];
  names: Names;
  level: 3 | 4;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {runsOf(elements).map((run) =>
        Array.isArray(run) ? (
          <Box key={run[0]?.slug} component="dl" sx={{ m: 0, display: 'grid', gap: 2 }}>
            {run.map((element) => (
              <Answer key={element.slug} element={element} names={names} />
            ))}
          </Box>
        ) : (
          <Typography
            key={run.slug}
            component={`h${level}`}
            variant="subtitle1"
            sx={{ fontWeight: 600, mt: 1 }}
          >
            {run.field_name}
          </Typography>
        ),
      )}
    </Box>
  );
}

/** The answers as the applicant gave them, read-only, with every file to download. */
export function ReviewAnswers({
  applicationId,
  code,
  elements,
}: {
  applicationId: string;
  code: string;
  elements: readonly Element[];
}) {
  const { t } = useTranslation('pages');
  const shown = elements.filter((element) => !IDENTITY_SLUGS.has(element.slug));
  const names = useAnswerNames(shown);

  return (
    <PageSection
      title={t('applications.review.answers.title')}
      aside={
        hasFiles(shown) ? (
          <FileDownloadButton
            url={`/api/applications/${encodeURIComponent(applicationId)}/files.zip`}
            fallbackName={`${code}-files.zip`}
            label={t('applications.review.files.zip')}
            variant="outlined"
          />
        ) : null
      }
    >
      {shown.length === 0 ? (
        <Typography color="text.secondary">{t('applications.review.answers.empty')}</Typography>
      ) : (
        <Answers elements={shown} names={names} level={3} />
      )}
    </PageSection>
  );
}
