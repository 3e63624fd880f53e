import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useManagedHost, usePluginId } from '../runtime.tsx';
import { useRuntimeTranslation } from './usePluginTranslation.ts';

export interface SummaryCardProps {
  icon: ReactNode;
  /** The card's heading (the region's name). */
  title: string;
  loading: boolean;
  /** What the section holds; without it, `none` is shown. */
  children?: ReactNode;
  /** Shown when there is nothing (e.g. "No SSH keys."). */
  none: string;
  /** The link to the section ("Manage SSH keys"). */
  open: string;
}

/** A plugin's card on the server dashboard (`web/dashboard.tsx`): a region with icon and heading, a line or two, a link to the section. */
export function SummaryCard({ icon, title, loading, children, none, open }: SummaryCardProps) {
  const host = useManagedHost();
  const pluginId = usePluginId() ?? '';
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-title`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          {icon}
          <Typography variant="h6" component="h3" id={`${id}-title`}>
            {title}
          </Typography>
        </Stack>
        {loading ? <Skeleton width="60%" /> : children || <Typography color="text.secondary">{none}</Typography>}
      </CardContent>
      <CardActions>
        <Button size="small" component={RouterLink} to={host.sectionPath(pluginId)}>
          {open}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The card's texts: keys of the plugin's namespace, not of the SDK's (the SDK's translation test reads literal `t('…')` calls). */
const pluginKeys = { title: 'title', none: 'summary.none', open: 'summary.open', count: 'summary.count' } as const;

/** A plugin's list query as a dashboard card calls it (`<camel>Api.useList…Query`). */
export type CountCardList = (args: { clusterId: number; serverId: number }) => { data?: { total?: number }; isLoading: boolean };

/**
 * The commonest dashboard card: how many entries the section holds ("3 rules"), from the plugin's list query; texts
 * from the plugin's namespace: `title`, `summary.none`, `summary.open` and `summary.count` (with `{{count}}`).
 * The default export of `web/dashboard.tsx`: `export default defineCountCard(<RuleIcon color="action" />, api.useListRulesQuery)`.
 */
export function defineCountCard(icon: ReactNode, useList: CountCardList) {
  return function CountCard() {
    const { t } = useRuntimeTranslation(usePluginId() ?? '');
    const host = useManagedHost();
    const { data, isLoading } = useList({ clusterId: host.cluster.id, serverId: host.server.id });
    return (
      <SummaryCard icon={icon} title={t(pluginKeys.title)} loading={isLoading} none={t(pluginKeys.none)} open={t(pluginKeys.open)}>
        {!!data?.total && <Typography>{t(pluginKeys.count, { count: data.total })}</Typography>}
      </SummaryCard>
    );
  };
}
