import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { apiError } from '../../api/baseApi';
import { useGetClusterContractQuery, useGetDomainContractQuery, type ClusterContract, type DomainContract } from '../../api/contracts';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { translateServerMessage } from '../../ui/notify';
import NotFoundPage from '../NotFoundPage';
import { DomainAuthCode } from './DomainAuthCode';
import { Facts } from './Facts';
import { HardwarePreview } from './HardwarePreview';
import { statusColor, useBillingFormat } from './format';

/** §2 `/contracts/{type}/{id}`: a cluster or a domain contract. */
export default function ContractDetailPage() {
  const { type, contractId } = useParams();
  const id = Number(contractId);
  if (!Number.isInteger(id) || id < 1 || (type !== 'cluster' && type !== 'domain')) return <NotFoundPage />;
  return type === 'cluster' ? <ClusterContractView id={id} /> : <DomainContractView id={id} />;
}

export function BackToContracts() {
  const { t } = useTranslation('billing');
  return (
    <Button component={RouterLink} to="/contracts" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      {t('contracts.back')}
    </Button>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
      <Skeleton height={48} width="40%" />
      <Skeleton height={160} />
    </Box>
  );
}

export function LoadError({ error, fallback }: { error: unknown; fallback: string }) {
  const message = apiError(error)?.message;
  return (
    <Box>
      <BackToContracts />
      <Alert severity="error">{message ? translateServerMessage(message) : fallback}</Alert>
    </Box>
  );
}

function ClusterContractView({ id }: { id: number }) {
  const { t } = useTranslation('billing');
  const { data, error, isLoading } = useGetClusterContractQuery(id);
  useDocumentTitle(data ? t('cluster.title', { number: data.number }) : t('contracts.title'));
  if (isLoading) return <Loading />;
  if (error || !data) return <LoadError error={error} fallback={t('cluster.error')} />;
  return <ClusterContractDetails contract={data} />;
}

