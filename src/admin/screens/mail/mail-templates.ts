import { map } from 'nanostores';
import { apiHref } from '#src/api/api-href.ts';
import { messageOf } from '#src/api/client.ts';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import type { MailAudience, MailTemplateView } from '#src/schemas/mail-template-view.ts';

/** The template library (Administrators): every mail the site sends, rendered with a fixed sample. */
export const $mailTemplates = map<{ templates: MailTemplateView[]; loading: boolean; error: string }>({ templates: [], loading: false, error: '' });

/** Reads the templates from the server (their subjects and plain-text parts; the HTML is framed from previewHref). */
export async function loadMailTemplates(): Promise<void> {
  $mailTemplates.set({ ...$mailTemplates.get(), loading: true, error: '' });
  try {
    const { templates } = await unwrap(apiClient.mail.templates.$get());
    $mailTemplates.set({ templates, loading: false, error: '' });
  } catch (error) {
    $mailTemplates.set({ templates: [], loading: false, error: messageOf(error) });
  }
}

/** Sends one template, filled with the sample, to the signed-in Administrator; the server's words say where it went. */
export async function sendTestMail(id: string): Promise<string> {
  return (await unwrap(apiClient.mail.templates.test[':id'].$post({ param: pathParams({ id }) }))).message;
}

/** The address of a template's HTML part, a page of its own for a sandboxed frame. */
export const previewHref = (id: string) => apiHref(apiClient.mail.templates.preview[':id'].$path({ param: pathParams({ id }) }));

/** How the screen names and groups each audience. */
export const AUDIENCES: Record<MailAudience, { group: string; badge: string }> = {
  customer: { group: 'To customers', badge: 'Customer' },
  account: { group: 'To staff, about their account', badge: 'Staff account' },
  sales: { group: 'To the sales team', badge: 'Sales team' },
};
