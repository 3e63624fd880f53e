import useMediaQuery from '@mui/material/useMediaQuery';
import { useAppSelector } from '../store';

/** Dark mode follows the browser preference unless the user forced a mode (§4 Display). */
export function useColorMode(): 'light' | 'dark' {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const { forcedMode, darkMode } = useAppSelector((s) => s.display);
  if (forcedMode) return darkMode ? 'dark' : 'light';
  return prefersDark ? 'dark' : 'light';
}
