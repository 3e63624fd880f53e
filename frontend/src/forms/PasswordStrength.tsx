import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordScore, type PasswordScore } from './passwordStrength';

const colors = ['error', 'error', 'warning', 'success', 'success'] as const;

/**
 * A hint how strong a new password is (weak … very strong), while typing. Only a hint: the server's
 * password policy decides (12 to 255 characters, score 3 or better, without e-mail address or name).
 */
export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const { t } = useTranslation('password');
  const [score, setScore] = useState<PasswordScore | null>(null);
  const inputs = userInputs.join('\n');
  useEffect(() => {
    let current = true;
    if (!password) {
      setScore(null);
      return;
    }
    void passwordScore(password, inputs ? inputs.split('\n') : []).then((s) => current && setScore(s));
    return () => {
      current = false;
    };
  }, [password, inputs]);
  if (score === null) return null;
  const tooShort = [...password].length < 12;
  const shown = tooShort ? Math.min(score, 1) : score;
  return (
    <Box aria-live="polite" data-password-score={shown}>
      <LinearProgress variant="determinate" value={(shown + 1) * 20} color={colors[shown]} aria-label={t('strength.label')} sx={{ height: 6, borderRadius: 3 }} />
      <Typography variant="caption" color="text.secondary">
        {t('strength.label')}: {t(`strength.score${shown as 0 | 1 | 2 | 3 | 4}`)}
        {tooShort ? ` – ${t('strength.tooShort')}` : ''}
      </Typography>
    </Box>
  );
}
