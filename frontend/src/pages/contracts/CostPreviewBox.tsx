import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { usePreviewClusterCostsQuery, type CostPreviewInput } from '../../api/contracts';
import { callErrorMessage } from '../../ui/notify';
import { useBillingFormat } from './format';

/** The cost preview with proration (net and gross) before a termination or a hardware change (R9.007, R9.019). */
export function CostPreviewBox({ contractId, input }: { contractId: number; input: CostPreviewInput }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const { data, error, isFetching } = usePreviewClusterCostsQuery({ contractId, body: input });
  if (error) return <Alert severity="error">{callErrorMessage(error)}</Alert>;
  if (!data || isFetching) return <Skeleton height={72} role="status" aria-label={t('costPreview.loading')} />;
  const rest = data.days > 0 ? t('costPreview.rest', { from: f.day(data.from), to: f.day(data.to), count: data.days }) : t('costPreview.noRest');
  return (
    <Alert severity="info" data-testid="cost-preview" role="status">
      {data.kind === 'termination'
        ? t('costPreview.termination', { net: f.money(data.total.net), gross: f.money(data.total.gross), rest, count: data.fullMonths })
        : t('costPreview.change', { net: f.money(data.total.net), gross: f.money(data.total.gross), rest, monthlyNet: f.money(data.proposedMonthly.net), monthlyGross: f.money(data.proposedMonthly.gross) })}
    </Alert>
  );
}
