import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DnsIcon from '@mui/icons-material/Dns';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLazyGetClusterServersQuery } from './api';

/** A dashboard row's way into the Managed Center: the cluster's servers, each linking to its dashboard section. */
export function ServerMenu({ clusterId, clusterNumber }: { clusterId: number; clusterNumber: string }) {
  const { t } = useTranslation('managed');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [load, { data, isFetching, isError }] = useLazyGetClusterServersQuery();
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DnsIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-label={t('open.label', { number: clusterNumber })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          void load(clusterId, true);
        }}
        data-testid="open-managed"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('open.button')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {isFetching && !data && <MenuItem disabled>{t('open.loading')}</MenuItem>}
        {isError && <MenuItem disabled>{t('dashboard.error')}</MenuItem>}
        {data?.id === clusterId &&
          data.servers.map((s) => (
            <MenuItem key={s.id} component={Link} to={`/clusters/${clusterId}/servers/${s.id}/managed/dashboard`} onClick={() => setAnchor(null)} data-server={s.name}>
              <ListItemText primary={s.name} secondary={t(`role.${s.role}`, { defaultValue: s.role })} />
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}
