import useMediaQuery from '@mui/material/useMediaQuery';
import { useAppSelector } from '../store';
import { useGetDemoQuery } from '../demo/api';

/** Dark mode follows the browser preference unless the user forced a mode (§4 Display). */
export function useColorMode(): 'light' | 'dark' {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const { forcedMode, darkMode } = useAppSelector((s) => s.display);
  const demo = useGetDemoQuery().data?.enabled === true;
  // Demo mode forces light mode (§4 Display, R4.010).
  if (demo) return 'light';
  if (forcedMode) return darkMode ? 'dark' : 'light';
  return prefersDark ? 'dark' : 'light';
}
