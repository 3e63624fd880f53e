import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../generated/i18n.ts';
import type { Plan, Restore } from './model.ts';

/** One open restore: restoring, or the compared copy with its differences and promote / discard. */
export function RestoreCard({ restore, plan, onPromote, onDiscard }: { restore: Restore; plan?: Plan; onPromote: () => void; onDiscard: () => void }) {
  const { t } = useT();
  const headingId = `backups-restore-${restore.id}-title`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid={`backups-restore-${restore.id}`} data-status={restore.status}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('restore.title', { n: restore.id, plan: plan?.name ?? `#${restore.planId}`, id: restore.snapshotId.slice(0, 8) })}
      </Typography>
      {restore.status === 'restoring' || restore.status === 'promoting' ? (
        <Alert severity="info">{t('restore.restoring')}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('restore.intro')}
          </Typography>
          {restore.changesTotal === 0 ? (
            <Alert severity="success" sx={{ mt: 1 }}>
              {t('restore.none')}
            </Alert>
          ) : (
            <>
              <Typography sx={{ mt: 1 }}>
                <strong>{t('restore.changesTotal', { count: restore.changesTotal })}</strong>
              </Typography>
              <List dense aria-label={t('restore.changesTotal', { count: restore.changesTotal })} sx={{ maxHeight: 320, overflow: 'auto' }}>
                {restore.changes.map((c) => (
                  <ListItem key={c.path} disableGutters data-change={c.change}>
                    <ListItemText primary={<code style={{ overflowWrap: 'anywhere' }}>{c.path}</code>} secondary={t(`restore.change.${c.change}`)} />
                  </ListItem>
                ))}
              </List>
              {restore.changesTotal > restore.changes.length && (
                <Typography variant="body2" color="text.secondary">
                  {t('restore.more', { shown: restore.changes.length, total: restore.changesTotal })}
                </Typography>
              )}
            </>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={onPromote}>
              {t('restore.promote')}
            </Button>
            <Button onClick={onDiscard}>{t('restore.discard')}</Button>
          </Stack>
        </>
      )}
    </Paper>
  );
}
