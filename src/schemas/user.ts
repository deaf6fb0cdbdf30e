import * as v from 'valibot';
import { email, password, requiredText } from './fields.ts';
import { messages } from './messages.ts';

/** The role selector sends 'true' or 'false' as text (spec section 3); JSON booleans are taken too. */
const isAdmin = v.optional(
  v.pipe(
    v.union([v.picklist(['true', 'false']), v.boolean()], 'Choose True or False'),
    v.transform((value) => value === true || value === 'true'),
  ),
);

const names = { first_name: requiredText(100), last_name: requiredText(100), email };

/** 'Create a User' and sign-up: the password is required when creating. */
export const UserCreateSchema = v.object({ ...names, password, isAdmin }, messages.required);

/** 'Edit a User': an empty password leaves it unchanged. */
export const UserUpdateSchema = v.object(
  {
    ...names,
    password: v.optional(v.union([v.literal(''), password], 'Use at least 12 characters')),
    isAdmin,
  },
  messages.required,
);

export type UserCreate = v.InferOutput<typeof UserCreateSchema>;
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;

/** A user as the API shows it (spec section 3): never a hash, a secret or a token. */
export type UserView = {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  isAdmin: boolean;
  createdAt: string;
  twoFactor: { isEnabled: boolean; isVerified: boolean; secret?: string };
};
