import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clusterColumns, fixedColumns, type ClusterColumn } from './columnSettings';

/** The column menu of the cluster overview (§9: settings stay in this browser). */
export function ColumnMenu({ hidden, onChange, labelOf }: { hidden: ClusterColumn[]; onChange: (hidden: ClusterColumn[]) => void; labelOf: (c: ClusterColumn) => string }) {
  const { t } = useTranslation('customers');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (c: ClusterColumn) => onChange(hidden.includes(c) ? hidden.filter((h) => h !== c) : [...hidden, c]);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'cluster-column-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('columns.button')}
      </Button>
      <Menu id="cluster-column-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { dense: true, 'aria-label': t('columns.title') } }}>
        <ListSubheader sx={{ lineHeight: 2.5 }}>{t('columns.hint')}</ListSubheader>
        {clusterColumns
          .filter((c) => !fixedColumns.includes(c))
          .map((c) => (
            <MenuItem key={c} role="menuitemcheckbox" aria-checked={!hidden.includes(c)} onClick={() => toggle(c)}>
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={!hidden.includes(c)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
              </ListItemIcon>
              <ListItemText>{labelOf(c)}</ListItemText>
            </MenuItem>
          ))}
        <Divider />
        <MenuItem onClick={() => onChange([])} disabled={!hidden.length}>
          {t('columns.reset')}
        </MenuItem>
      </Menu>
    </>
  );
}
