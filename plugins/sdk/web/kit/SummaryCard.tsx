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
