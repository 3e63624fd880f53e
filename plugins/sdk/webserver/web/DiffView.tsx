import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { useWebServer, useFamilyT } from './context.tsx';

/** A unified diff, line by line: additions green, removals red, hunk headers blue. Read-only, scrolls sideways. */
export function DiffView({ diff }: { diff: string }) {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  const theme = useTheme();
  const lines = diff.replace(/\n$/, '').split('\n');
  const style = (line: string) => {
    if (line.startsWith('+++') || line.startsWith('---')) return { fontWeight: 700 };
    if (line.startsWith('+')) return { bgcolor: alpha(theme.palette.success.main, 0.16) };
    if (line.startsWith('-')) return { bgcolor: alpha(theme.palette.error.main, 0.16) };
    if (line.startsWith('@@')) return { color: theme.palette.info.main };
    return {};
  };
  return (
    <Box
      component="pre"
      aria-label={t('config.diffLabel')}
      tabIndex={0}
      data-testid={`${pluginId}-diff`}
      sx={{
        m: 0,
        p: 1.5,
        overflowX: 'auto',
        fontSize: 13,
        lineHeight: 1.5,
        fontFamily: 'monospace',
        bgcolor: 'action.hover',
        borderRadius: 1,
        maxHeight: '70vh',
      }}
    >
      {lines.map((line, i) => (
        <Box component="span" key={i} sx={{ display: 'block', px: 0.5, minWidth: 'fit-content', ...style(line) }}>
          {line || ' '}
        </Box>
      ))}
    </Box>
  );
}
