import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../generated/i18n.ts';
import type { Plan, Restore } from './model.ts';

/** A database copy's comparison: every table with its rows live and in the copy (differing rows emphasised). */
function TableCounts({ restore }: { restore: Restore }) {
  const { t } = useT();
  const tables = restore.tables ?? [];
  const differ = tables.filter((x) => x.liveRows !== x.copyRows).length;
  const rows = (n: number | null) => (n === null ? t('restore.absent') : n.toLocaleString());
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('restore.introDatabase', { copy: restore.copyDatabase ?? '' })}
      </Typography>
      <Alert severity={differ ? 'warning' : 'success'} sx={{ mt: 1 }}>
        {differ ? t('restore.tablesDiffer', { count: differ }) : t('restore.tablesSame')}
      </Alert>
      <Table size="small" aria-label={t('restore.tables')} sx={{ mt: 1, maxWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('restore.tableColumns.name')}</TableCell>
            <TableCell align="right">{t('restore.tableColumns.live')}</TableCell>
            <TableCell align="right">{t('restore.tableColumns.copy')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tables.map((x) => (
            <TableRow key={x.name} data-testid={`backups-table-${x.name}`} data-differs={x.liveRows !== x.copyRows}>
              <TableCell component="th" scope="row">
                <code>{x.name}</code>
              </TableCell>
              <TableCell align="right">{rows(x.liveRows)}</TableCell>
              <TableCell align="right" sx={x.liveRows !== x.copyRows ? { fontWeight: 700 } : undefined}>
                {rows(x.copyRows)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

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
      ) : restore.copyDatabase ? (
        <>
          <TableCounts restore={restore} />
          <Actions onPromote={onPromote} onDiscard={onDiscard} />
        </>
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
          <Actions onPromote={onPromote} onDiscard={onDiscard} />
        </>
      )}
    </Paper>
  );
}

function Actions({ onPromote, onDiscard }: { onPromote: () => void; onDiscard: () => void }) {
  const { t } = useT();
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
      <Button variant="contained" onClick={onPromote}>
        {t('restore.promote')}
      </Button>
      <Button onClick={onDiscard}>{t('restore.discard')}</Button>
    </Stack>
  );
}
