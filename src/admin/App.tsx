import { useStore } from '@nanostores/react';
import { $router } from './stores/router.ts';
import { $login, $session } from './stores/session.ts';
import { Protected } from './Protected.tsx';
import { AdminLayout } from './layout/AdminLayout.tsx';
import { AuthLayout } from './layout/AuthLayout.tsx';
import { RoleGate } from './layout/RoleGate.tsx';
import { can } from '../schemas/roles.ts';
import { SignedInGoesToDashboard } from './layout/SignedInGoesToDashboard.tsx';
import { Dashboard } from './screens/dashboard/Dashboard.tsx';
import { AuditLog } from './screens/audit/AuditLog.tsx';
import { PrivacyFind } from './screens/privacy/PrivacyFind.tsx';
import { PrivacyRegister } from './screens/privacy/PrivacyRegister.tsx';
import { PrivacyRequestCreate } from './screens/privacy/PrivacyRequestCreate.tsx';
import { PrivacyRequestView } from './screens/privacy/PrivacyRequestView.tsx';
import { MailList } from './screens/mail/MailList.tsx';
import { MailView } from './screens/mail/MailView.tsx';
import { MailTemplates } from './screens/mail/MailTemplates.tsx';
import { MediaDetail } from './screens/media/MediaDetail.tsx';
import { MediaList } from './screens/media/MediaList.tsx';
import { RedirectCreate } from './screens/redirects/RedirectCreate.tsx';
import { RedirectEdit } from './screens/redirects/RedirectEdit.tsx';
import { RedirectsList } from './screens/redirects/RedirectsList.tsx';
import { LoginScreen } from './screens/login/LoginScreen.tsx';
import { VerifyPasswordReset } from './screens/VerifyPasswordReset.tsx';
import { ConfirmEmail } from './screens/ConfirmEmail.tsx';
import { UsersList } from './screens/users/UsersList.tsx';
import { UserCreate } from './screens/users/UserCreate.tsx';
import { UserEdit } from './screens/users/UserEdit.tsx';
import { InvitationsList } from './screens/users/InvitationsList.tsx';
import { UserInvite } from './screens/users/UserInvite.tsx';
import { AcceptInvitation } from './screens/AcceptInvitation.tsx';
import { ApiTokensList } from './screens/api-tokens/ApiTokensList.tsx';
import { ApiTokenCreate } from './screens/api-tokens/ApiTokenCreate.tsx';
import { WebhookCreate } from './screens/webhooks/WebhookCreate.tsx';
import { WebhooksList } from './screens/webhooks/WebhooksList.tsx';
import { WebhookView } from './screens/webhooks/WebhookView.tsx';
import { ContactsList } from './screens/contacts/ContactsList.tsx';
import { PostsList } from './screens/posts/PostsList.tsx';
import { PostCreate } from './screens/posts/PostCreate.tsx';
import { PostEdit } from './screens/posts/PostEdit.tsx';
import { ContentScreen } from './screens/content/ContentScreen.tsx';
import { PageEditor } from './screens/content/PageEditor.tsx';
import { PagesList } from './screens/content/PagesList.tsx';
import { ContactView } from './screens/contacts/ContactView.tsx';
import { AppErrorBoundary } from '../ui/AppErrorBoundary.tsx';
import { LeadBoard } from './screens/leads/LeadBoard.tsx';
import { LeadsList } from './screens/leads/LeadsList.tsx';
import { LeadView } from './screens/leads/LeadView.tsx';

/** The back-office island inside the error boundary: a render error shows 'Unexpected Application Error!' and a reload button. */
export default function App({ brand }: { brand: string }) {
  return (
    <AppErrorBoundary heading="h1">
      <AdminRoutes brand={brand} />
    </AppErrorBoundary>
  );
}

