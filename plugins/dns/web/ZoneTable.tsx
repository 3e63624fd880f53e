import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { formatDateTime, WriteIconButton } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import type { ZoneSummary } from './model.ts';
import { useT } from '../generated/i18n.ts';

/** Whether the stored zone is what the server has (presentational). */
export function AppliedChip({ serial, appliedSerial }: { serial: number; appliedSerial: number | null }) {
  const { t } = useT();
  if (appliedSerial === serial) return <Chip size="small" color="success" variant="outlined" label={t('zones.applied')} />;
  return (
    <Chip size="small" color="warning" variant="outlined" label={appliedSerial === null ? t('zones.neverApplied') : t('zones.pending')} />
  );
}

/** The zones of a server (presentational). */
export function ZoneTable({
  zones,
  linkTo,
  onDelete,
}: {
  zones: ZoneSummary[];
  linkTo: (z: ZoneSummary) => string;
  onDelete: (z: ZoneSummary) => void;
}) {
  const { t, i18n } = useT();
  return (
    <TableContainer>
      <Table aria-label={t('zones.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('zones.origin')}</TableCell>
            <TableCell align="right">{t('zones.records')}</TableCell>
            <TableCell>{t('zones.serial')}</TableCell>
            <TableCell>{t('zones.state')}</TableCell>
            <TableCell>{t('zones.updatedAt')}</TableCell>
            <TableCell align="right">{t('zones.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {zones.map((z) => (
            <TableRow key={z.id} hover data-testid="dns-zone-row">
              <TableCell>
                <Link component={RouterLink} to={linkTo(z)} sx={{ fontWeight: 500 }}>
                  {z.origin}
                </Link>
              </TableCell>
              <TableCell align="right">{z.recordCount}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{z.serial}</TableCell>
              <TableCell>
                <AppliedChip serial={z.serial} appliedSerial={z.appliedSerial} />
              </TableCell>
              <TableCell>{formatDateTime(z.updatedAt, i18n.language, { weekday: false })}</TableCell>
              <TableCell align="right">
                <Tooltip title={t('zones.delete')}>
                  <WriteIconButton size="small" aria-label={t('zones.deleteLabel', { origin: z.origin })} onClick={() => onDelete(z)}>
                    <DeleteIcon fontSize="small" />
                  </WriteIconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
