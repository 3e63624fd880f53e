import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { parsePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { Secret, TOTP } from 'otpauth';
import { type Clock, Conflict, ValidationFailed, sha256 } from '../../platform/index.ts';
import { assertCurrentPassword } from '../password/passwordCheck.ts';
import { TwoFactorAuthentication } from './TwoFactorAuthentication.ts';
import { TwoFactorChallenge } from './TwoFactorChallenge.ts';
import { TwoFactorRecoveryCode } from './TwoFactorRecoveryCode.ts';
import type { SecretBox } from './twoFactorSecretBox.ts';
import { User } from '../../tenancy/index.ts';

/** TOTP as every authenticator app understands it: SHA-1, 6 digits, 30 seconds (RFC 6238). */
const totpParams = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Codes of the previous and the next 30-second step are accepted too (clock drift). */
const totpWindow = 1;
/** How many recovery codes a user gets at a time. */
export const recoveryCodeCount = 10;
/** Crockford's base32 without look-alikes; 16 characters = 80 bits per recovery code. */
const recoveryAlphabet = '0123456789abcdefghjkmnpqrstvwxyz';
const issuer = 'Kundenportal';

export interface TwoFactorState {
  enabled: boolean;
  confirmed: boolean;
  recoveryCodesLeft: number;
  hasRecoveryPhone: boolean;
}

export interface TwoFactorActivation {
  /** Base32, for typing into the app; shown once. */
  secret: string;
  /** `otpauth://totp/...`, for the QR code. */
  uri: string;
}

const secretContext = (userId: number) => `two-factor:${userId}`;

/** Where a user stands with two-factor authentication (§4 state table). */
export async function twoFactorState(em: EntityManager, user: User): Promise<TwoFactorState> {
  const row = await em.findOne(TwoFactorAuthentication, { user: user.id });
  const recoveryCodesLeft = row?.confirmedAt ? await em.count(TwoFactorRecoveryCode, { user: user.id, usedAt: null }) : 0;
  return {
    enabled: user.twoFactorEnabled,
    confirmed: user.twoFactorConfirmed,
    recoveryCodesLeft,
    hasRecoveryPhone: !!row?.recoveryPhone,
  };
}

/**
 * Step 1 of the activation (after the password): a new secret. 2FA is then enabled but not confirmed
 * (sign-in does not ask for a code yet). Starting again replaces the secret; an active and confirmed
 * 2FA must be deactivated first.
 */
export async function startTwoFactorActivation(
  em: EntityManager,
  user: User,
  password: string,
  clock: Clock,
  box: SecretBox,
): Promise<TwoFactorActivation> {
  await assertCurrentPassword(em, user, password);
  if (user.twoFactorConfirmed) throw Conflict('errors.two_factor_already_active');
  const secret = new Secret({ size: 20 });
  await em.transactional(async (tx) => {
    const existing = await tx.findOne(TwoFactorAuthentication, { user: user.id });
    const sealed = box.seal(secret.base32, secretContext(user.id));
    if (existing) tx.assign(existing, { secretEncrypted: sealed, lastUsedStep: null, confirmedAt: null });
    else tx.create(TwoFactorAuthentication, { user: user.id, secretEncrypted: sealed, lastUsedStep: null, recoveryPhone: null, createdAt: clock.now(), confirmedAt: null });
    await tx.nativeDelete(TwoFactorRecoveryCode, { user: user.id });
    await tx.nativeUpdate(User, { id: user.id }, { twoFactorEnabled: true, twoFactorConfirmed: false });
  });
  user.twoFactorEnabled = true;
  user.twoFactorConfirmed = false;
  const totp = new TOTP({ ...totpParams, issuer, label: user.email, secret });
  return { secret: secret.base32, uri: totp.toString() };
}

/**
 * Step 2: the first code from the app proves the secret arrived. 2FA is then confirmed (sign-in asks
 * for a code) and the recovery codes are created; they are returned in plain text this once.
 */
export async function confirmTwoFactorActivation(em: EntityManager, user: User, code: string, clock: Clock, box: SecretBox): Promise<string[]> {
  if (!user.twoFactorEnabled || user.twoFactorConfirmed) throw Conflict('errors.two_factor_not_pending');
  if (!(await acceptTotp(em, user, code, clock, box))) throw ValidationFailed({ code: ['errors.two_factor_code_invalid'] });
  let codes: string[] = [];
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(TwoFactorAuthentication, { user: user.id }, { confirmedAt: clock.now() });
    await tx.nativeUpdate(User, { id: user.id }, { twoFactorConfirmed: true });
    codes = await replaceRecoveryCodes(tx, user, clock);
  });
  user.twoFactorConfirmed = true;
  return codes;
}

