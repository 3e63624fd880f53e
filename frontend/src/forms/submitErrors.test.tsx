import { FORM_ERROR } from 'final-form';
import i18next from 'i18next';
import '../i18n';
import { callErrorMessage, callFailed, notifyInfo, notifySuccess, supportLinks } from '../ui/notify';
import { fieldMessageKey, submitErrors } from './submitErrors';

const failure = (status: number | string, error?: object, headers: Record<string, string> = {}) => ({
  status,
  data: error ? { error, requestId: 'r' } : undefined,
  meta: { response: new Response(null, { status: typeof status === 'number' ? status : 500, headers }) },
});

describe('§8 handling of call errors in forms', () => {
  beforeEach(() => i18next.changeLanguage('de'));

  it('R5.018 R8.029 422 field errors land on their fields', () => {
    expect(submitErrors(failure(422, { code: 'validation', message: 'errors.validation', fields: { firstname: ['validation.required'], _: ['errors.validation'] } }))).toEqual({
      firstname: 'Dieses Feld ist erforderlich.',
      [FORM_ERROR]: 'Bitte prüfen Sie Ihre Eingaben.',
    });
  });

  it('R5.019 R5.020 R5.021 taken e-mail, wrong (old) password and password rule become their messages, in German and English', async () => {
    const fields = { email: ['errors.email_taken'], password: ['errors.invalid_password'], password_old: ['The password is incorrect.'], new: ['The password must contain at least one number.'] };
    const de = submitErrors(failure(422, { code: 'validation', message: 'errors.validation', fields }));
    expect(de).toEqual({
      email: i18next.t('errors:email_taken'),
      password: i18next.t('errors:invalid_password'),
      password_old: i18next.t('errors:invalid_password'),
      new: i18next.t('errors:password_rule'),
    });
    expect(de?.email).toMatch(/E-Mail-Adresse/);
    await i18next.changeLanguage('en');
    const en = submitErrors(failure(422, { code: 'validation', message: 'errors.validation', fields: { email: ['The email has already been taken.'] } }));
    expect(en?.email).toBe(i18next.t('errors:email_taken'));
    expect(fieldMessageKey('errors.password_rule')).toBe('errors:password_rule');
  });

  it('R8.028 429 says "too many attempts" with the support phone and e-mail', () => {
    const withWait = submitErrors(failure(429, { code: 'rate_limited', message: 'errors.too_many_attempts' }, { 'Retry-After': '90' }));
    expect(withWait?.[FORM_ERROR]).toContain('90 Sekunden');
    expect(withWait?.[FORM_ERROR]).toContain('+49 30 1234567-0');
    expect(withWait?.[FORM_ERROR]).toContain('support@example.com');
    const withoutWait = submitErrors(failure(429, { code: 'rate_limited', message: 'errors.too_many_attempts' }));
    expect(withoutWait?.[FORM_ERROR]).toMatch(/Zu viele Versuche.*support@example.com/);
  });

  it('R8.031 other errors show the server\'s message with the support contact; R8.027 401 shows nothing', () => {
    expect(submitErrors(failure(500, { code: 'internal', message: 'errors.test_error' }))?.[FORM_ERROR]).toMatch(/TEST_SENTRY.*support@example.com/);
    expect(submitErrors(failure(401, { code: 'unauthenticated', message: 'errors.unauthenticated' }))).toBeUndefined();
    expect(callFailed(failure(401))).toBeUndefined();
  });

  it('R8.028 R8.031 callFailed: 429 and other errors as danger notices with the support contact', () => {
    expect(callFailed(failure(429, { code: 'rate_limited', message: 'errors.too_many_attempts' }))?.payload).toMatchObject({
      type: 'danger',
      message: expect.stringMatching(/Zu viele Versuche.*\+49 30 1234567-0.*support@example.com/),
    });
    expect(callFailed(failure(404, { code: 'not_found', message: 'errors.not_found' }))?.payload.message).toMatch(/nicht gefunden.*support@example.com/);
    expect(supportLinks.mailto).toBe('mailto:support@example.com');
  });

  it('R9.006 wherever the support is offered with an error, its hours are named (Mon–Fri 09:00–18:00), in German and English', async () => {
    const offers = () => [
      callFailed(failure(500, { code: 'internal', message: 'errors.internal' }))?.payload.message,
      callFailed(failure(429, { code: 'rate_limited', message: 'errors.too_many_attempts' }))?.payload.message,
      callFailed(failure(429, { code: 'rate_limited', message: 'errors.too_many_attempts' }, { 'Retry-After': '30' }))?.payload.message,
      submitErrors(failure(503, { code: 'unavailable', message: 'errors.unavailable' }))?.[FORM_ERROR],
      i18next.t('common:supportContact', { phone: 'p', email: 'e' }),
    ];
    for (const message of offers()) expect(message).toMatch(/Mo–Fr 09:00–18:00 Uhr.*support@example\.com|Mo–Fr 09:00–18:00 Uhr.*p.*e/);
    await i18next.changeLanguage('en');
    for (const message of offers()) expect(message).toContain('(Mon–Fri 09:00–18:00)');
  });

  it('R8.035 every other failure is a danger notice with the support contact: no connection, a gateway error without a body, an unknown message key', () => {
    expect(callFailed(failure('FETCH_ERROR'))?.payload).toMatchObject({ type: 'danger', message: expect.stringMatching(/^Keine Verbindung zum Server.*support@example\.com/) });
    expect(callErrorMessage(failure(502))).toMatch(/^Ein unerwarteter Fehler ist aufgetreten\..*\+49 30 1234567-0.*support@example\.com/);
    expect(callErrorMessage(failure(500, { code: 'internal', message: 'errors.some_key_the_app_does_not_know' }))).toMatch(/^Ein unerwarteter Fehler ist aufgetreten\./);
    expect(callErrorMessage(failure(418, { code: 'conflict', message: 'not a key' }))).toMatch(/^Ein unerwarteter Fehler ist aufgetreten\./);
    expect(submitErrors(failure('PARSING_ERROR'))?.[FORM_ERROR]).toMatch(/^Ein unerwarteter Fehler ist aufgetreten\..*support@example\.com/);
  });

  it('R8.013 a service in maintenance is named in the notice, in German and English', async () => {
    const down = (service: string) => failure(503, { code: 'unavailable', message: 'errors.service_maintenance', service }, { 'Retry-After': '300' });
    expect(callFailed(down('orders'))?.payload).toMatchObject({ type: 'danger', message: expect.stringMatching(/^Dienst in Wartung \(Bestellungen\): Bitte versuchen Sie es später erneut\./) });
    expect(submitErrors(down('payment'))?.[FORM_ERROR]).toMatch(/^Dienst in Wartung \(Zahlungsart\)/);
    await i18next.changeLanguage('en');
    expect(callErrorMessage(down('managed'))).toMatch(/^Service under maintenance \(Managed Center\): please try again later\./);
    // An unavailable service without a name stays the general message.
    expect(callErrorMessage(failure(503, { code: 'unavailable', message: 'errors.unavailable' }))).toMatch(/^The service is temporarily unavailable\./);
  });

  it('R8.036 success and info notices are translated from one key', async () => {
    await i18next.changeLanguage('en');
    expect(notifySuccess('profile:notices.contactDataUpdated').payload).toMatchObject({ type: 'success', message: 'Your contact data has been saved.' });
    expect(notifyInfo('profile:notices.emailChangeRequested', { email: 'a@b.de' }).payload).toMatchObject({ type: 'info', message: expect.stringContaining('a@b.de') });
  });
});
