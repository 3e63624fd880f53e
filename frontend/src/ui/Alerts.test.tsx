import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import '../i18n';
import { createStore } from '../store';
import { Alerts } from './Alerts';
import { alertAdded } from './uiSlice';

const longMessage =
  'Dies ist eine lange Nachricht mit sehr vielen Wörtern, die deutlich mehr als zwanzig Wörter enthält, damit sie länger angezeigt wird als kurze Hinweise es werden.';

describe('alerts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <Alerts />
      </Provider>,
    );
    return store;
  };

  it('R9.004 a short success alert closes after 3500 ms', () => {
    const store = setup();
    act(() => void store.dispatch(alertAdded({ type: 'success', message: 'Gespeichert.' })));
    expect(screen.getByText('Gespeichert.')).toBeTruthy();
    act(() => void jest.advanceTimersByTime(3400));
    expect(screen.queryByText('Gespeichert.')).not.toBeNull();
    act(() => void jest.advanceTimersByTime(200));
    act(() => void jest.advanceTimersByTime(300)); // the exit transition
    expect(screen.queryByText('Gespeichert.')).toBeNull();
  });

  it('R9.004 an info alert of 20 words or more stays 6000 ms', () => {
    const store = setup();
    act(() => void store.dispatch(alertAdded({ type: 'info', message: longMessage })));
    act(() => void jest.advanceTimersByTime(5900));
    expect(screen.queryByText(longMessage)).not.toBeNull();
    act(() => void jest.advanceTimersByTime(200));
    act(() => void jest.advanceTimersByTime(300));
    expect(screen.queryByText(longMessage)).toBeNull();
  });

  it('R9.004 warning and danger alerts stay until dismissed', () => {
    const store = setup();
    act(() => {
      store.dispatch(alertAdded({ type: 'danger', message: 'Fehler beim Speichern.' }));
      store.dispatch(alertAdded({ type: 'warning', message: 'Achtung.' }));
    });
    act(() => void jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Fehler beim Speichern.')).toBeTruthy();
    expect(screen.getByText('Achtung.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Hinweis schließen' })[0]);
    act(() => void jest.advanceTimersByTime(300));
    expect(screen.queryByText('Fehler beim Speichern.')).toBeNull();
    expect(store.getState().ui.alerts).toHaveLength(1);
  });

  it('R3.010 R9.004 an alert has the §3 fields and is announced: success as a status, danger as an alert, in a live region that is always there', () => {
    const store = setup();
    const region = screen.getByTestId('alerts');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => {
      store.dispatch(alertAdded({ type: 'success', message: 'Gespeichert.' }));
      store.dispatch(alertAdded({ type: 'danger', message: 'Fehler.', dismissible: false }));
    });
    expect(store.getState().ui.alerts.map(({ type, message, show, dismissible }) => ({ type, message, show, dismissible }))).toEqual([
      { type: 'success', message: 'Gespeichert.', show: true, dismissible: true },
      { type: 'danger', message: 'Fehler.', show: true, dismissible: false },
    ]);
    expect(screen.getByRole('status').textContent).toContain('Gespeichert.');
    expect(screen.getByRole('alert').textContent).toContain('Fehler.');
    // Not dismissible: no close button on the danger alert.
    expect(screen.getAllByRole('button', { name: 'Hinweis schließen' })).toHaveLength(1);
  });
});
