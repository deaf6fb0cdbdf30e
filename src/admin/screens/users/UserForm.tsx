import { type ChangeEvent, useMemo } from 'react';
import { type Role, roleNames, roles } from '#src/schemas/roles.ts';
import { ownAccountUpdateSchema, UserCreateSchema, UserUpdateSchema } from '#src/schemas/user.ts';
import { useForm } from '#src/ui/use-form.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { NEW_PASSWORD_HINT, PasswordInput } from '#src/admin/forms/PasswordInput.tsx';
import { ApiError, messageOf } from '#src/api/client.ts';
import { showError } from '#src/ui/dialogs.ts';
import { FormSection } from '#src/admin/kit/FormSection.tsx';
import type { User } from '#src/admin/stores/session.ts';
import type { UserValues } from '#src/admin/stores/users.ts';
import './user-edit.css';

/** What each role may do, in a line under the Role selector for the role chosen. */
const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'An Administrator does everything, including staff accounts, the audit log, the content structure and the mail templates.',
  broker: "A Broker works callbacks, quotes, renewals, their mail and privacy requests, and the site's content.",
  editor: "An Editor works only posts, pages, media and redirects, and sees no customer's details.",
};

type Props = {
  mode: 'create' | 'edit';
  /** Only an Admin sees the role selector. */
  viewerIsAdmin: boolean;
  /** Editing one's own account: a new email or password needs the current password. */
  ownAccount?: boolean;
  initial?: User | null;
  submitLabel: string;
  onSubmit: (values: UserValues) => Promise<void>;
  /** The Back button, shown to anyone who is not an Admin (spec: multi-page flows). */
  onBack?: () => void;
  /** Where Cancel goes (the list), for an Administrator. */
  cancelHref?: string;
};

/** The admin user form: first_name, last_name, email, password, and the role (with the spec's isAdmin) for Admins, in sections. */
export function UserForm({ mode, viewerIsAdmin, ownAccount = false, initial, submitLabel, onSubmit, onBack, cancelHref }: Props) {
  const currentEmail = initial?.email ?? '';
  // The same schema the server picks for this edit.
  const schema = useMemo(
    () => (mode === 'create' ? UserCreateSchema : ownAccount ? ownAccountUpdateSchema(currentEmail) : UserUpdateSchema),
    [mode, ownAccount, currentEmail],
  );
  const form = useForm(schema, {
    first_name: initial?.first_name ?? '',
    last_name: initial?.last_name ?? '',
    email: currentEmail,
    password: '',
    ...(ownAccount ? { currentPassword: '' } : {}),
    ...(viewerIsAdmin ? { role: initial?.role ?? 'broker', isAdmin: initial?.isAdmin ? 'true' : 'false' } : {}),
  });
  // The role and the spec's Administrator True/False say one thing: changing either moves the other.
  const role = form.field('role');
  const isAdmin = form.field('isAdmin');
  const onRole = (event: ChangeEvent<HTMLSelectElement>) => {
    role.onChange(event);
    const chosen = event.target.value;
    form.setValues((current) => ({ ...current, isAdmin: chosen === 'admin' ? 'true' : 'false' }));
  };
  const onIsAdmin = (event: ChangeEvent<HTMLSelectElement>) => {
    isAdmin.onChange(event);
    const admin = event.target.value === 'true';
    form.setValues((current) => ({ ...current, role: admin ? 'admin' : current.role === 'admin' ? 'broker' : (current.role ?? 'broker') }));
  };
  const password = form.field('password');
  const currentPassword = form.field('currentPassword');
  const submit = form.handleSubmit(async () => {
    const values = form.values as UserValues;
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  return (
    <form className="bo-form" onSubmit={submit} noValidate>
      <FormSection title="Name and email" description="How colleagues see this person, and where sign-in links and password resets go.">
        <div className="bo-form-pair">
          <FormField {...form.field('first_name')} label="First name" autoComplete="given-name" required />
          <FormField {...form.field('last_name')} label="Last name" autoComplete="family-name" required />
        </div>
        <FormField {...form.field('email')} label="Email" type="email" autoComplete="email" required />
      </FormSection>
      <FormSection
        title="Password"
        description={
          mode === 'create' ? 'They can change it after signing in. Two-factor set-up follows at the first sign-in.' : 'Leave it empty to keep the current one.'
        }
      >
        <PasswordInput
          id="password"
          name="password"
          label={mode === 'create' ? 'Password' : 'New password'}
          value={password.value}
          onChange={password.onChange}
          onBlur={password.onBlur}
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          error={password.touched ? password.error : undefined}
        />
        {ownAccount && (
          <PasswordInput
            id="currentPassword"
            name="currentPassword"
            label="Current password"
            value={currentPassword.value}
            onChange={currentPassword.onChange}
            onBlur={currentPassword.onBlur}
            autoComplete="current-password"
            hint="Needed to change your email or password."
            error={currentPassword.touched ? currentPassword.error : undefined}
          />
        )}
      </FormSection>
      {viewerIsAdmin && (
        <FormSection title="Access" description="What this person may see and change. The role is the choice to make; the Administrator setting follows it.">
          <FormField {...role} onChange={onRole} as="select" label="Role" aria-describedby="role-hint">
            {roles.map((value) => (
              <option key={value} value={value}>
                {roleNames[value]}
              </option>
            ))}
          </FormField>
          <p id="role-hint" className="bo-hint user-role-hint">
            {ROLE_DESCRIPTIONS[(role.value as Role) || 'broker']}
          </p>
          {/* The spec's isAdmin selector: the same choice put as yes or no, kept in step with the role and said so. */}
          <div className="user-admin-flag">
            <FormField {...isAdmin} onChange={onIsAdmin} as="select" label="Administrator" aria-describedby="is-admin-hint">
              <option value="false">False</option>
              <option value="true">True</option>
            </FormField>
            <p id="is-admin-hint" className="bo-hint">
              Set by the role: True for an Administrator, False for a Broker or an Editor. Choosing True here makes the role Administrator; False makes an
              Administrator a Broker.
            </p>
          </div>
        </FormSection>
      )}
      <div className="bo-form-actions bo-form-actions-end">
        {!viewerIsAdmin && onBack && (
          <button type="button" className="bo-button" onClick={onBack}>
            Back
          </button>
        )}
        {viewerIsAdmin && cancelHref && (
          <a className="bo-button" href={cancelHref}>
            Cancel
          </a>
        )}
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
