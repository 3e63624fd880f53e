export { User, genders, languages, type Language } from './User.ts';
export { Session } from './Session.ts';
export { authenticate, normalizeEmail } from './authenticate.ts';
export { startSession, findLiveSession, refreshSession, endSession, csrfMatches, type SessionPolicy, type IssuedSession } from './sessions.ts';
export { updateUiSettings, type UiSettings } from './settings.ts';
export { Migration20261122000100Accounts } from './migrations/Migration20261122000100Accounts.ts';
export { checkPassword, assertPasswordPolicy, passwordMinLength, passwordMaxLength, passwordMinScore, type PasswordOwner } from './passwordPolicy.ts';
export { listSessions, endOtherSessions, hasSessionFromBrowser } from './sessions.ts';
export { assertCurrentPassword } from './passwordCheck.ts';
export { changePassword, type PasswordChange } from './changePassword.ts';
export { TwoFactorAuthentication } from './TwoFactorAuthentication.ts';
export { TwoFactorRecoveryCode } from './TwoFactorRecoveryCode.ts';
export { TwoFactorChallenge } from './TwoFactorChallenge.ts';
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
} from './twoFactor.ts';
export { createSecretBox, twoFactorSecretBox, type SecretBox } from './twoFactorSecretBox.ts';
export { requiresSecondFactor, startTwoFactorChallenge, findTwoFactorChallenge, completeTwoFactorChallenge, challengeLifetimeMinutes } from './twoFactorLogin.ts';
export { PersonalAccessToken } from './PersonalAccessToken.ts';
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
} from './personalAccessTokens.ts';
export { Invitation, invitationRoles, invitationStatuses, type InvitationRole, type InvitationStatus } from './Invitation.ts';
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
} from './invitations.ts';
export { listManagedCustomers, listAdministratedContracts, revokeManagedCustomer, revokeAdministratedContract, assertManagerRemovable, assertAdministratorRemovable, type RevokeContext } from './permissions.ts';
export { Impersonation, impersonationStatuses, type ImpersonationStatus } from './Impersonation.ts';
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
} from './impersonations.ts';
export { demoInvitations, type DemoInvitation } from './invitationsDemo.ts';
export { EmailVerificationCode } from './EmailVerificationCode.ts';
export { PasswordResetToken } from './PasswordResetToken.ts';
export { updateProfile, validateContactData, isValidPhone, testErrorDepartment, DeliberateTestError, phoneDefaultRegion, type ContactData, type Gender } from './profile.ts';
export { requestEmailChange, sendEmailCode, verifyEmailCode, emailUnverified, emailCodeDigits, emailCodeValidMinutes, emailCodeMaxAttempts } from './emailVerification.ts';
export { requestPasswordReset, findPasswordResetToken, resetPassword, passwordResetValidMinutes } from './passwordReset.ts';
export { setTechnicalNotifications } from './notifications.ts';
export { Migration20261122100000Profile } from './migrations/Migration20261122100000Profile.ts';
export { demoStaff, resealDemoStaffSecret } from './impersonationsDemo.ts';
