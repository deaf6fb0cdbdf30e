import { ApiError, messageOf } from '#src/api/client.ts';
import { INVITATION_DAYS, InvitationCreateSchema } from '#src/schemas/invitation.ts';
import { roleNames, roles } from '#src/schemas/roles.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { FormSection } from '#src/admin/kit/FormSection.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { invitationList } from '#src/admin/stores/invitations.ts';
import { go } from '#src/admin/stores/router.ts';

/** /admin/user/invite: an address and a role; the person is mailed a link to set their own name, password and two-factor. */
export function UserInvite() {
  const form = useForm(InvitationCreateSchema, { email: '', role: 'broker' });
  const submit = form.handleSubmit(async (input) => {
    try {
      toast(await invitationList.create(input));
      go('/admin/user/invitations');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  return (
    <section>
      <PageHeader
        breadcrumb={[
          { label: 'All Users', href: '/admin/user' },
          { label: 'Invitations', href: '/admin/user/invitations' },
        ]}
        title="Invite a person"
        description="They get a mail with a link to choose their own name and password, then set up two-factor sign-in."
      />
      <form className="bo-form" onSubmit={submit} noValidate>
        <FormSection
          title="Who and what"
          description={`The link works once, for ${INVITATION_DAYS} days. You can send it again or revoke it from the Invitations tab.`}
        >
          <FormField {...form.field('email')} label="Email" type="email" autoComplete="off" spellCheck={false} required />
          <FormField {...form.field('role')} as="select" label="Role">
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleNames[role]}
              </option>
            ))}
          </FormField>
        </FormSection>
        <div className="bo-form-actions bo-form-actions-end">
          <a className="bo-button" href="/admin/user/invitations">
            Cancel
          </a>
          <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
            {form.submitting ? 'Sending…' : 'Send invitation'}
          </button>
        </div>
      </form>
    </section>
  );
}