/**
 * "Show recovery codes" (after the password). Only hashes are stored, so the codes cannot be shown
 * again: a new set is created and the previous codes stop working.
 */
export async function renewRecoveryCodes(em: EntityManager, user: User, password: string, clock: Clock): Promise<string[]> {
  await assertCurrentPassword(em, user, password);
  if (!user.twoFactorConfirmed) throw Conflict('errors.two_factor_not_active');
  return em.transactional((tx) => replaceRecoveryCodes(tx, user, clock));
}

/**
 * Deactivation (after the password, and while 2FA is confirmed after a current code or a recovery code
 * too — the password alone with a stolen session must not switch it off, issue 31): secret, recovery
 * codes, phone number and pending sign-in challenges go. A started, unconfirmed activation ends with the
 * password alone (there is no working code yet).
 */
export async function disableTwoFactor(em: EntityManager, user: User, password: string, factor: SecondFactor, clock: Clock, box: SecretBox): Promise<void> {
  await assertCurrentPassword(em, user, password);
  if (!user.twoFactorEnabled) throw Conflict('errors.two_factor_not_active');
  if (user.twoFactorConfirmed) {
    if (factor.code === undefined && factor.recoveryCode === undefined) throw ValidationFailed({ code: ['errors.two_factor_code_required'] });
    await verifySecondFactor(em, user, factor, clock, box);
  }
  await em.transactional(async (tx) => {
    await tx.nativeDelete(TwoFactorRecoveryCode, { user: user.id });
    await tx.nativeDelete(TwoFactorChallenge, { user: user.id });
    await tx.nativeDelete(TwoFactorAuthentication, { user: user.id });
    await tx.nativeUpdate(User, { id: user.id }, { twoFactorEnabled: false, twoFactorConfirmed: false });
  });
  user.twoFactorEnabled = false;
  user.twoFactorConfirmed = false;
}

/**
 * Stored as E.164; shown in the international format with spaces. German mobile numbers are grouped as
 * the network prefix (015x, 016x, 017x: three digits after +49) and the subscriber number, as people
 * write and read them (`+49 151 12345678`); libphonenumber's own grouping splits the 0151x blocks
 * after the fourth digit (`+49 1511 2345678`), which nobody recognises as their number.
 */
export function displayPhone(e164: string): string {
  const parsed = parsePhoneNumber(e164);
  const national = parsed.nationalNumber;
  if (parsed.countryCallingCode === '49' && /^1[5-7]\d{8,9}$/.test(national)) return `+49 ${national.slice(0, 3)} ${national.slice(3)}`;
  return parsed.formatInternational();
}

/** The recovery phone number, or `null` when there is none (the API answers 409 then, §7). */
export async function getRecoveryPhone(em: EntityManager, user: User): Promise<string | null> {
  const stored = (await em.findOne(TwoFactorAuthentication, { user: user.id }))?.recoveryPhone;
  return stored ? displayPhone(stored) : null;
}

/**
 * Adds or changes the recovery phone number; only while 2FA is enabled (§4: the add button appears
 * only then). German numbers may be given nationally; the answer is the international format.
 */