/** The back-office's routes, each signed-in screen behind the protected wrapper. */
function AdminRoutes({ brand }: { brand: string }) {
  const page = useStore($router);
  const { user } = useStore($login);

  if (!page) {
    // An unknown back-office path goes home, like any other unknown path.
    window.location.replace('/');
    return null;
  }
  if (page.route === 'login') {
    return (
      <SignedInGoesToDashboard>
        <AuthLayout brand={brand}>
          <LoginScreen
            onSuccess={() => {
              $session.set('loggedIn');
              $router.open('/admin/user');
            }}
          />
        </AuthLayout>
      </SignedInGoesToDashboard>
    );
  }
  if (page.route === 'verifyReset')
    return (
      <AuthLayout brand={brand}>
        <VerifyPasswordReset onDone={() => $router.open('/admin')} />
      </AuthLayout>
    );
  if (page.route === 'acceptInvitation')
    return (
      <AuthLayout brand={brand}>
        <AcceptInvitation
          onDone={() => {
            $session.set('loggedIn');
            $router.open('/admin/dashboard');
          }}
          onCancel={() => $router.open('/admin')}
        />
      </AuthLayout>
    );
  if (page.route === 'confirmEmail')
    return (
      <AuthLayout brand={brand}>
        <ConfirmEmail onDone={() => $router.open('/admin/user')} />
      </AuthLayout>
    );

  const screen = (() => {
    switch (page.route) {
      case 'dashboard':
        return <Dashboard />;
      case 'audit':
        return <AuditLog />;
      case 'privacy':
        return <PrivacyRegister />;
      case 'privacyCreate':
        return <PrivacyRequestCreate />;
      case 'privacyView':
        return <PrivacyRequestView id={page.params.id} />;
      case 'privacyFind':
        return <PrivacyFind />;
      case 'mail':
        return <MailList />;
      case 'mailView':
        return <MailView id={page.params.id} />;
      case 'mailTemplates':
      case 'mailTemplate':
        return <MailTemplates id={page.route === 'mailTemplate' ? page.params.id : undefined} />;
      case 'media':
        return <MediaList />;
      case 'mediaView':
        return <MediaDetail id={page.params.id} />;
      case 'redirects':
        return <RedirectsList />;
      case 'redirectCreate':
        return <RedirectCreate />;
      case 'redirectEdit':
        return <RedirectEdit id={page.params.id} />;
      case 'users':
        // Anyone but an Administrator manages only their own account.
        return user && !can(user.role, 'administration') ? <UserEdit id={user._id} /> : <UsersList />;
      case 'invitations':
        return <InvitationsList />;
      case 'userInvite':
        return <UserInvite />;
      case 'apiTokens':
        return <ApiTokensList />;
      case 'apiTokenCreate':
        return <ApiTokenCreate />;
      case 'webhooks':
        return <WebhooksList />;
      case 'webhookCreate':
        return <WebhookCreate />;
      case 'webhookView':
        return <WebhookView id={page.params.id} />;
      case 'userCreate':
        return <UserCreate />;
      case 'userEdit':
        return <UserEdit id={page.params.id} />;
      case 'posts':
        return <PostsList brand={brand} />;
      case 'postCreate':
        return <PostCreate />;
      case 'postEdit':
        return <PostEdit id={page.params.id} />;
      case 'content':
        return <PagesList />;
      case 'contentPage':
        return <PageEditor id={page.params.id} />;
      case 'contentStructure':
        return <ContentScreen />;
      case 'contacts':
        return <ContactsList />;
      case 'contactView':
      case 'contactEdit':
        return <ContactView id={page.params.id} />;
      case 'quotes':
        return <LeadsList key="quotes" area="quotes" />;
      case 'quotesBoard':
        return <LeadBoard key="quotes-board" area="quotes" />;
      case 'quoteView':
        return <LeadView area="quotes" id={page.params.id} />;
      case 'renewals':
        return <LeadsList key="renewals" area="renewals" />;
      case 'renewalsBoard':
        return <LeadBoard key="renewals-board" area="renewals" />;
      case 'renewalView':
        return <LeadView area="renewals" id={page.params.id} />;
    }
  })();

  return (
    <Protected>
      <AdminLayout brand={brand}>
        <RoleGate path={page.path}>{screen}</RoleGate>
      </AdminLayout>
    </Protected>
  );
}