/** Quantity and unit price give way on narrow screens (375 px); position and amount stay. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function ClusterContractDetails({ contract: c }: { contract: ClusterContract }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const yesNo = (on: boolean) => (on ? t('cluster.booked') : t('cluster.notBooked'));
  return (
    <Box>
      <BackToContracts />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, mb: 0, overflowWrap: 'anywhere' }}>
          {t('cluster.title', { number: c.number })} · {c.name}
        </Typography>
        <Chip color={statusColor(c.status)} variant="outlined" label={t(`status.${c.status}`)} data-testid="contract-status" />
        {c.termination ? (
          <Button variant="outlined" component={RouterLink} to={`/contracts/${c.id}/cluster/termination/show`}>
            {t('cluster.showTermination')}
          </Button>
        ) : (
          c.mayTerminate && (
            <Button variant="outlined" color="error" component={RouterLink} to={`/contracts/${c.id}/cluster/termination`}>
              {t('cluster.terminate')}
            </Button>
          )
        )}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Facts
          title={t('cluster.contract')}
          rows={[
            [t('cluster.customer'), `${c.customer.company} (${c.customer.number})`],
            [t('cluster.architecture'), t(`architecture.${c.architecture}`)],
            [t('cluster.mode'), t(`mode.${c.contractMode}`)],
            [t('cluster.start'), f.day(c.contractStart)],
          ]}
        />
        <Facts
          title={`${t('cluster.package')}: ${t(`sla.${c.sla}`)}`}
          rows={[
            [t('cluster.reaction'), t('cluster.minutes', { count: c.servicePackage.reactionMinutes })],
            [t('cluster.remoteHands'), t('cluster.minutes', { count: c.servicePackage.remoteHandsMinutes })],
            [t('cluster.developerSupport'), t('cluster.minutes', { count: c.servicePackage.developerSupportMinutes })],
          ]}
        />
        <Facts
          title={t('cluster.hardware')}
          rows={[
            [t('cluster.cpu'), t('cluster.cpuValue', { count: c.hardware.cpu })],
            [t('cluster.ram'), t('cluster.gb', { count: c.hardware.ramGb })],
            [t('cluster.nvmeSsd'), t('cluster.gb', { count: c.hardware.nvmeSsdGb })],
            [t('cluster.nvmeDatabase'), t('cluster.gb', { count: c.hardware.nvmeDatabaseGb })],
            [t('cluster.nvmeStorage'), t('cluster.gb', { count: c.hardware.nvmeStorageGb })],
            [`${t('cluster.ips')}: ${t('cluster.ipv4')}`, String(Math.max(0, c.ipv4Count - 1))],
            [`${t('cluster.ips')}: ${t('cluster.ipv6')}`, String(Math.max(0, c.ipv6Count - 1))],
          ]}
        >
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {t('cluster.traffic', { count: c.includedTrafficTb })}
          </Typography>
        </Facts>
        <Facts
          title={t('cluster.addons')}
          rows={[
            [t('cluster.addon.twoFactor'), yesNo(c.addons.twoFactor)],
            [t('cluster.addon.vpn'), yesNo(c.addons.vpn)],
            [t('cluster.addon.phpExtendedSupport'), yesNo(c.addons.phpExtendedSupport)],
          ]}
        />
      </Box>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label={t('cluster.price')}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          {t('cluster.price')}
        </Typography>
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('cluster.position')}</TableCell>
                <TableCell align="right" sx={wide}>{t('cluster.quantity')}</TableCell>
                <TableCell align="right" sx={wide}>{t('cluster.unitPrice')}</TableCell>
                <TableCell align="right">{t('cluster.net')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {c.priceLines.map((l) => (
                <TableRow key={l.kind}>
                  <TableCell>{l.kind === 'sla' ? `${t('cluster.line.sla')} ${t(`sla.${c.sla}`)}` : l.kind === 'base' ? `${t('cluster.line.base')} ${t(`architecture.${c.architecture}`)}` : t(`cluster.line.${l.kind}`)}</TableCell>
                  <TableCell align="right" sx={wide}>{l.quantity}</TableCell>
                  <TableCell align="right" sx={wide}>{f.money(l.unitPrice)}</TableCell>
                  <TableCell align="right">{f.money(l.net)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('cluster.net')}</TableCell>
                <TableCell sx={wide} />
                <TableCell sx={wide} />
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="price-net">{f.money(c.price.net)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell>{t('cluster.vat', { rate: 19 })}</TableCell>
                <TableCell sx={wide} />
                <TableCell sx={wide} />
                <TableCell align="right">{f.money(c.price.vat)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('cluster.gross')}</TableCell>
                <TableCell sx={wide} />
                <TableCell sx={wide} />
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="price-gross">{f.money(c.price.gross)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          {t('cluster.billingNote')}
        </Typography>
      </Paper>
      {c.status === 'active' && <HardwarePreview contract={c} />}
    </Box>
  );
}

function DomainContractView({ id }: { id: number }) {
  const { t } = useTranslation('billing');
  const { data, error, isLoading } = useGetDomainContractQuery(id);
  useDocumentTitle(data ? t('domain.title', { number: data.number }) : t('contracts.title'));
  if (isLoading) return <Loading />;
  if (error || !data) return <LoadError error={error} fallback={t('cluster.error')} />;
  return <DomainContractDetails contract={data} />;
}

export function DomainContractDetails({ contract: d }: { contract: DomainContract }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const none = t('domain.none');
  return (
    <Box>
      <BackToContracts />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, mb: 0, overflowWrap: 'anywhere' }}>
          {t('domain.title', { number: d.number })} · {d.domain}
        </Typography>
        <Chip color={statusColor(d.status)} variant="outlined" label={t(`status.${d.status}`)} data-testid="contract-status" />
        {d.mayTerminate ? (
          <Button variant="outlined" color="error" component={RouterLink} to={`/contracts/${d.id}/domain/termination`}>
            {t('domain.terminate')}
          </Button>
        ) : (
          d.terminationOn && (
            <Button variant="outlined" component={RouterLink} to={`/contracts/${d.id}/domain/termination`}>
              {t('domain.showTermination')}
            </Button>
          )
        )}
      </Box>
      {d.manualTermination && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('domain.manual')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Facts
          title={t('domain.domain')}
          rows={[
            [t('domain.domain'), d.domain],
            [t('cluster.customer'), `${d.customer.company} (${d.customer.number})`],
            [t('domain.registration'), f.day(d.registeredOn)],
            [t('domain.start'), f.day(d.startOn)],
            [t('domain.registrationEnds'), f.day(d.registrationEndsOn)],
            [t('domain.terminationOn'), d.terminationOn ? f.day(d.terminationOn) : none],
          ]}
        />
        <Facts
          title={t('domain.owner')}
          rows={[
            [t('domain.owner'), d.owner],
            [t('domain.contactPerson'), d.contactPerson],
            [t('domain.adminContact'), d.adminContact],
          ]}
        />
        <Facts
          title={t('domain.fees')}
          rows={[
            [t('domain.basicFee'), f.money(d.basicFee)],
            [t('domain.yearlyFee'), `${f.money(d.yearlyFee.net)} (${t('cluster.gross')} ${f.money(d.yearlyFee.gross)})`],
            [t('domain.premiumAnnual'), d.premiumAnnual ? f.money(d.premiumAnnual) : none],
            [t('domain.premiumOneTime'), d.premiumOneTime ? f.money(d.premiumOneTime) : none],
          ]}
        />
        <DomainAuthCode contract={d} />
      </Box>
    </Box>
  );
}
