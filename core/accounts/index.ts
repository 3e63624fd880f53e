/** The user entity lives in core/tenancy (shared with customers and clusters); accounts' public face keeps it. */
export { User, genders, languages, type Language, isValidPhone, phoneDefaultRegion } from '../tenancy/index.ts';
export { Session } from './sessions/Session.ts';
export { authenticate, normalizeEmail } from './users/authenticate.ts';
export { startSession, findLiveSession, refreshSession, endSession, csrfMatches, type SessionPolicy, type IssuedSession } from './sessions/sessions.ts';
export { updateUiSettings, type UiSettings } from './users/settings.ts';
export { Migration20261122000100Accounts } from './migrations/Migration20261122000100Accounts.ts';
export { checkPassword, assertPasswordPolicy, passwordMinLength, passwordMaxLength, passwordMinScore, type PasswordOwner } from './password/passwordPolicy.ts';
export { listSessions, endOtherSessions, hasSessionFromBrowser } from './sessions/sessions.ts';
export { onCredentialsRevoked, credentialsRevoked, type CredentialRevocation } from './sessions/revocations.ts';
export { assertCurrentPassword } from './password/passwordCheck.ts';
export { changePassword, type PasswordChange } from './password/changePassword.ts';
export { TwoFactorAuthentication } from './two-factor/TwoFactorAuthentication.ts';
export { TwoFactorRecoveryCode } from './two-factor/TwoFactorRecoveryCode.ts';
export { TwoFactorChallenge } from './two-factor/TwoFactorChallenge.ts';
export {
  twoFactorState,
  startTwoFactorActivation,
  confirmTwoFactorActivation,
  renewRecoveryCodes,
  disableTwoFactor,
  getRecoveryPhone,
  setRecoveryPhone,
  removeRecoveryPhone,
  verifySecondFactor,
  normalizeRecoveryCode,
  recoveryCodeCount,
  type TwoFactorState,
  type TwoFactorActivation,
  type SecondFactor,
} from './two-factor/twoFactor.ts';
export { createSecretBox, twoFactorSecretBox, type SecretBox } from './two-factor/twoFactorSecretBox.ts';
export { requiresSecondFactor, startTwoFactorChallenge, findTwoFactorChallenge, completeTwoFactorChallenge, challengeLifetimeMinutes } from './two-factor/twoFactorLogin.ts';
export { PersonalAccessToken } from './tokens/PersonalAccessToken.ts';
export {
  createPersonalAccessToken,
  listPersonalAccessTokens,
  deletePersonalAccessToken,
  findTokenForBearer,
  clustersOfTokens,
  abilitiesFor,
  providerDate,
  tokenSortFields,
  type TokenAccess,
  type TokenQuery,
  type TokenSort,
  type NewPersonalAccessToken,
} from './tokens/personalAccessTokens.ts';
export { Invitation, invitationRoles, invitationStatuses, type InvitationRole, type InvitationStatus } from './invitations/Invitation.ts';
export {
  createInvitation,
  showInvitation,
  acceptInvitation,
  declineInvitation,
  registerWithInvitation,
  invalidInvitationToken,
  INVITATION_VALID_DAYS,
  type InvitationKey,
  type InvitationView,
  type NewInvitation,
  type Registration,
} from './invitations/invitations.ts';
export { listManagedCustomers, listAdministratedContracts, revokeManagedCustomer, revokeAdministratedContract, assertManagerRemovable, assertAdministratorRemovable, type RevokeContext } from './permissions/permissions.ts';
export { Impersonation, impersonationStatuses, type ImpersonationStatus } from './impersonation/Impersonation.ts';
export {
  createImpersonationLink,
  startImpersonation,
  endImpersonation,
  impersonationOf,
  closeVanishedImpersonations,
  refuseWhileImpersonating,
  invalidImpersonationLink,
  IMPERSONATION_LINK_MINUTES,
  IMPERSONATION_MAX_FAILED_CODES,
  IMPERSONATION_MAX_HOURS,
  type ClientInfo,
  type SecondFactorCheck,
  type StartedImpersonation,
} from './impersonation/impersonations.ts';
export { actsAsStaff, atStaffDomain, parseStaffDomains, type StaffDomains } from './impersonation/staffDomain.ts';
export { EmailVerificationCode } from './profile/EmailVerificationCode.ts';
export { PasswordResetToken } from './password/PasswordResetToken.ts';
export { updateProfile, validateContactData, testErrorDepartment, DeliberateTestError, type ContactData, type Gender } from './profile/profile.ts';
export { requestEmailChange, sendEmailCode, verifyEmailCode, emailUnverified, emailCodeDigits, emailCodeValidMinutes, emailCodeMaxAttempts } from './profile/emailVerification.ts';
export { requestPasswordReset, findPasswordResetToken, resetPassword, passwordResetValidMinutes } from './password/passwordReset.ts';
export { setTechnicalNotifications } from './profile/notifications.ts';
export { Migration20261122100000Profile } from './migrations/Migration20261122100000Profile.ts';
export { Migration20261122110000Security } from './migrations/Migration20261122110000Security.ts';
export { Migration20261122120100Invitations } from './migrations/Migration20261122120100Invitations.ts';
export { Migration20261122120200Impersonation } from './migrations/Migration20261122120200Impersonation.ts';
