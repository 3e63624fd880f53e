import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { WriteIconButton } from './ReadOnlyHint.tsx';
import { Link as RouterLink } from 'react-router';

export interface RowActionsProps {
  /** Edit (or rename): a link to the edit page (`to`) or an action (`onClick`); `label` names the row ("Edit job 3"). */
  edit?: { label: string; to?: string; onClick?: () => void };
  /** Delete: usually asks first (`useConfirm().ask(row)`). */
  remove?: { label: string; onClick: () => void };
  size?: 'small' | 'medium';
  /** More icon buttons before edit and delete. */
  children?: ReactNode;
}

/** A table row's icon buttons: edit and delete, each with a tooltip and an accessible name that names the row; delete is disabled with the read-only hint in the demo. */
export function RowActions({ edit, remove, size, children }: RowActionsProps) {
  const icon = size === 'small' ? 'small' : 'medium';
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {children}
      {edit && (
        <Tooltip title={edit.label}>
          {edit.to !== undefined ? (
            <IconButton size={size} aria-label={edit.label} component={RouterLink} to={edit.to}>
              <EditIcon fontSize={icon} />
            </IconButton>
          ) : (
            <IconButton size={size} aria-label={edit.label} onClick={edit.onClick}>
              <EditIcon fontSize={icon} />
            </IconButton>
          )}
        </Tooltip>
      )}
      {remove && (
        <Tooltip title={remove.label}>
          <WriteIconButton size={size} aria-label={remove.label} color="error" onClick={remove.onClick}>
            <DeleteIcon fontSize={icon} />
          </WriteIconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
