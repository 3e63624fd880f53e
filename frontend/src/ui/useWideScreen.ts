import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useContext } from 'react';
import { SsrMedia } from '../ssr/payload';

/**
 * Whether the window is at least `md` (900 px) wide, for a layout that differs by width beyond what CSS
 * breakpoints do (tabs or a side navigation). A server-rendered page hydrates with the server's guess
 * (`SsrMedia.wide`: the width measured on the browser's last page, else `Sec-CH-UA-Mobile`) and then follows
 * the window, so hydration matches (issue 29); a page the browser renders itself measures at once.
 */
export function useWideScreen(): boolean {
  const assumed = useContext(SsrMedia)?.wide;
  return useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), assumed === undefined ? { noSsr: true } : { defaultMatches: assumed });
}
