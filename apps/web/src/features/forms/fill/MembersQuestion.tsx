import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { asMembers, memberLimit } from './answer-shape';
import { useFill } from './fill-context';
import { QuestionGroup, type QuestionProps } from './question-parts';

interface MembersQuestionProps extends QuestionProps {
  /** The questions of member `index`. */
  renderMember: (index: number) => ReactNode;
}

/** The band's members: the same questions for each, added up to the form's limit. */
export function MembersQuestion({
  field,
  path,
  value,
  onChange,
  messages,
  id,
  renderMember,
}: MembersQuestionProps) {
  const { t } = useTranslation('pages');
  const { disabled, maxMembers, headingLevel, messagesAt } = useFill();
  const members = asMembers(value);
  const max = memberLimit(maxMembers);
  // Removing a member renumbers the rest; a new generation remounts them with their own answers.
  const [generation, setGeneration] = useState(0);
  const heading = `h${headingLevel + 1}` as 'h3' | 'h4' | 'h5';

  const remove = (index: number) => {
    const rest = members.filter((_member, position) => position !== index);
    setGeneration((current) => current + 1);
    onChange(rest.length > 0 ? rest : undefined);
  };

  return (
    <QuestionGroup
      id={id}
      label={field.label}
      required={field.is_required}
      messages={messages}
      disabled={disabled}
      hint={t('forms.fill.members.count', { number: members.length, max })}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {members.map((_member, index) => {
          const titleId = `${id}-${index}-title`;
          const memberMessages = messagesAt([...path, index]);
          return (
            <Paper
              key={`${generation}-${index}`}
              component="section"
              variant="outlined"
              aria-labelledby={titleId}
              sx={{ p: 2 }}
            >
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  mb: 2,
                }}
              >
                <Typography id={titleId} component={heading} variant="subtitle1">
                  {t('forms.fill.members.member', { number: index + 1 })}
                </Typography>
                <Button
                  color="inherit"
                  startIcon={<DeleteOutlinedIcon />}
                  onClick={() => remove(index)}
                  disabled={disabled}
                  aria-label={t('forms.fill.members.removeLabel', { number: index + 1 })}
                >
                  {t('forms.fill.members.remove')}
                </Button>
              </Box>
              {renderMember(index)}
              {memberMessages.length > 0 ? (
                <FormHelperText error>{memberMessages.join(' ')}</FormHelperText>
              ) : null}
            </Paper>
          );
        })}
      </Box>
      <Box sx={{ mt: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => onChange([...members, {}])}
          disabled={disabled || members.length >= max}
        >
          {t('forms.fill.members.add')}
        </Button>
      </Box>
    </QuestionGroup>
  );
}
