import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createPortalTheme } from './theme';

describe('theme', () => {
  it('R15 "reduce motion" set in the system turns transitions and ripples off (WCAG 2.3.3)', () => {
    const calm = createPortalTheme('light', true);
    expect(calm.transitions.duration.enteringScreen).toBe(0);
    expect(calm.transitions.duration.leavingScreen).toBe(0);
    render(
      <ThemeProvider theme={calm}>
        <Button>Speichern</Button>
      </ThemeProvider>,
    );
    // Pressing a button starts no ripple.
    const button = screen.getByRole('button', { name: 'Speichern' });
    act(() => void fireEvent.mouseDown(button));
    expect(button.querySelector('.MuiTouchRipple-root')).toBeNull();
  });

  it('R15 without that setting, dialogs and menus keep their transitions and buttons their ripple', () => {
    const moving = createPortalTheme('dark', false);
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    render(
      <ThemeProvider theme={moving}>
        <Button>Speichern</Button>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Speichern' });
    act(() => void fireEvent.mouseDown(button));
    expect(button.querySelector('.MuiTouchRipple-root')).not.toBeNull();
  });

  it('R15 a heading or main area focused from code (tabIndex -1) gets no focus ring; controls keep theirs', () => {
    render(
      <ThemeProvider theme={createPortalTheme('light', false)}>
        <CssBaseline />
      </ThemeProvider>,
    );
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((r): r is CSSStyleRule => 'selectorText' in r);
    const outlineOf = (selector: string) => rules.find((r) => r.selectorText === selector)?.style.outline;
    expect(outlineOf(':root :focus-visible')).toBe('3px solid #0b5cad');
    expect(outlineOf(':root :is(h1, h2, h3, h4, h5, h6, main)[tabindex="-1"]:focus-visible')).toBe('none');
  });
});
