import type { ContactView } from '../../schemas/contact-view.ts';
import type { contacts } from '../db/schema.ts';

export type ContactRow = typeof contacts.$inferSelect;

export const toContactView = (row: ContactRow): ContactView => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});
