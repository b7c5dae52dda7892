import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ProfileFormOptions, ProfileUser } from '../profile-options';
import { AboutStep } from './AboutStep';
import { LocationStep } from './LocationStep';
import { MusicStep } from './MusicStep';
import { PreferencesStep } from './PreferencesStep';

const STEPS = ['about', 'location', 'music', 'preferences'] as const;
const DONE = STEPS.length;

/**
 * The guided profile setup. Every step saves its own fields and moves on. All steps stay mounted
 * (only the active one is shown), so going back keeps what was typed.
 */
export function ProfileSetup({
  user,
  options,
}: {
  user: ProfileUser;
  options: ProfileFormOptions;
}) {
  const { t } = useTranslation('pages');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const [active, setActive] = useState(0);
  const [completed, setCompleted] = useState<ReadonlySet<number>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);
  // Counts moves between steps; focus follows the step (not on first display) for keyboard and
  // screen reader users.
  const [moves, setMoves] = useState(0);

  useEffect(() => {
    if (moves > 0) heading.current?.focus();
  }, [moves]);

  const goTo = (step: number) => {
    setActive(step);
    setMoves((count) => count + 1);
  };
  const savedStep = (step: number) => () => {
    setCompleted((set) => new Set(set).add(step));
    goTo(step + 1);
  };
  const back = () => goTo(Math.max(0, active - 1));

  return (
    <Box>
      <Stepper
        nonLinear
        activeStep={active}
        orientation={wide ? 'horizontal' : 'vertical'}
        sx={{ mb: 3 }}
      >
        {STEPS.map((step, index) => (
          <Step key={step} completed={completed.has(index)}>
            <StepButton onClick={() => goTo(index)}>{t(`profile.setup.steps.${step}`)}</StepButton>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {active < DONE ? (
          <Typography
            ref={heading}
            tabIndex={-1}
            variant="h5"
            component="h2"
            sx={{ mb: 1, outline: 'none' }}
          >
            {t(`profile.setup.steps.${STEPS[active] ?? 'about'}`)}
          </Typography>
        ) : null}
        {active < DONE ? (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t(`profile.setup.intro.${STEPS[active] ?? 'about'}`)}
          </Typography>
        ) : null}
        <Box hidden={active !== 0}>
          <AboutStep user={user} onSaved={savedStep(0)} />
        </Box>
        <Box hidden={active !== 1}>
          <LocationStep user={user} onSaved={savedStep(1)} onBack={back} />
        </Box>
        <Box hidden={active !== 2}>
          <MusicStep user={user} options={options} onSaved={savedStep(2)} onBack={back} />
        </Box>
        <Box hidden={active !== 3}>
          <PreferencesStep user={user} options={options} onSaved={savedStep(3)} onBack={back} />
        </Box>
        {active === DONE ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <Typography
              ref={heading}
              tabIndex={-1}
              variant="h5"
              component="h2"
              sx={{ outline: 'none' }}
            >
              {t('profile.setup.done.title')}
            </Typography>
            <Alert severity="success" role="status">
              {t('profile.setup.done.body')}
            </Alert>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <Button variant="contained" component={RouterLink} to={`/${user.id}/profile`}>
                {t('profile.setup.done.view')}
              </Button>
              <Button onClick={() => goTo(0)}>{t('profile.setup.done.again')}</Button>
            </Box>
          </Box>
        ) : null}
      </Paper>
    </Box>
  );
}
