import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { type Clock, keepEvenIfRefused, Conflict, ValidationFailed, type EventBus, type Mailer, hashPassword, verifyPassword } from '../../platform/index.ts';
import { normalizeEmail } from '../users/authenticate.ts';
import { EmailVerificationCode } from './EmailVerificationCode.ts';
import { User } from '../../tenancy/index.ts';

/** Codes have 8 digits from the CSPRNG (10^8 possibilities; with 5 tries a guess succeeds once in 20 million). */
export const emailCodeDigits = 8;
/** How long a code is valid. Long enough to switch to the mail program, short enough to go stale. */
export const emailCodeValidMinutes = 30;
/** Wrong entries a code survives; then a new one must be requested. */
export const emailCodeMaxAttempts = 5;

const newCode = (): string => String(randomInt(0, 10 ** emailCodeDigits)).padStart(emailCodeDigits, '0');

/** Whether the address still needs confirming (§4: a pending change counts as unverified). */
export const emailUnverified = (user: User): boolean => !user.emailVerified || !!user.emailUpdateRequest;

/** Replaces the user's code with a new one and mails it to the address it confirms. */
async function issueCode(em: EntityManager, mailer: Mailer, clock: Clock, user: User, purpose: 'verify' | 'change', email: string): Promise<void> {
  const code = newCode();
  const now = clock.now();
  await em.nativeDelete(EmailVerificationCode, { user: user.id });
  em.create(EmailVerificationCode, {
    user,
    purpose,
    email,
    codeHash: await hashPassword(code),
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + emailCodeValidMinutes * 60_000),
  });
  await em.flush();
  const recipient = { email, language: user.language, firstname: user.firstname, surname: user.surname };
  await mailer.send(
    recipient,
    purpose === 'change'
      ? { kind: 'emailChangeCode', code, newEmail: email, validMinutes: emailCodeValidMinutes }
      : { kind: 'emailVerificationCode', code, validMinutes: emailCodeValidMinutes },
  );
}

/**
 * Starts an e-mail change (§5 Change e-mail): checks the current password, refuses an address another
 * account uses, keeps the new address pending and sends a code to it. The login address changes only
 * when the code is confirmed. A new request replaces a pending one.
 */
export async function requestEmailChange(
  em: EntityManager,
  mailer: Mailer,
  clock: Clock,
  user: User,
  request: { email: string; password: string },
): Promise<User> {
  if (!request.password) throw ValidationFailed({ password: ['validation.required'] });
  await em.populate(user, ['passwordHash']);
  if (!(await verifyPassword(user.passwordHash, request.password)))
    throw ValidationFailed({ password: ['errors.invalid_password'] });
  const email = normalizeEmail(request.email);
  if (email === user.email) throw ValidationFailed({ email: ['errors.email_unchanged'] });
  if (await em.count(User, { email })) throw ValidationFailed({ email: ['errors.email_taken'] });
  user.emailUpdateRequest = email;
  await em.flush();
  await issueCode(em, mailer, clock, user, 'change', email);
  return user;
}

/** Sends a new code (§4 "The code can be resent"): to the pending new address, else to the unverified current one. */
export async function sendEmailCode(em: EntityManager, mailer: Mailer, clock: Clock, user: User): Promise<void> {
  if (user.emailUpdateRequest) return issueCode(em, mailer, clock, user, 'change', user.emailUpdateRequest);
  if (!user.emailVerified) return issueCode(em, mailer, clock, user, 'verify', user.email);
  throw Conflict('errors.email_already_verified');
}

/**
 * Confirms the address with a code (§5 Verify e-mail). A wrong code counts against the code's
 * attempts; an expired or exhausted code must be requested anew. Confirming a change makes the new
 * address the login address (if no other account took it meanwhile).
 */
export async function verifyEmailCode(em: EntityManager, events: EventBus, clock: Clock, user: User, token: string, origin?: string): Promise<User> {
  const code = token.replace(/\s+/g, '');
  if (!code) throw ValidationFailed({ token: ['validation.required'] });
  const record = await em.findOne(EmailVerificationCode, { user: user.id });
  const target = record?.purpose === 'change' ? user.emailUpdateRequest : user.email;
  if (!record || record.expiresAt <= clock.now() || record.attempts >= emailCodeMaxAttempts || record.email !== target)
    throw ValidationFailed({ token: ['errors.code_expired'] });
  if (!/^\d+$/.test(code) || !(await verifyPassword(record.codeHash, code))) {
    // Kept although the request is refused (issue 8, defect 5): its own transaction after the request's.
    record.attempts += 1;
    const counted = { id: record.id, attempts: record.attempts };
    await keepEvenIfRefused(
      () => em.fork(),
      async (tx) => void (await tx.nativeUpdate(EmailVerificationCode, { id: counted.id }, { attempts: counted.attempts })),
    );
    throw ValidationFailed({ token: [record.attempts >= emailCodeMaxAttempts ? 'errors.code_expired' : 'errors.invalid_code'] });
  }
  await em.transactional(async (tx) => {
    if (record.purpose === 'change') {
      if (await tx.count(User, { email: record.email, id: { $ne: user.id } })) throw ValidationFailed({ token: ['errors.email_taken'] });
      user.email = record.email;
      user.emailUpdateRequest = null;
    }
    user.emailVerified = true;
    tx.remove(record);
  });
  await events.publish('user.updated', { id: user.id, origin }, { users: [user.id] });
  return user;
}
