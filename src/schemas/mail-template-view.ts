import * as v from 'valibot';

/** Who a template is for: a customer, a member of staff about their account, or the sales team. */
export const mailAudiences = ['customer', 'account', 'sales'] as const;
export type MailAudience = (typeof mailAudiences)[number];

/** One mail template as the Mail templates screen shows it, rendered with the fixed sample. */
export const MailTemplateViewSchema = v.object({
  id: v.string(),
  name: v.string(),
  audience: v.picklist(mailAudiences),
  /** Who receives it, in words ("The visitor who asked for a callback"). */
  to: v.string(),
  /** What makes the site send it. */
  sentWhen: v.string(),
  subject: v.string(),
  /** The plain-text part, as sent. */
  text: v.string(),
});
export type MailTemplateView = v.InferOutput<typeof MailTemplateViewSchema>;
