import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FormField } from '@encore/core';
import { answerAt, inOrder, pathKey, takesList, type AnswerPath } from './answer-shape';
import { ChoiceQuestion, ToggleQuestion } from './ChoiceQuestion';
import { FileQuestion } from './FileQuestion';
import { useFill } from './fill-context';
import { LocationQuestion } from './LocationQuestion';
import { LookupQuestion } from './LookupQuestion';
import { MembersQuestion } from './MembersQuestion';
import type { QuestionProps } from './question-parts';
import { TextListQuestion } from './TextListQuestion';
import { TextQuestion } from './TextQuestion';

/** The questions of one level (the form, or one band member), in the organiser's order. */
export function Questions({ fields, path }: { fields: readonly FormField[]; path: AnswerPath }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {inOrder(fields).map((field) => (
        <Question key={field.id} field={field} path={[...path, field.slug]} />
      ))}
    </Box>
  );
}

function Question({ field, path }: { field: FormField; path: AnswerPath }) {
  const fill = useFill();
  const id = `answer-${useId().replace(/:/g, '')}`;
  if (field.type === 'heading') return <Heading field={field} level={fill.headingLevel} />;

  // A members section shows its own messages; each member's questions show theirs.
  const messages = fill.messagesAt(path, field.type !== 'group_members');
  const props: QuestionProps = {
    field,
    path,
    id,
    messages,
    value: answerAt(fill.answers, path),
    onChange: (next) => fill.update(path, () => next),
  };
  return (
    <Box data-answer-path={pathKey(path)} data-invalid={messages.length > 0 ? 'true' : undefined}>
      {questionOf(props)}
    </Box>
  );
}

function questionOf(props: QuestionProps) {
  const { field, path } = props;
  switch (field.type) {
    case 'text_field':
    case 'datetime_field':
      return <TextQuestion {...props} />;
    case 'email':
    case 'tel':
    case 'link':
    case 'video_link':
      return takesList(field) ? <TextListQuestion {...props} /> : <TextQuestion {...props} />;
    case 'image':
    case 'audio':
    case 'attachment':
      return <FileQuestion {...props} />;
    case 'instruments':
    case 'genres':
      return <LookupQuestion {...props} />;
    case 'list':
      return <ChoiceQuestion {...props} />;
    case 'toggle':
      return <ToggleQuestion {...props} />;
    case 'location':
      return <LocationQuestion {...props} />;
    case 'group_members':
      return (
        <MembersQuestion
          {...props}
          renderMember={(index) => (
            <Questions fields={field.child_fields} path={[...path, index]} />
          )}
        />
      );
    case 'heading':
      return null;
  }
}

/** A heading (h4) or a paragraph of explanation (body1) between questions; nothing to answer. */
function Heading({ field, level }: { field: FormField; level: 2 | 3 | 4 }) {
  if (field.subtype === 'body1') {
    return (
      <Typography variant="body1" sx={{ whiteSpace: 'pre-line' }}>
        {field.label}
      </Typography>
    );
  }
  return (
    <Typography variant="h6" component={`h${level}`} sx={{ mt: 1 }}>
      {field.label}
    </Typography>
  );
}
