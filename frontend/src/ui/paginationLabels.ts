import type { TablePaginationProps } from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

type PaginationLabels = Pick<TablePaginationProps, 'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'>;

/**
 * The texts of a `TablePagination` in the user's language ("1–12 von 12", "Nächste Seite"): MUI's own are English.
 * Spread into every table's pagination: `<TablePagination {...usePaginationLabels()} … />`.
 */
export function usePaginationLabels(): PaginationLabels {
  const { t } = useTranslation('common');
  return {
    labelRowsPerPage: t('pagination.rowsPerPage'),
    labelDisplayedRows: ({ from, to, count }) => t('pagination.displayedRows', { from, to, count }),
    getItemAriaLabel: (type) => t(`pagination.page.${type}`),
  };
}
