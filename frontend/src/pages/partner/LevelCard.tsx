import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePartnerFormat } from './format';

export type PartnerLevel = 'bronze' | 'silver' | 'gold' | 'platinum';

const levelColors: Record<PartnerLevel, string> = { bronze: '#a0612b', silver: '#8a939c', gold: '#c49a00', platinum: '#4f6b80' };

export interface LevelCardProps {
  level: PartnerLevel;
  nextLevel: PartnerLevel | null;
  progressPercent: number;
  ratePercent: string;
}

/** The partner level of a year with the progress to the next one (§3; the threshold amounts are not shown, §9). */
export function LevelCard({ level, nextLevel, progressPercent, ratePercent }: LevelCardProps) {
  const { t } = useTranslation('partner');
  const f = usePartnerFormat();
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid="partner-level" data-level={level}>
      <Typography variant="overline" color="text.secondary">
        {t('overview.level')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <WorkspacePremiumIcon sx={{ color: levelColors[level] }} aria-hidden />
        <Typography variant="h2" component="p" sx={{ fontSize: '1.5rem' }}>
          {t(`levels.${level}`)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('overview.rate', { rate: f.percent1(Number(ratePercent)) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={progressPercent}
        aria-label={nextLevel ? t('overview.progressTo', { level: t(`levels.${nextLevel}`) }) : t('overview.topLevel')}
        sx={{ height: 8, borderRadius: 4, mb: 1 }}
      />
      <Typography variant="body2">
        {nextLevel ? t('overview.progress', { percent: f.percent1(progressPercent), level: t(`levels.${nextLevel}`) }) : t('overview.topLevel')}
      </Typography>
    </Paper>
  );
}
