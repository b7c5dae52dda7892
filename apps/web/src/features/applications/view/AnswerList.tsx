import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type {
  ApplicationElementFieldsFragment,
  ApplicationElementValueFieldsFragment,
} from '../../../gql/graphql';
import { currentLocale } from '../../../lib/i18n';
import { AnswerLinks } from '../components/AnswerLinks';
import { answerDisplay } from '../components/answer-display';
import { useAnswerNames } from '../components/useAnswerNames';
import { FileItem } from './FileItem';

type Element = ApplicationElementValueFieldsFragment & {
  child_elements?: readonly Element[];
};

type Names = ReadonlyMap<string, string>;

function AnswerValue({ element, names }: { element: Element; names: Names }) {
  const { t } = useTranslation('pages');
  const display = answerDisplay(element, currentLocale());
  switch (display.kind) {
    case 'none':
    case 'heading':
    case 'members':
      return <Typography color="text.secondary">{t('applications.view.answers.none')}</Typography>;
    case 'text':
      return (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {display.text}
        </Typography>
      );
    case 'toggle':
      return (
        <Typography>
          {display.on ? t('applications.view.answers.yes') : t('applications.view.answers.no')}
        </Typography>
      );
    case 'choices':
      return (
        <Typography>
          {display.values
            .map((value) => (display.named ? (names.get(value) ?? value) : value))
            .join(', ')}
        </Typography>
      );
    case 'links':
      return <AnswerLinks links={display.links} />;
    case 'files':
      return element.files.length === 0 ? (
        <Typography color="text.secondary">{t('applications.view.answers.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {element.files.map((file) => (
            <FileItem key={file.id} file={file} />
          ))}
        </Box>
      );
  }
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
  const { t } = useTranslation('pages');
  const heading = `h${level}` as const;
  const below = `h${level + 1}` as 'h4' | 'h5';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {elements.map((element) => {
        if (element.type === 'heading') {
          return (
            <Typography
              key={element.slug}
              variant="subtitle1"
              component={heading}
              sx={{ fontWeight: 600, mt: 1 }}
            >
              {element.field_name}
            </Typography>
          );
        }
        if (element.type === 'group_members') {
          const members = element.child_elements ?? [];
          return (
            <Box key={element.slug} component="section" sx={{ display: 'grid', gap: 1.5 }}>
              <Typography variant="subtitle1" component={heading} sx={{ fontWeight: 600 }}>
                {element.field_name}
              </Typography>
              {members.length === 0 ? (
                <Typography color="text.secondary">
                  {t('applications.view.answers.none')}
                </Typography>
              ) : (
                members.map((member, index) => (
                  <Box
                    key={member.slug}
                    sx={{
                      pl: 2,
                      borderInlineStart: 3,
                      borderColor: 'divider',
                      display: 'grid',
                      gap: 1,
                    }}
                  >
                    <Typography variant="subtitle2" component={below}>
                      {t('applications.view.answers.member', { number: index + 1 })}
                    </Typography>
                    <Answers elements={member.child_elements ?? []} names={names} level={4} />
                  </Box>
                ))
              )}
            </Box>
          );
        }
        return (
          <Box key={element.slug} sx={{ display: 'grid', gap: 0.5 }}>
            <Typography
              component="p"
              variant="body2"
              color="text.secondary"
              sx={{ fontWeight: 500 }}
            >
              {element.field_name}
            </Typography>
            <AnswerValue element={element} names={names} />
          </Box>
        );
      })}
    </Box>
  );
}

/** The answers as sent, in the form's order, with the files to play, look at and download. */
export function AnswerList({
  elements,
}: {
  elements: readonly ApplicationElementFieldsFragment[];
}) {
  const { t } = useTranslation('pages');
  const names = useAnswerNames(elements);
  if (elements.length === 0) {
    return <Typography color="text.secondary">{t('applications.view.answers.empty')}</Typography>;
  }
  return <Answers elements={elements} names={names} level={3} />;
}
