/** What deleting an account leaves behind, under 'Are you sure?' wherever a user is deleted (the list's row menu, the account's page). */
export const USER_DELETE_DETAIL =
  'Their sign-in goes with the account. The callbacks, quotes and renewals they own stay, with no owner; suspend the account instead to keep their name on them.';
