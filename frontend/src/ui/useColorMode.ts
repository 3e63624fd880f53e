import useMediaQuery from '@mui/material/useMediaQuery';
import { useContext } from 'react';
import { SsrMedia } from '../ssr/payload';
import { useAppSelector } from '../store';
import { useGetDemoQuery } from '../demo/api';

/** Dark mode follows the browser preference unless the user forced a mode (§4 Display). */
export function useColorMode(): 'light' | 'dark' {
  // A server-rendered page hydrates with the preference the server assumed, then follows the browser's (issue 29).
  const assumed = useContext(SsrMedia)?.prefersDark;
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', assumed === undefined ? { noSsr: true } : { defaultMatches: assumed });
  const { forcedMode, darkMode } = useAppSelector((s) => s.display);
  const demo = useGetDemoQuery().data?.enabled === true;
  // Demo mode forces light mode (§4 Display, R4.010).
  if (demo) return 'light';
  if (forcedMode) return darkMode ? 'dark' : 'light';
  return prefersDark ? 'dark' : 'light';
}
