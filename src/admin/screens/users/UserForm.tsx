import { useMemo } from 'react';
import { ownAccountUpdateSchema, UserCreateSchema, UserUpdateSchema } from '../../../schemas/user.ts';
import { useForm } from '../../../ui/use-form.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { PasswordInput } from '../../forms/PasswordInput.tsx';
import { ApiError, messageOf } from '../../../api/client.ts';
import { showError } from '../../../ui/dialogs.ts';
import type { User } from '../../stores/session.ts';
import type { UserValues } from '../../stores/users.ts';

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
};

/** The admin user form (spec section 2): first_name, last_name, email, password, and isAdmin for Admins. */
export function UserForm({ mode, viewerIsAdmin, ownAccount = false, initial, submitLabel, onSubmit, onBack }: Props) {
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
    ...(viewerIsAdmin ? { isAdmin: initial?.isAdmin ? 'true' : 'false' } : {}),
  });
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
    <form className="admin-form" onSubmit={submit} noValidate>
      <FormField {...form.field('first_name')} label="First name" autoComplete="given-name" required />
      <FormField {...form.field('last_name')} label="Last name" autoComplete="family-name" required />
      <FormField {...form.field('email')} label="Email" type="email" autoComplete="email" required />
      <PasswordInput
        id="password"
        name="password"
        label={mode === 'create' ? 'Password' : 'New password (leave empty to keep the current one)'}
        value={password.value}
        onChange={password.onChange}
        onBlur={password.onBlur}
        autoComplete="new-password"
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
          error={currentPassword.touched ? currentPassword.error : undefined}
        />
      )}
      {viewerIsAdmin && (
        <FormField {...form.field('isAdmin')} as="select" label="Administrator">
          <option value="false">False</option>
          <option value="true">True</option>
        </FormField>
      )}
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : submitLabel}
        </button>
        {!viewerIsAdmin && onBack && (
          <button type="button" className="admin-button secondary" onClick={onBack}>
            Back
          </button>
        )}
      </div>
    </form>
  );
}
