/** The shared validation messages, word for word from the product specification (section 5). */
export const messages = {
  required: 'Required',
  invalidPhone: 'Invalid phone number',
  invalidEmail: 'Invalid email address',
  invalidUrl: 'Invalid URL',
  invalidDate: 'Please enter a valid date',
  pickAddress: 'Please select an address from the list. If no options are available, please modify your search.',
} as const;

/** The login check's words (spec section 8): a 401 is 'Unauthorized', 'User is not logged in.'. */
export const authMessages = {
  unauthorized: 'Unauthorized',
  notLoggedIn: 'User is not logged in.',
  checkFailed: 'Login check failed',
  /** A Standard user asking for what only an Administrator may do (the server's 403 and the back-office's refusal). */
  adminsOnly: 'Only an administrator can do that.',
} as const;

/** Messages the specification leaves to us, kept here so forms and API say the same thing. */
export const limitMessages = {
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  controlCharacter: 'Remove the invisible control character (such as a NUL) from this text',
} as const;