export async function setRecoveryPhone(em: EntityManager, user: User, phoneNumber: string): Promise<string> {
  const parsed = parsePhoneNumberFromString(phoneNumber.trim(), 'DE');
  if (!parsed?.isValid()) throw ValidationFailed({ phone_number: ['errors.invalid_phone'] });
  const row = user.twoFactorEnabled ? await em.findOne(TwoFactorAuthentication, { user: user.id }) : null;
  if (!row) throw Conflict('errors.two_factor_not_active');
  row.recoveryPhone = parsed.number;
  await em.flush();
  return displayPhone(parsed.number);
}

/** Removes the recovery phone number; 409 when there is none. */
export async function removeRecoveryPhone(em: EntityManager, user: User): Promise<void> {
  const n = await em.nativeUpdate(TwoFactorAuthentication, { user: user.id, recoveryPhone: { $ne: null } }, { recoveryPhone: null });
  if (!n) throw Conflict('errors.recovery_phone_missing');
}

export interface SecondFactor {
  /** A 6-digit code from the authenticator app. */
  code?: string;
  /** One of the user's recovery codes. */
  recoveryCode?: string;
}

/**
 * Checks the second factor of a user with confirmed 2FA: a TOTP code (each time step at most once,
 * so an observed code cannot be replayed) or an unused recovery code (then used up). Throws a 422 on
 * `code` or `recoveryCode`. Used by the sign-in challenge and by impersonation.
 */
export async function verifySecondFactor(em: EntityManager, user: User, factor: SecondFactor, clock: Clock, box: SecretBox): Promise<'totp' | 'recovery'> {
  if (!user.twoFactorConfirmed) throw Conflict('errors.two_factor_not_active');
  if (factor.recoveryCode !== undefined) {
    if (await useRecoveryCode(em, user, factor.recoveryCode, clock)) return 'recovery';
    throw ValidationFailed({ recoveryCode: ['errors.recovery_code_invalid'] });
  }
  if (await acceptTotp(em, user, factor.code ?? '', clock, box)) return 'totp';
  throw ValidationFailed({ code: ['errors.two_factor_code_invalid'] });
}

/** Whether a TOTP code is valid now and newer than the last accepted one; remembers its time step. */
async function acceptTotp(em: EntityManager, user: User, code: string, clock: Clock, box: SecretBox): Promise<boolean> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const row = await em.findOne(TwoFactorAuthentication, { user: user.id }, { populate: ['secretEncrypted'] });
  if (!row) return false;
  const secret = Secret.fromBase32(box.open(row.secretEncrypted, secretContext(user.id)));
  const timestamp = clock.now().getTime();
  const delta = TOTP.validate({ ...totpParams, token, secret, timestamp, window: totpWindow });
  if (delta === null) return false;
  const step = TOTP.counter({ period: totpParams.period, timestamp }) + delta;
  // Conditional update: of two requests with the same code only one wins.
  const won = await em.nativeUpdate(
    TwoFactorAuthentication,
    { user: user.id, $or: [{ lastUsedStep: null }, { lastUsedStep: { $lt: step } }] },
    { lastUsedStep: step },
  );
  return won === 1;
}

/** Canonical form of a typed recovery code: lower case, no separators, look-alikes mapped. */
export const normalizeRecoveryCode = (code: string): string =>
  code
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');

async function useRecoveryCode(em: EntityManager, user: User, code: string, clock: Clock): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 16) return false;
  const won = await em.nativeUpdate(TwoFactorRecoveryCode, { user: user.id, codeHash: sha256(normalized), usedAt: null }, { usedAt: clock.now() });
  return won === 1;
}

function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => recoveryAlphabet[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

async function replaceRecoveryCodes(em: EntityManager, user: User, clock: Clock): Promise<string[]> {
  await em.nativeDelete(TwoFactorRecoveryCode, { user: user.id });
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  const now = clock.now();
  for (const code of codes) em.create(TwoFactorRecoveryCode, { user: user.id, codeHash: sha256(normalizeRecoveryCode(code)), createdAt: now, usedAt: null });
  await em.flush();
  return codes;
}
