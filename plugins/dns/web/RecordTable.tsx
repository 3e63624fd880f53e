import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DnsRecord, RecordType } from './model.ts';
import { duration, fullName, rdataText } from './format.ts';
import { WriteIconButton } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

const typeColor: Record<RecordType, 'primary' | 'secondary' | 'success' | 'warning' | 'info' | 'default'> = {
  A: 'primary',
  AAAA: 'primary',
  CNAME: 'secondary',
  MX: 'success',
  TXT: 'default',
  SRV: 'info',
  CAA: 'warning',
  NS: 'info',
};

interface Props {
  records: DnsRecord[];
  origin: string;
  defaultTtl: number;
  onEdit: (r: DnsRecord) => void;
  onDelete: (r: DnsRecord) => void;
}

/** The records of a zone in zone-file order (presentational). */
export function RecordTable({ records, origin, defaultTtl, onEdit, onDelete }: Props) {
  const { t, i18n } = useT();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('records.tableLabel', { origin })} sx={{ tableLayout: 'fixed', minWidth: 640 }}>
        <colgroup>
          <col style={{ width: '24%' }} />
          <col style={{ width: 96 }} />
          <col style={{ width: 170 }} />
          <col />
          <col style={{ width: 96 }} />
        </colgroup>
        <TableHead>
          <TableRow>
            <TableCell>{t('record.name')}</TableCell>
            <TableCell>{t('record.type')}</TableCell>
            <TableCell>{t('record.ttl')}</TableCell>
            <TableCell>{t('record.data')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('records.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((r) => {
            const data = rdataText(r);
            return (
              <TableRow key={r.id} hover data-testid="dns-record-row" data-name={r.name} data-type={r.type}>
                <TableCell sx={{ fontFamily: 'monospace' }} title={fullName(r.name, origin)}>
                  <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {r.name}
                  </Box>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={typeColor[r.type]}
                    label={r.type}
                    sx={{ fontFamily: 'monospace', minWidth: 56 }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {r.ttl === null ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {t('records.defaultTtl', { ttl: duration(defaultTtl, i18n.language) })}
                    </Typography>
                  ) : (
                    duration(r.ttl, i18n.language)
                  )}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>
                  <Tooltip
                    title={data.length > 40 ? <Box sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{data}</Box> : ''}
                    placement="bottom-start"
                  >
                    <Box
                      component="span"
                      tabIndex={data.length > 40 ? 0 : undefined}
                      sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {data}
                    </Box>
                  </Tooltip>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('records.edit')}>
                    <IconButton size="small" aria-label={t('records.editLabel', { name: r.name, type: r.type })} onClick={() => onEdit(r)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('records.delete')}>
                    <WriteIconButton
                      size="small"
                      aria-label={t('records.deleteLabel', { name: r.name, type: r.type })}
                      onClick={() => onDelete(r)}
                    >
                      <DeleteIcon fontSize="small" />
                    </WriteIconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
