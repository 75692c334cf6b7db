/**
 * The password of every account the tests make (factories, API tests, browser
 * journeys). It passes the password policy (zxcvbn scores it 4, it is in no
 * common list, and no test e-mail's name is inside it), so tests of other
 * things never trip on it. Tests of the policy use their own passwords.
 */
export const TEST_PASSWORD = 'clave-segura-123';

/** A second strong password, for changes and resets. */
export const OTHER_TEST_PASSWORD = 'nueva-clave-456';
