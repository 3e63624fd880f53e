/** Test support of the Managed Center for other packages' tests: a real sshd as the far side of the `ssh` gateway. */
export { hasSshd, startSshd, TEST_USER, type TestSshd } from './gateways/sshd.testing.ts';
